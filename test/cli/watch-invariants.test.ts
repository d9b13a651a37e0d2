import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlatformClient } from '../../src/api/client.js';
import { runCli, type EmulatorProcess } from '../helpers/cli.js';
import { TEST_PROFILE } from '../helpers/emulator.js';
import { closeWatchBed, openWatchBed, sampleOf, startWatch, until, type Receiver, type WatchProcess } from './watch-helpers.js';

/**
 * `dsipform watch` and the files' routing invariants (issue 36 §1): a gauge of the invariants the
 * rules after each plan violate, the count in /healthz, and one webhook event when it changes, with
 * the call that breaks each (replayed through `dsipform route` against the live rules). A real
 * watch process against an emulator process; a route made behind it breaks the invariant.
 */
const TOKEN = 'watch-inv-token-0123456789';

let dir: string;
let emu: EmulatorProcess;
let client: PlatformClient;
let receiver: Receiver;
let watch: WatchProcess | undefined;

beforeEach(async () => {
  ({ dir, emu, client, receiver } = await openWatchBed('dsipform-watch-inv-', TOKEN, TEST_PROFILE));
});

afterEach(async () => {
  await closeWatchBed({ dir, emu, client, receiver }, watch);
  watch = undefined;
});

const env = (): NodeJS.ProcessEnv => ({
  DSIP_URL: emu.url,
  DSIP_TOKEN: TOKEN,
  DSIP_API_PROFILE: TEST_PROFILE,
  DSIPFORM_WEBHOOK_BACKOFF_MS: '50',
});

/** One route the files manage; routes named `Side*` are left alone, so one made behind the watch stays. */
const FILES = [
  'version: 1',
  'proxy:',
  '  timezone: UTC',
  'outbound_routes:',
  '  - name: US',
  '    prefix: "1212"',
  '    gwgroupid: "2"',
  'policy:',
  '  ignore:',
  '    outbound_routes: ["Default Outbound Route", "Side*"]',
  'invariants:',
  '  - name: premium numbers are never routed',
  '    never: { direction: outbound, to_prefix: "1900" }',
  '',
].join('\n');

const violatedGauge = async (): Promise<number | undefined> =>
  sampleOf(await watch!.scrape(), 'dsipform_violated_invariants', { target: emu.url });

describe('dsipform watch and the routing invariants', () => {
  it('counts the violated invariants, says so in /healthz and posts one event each time the count changes', async () => {
    const path = join(dir, 'rules.yaml');
    writeFileSync(path, FILES);
    // The platform's catch-all route would route 1900… from the start: it goes first.
    for (const r of await client.listOutboundRoutes()) await client.deleteOutboundRoute(r.ruleid);
    watch = await startWatch([path, '--interval', '1s', '--apply', '--webhook', receiver.url], env());
    await until('the first run', async () => ((await watch!.health()).status === 200 ? true : undefined));
    expect(await violatedGauge()).toBe(0);
    expect((await watch.health()).body.targets[emu.url]).toMatchObject({ ok: true, violated_invariants: 0 });

    // A route made behind the watch, which the files leave alone: every call to 1900… is now routed.
    await client.createOutboundRoute({ name: 'Side premium', prefix: '1900', gwgroupid: '3' });
    await until('the gauge at 1', async () => ((await violatedGauge()) === 1 ? true : undefined));
    const health = await watch.health();
    expect(health.status).toBe(200);
    expect(health.body.targets[emu.url]).toMatchObject({ ok: true, refused: true, error: 'PLAN_INVARIANT_FAILED', violated_invariants: 1 });
    expect(
      sampleOf(await watch.scrape(), 'dsipform_refused_runs_total', { target: emu.url, code: 'PLAN_INVARIANT_FAILED' }),
    ).toBeGreaterThanOrEqual(1);
    const event = await until('an invariants event', async () => receiver.bodies.find((b) => b.event === 'invariants'));
    expect(event).toMatchObject({ target: emu.url, violated_count: 1, was: 0 });
    expect(event.text).toContain('1 of 1 routing invariants violated: "premium numbers are never routed" (was 0)');
    const [violated] = event.violated as { name: string; message: string; replay: string }[];
    expect(violated!.message).toContain('took route "Side premium"');
    // The call replayed against the live rules takes the same route.
    const args = violated!.replay.replace(/^dsipform route /, '').split(' ');
    const replayed = await runCli(['route', '--live', ...args, '--format', 'json'], env());
    expect(replayed.code, replayed.stderr).toBe(0);
    expect((JSON.parse(replayed.stdout) as { rule?: { key: string } }).rule?.key).toBe('Side premium');

    // The same count at later runs posts nothing more; back to 0 is posted once.
    const runs = async (): Promise<number> =>
      sampleOf(await watch!.scrape(), 'dsipform_last_run_timestamp_seconds', { target: emu.url }) ?? 0;
    const before = await runs();
    await until('two more runs', async () => ((await runs()) >= before + 2 ? true : undefined));
    expect(receiver.bodies.filter((b) => b.event === 'invariants')).toHaveLength(1);
    const side = (await client.listOutboundRoutes()).find((r) => r.name === 'Side premium');
    await client.deleteOutboundRoute(side!.ruleid);
    await until('the gauge at 0', async () => ((await violatedGauge()) === 0 ? true : undefined));
    const back = await until('the event of 0', async () => receiver.bodies.filter((b) => b.event === 'invariants')[1]);
    expect(back).toMatchObject({ violated_count: 0, was: 1, violated: [] });
    expect(back.text).toContain('every routing invariant holds (was 1)');
    expect(JSON.stringify(receiver.bodies)).not.toContain(TOKEN);
  }, 60_000);
});
