import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PlatformClient } from '../../src/api/client.js';
import { runCli, startEmulatorProcess, type EmulatorProcess } from '../helpers/cli.js';
import { TEST_PROFILE } from '../helpers/emulator.js';
import { sampleOf, startReceiver, startWatch, until, type Receiver, type WatchProcess } from './watch-helpers.js';

/**
 * `dsipform watch` over time: the files re-read at each run (as after a `git pull`), a failing run
 * on /healthz, two targets of a targets file, and SIGTERM in the middle of an apply. Real processes
 * throughout (npm run build first).
 */
const TOKEN = 'watch-runs-token-0123456789';

const started: Array<{ stop(): Promise<unknown> }> = [];
let watch: WatchProcess | undefined;

afterEach(async () => {
  if (watch && watch.child.exitCode === null) {
    watch.child.kill('SIGKILL');
    await watch.closed;
  }
  watch = undefined;
  for (const s of started.splice(0).reverse()) await s.stop();
});

async function emulator(dir: string, args: readonly string[] = []): Promise<{ emu: EmulatorProcess; client: PlatformClient }> {
  writeFileSync(join(dir, 'token'), TOKEN, { mode: 0o600 });
  const emu = await startEmulatorProcess(['--token-file', join(dir, 'token'), '--profile', TEST_PROFILE, ...args]);
  const client = new PlatformClient({ url: emu.url, token: TOKEN });
  started.push({ stop: () => emu.stop() }, { stop: () => client.close() });
  return { emu, client };
}

function routesYaml(names: readonly string[]): string {
  const entries = names.map((name, i) => `  - name: ${name}\n    prefix: "${1555 + i}"\n    gwgroupid: "2"\n`).join('');
  return `version: 1\noutbound_routes:\n${entries}policy:\n  ignore:\n    outbound_routes: ["Default Outbound Route"]\n`;
}

async function names(client: PlatformClient): Promise<string[]> {
  return (await client.listOutboundRoutes()).map((r) => r.name).filter((n) => n !== 'Default Outbound Route');
}

describe('dsipform watch over time', () => {
  it('reads the files afresh at each run; a run that fails turns /healthz 503, and the next good one 200', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dsipform-watch-runs-'));
    const { emu } = await emulator(dir);
    const receiver: Receiver = await startReceiver();
    started.push({ stop: () => receiver.close() });
    const file = join(dir, 'routes.yaml');
    writeFileSync(file, routesYaml(['A']));
    const env = { DSIP_URL: emu.url, DSIP_TOKEN: TOKEN, DSIP_API_PROFILE: TEST_PROFILE };
    watch = await startWatch([file, '--interval', '1s', '--webhook', receiver.url], env);
    const drift = async (): Promise<number | undefined> =>
      sampleOf(await watch!.scrape(), 'dsipform_drift_changes', { target: emu.url, kind: 'outbound_route', action: 'create' });
    await until('one route to create', async () => (await drift()) === 1);
    // What a sidecar's git pull does: the file changes between runs, and nothing restarts.
    writeFileSync(file, routesYaml(['A', 'B', 'C']));
    await until('three routes to create', async () => (await drift()) === 3);
    expect((await watch.health()).status).toBe(200);

    writeFileSync(file, 'version: 1\noutbound_routes: [\n');
    const failing = await until('a failing run', async () => {
      const h = await watch!.health();
      return h.status === 503 ? h : undefined;
    });
    expect(failing.body.status).toBe('failing');
    expect(failing.body.targets[emu.url]).toMatchObject({ ok: false, error: 'CONFIG_INVALID' });
    expect(sampleOf(await watch.scrape(), 'dsipform_run_errors_total', { target: emu.url })).toBeGreaterThanOrEqual(1);
    // The last known drift stands while the files cannot be read.
    expect(await drift()).toBe(3);
    await until('a run_failed event', async () => receiver.bodies.find((b) => b.event === 'run_failed' && b.code === 'CONFIG_INVALID'));
    expect(watch.output.stderr).toMatch(/error \(CONFIG_INVALID\)/);

    writeFileSync(file, routesYaml(['A']));
    await until('healthy again', async () => (await watch!.health()).status === 200);
    expect(await drift()).toBe(1);
    watch.child.kill('SIGTERM');
    expect(await watch.exited).toBe(0);
  }, 60_000);

  it('--target all: each target of the targets file planned and applied on its own platform, labelled by its name', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dsipform-watch-targets-'));
    const staging = await emulator(dir);
    const production = await emulator(dir);
    mkdirSync(join(dir, 'staging'));
    mkdirSync(join(dir, 'production'));
    writeFileSync(join(dir, 'staging', 'routes.yaml'), routesYaml(['S1', 'S2']));
    writeFileSync(join(dir, 'production', 'routes.yaml'), routesYaml(['P1']));
    const targets = join(dir, 'dsipform.targets.yaml');
    writeFileSync(
      targets,
      [
        'targets:',
        `  staging: { url: "${staging.emu.url}", token: { env: TOKEN_STAGING }, api_profile: ${TEST_PROFILE}, paths: [staging/] }`,
        `  production: { url: "${production.emu.url}", token: { file: token }, api_profile: ${TEST_PROFILE}, paths: [production/] }`,
        '',
      ].join('\n'),
    );
    watch = await startWatch(['--targets', targets, '--target', 'all', '--interval', '1s', '--apply'], { TOKEN_STAGING: TOKEN });
    await until('both applied', async () => {
      const s = await watch!.scrape();
      return sampleOf(s, 'dsipform_applied_changes_total', { target: 'staging' }) === 2 &&
        sampleOf(s, 'dsipform_applied_changes_total', { target: 'production' }) === 1
        ? true
        : undefined;
    });
    expect(await names(staging.client)).toEqual(['S1', 'S2']);
    expect(await names(production.client)).toEqual(['P1']);
    const health = await until('both healthy', async () => {
      const h = await watch!.health();
      return h.status === 200 ? h : undefined;
    });
    expect(Object.keys(health.body.targets)).toEqual(['staging', 'production']);
    watch.child.kill('SIGTERM');
    expect(await watch.exited).toBe(0);
    expect(watch.output.stderr).not.toContain(TOKEN);
  }, 60_000);

  it('holds no lock between runs: an apply by hand with --lock-timeout 0 goes through while watch --apply waits', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dsipform-watch-lock-'));
    const { emu, client } = await emulator(dir);
    const file = join(dir, 'routes.yaml');
    writeFileSync(file, `${routesYaml(['A'])}endpoint_leases:\n  - name: pbx\n    email: ops@example.com\n    ttl: 15m\n`);
    const env = { DSIP_URL: emu.url, DSIP_TOKEN: TOKEN, DSIP_API_PROFILE: TEST_PROFILE };
    watch = await startWatch([file, '--interval', '1h', '--apply'], env);
    await until('the first run', async () => (await watch!.health()).status === 200);
    expect(await names(client)).toEqual(['A']);
    expect(existsSync(join(dir, '.dsipform', 'state.json'))).toBe(true);
    expect(existsSync(join(dir, '.dsipform', 'state.json.lock'))).toBe(false);
    writeFileSync(file, `${routesYaml(['A', 'B'])}endpoint_leases:\n  - name: pbx\n    email: ops@example.com\n    ttl: 15m\n`);
    const r = await runCli(['apply', file, '--auto-approve', '--lock-timeout', '0'], env);
    expect(r.code, r.stderr).toBe(0);
    expect(await names(client)).toEqual(['A', 'B']);
    watch.child.kill('SIGTERM');
    expect(await watch.exited).toBe(0);
  }, 60_000);

  it('SIGTERM in the middle of an apply: the changes in flight finish, no new one starts, the lock is released, exit 0', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dsipform-watch-term-'));
    // Slow answers, one request at a time: the apply of 30 routes takes seconds, so the signal lands inside it.
    const { emu, client } = await emulator(dir, ['--latency', '150']);
    const many = Array.from({ length: 30 }, (_, i) => `R${String(i).padStart(2, '0')}`);
    const file = join(dir, 'routes.yaml');
    writeFileSync(file, `${routesYaml(many)}endpoint_leases:\n  - name: pbx\n    email: ops@example.com\n    ttl: 15m\n`);
    const env = { DSIP_URL: emu.url, DSIP_TOKEN: TOKEN, DSIP_API_PROFILE: TEST_PROFILE };
    watch = await startWatch([file, '--interval', '1h', '--apply', '--parallelism', '1'], env);
    await until('the apply under way', async () => (await names(client)).length >= 2, 30_000);
    // The lock is held for the run in flight.
    expect(existsSync(join(dir, '.dsipform', 'state.json.lock'))).toBe(true);
    watch.child.kill('SIGTERM');
    expect(await watch.exited).toBe(0);
    const made = await names(client);
    expect(made.length).toBeGreaterThanOrEqual(2);
    expect(made.length).toBeLessThan(30);
    // Nothing half-done: every route the platform holds is one the run saw applied, none left unknown.
    const applied = /31 changes of drift, (\d+) applied/.exec(watch.output.stderr);
    expect(applied, watch.output.stderr).not.toBeNull();
    expect(Number(applied![1])).toBe(made.length);
    expect(watch.output.stderr).toMatch(new RegExp(`31 changes of drift, ${made.length} applied, ${31 - made.length} not started`));
    // Every route is whole: each one made is one of the files' routes, with its prefix.
    const live = (await client.listOutboundRoutes()).filter((r) => made.includes(r.name));
    for (const r of live) expect(r.prefix).toBe(String(1555 + many.indexOf(r.name)));
    // The leases come after the routes, so none was obtained: no state was written, and the lock is gone.
    expect(existsSync(join(dir, '.dsipform', 'state.json.lock'))).toBe(false);
    expect(watch.output.stderr).toMatch(/SIGTERM: finishing the run in flight/);
  }, 60_000);
});
