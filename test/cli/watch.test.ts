import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlatformClient } from '../../src/api/client.js';
import { runCli, type EmulatorProcess } from '../helpers/cli.js';
import { TEST_PROFILE } from '../helpers/emulator.js';
import {
  closeWatchBed,
  openWatchBed,
  sampleOf,
  startWatch,
  until,
  type Receiver,
  type Sample,
  type WatchProcess,
} from './watch-helpers.js';

/**
 * `dsipform watch` as a real process against an emulator process: its /metrics scraped over HTTP and
 * parsed, its webhook events taken by a loopback receiver, the platform changed behind it through
 * the client, and SIGTERM ending it. Runs the built dist/ (npm run build first).
 */
const TOKEN = 'watch-test-token-0123456789';

let dir: string;
let emu: EmulatorProcess;
let client: PlatformClient;
let receiver: Receiver;
let watch: WatchProcess | undefined;

beforeEach(async () => {
  ({ dir, emu, client, receiver } = await openWatchBed('dsipform-watch-', TOKEN, TEST_PROFILE));
});

afterEach(async () => {
  await closeWatchBed({ dir, emu, client, receiver }, watch);
  watch = undefined;
});

function env(): NodeJS.ProcessEnv {
  return { DSIP_URL: emu.url, DSIP_TOKEN: TOKEN, DSIP_API_PROFILE: TEST_PROFILE, DSIPFORM_WEBHOOK_BACKOFF_MS: '50' };
}

/** Writes the desired state: the named routes (prefix 1555, 1556, …), and an endpoint lease when asked. */
function files(routes: readonly string[], lease = false): string {
  const entries = routes.map((name, i) => `  - name: ${name}\n    prefix: "${1555 + i}"\n    gwgroupid: "2"\n`).join('');
  const leases = lease ? 'endpoint_leases:\n  - name: pbx\n    email: ops@example.com\n    ttl: 15m\n' : '';
  const text = `version: 1\noutbound_routes:\n${entries}${leases}policy:\n  max_deletes: 0\n  ignore:\n    outbound_routes: ["Default Outbound Route"]\n`;
  writeFileSync(join(dir, 'routes.yaml'), text);
  return join(dir, 'routes.yaml');
}

async function ruleidOf(name: string): Promise<number | undefined> {
  return (await client.listOutboundRoutes()).find((r) => r.name === name)?.ruleid;
}

/** The sum of a metric's samples for the target (every kind and action of the drift gauge). */
function total(samples: readonly Sample[], name: string): number {
  return samples.filter((s) => s.name === name && s.labels.target === emu.url).reduce((n, s) => n + s.value, 0);
}

/** Resolves once `runs` more runs have ended (the last-run timestamp moved that often). */
async function runsPass(runs: number): Promise<void> {
  for (let i = 0; i < runs; i++) {
    const before = sampleOf(await watch!.scrape(), 'dsipform_last_run_timestamp_seconds', { target: emu.url }) ?? 0;
    await until(
      'the next run',
      async () => (sampleOf(await watch!.scrape(), 'dsipform_last_run_timestamp_seconds', { target: emu.url }) ?? 0) > before,
    );
  }
}

async function stop(): Promise<number | string> {
  watch!.child.kill('SIGTERM');
  return watch!.exited;
}

describe('dsipform watch', () => {
  it('notices drift made behind it: the drift gauge rises and one webhook event names the object; SIGTERM exits 0', async () => {
    const path = files(['Watched']);
    expect((await runCli(['apply', path, '--auto-approve'], env())).code).toBe(0);
    watch = await startWatch([path, '--interval', '1s', '--webhook', receiver.url], env());
    const health = await until('a finished first run', async () => {
      const h = await watch!.health();
      return h.status === 200 ? h : undefined;
    });
    expect(health.body.status).toBe('ok');
    expect(health.body.targets[emu.url]).toMatchObject({ ok: true, changes: 0 });
    const first = await watch.scrape();
    expect(total(first, 'dsipform_drift_changes')).toBe(0);
    expect(sampleOf(first, 'dsipform_run_errors_total', { target: emu.url })).toBe(0);
    expect(sampleOf(first, 'dsipform_unrouted_calls', { target: emu.url })).toBe(0);

    await client.deleteOutboundRoute((await ruleidOf('Watched'))!);
    await until('the drift gauge', async () =>
      sampleOf(await watch!.scrape(), 'dsipform_drift_changes', { target: emu.url, kind: 'outbound_route', action: 'create' }) === 1
        ? true
        : undefined,
    );
    const event = await until('a drift event', async () => receiver.bodies.find((b) => b.event === 'drift'));
    expect(event).toMatchObject({ event: 'drift', target: emu.url, kind: 'outbound_route', action: 'create', key: 'Watched' });
    expect(event.text).toMatch(/Watched/);
    // The same drift at later runs is not posted again, and nothing was applied without --apply.
    await runsPass(2);
    expect(receiver.bodies.filter((b) => b.event === 'drift')).toHaveLength(1);
    expect(await ruleidOf('Watched')).toBeUndefined();
    expect(sampleOf(await watch.scrape(), 'dsipform_applied_changes_total', { target: emu.url })).toBe(0);

    expect(await stop()).toBe(0);
    for (const text of [watch.output.stdout, watch.output.stderr, JSON.stringify(receiver.bodies)]) {
      expect(text).not.toContain(TOKEN);
      // The webhook URL is a credential too (a Slack webhook's path is its secret).
      expect(text).not.toContain('secret-path-T0K3N');
    }
  }, 60_000);

  it('--apply converges the platform and counts it; a plan the safety rules refuse is reported, not applied; SIGTERM leaves no lock', async () => {
    const path = files(['Watched'], true);
    watch = await startWatch([path, '--interval', '1s', '--apply', '--webhook', receiver.url], env());
    // The first run creates the route and obtains the lease.
    await until('the first apply', async () =>
      (sampleOf(await watch!.scrape(), 'dsipform_applied_changes_total', { target: emu.url }) ?? 0) >= 2 ? true : undefined,
    );
    expect(await ruleidOf('Watched')).toBeDefined();
    await runsPass(1);
    expect(total(await watch.scrape(), 'dsipform_drift_changes')).toBe(0);

    await client.deleteOutboundRoute((await ruleidOf('Watched'))!);
    await until('the route put back', async () => (await ruleidOf('Watched')) !== undefined);
    await until('the applied counter', async () =>
      (sampleOf(await watch!.scrape(), 'dsipform_applied_changes_total', { target: emu.url }) ?? 0) >= 3 ? true : undefined,
    );
    await until('an applied event', async () =>
      receiver.bodies.find((b) => b.event === 'applied' && b.key === 'Watched' && b.action === 'create'),
    );

    // A route the files do not hold: its delete is past max_deletes: 0, so the plan is refused.
    await client.createOutboundRoute({ name: 'Intruder', prefix: '1999', gwgroupid: '3' });
    const applied = sampleOf(await watch.scrape(), 'dsipform_applied_changes_total', { target: emu.url });
    await until('the refusal', async () =>
      (sampleOf(await watch!.scrape(), 'dsipform_refused_runs_total', { target: emu.url, code: 'PLAN_UNSAFE' }) ?? 0) >= 1
        ? true
        : undefined,
    );
    await runsPass(1);
    const samples = await watch.scrape();
    expect(sampleOf(samples, 'dsipform_drift_changes', { target: emu.url, kind: 'outbound_route', action: 'delete' })).toBe(1);
    expect(sampleOf(samples, 'dsipform_applied_changes_total', { target: emu.url })).toBe(applied);
    expect(sampleOf(samples, 'dsipform_run_errors_total', { target: emu.url })).toBe(0);
    expect(await ruleidOf('Intruder')).toBeDefined();
    // A refusal is a run that finished: healthy, and said in the body.
    const health = await watch.health();
    expect(health.status).toBe(200);
    expect(health.body.targets[emu.url]).toMatchObject({ ok: true, refused: true, error: 'PLAN_UNSAFE' });
    expect(receiver.bodies.filter((b) => b.event === 'refused')).toHaveLength(1);
    expect(receiver.bodies.find((b) => b.event === 'refused')).toMatchObject({ code: 'PLAN_UNSAFE', target: emu.url });

    expect(await stop()).toBe(0);
    expect(watch.output.stderr).toMatch(/watch: stopped/);
    expect(readdirSync(join(dir, '.dsipform'))).toEqual(['state.json']);
    expect(JSON.stringify(receiver.bodies)).not.toContain(TOKEN);
  }, 60_000);

  it('retries a webhook receiver that is down with a growing wait, and keeps a bounded queue, dropping the oldest (counted)', async () => {
    receiver.status = () => 503;
    const path = files(['A', 'B', 'C']);
    watch = await startWatch(
      [path, '--interval', '1h', '--webhook', receiver.url, '--webhook-queue', '1', '--webhook-attempts', '3'],
      env(),
    );
    // Three drift events at once: the first is being sent, the second waits, the third pushes it out.
    await until('a dropped event', async () =>
      (sampleOf(await watch!.scrape(), 'dsipform_webhook_events_dropped_total', { reason: 'full' }) ?? 0) >= 1 ? true : undefined,
    );
    await until('the first event given up', async () =>
      (sampleOf(await watch!.scrape(), 'dsipform_webhook_events_dropped_total', { reason: 'failed' }) ?? 0) >= 1 ? true : undefined,
    );
    // The same event, three attempts.
    expect(receiver.bodies.filter((b) => b.key === 'A')).toHaveLength(3);
    receiver.status = () => 200;
    await until(
      'the newest event delivered',
      async () => receiver.bodies.find((b) => b.key === 'C') && receiver.bodies.at(-1)?.key === 'C',
    );
    await until('the sent counter', async () =>
      (sampleOf(await watch!.scrape(), 'dsipform_webhook_events_sent_total') ?? 0) >= 1 ? true : undefined,
    );
    // B was the oldest waiting when C came: dropped, never posted.
    expect(receiver.bodies.filter((b) => b.key === 'B')).toHaveLength(0);
    expect(watch.output.stderr).toMatch(/webhook: the receiver answered 503; retrying/);
    expect(await stop()).toBe(0);
  }, 60_000);

  it('--once: one run, exit 2 while drift is left, 0 once --apply converged it', async () => {
    const path = files(['Watched']);
    const planned = await runCli(['watch', path, '--once', '--listen', 'none'], env());
    expect(planned.code, planned.stderr).toBe(2);
    expect(planned.stderr).toMatch(/1 change of drift/);
    const applied = await runCli(['watch', path, '--once', '--apply', '--listen', 'none'], env());
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stderr).toMatch(/1 change of drift, 1 applied/);
    expect(await ruleidOf('Watched')).toBeDefined();
  }, 60_000);

  it('fails with WATCH_PORT_IN_USE when the --listen port is taken', async () => {
    const path = files(['Watched']);
    const port = new URL(emu.url).port;
    const r = await runCli(['watch', path, '--listen', `127.0.0.1:${port}`], env());
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      new RegExp(`^error \\(WATCH_PORT_IN_USE\\): cannot serve /metrics on 127\\.0\\.0\\.1:${port}: the port is already in use`, 'm'),
    );
    expect(r.stderr).toMatch(/^hint: /m);
    expect(existsSync(join(dir, '.dsipform'))).toBe(false);
  }, 30_000);
});

describe('dsipform watch refuses what it cannot mean, before any run', () => {
  it.each([
    [['--interval', '0'], /--interval "0" is not a duration of at least 100 ms/],
    [['--listen', 'localhost'], /--listen "localhost" is not HOST:PORT/],
    [['--webhook-queue', '0', '--webhook', 'http://127.0.0.1:1/'], /--webhook-queue "0" is not a whole number of at least 1/],
    [['--targets', 'dsipform.targets.yaml'], /--targets is for runs over targets/],
  ])('%j: CLI_BAD_OPTION', async (args, message) => {
    const path = files(['Watched']);
    const r = await runCli(['watch', path, '--once', ...args], env());
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error \(CLI_BAD_OPTION\): /m);
    expect(r.stderr).toMatch(message);
    // Refused before any run: nothing was planned.
    expect(r.stderr).not.toMatch(/drift/);
  });

  it('has no --force: a reconciler never overrides the safety rules', async () => {
    const r = await runCli(['watch', files(['Watched']), '--once', '--force'], env());
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/unknown option '--force'/);
  });
});
