// A plan with no changes at scale (default 10,000 inbound mappings + 5,000 outbound routes) against
// its floor, measured in the same run, interleaved:
//   - floor, in-process: both list requests with a bare undici `request` + `JSON.parse`;
//   - plan pipeline, in-process: `readLive` through the client + `buildPlan` (diff, order, checksum)
//     on a desired state loaded beforehand;
//   - floor, fresh process: `node bench/lib/floor.mjs URL` (node start-up + the same requests);
//   - the real CLI: `node bin/dsipform.js plan FILE --detailed-exitcode`, on the YAML and the JSON
//     file (start-up, loading and rendering count);
//   - loading the YAML file alone, in-process, to show where the CLI's time goes.
// The emulator runs in its own process, seeded from a data file built with its own store.
//
//   node bench/plan-at-scale.mjs [--quick] [--json]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent } from 'undici';
import { PlatformClient } from '../dist/api/client.js';
import { loadDesiredState } from '../dist/config/index.js';
import { buildPlan, managedCollections } from '../dist/plan/build-plan.js';
import { readLive } from '../dist/apply/read-live.js';
import { forkEmulator, TOKEN } from './lib/emulator.mjs';
import { writeDesiredFiles, writeEmulatorData } from './lib/fixtures.mjs';
import { listFloor } from './lib/floor.mjs';
import { timeToExit } from './lib/spawn.mjs';
import { interleaved, ratio, timed } from './lib/stats.mjs';

const CLI = fileURLToPath(new URL('../bin/dsipform.js', import.meta.url));
const FLOOR = fileURLToPath(new URL('lib/floor.mjs', import.meta.url));

/** Runs the comparison; resolves to the figures (ms medians) and ratios. */
export async function run({ quick = false } = {}) {
  const counts = quick ? { mappings: 1_000, routes: 500 } : { mappings: 10_000, routes: 5_000 };
  const runs = quick ? 3 : 9;
  const dir = mkdtempSync(join(tmpdir(), 'dsipform-bench-plan-'));
  const emu = await forkEmulator({ dataFile: writeEmulatorData(join(dir, 'emulator.json'), counts) });
  const client = new PlatformClient({ url: emu.url, token: TOKEN });
  const agent = new Agent({ connections: 32 });
  try {
    const files = writeDesiredFiles(join(dir, 'desired'), counts);
    const loaded = await loadDesiredState([files.yaml], { env: {} });
    if (!loaded.ok) throw new Error(`the desired file does not load: ${JSON.stringify(loaded.issues.slice(0, 3))}`);
    const desired = loaded.desired;
    const managed = managedCollections(desired);
    const want = `${counts.mappings} ${counts.routes}`;
    const env = { ...process.env, DSIP_TOKEN: TOKEN, NO_COLOR: '1' };
    const cli = (file) => async () =>
      (await timeToExit(process.execPath, [CLI, 'plan', file, '--url', emu.url, '--detailed-exitcode'], { env })).ms;
    const pipeline = async () => {
      const plan = await timed(async () => buildPlan({ desired, live: await readLive(client, managed), target: emu.url, now: Date.now() }));
      if (!plan.value.ok || plan.value.plan.changes.length !== 0) throw new Error('the plan is not empty');
      return plan.ms;
    };
    const floor = async () => {
      const r = await timed(() => listFloor(emu.url, agent));
      if (r.value.join(' ') !== want) throw new Error(`the floor read ${r.value.join(' ')}, not ${want}`);
      return r.ms;
    };
    // Warm both connection pools and the JIT before measuring: the in-process figures are the
    // steady state; the CLI runs below are the cold start.
    for (let i = 0; i < 3; i += 1) {
      await floor();
      await pipeline();
    }
    const t = await interleaved(runs, {
      floor,
      pipeline,
      floorProcess: async () => (await timeToExit(process.execPath, [FLOOR, emu.url], { env })).ms,
      cliYaml: cli(files.yaml),
      cliJson: cli(files.json),
      loadYaml: async () => (await timed(() => loadDesiredState([files.yaml], { env: {} }))).ms,
    });
    return {
      objects: counts,
      runs,
      ms: Object.fromEntries(Object.entries(t).map(([k, v]) => [k, v.medianMs])),
      samplesMs: Object.fromEntries(Object.entries(t).map(([k, v]) => [k, v.samplesMs])),
      ratios: {
        pipelineOverFloor: ratio(t.pipeline.medianMs, t.floor.medianMs),
        cliYamlOverFloorProcess: ratio(t.cliYaml.medianMs, t.floorProcess.medianMs),
        cliJsonOverFloorProcess: ratio(t.cliJson.medianMs, t.floorProcess.medianMs),
      },
      goal: { pipelineOverFloorAtMost: 2 },
    };
  } finally {
    await client.close();
    await agent.close();
    await emu.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await run({ quick: process.argv.includes('--quick') });
  console.log(process.argv.includes('--json') ? JSON.stringify(result) : result);
}
