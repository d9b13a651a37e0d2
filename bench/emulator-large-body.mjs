// Memory of the emulator under 10 MB request bodies. The emulator refuses any body over 1 MiB with
// 413 and stops reading there, so its peak memory must not grow with the bodies it is sent.
// Runs the BUILT emulator (dist/, so `npm run build` first) in a child process, sends it small
// requests for a baseline, then 10 MB bodies (half with Content-Length, half chunked), and compares
// the child's peak RSS after each phase. Peak RSS should level off: the same after half the bodies
// as after all of them, whatever their number. (Linux: reads /proc/self/io for the bytes read.)
//
//   node bench/emulator-large-body.mjs [bodies=20] [--json]
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';

const TOKEN = 'bench-token';
const TEN_MB = 10 * 1024 * 1024;

if (process.argv[2] === '--server') {
  // The child: the emulator, plus a way for the parent to read its memory.
  const { startEmulator } = await import('../dist/emulator/index.js');
  const emu = await startEmulator({ port: 0, token: TOKEN });
  process.on('message', (msg) => {
    if (msg === 'stop') return void emu.close().then(() => process.exit(0));
    process.send({
      rssMiB: process.memoryUsage().rss / 2 ** 20,
      peakRssMiB: process.resourceUsage().maxRSS / 1024,
      readBytes: readChars(),
    });
  });
  process.send({ url: emu.url });
} else {
  await main();
}

/** Bytes this process has read through read(2) and friends (Linux only), sockets included. */
function readChars() {
  try {
    return Number(/^rchar: (\d+)$/m.exec(readFileSync('/proc/self/io', 'utf8'))?.[1]);
  } catch {
    return Number.NaN;
  }
}

async function main() {
  const bodies = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 20);
  const json = process.argv.includes('--json');
  const child = fork(fileURLToPath(import.meta.url), ['--server'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = () => new Promise((resolve) => child.once('message', resolve));
  const { url } = await next();
  const port = Number(new URL(url).port);
  const memory = async () => {
    child.send('mem');
    return next();
  };

  // Baseline: small requests of every kind, enough to warm the JIT and the heap.
  for (let i = 0; i < 1500; i++) {
    const body = i % 3 === 0 ? JSON.stringify({ did: String(100000 + i), servers: ['1'] }) : '';
    const method = body ? 'POST' : 'GET';
    const path = body ? '/api/v1/inboundmapping' : i % 3 === 1 ? '/api/v1/proxy/stats' : '/api/v1/outboundroutes';
    const status = await send(port, head(method, path, `Content-Length: ${Buffer.byteLength(body)}`), [Buffer.from(body)]);
    if (status !== 200) throw new Error(`baseline request ${i} answered ${status}`);
  }
  const baseline = await memory();

  const big = Buffer.alloc(TEN_MB, 0x20);
  const chunk = Buffer.alloc(65_536, 0x20);
  const chunked = [];
  for (let sent = 0; sent < TEN_MB; sent += chunk.length) chunked.push(Buffer.from('10000\r\n'), chunk, Buffer.from('\r\n'));
  chunked.push(Buffer.from('0\r\n\r\n'));
  const statuses = new Map();
  let half;
  for (let i = 0; i < bodies; i++) {
    if (i === Math.floor(bodies / 2)) half = await memory();
    const withLength = i % 2 === 0;
    const status = withLength
      ? await send(port, head('POST', '/api/v1/inboundmapping', `Content-Length: ${TEN_MB}`), [big])
      : await send(port, head('POST', '/api/v1/inboundmapping', 'Transfer-Encoding: chunked'), chunked);
    const key = `${withLength ? 'length' : 'chunked'} ${status}`;
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
  }
  const after = await memory();
  child.send('stop');
  await new Promise((resolve) => child.once('exit', resolve));

  const round = (x, d = 1) => Math.round(x * 10 ** d) / 10 ** d;
  const result = {
    node: process.version,
    bodies,
    bodyMiB: TEN_MB / 2 ** 20,
    answers: Object.fromEntries(statuses),
    baselinePeakRssMiB: round(baseline.peakRssMiB),
    halfwayPeakRssMiB: round(half.peakRssMiB),
    largePeakRssMiB: round(after.peakRssMiB),
    peakRatio: round(after.peakRssMiB / baseline.peakRssMiB, 3),
    rssAfterMiB: round(after.rssMiB),
    readAndDiscardedPerBodyKiB: round((after.readBytes - baseline.readBytes) / bodies / 1024, 0),
  };
  if (json) console.log(JSON.stringify(result));
  else {
    console.log(
      `${bodies} bodies of 10 MiB: ${Object.entries(result.answers)
        .map(([k, n]) => `${n}× ${k}`)
        .join(', ')}`,
    );
    console.log(
      `peak RSS: ${result.baselinePeakRssMiB} MiB after 1500 small requests; ${result.halfwayPeakRssMiB} MiB after ${Math.floor(bodies / 2)} large bodies, ${result.largePeakRssMiB} MiB after ${bodies} (ratio to baseline ${result.peakRatio})`,
    );
    console.log(
      `read per large body: ${result.readAndDiscardedPerBodyKiB} KiB of ${TEN_MB / 1024} KiB sent (413 after <= 1 MiB; the rest read and discarded by the lingering close)`,
    );
  }
}

function head(method, path, framing) {
  return Buffer.from(
    `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TOKEN}\r\nAccept: application/json\r\nContent-Type: application/json\r\nConnection: close\r\n${framing}\r\n\r\n`,
  );
}

/** Sends one request on a fresh connection; resolves to the status once the server closed it. */
function send(port, header, parts) {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (d) => (text += d.toString('latin1')));
    socket.on('error', () => undefined); // a reset after the 413: the server stopped reading
    socket.on('close', () => {
      const m = /^HTTP\/1\.1 (\d{3})/.exec(text);
      if (m) resolve(Number(m[1]));
      else reject(new Error(`no answer: ${JSON.stringify(text.slice(0, 100))}`));
    });
    socket.write(header);
    for (const part of parts) socket.write(part);
    socket.end();
  });
}
