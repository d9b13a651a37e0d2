// The emulator in a child process of its own, as a platform would be: its work does not share a
// thread with the client being measured. `node bench/lib/emulator.mjs` is the child.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const TOKEN = 'bench-token-0123456789abcdef';
const SELF = fileURLToPath(import.meta.url);

/**
 * Starts the emulator (on a free loopback port, with `TOKEN`) in a child process; `dataFile` loads
 * that state, otherwise it holds the fresh install's carrier groups and gateways and no rule (the
 * benchmarks' files refer to those groups, and plans refuse references to groups that do not exist).
 * Resolves to its url and a `close()`.
 */
export function forkEmulator({ dataFile } = {}) {
  const child = fork(SELF, ['--child', ...(dataFile ? [dataFile] : [])], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the emulator exited (${code}) before it listened`)));
    child.once('message', (msg) => {
      child.removeAllListeners('exit');
      resolve({
        url: msg.url,
        token: TOKEN,
        close: () =>
          new Promise((done) => {
            child.once('exit', () => done());
            child.send('stop');
          }),
      });
    });
  });
}

if (process.argv[1] === SELF && process.argv[2] === '--child') {
  const { startEmulator } = await import('../../dist/emulator/index.js');
  const dataFile = process.argv[3];
  // Without a data file: the fresh install's groups and gateways (the files refer to them), without
  // its default route, and nothing written to disk (a data file is saved after every change, which
  // would slow every write the benchmarks time).
  const emu = await startEmulator({ port: 0, token: TOKEN, ...(dataFile ? { dataFile, empty: true } : {}) });
  if (!dataFile) {
    const headers = { authorization: `Bearer ${TOKEN}` };
    const routes = await (await fetch(`${emu.url}/api/v1/outboundroutes`, { headers })).json();
    for (const r of routes.data) await fetch(`${emu.url}/api/v1/outboundroutes/${r.ruleid}`, { method: 'DELETE', headers });
  }
  process.on('message', (msg) => {
    if (msg === 'stop') void emu.close().then(() => process.exit(0));
  });
  // A benchmark that dies (Ctrl-C, a crash) must not leave its emulator behind.
  process.on('disconnect', () => process.exit(0));
  process.send({ url: emu.url });
}
