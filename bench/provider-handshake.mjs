// How long terraform-provider-dsiprouter takes from spawn to its go-plugin handshake line, which
// Terraform waits for 3-5 times per command. Spawns the built provider (bin/ over dist/, so run
// `npm run build` first) the way Terraform does: magic cookie, protocol versions, a client
// certificate for AutoMTLS.
//
//   node bench/provider-handshake.mjs [runs=20] [--json]
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { serverCertificate } from '../dist/terraform/host/certificate.js';
import { MAGIC_COOKIE_KEY, MAGIC_COOKIE_VALUE } from '../dist/terraform/host/handshake.js';

const LAUNCHER = fileURLToPath(new URL('../bin/terraform-provider-dsiprouter.js', import.meta.url));
const runs = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 20);
const json = process.argv.includes('--json');

/** Milliseconds from spawn until `node args` prints its first line, then stops it. */
function timeToFirstLine(args, env) {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let ms;
    child.stderr.on('data', (d) => (err += d));
    child.stdout.on('data', (d) => {
      out += d;
      if (ms === undefined && out.includes('\n')) {
        ms = Number(process.hrtime.bigint() - start) / 1e6;
        child.kill('SIGTERM');
      }
    });
    child.on('exit', (code, signal) => {
      if (ms === undefined) reject(new Error(`exited (${code ?? signal}) before its first line: ${err}`));
      else resolve({ ms, line: out.split('\n')[0] });
    });
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const client = await serverCertificate();
const env = { [MAGIC_COOKIE_KEY]: MAGIC_COOKIE_VALUE, PLUGIN_PROTOCOL_VERSIONS: '5,6', PLUGIN_CLIENT_CERT: client.certPem };
const handshake = [];
const baseline = [];
for (let i = 0; i < runs; i += 1) {
  const { ms, line } = await timeToFirstLine([LAUNCHER], env);
  if (!/^1\|6\|unix\|[^|]+\|grpc\|[A-Za-z0-9+/]+$/.test(line)) throw new Error(`not a handshake line: ${line}`);
  handshake.push(ms);
  // The floor: a node process that prints one line and does nothing else.
  baseline.push((await timeToFirstLine(['-e', 'console.log(1); setInterval(() => {}, 1000)'], {})).ms);
}
const result = {
  runs,
  node: process.version,
  handshakeMedianMs: Math.round(median(handshake)),
  handshakeMinMs: Math.round(Math.min(...handshake)),
  handshakeMaxMs: Math.round(Math.max(...handshake)),
  bareNodeMedianMs: Math.round(median(baseline)),
};
if (json) console.log(JSON.stringify(result));
else {
  console.log(`provider handshake: median ${result.handshakeMedianMs} ms (min ${result.handshakeMinMs}, max ${result.handshakeMaxMs}) over ${runs} runs`);
  console.log(`bare node to first line: median ${result.bareNodeMedianMs} ms`);
}
