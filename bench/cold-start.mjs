// Cold start, spawn to exit, medians over ≥10 runs, interleaved with the floor `node -e 0`:
//   - `dsipform --version`;
//   - `dsipform validate FILE` on a small file (10 mappings, 5 routes);
//   - the provider's handshake (spawn to its go-plugin line; bench/provider-handshake.mjs),
//     with its own floor: a node process printing one line.
//
//   node bench/cold-start.mjs [--quick] [--json]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bareNodeFirstLine, handshakeOnce, providerEnv } from './provider-handshake.mjs';
import { writeDesiredFiles } from './lib/fixtures.mjs';
import { timeToExit } from './lib/spawn.mjs';
import { interleaved, ratio } from './lib/stats.mjs';

const CLI = fileURLToPath(new URL('../bin/dsipform.js', import.meta.url));

/** Runs the measurement; resolves to medians (ms) and ratios to the floors. */
export async function run({ quick = false } = {}) {
  const runs = quick ? 5 : 15;
  const dir = mkdtempSync(join(tmpdir(), 'dsipform-bench-cold-'));
  try {
    const files = writeDesiredFiles(join(dir, 'small'), { mappings: 10, routes: 5 });
    const env = await providerEnv();
    const node = (args) => async () => (await timeToExit(process.execPath, args)).ms;
    const t = await interleaved(runs, {
      nodeFloor: node(['-e', '0']),
      version: node([CLI, '--version']),
      validate: node([CLI, 'validate', files.yaml]),
      handshake: () => handshakeOnce(env),
      handshakeFloor: bareNodeFirstLine,
    });
    const m = Object.fromEntries(Object.entries(t).map(([k, v]) => [k, v.medianMs]));
    return {
      runs,
      medianMs: m,
      samplesMs: Object.fromEntries(Object.entries(t).map(([k, v]) => [k, v.samplesMs])),
      ratios: {
        versionOverNode: ratio(m.version, m.nodeFloor),
        validateOverNode: ratio(m.validate, m.nodeFloor),
        handshakeOverNodeFirstLine: ratio(m.handshake, m.handshakeFloor),
      },
      goal: { versionMsAtMost: 200 },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await run({ quick: process.argv.includes('--quick') });
  console.log(process.argv.includes('--json') ? JSON.stringify(result) : JSON.stringify(result, null, 1));
}
