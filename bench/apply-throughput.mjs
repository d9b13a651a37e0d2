// Apply of N creates (default 10,000 inbound mappings) at parallelism 1, 8 and 32, against the
// emulator's raw throughput for the same requests at the same concurrency, in the same run:
//   - raw: bare undici POSTs of the very bodies the client sends, by P workers on one pool, in this
//     process (warm after its first run);
//   - raw script: the same POSTs by a plain node script in a fresh process, spawn to exit (node's
//     start-up and a cold JIT, as every CLI run has: bench/lib/raw-posts.mjs);
//   - apply, in-process: `applyPlan` through the client (safe creates, outcomes, one reload),
//     on a plan made beforehand;
//   - apply, CLI: `node bin/dsipform.js apply FILE --auto-approve --parallelism P` end to end
//     (start-up, loading, planning, the plan written while the first creates go out, progress lines).
// Each run gets a fresh, empty emulator in its own process. Figures are creates per second.
//
//   node bench/apply-throughput.mjs [--quick] [--json] [--parallelism 8[,32]] [--runs 3]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { PlatformClient } from '../dist/api/client.js';
import { loadDesiredState } from '../dist/config/index.js';
import { applyPlan } from '../dist/apply/apply-plan.js';
import { buildPlan } from '../dist/plan/build-plan.js';
import { mappingToWire } from '../dist/model/kinds/inbound-mapping/wire.js';
import { forkEmulator, TOKEN } from './lib/emulator.mjs';
import { mappingAt, writeDesiredFiles } from './lib/fixtures.mjs';
import { timeToExit } from './lib/spawn.mjs';
import { median, msSince, ratio, round } from './lib/stats.mjs';

const CLI = fileURLToPath(new URL('../bin/dsipform.js', import.meta.url));
const HEADERS = { authorization: `Bearer ${TOKEN}`, accept: 'application/json', 'content-type': 'application/json' };

/** `n` POSTs by `p` workers over one pool of up to 32 connections (the client's default); ms. */
async function raw(url, bodies, p) {
  const agent = new Agent({ connections: 32 });
  let next = 0;
  const start = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: p }, async () => {
      for (let i = next++; i < bodies.length; i = next++) {
        const res = await request(`${url}/api/v1/inboundmapping`, { method: 'POST', headers: HEADERS, body: bodies[i], dispatcher: agent });
        const text = await res.body.text();
        if (res.statusCode !== 200) throw new Error(`POST answered ${res.statusCode}: ${text}`);
      }
    }),
  );
  const ms = msSince(start);
  await agent.close();
  return ms;
}

/** `applyPlan` of the creates through a fresh client; ms. */
async function applied(url, plan, p) {
  const client = new PlatformClient({ url, token: TOKEN });
  const start = process.hrtime.bigint();
  const report = await applyPlan(plan, client, { parallelism: p });
  const ms = msSince(start);
  await client.close();
  if (report.counts.applied !== plan.changes.length || !report.reloaded) throw new Error(`apply: ${JSON.stringify(report.counts)}`);
  return ms;
}

/** `n` raw POSTs of the benchmark's mappings by `p` workers (the floor of bench/startup-ratios.mjs); ms. */
export function rawPosts(url, n, p) {
  return raw(
    url,
    Array.from({ length: n }, (_, i) => JSON.stringify(mappingToWire(mappingAt(i)))),
    p,
  );
}

const RAW_SCRIPT = fileURLToPath(new URL('lib/raw-posts.mjs', import.meta.url));

/** The same POSTs by a plain node script in a fresh process, spawn to exit (node's start and a cold JIT); ms. */
export async function rawScript(url, n, p) {
  return (await timeToExit(process.execPath, [RAW_SCRIPT, url, String(n), String(p)])).ms;
}

/** The whole CLI run; ms. */
async function cli(url, file, p) {
  const env = { ...process.env, DSIP_TOKEN: TOKEN, NO_COLOR: '1' };
  return (await timeToExit(process.execPath, [CLI, 'apply', file, '--url', url, '--auto-approve', '--parallelism', String(p)], { env })).ms;
}

/** Runs `measure` against a fresh, empty emulator; resolves to its ms. */
async function onFreshEmulator(measure) {
  const emu = await forkEmulator();
  try {
    return await measure(emu.url);
  } finally {
    await emu.close();
  }
}

/** Runs the comparison; resolves to creates/s medians and ratios per parallelism. */
export async function run({ quick = false, parallelism, runs = 3 } = {}) {
  const n = quick ? 1_000 : 10_000;
  const levels = parallelism ?? [1, 8, 32];
  const dir = mkdtempSync(join(tmpdir(), 'dsipform-bench-apply-'));
  try {
    const files = writeDesiredFiles(join(dir, 'creates'), { mappings: n, routes: 0 });
    const loaded = await loadDesiredState([files.yaml], { env: {} });
    if (!loaded.ok) throw new Error('the desired file does not load');
    const result = buildPlan({
      desired: loaded.desired,
      live: { inbound_mappings: [], outbound_routes: [] },
      target: 'bench',
      now: Date.now(),
    });
    if (!result.ok || result.plan.changes.length !== n) throw new Error('the plan is not N creates');
    const bodies = Array.from({ length: n }, (_, i) => JSON.stringify(mappingToWire(mappingAt(i))));
    const byLevel = {};
    for (const p of levels) {
      const ms = { raw: [], rawScript: [], apply: [], cli: [] };
      for (let r = 0; r < runs; r += 1) {
        ms.raw.push(await onFreshEmulator((url) => raw(url, bodies, p)));
        ms.rawScript.push(await onFreshEmulator((url) => rawScript(url, n, p)));
        ms.apply.push(await onFreshEmulator((url) => applied(url, result.plan, p)));
        ms.cli.push(await onFreshEmulator((url) => cli(url, files.yaml, p)));
      }
      const perSecond = (xs) => round((n * 1000) / median(xs));
      const rate = { raw: perSecond(ms.raw), rawScript: perSecond(ms.rawScript), apply: perSecond(ms.apply), cli: perSecond(ms.cli) };
      byLevel[p] = {
        createsPerSecond: rate,
        medianMs: Object.fromEntries(Object.entries(ms).map(([k, xs]) => [k, round(median(xs))])),
        samplesMs: Object.fromEntries(Object.entries(ms).map(([k, xs]) => [k, xs.map((x) => round(x))])),
        ratios: {
          applyOverRaw: ratio(rate.apply, rate.raw),
          cliOverRaw: ratio(rate.cli, rate.raw),
          cliOverRawScript: ratio(rate.cli, rate.rawScript),
        },
      };
    }
    return { creates: n, kind: 'inbound_mapping', runs, parallelism: byLevel, goal: { applyOverRawAtLeast: 0.7 } };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--parallelism');
  const parallelism = at > 0 ? process.argv[at + 1].split(',').map(Number) : undefined;
  const r = process.argv.indexOf('--runs');
  const runs = r > 0 ? Number(process.argv[r + 1]) : undefined;
  const result = await run({ quick: process.argv.includes('--quick'), parallelism, ...(runs ? { runs } : {}) });
  console.log(process.argv.includes('--json') ? JSON.stringify(result) : JSON.stringify(result, null, 1));
}
