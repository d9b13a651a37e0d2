import { mkdtempSync, readFileSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireLock } from '../../src/state/lock.js';
import { runCli } from '../helpers/cli.js';
import { startCountingProxy, type CountingProxy } from '../helpers/counting-proxy.js';
import { emulatorFixture, TEST_PROFILE, type EmulatorFixture } from '../helpers/emulator.js';

// The files a platform was applied from: a mapping, two routes, and the fresh install's default route left alone.
const FILES = `version: 1
inbound_mappings:
  - did: ""
    servers: ["#2"]
  - did: "15551230001"
    servers: ["#2"]
    notes: Main office
outbound_routes:
  - name: US domestic
    prefix: "1"
    gwgroupid: "2"
  - name: UK
    prefix: "44"
    gwgroupid: "5"
policy:
  ignore:
    outbound_routes: ["Default Outbound Route"]
`;

const proxies: CountingProxy[] = [];
afterEach(async () => {
  for (const p of proxies.splice(0)) await p.close();
});

/** A platform applied from FILES, a recording proxy in front of it (every request the CLI makes), and the files. */
async function applied(
  files = FILES,
): Promise<{ fx: EmulatorFixture; proxy: CountingProxy; file: string; dir: string; env: NodeJS.ProcessEnv }> {
  const fx = await emulatorFixture();
  const dir = mkdtempSync(join(tmpdir(), 'dsipform-drift-'));
  const file = join(dir, 'platform.yaml');
  writeFileSync(file, files);
  const env = { DSIP_TOKEN: fx.emu.token, DSIP_API_PROFILE: TEST_PROFILE };
  const proxy = await startCountingProxy(fx.emu.url);
  proxies.push(proxy);
  // Through the proxy, so that leases are recorded for the URL the drift checks read.
  const apply = await runCli(['apply', file, '--url', proxy.url, '--auto-approve'], env);
  expect(apply.code, apply.stderr).toBe(0);
  proxy.seen.splice(0);
  return { fx, proxy, file, dir, env };
}

/** The requests the proxy saw that could change the platform. */
function writes(proxy: CountingProxy): string[] {
  return proxy.seen.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.url}`);
}

/** Changes the platform behind the files, as someone at its web page would: one route edited, one created, one mapping deleted. */
async function driftByHand(fx: EmulatorFixture): Promise<void> {
  const routes = await fx.client.listOutboundRoutes();
  const uk = routes.find((r) => r.name === 'UK')!;
  await fx.client.updateOutboundRoute(uk.ruleid, { gwgroupid: '7' });
  await fx.client.createOutboundRoute({ name: 'Hand made', prefix: '33', gwgroupid: '3' });
  await fx.client.deleteInboundMapping({ did: '15551230001' });
}

describe('dsipform drift (the CLI as a process, against the emulator)', () => {
  it('exits 0 when the platform matches the files, and only reads the platform', async () => {
    const { proxy, file, env } = await applied();
    const r = await runCli(['drift', file, '--url', proxy.url], env);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('No drift: the platform matches the files (4 objects checked).');
    expect(proxy.seen.length).toBeGreaterThan(0);
    expect(writes(proxy)).toEqual([]);
  });

  it('exits 2 naming each drifted object, the fields and both values, and the calls it affects; nothing is written', async () => {
    const { fx, proxy, file, env } = await applied();
    await driftByHand(fx);
    const r = await runCli(['drift', file, '--url', proxy.url], env);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stdout).toContain(
      'Drift: 3 objects differ from the files (1 changed on the platform, 1 missing on the platform, 1 created by hand on the platform).',
    );
    expect(r.stdout).toMatch(/^~ outbound_route "UK" \(id \d+\): changed on the platform$/m);
    expect(r.stdout).toMatch(/^ {4}gwgroupid: "7" \(carrier group "[^"]+"\) on the platform, "5" \(carrier group "[^"]+"\) in the files$/m);
    expect(r.stdout).toMatch(/^- outbound_route "Hand made" \(id \d+\): on the platform, not in the files \(created by hand\)$/m);
    expect(r.stdout).toContain(
      '+ inbound_mapping "15551230001": in the files, missing on the platform (deleted by hand, or never applied)',
    );
    // The calls: the plan's exact impact, platform now → once the drift is undone.
    expect(r.stdout).toMatch(/^ {2}calls to 44…: carrier group "[^"]+" \(#7\) → carrier group "[^"]+" \(#5\) \(route "UK"\)$/m);
    expect(r.stdout).toMatch(
      /^ {2}calls to 33…: carrier group "[^"]+" \(#3\) \(route "Hand made"\) → carrier group "[^"]+" \(#2\) \(route "Default Outbound Route"\)$/m,
    );
    expect(r.stdout).toMatch(
      /^ {2}calls to 15551230001…: carrier group "[^"]+" \(#2\) \(default mapping\) → carrier group "[^"]+" \(#2\) \(mapping "15551230001"\)$/m,
    );
    expect(r.stdout).not.toContain(fx.emu.token);
    expect(writes(proxy)).toEqual([]);
    // The platform still holds the drift: nothing was undone.
    expect((await fx.client.listOutboundRoutes()).some((x) => x.name === 'Hand made')).toBe(true);
  });

  it('--format json is the documented report (schemas/drift.schema.json), and --out writes the same bytes', async () => {
    const { fx, proxy, file, dir, env } = await applied();
    await driftByHand(fx);
    const out = join(dir, 'drift.json');
    const r = await runCli(['drift', file, '--url', proxy.url, '--format', 'json', '--out', out], env);
    expect(r.code, r.stderr).toBe(2);
    expect(readFileSync(out, 'utf8')).toBe(r.stdout);
    // The hand changes were made through the API without a reload: the proxy has not loaded them.
    expect(JSON.parse(r.stdout)).toMatchObject({ pending_reload: true });
    const doc = JSON.parse(r.stdout) as {
      drift: boolean;
      summary: Record<string, number>;
      objects: { kind: string; key: string; drift: string; action: string; fields: { name: string; live: unknown; file: unknown }[] }[];
      routing_impact: { prefix: string; before: { gwlist?: string }; after: { gwlist?: string } }[];
    };
    const ajv = new Ajv2020({ strict: true, strictRequired: false, allErrors: true });
    ajv.addSchema(JSON.parse(readFileSync('schemas/plan.schema.json', 'utf8')) as object);
    const validate = ajv.compile(JSON.parse(readFileSync('schemas/drift.schema.json', 'utf8')) as object);
    expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
    expect(doc.drift).toBe(true);
    expect(doc.summary).toEqual({ changed: 1, missing: 1, extra: 1, unchanged: 2 });
    const uk = doc.objects.find((o) => o.key === 'UK')!;
    expect(uk).toMatchObject({
      kind: 'outbound_route',
      drift: 'changed',
      action: 'update',
      fields: [{ name: 'gwgroupid', live: '7', file: '5' }],
    });
    expect(doc.objects.find((o) => o.key === 'Hand made')).toMatchObject({ kind: 'outbound_route', drift: 'extra', action: 'delete' });
    expect(doc.objects.find((o) => o.key === '15551230001')).toMatchObject({ kind: 'inbound_mapping', drift: 'missing', action: 'create' });
    expect(doc.routing_impact.find((e) => e.prefix === '44')).toMatchObject({ before: { gwlist: '#7' }, after: { gwlist: '#5' } });
    // Stable: a second run against the same platform prints the same bytes.
    const again = await runCli(['drift', file, '--url', proxy.url, '--format', 'json'], env);
    expect(again.stdout).toBe(r.stdout);
    expect(writes(proxy)).toEqual([]);
  });

  it('--format markdown is a comment for a nightly job: a table of the objects and the calls', async () => {
    const { fx, proxy, file, env } = await applied();
    await driftByHand(fx);
    const r = await runCli(['drift', file, '--url', proxy.url, '--format', 'markdown'], env);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stdout).toMatch(/^## dsipform drift: 3 objects differ$/m);
    expect(r.stdout).toMatch(
      /^\| outbound\\_route "UK" \(id \d+\) \| changed on the platform \| gwgroupid: "7" \(carrier group "[^"]+"\) \| gwgroupid: "5" \(carrier group "[^"]+"\) \|$/m,
    );
    expect(r.stdout).toMatch(/^- calls to 44…: carrier group .*\(\\#7\) → carrier group .*\(\\#5\)/m);
  });

  it('exits 1 with the error when the platform cannot be reached', async () => {
    const { proxy, file, env } = await applied();
    await proxy.close();
    proxies.splice(proxies.indexOf(proxy), 1);
    const r = await runCli(['drift', file, '--url', proxy.url, '--max-attempts', '1'], env);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error \([A-Z_]+\): /m);
  });

  it('reads the lease state without its lock, obtains and renews nothing, and leaves the state file as it was', async () => {
    const files = `${FILES}endpoint_leases:\n  - name: desk-phone\n    email: ops@example.com\n    ttl: 3600\n`;
    const { proxy, file, dir, env } = await applied(files);
    const state = join(dir, '.dsipform', 'state.json');
    const before = readFileSync(state);
    const mtime = statSync(state).mtimeMs;
    // An apply holds the lock: a drift check neither waits for it nor takes it.
    const lock = await acquireLock(state, { timeoutMs: 0, command: 'dsipform apply' });
    try {
      const r = await runCli(['drift', file, '--url', proxy.url, '--lock-timeout', '0'], env);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain('No drift');
    } finally {
      await lock.release();
    }
    expect(readFileSync(state)).toEqual(before);
    expect(statSync(state).mtimeMs).toBe(mtime);
    expect(existsSync(`${state}.lock`)).toBe(false);
    expect(writes(proxy)).toEqual([]);
  });

  it("--tz: the calls affected are in the time windows of the proxy's zone; a bad zone stops it before any request", async () => {
    const files = FILES.replace(
      'policy:',
      '  - name: US evenings\n    prefix: "1"\n    gwgroupid: "4"\n    priority: 10\n    timerec: "20260101T180000|6H|weekly|||MO,TU,WE,TH,FR"\npolicy:',
    );
    const { fx, proxy, file, env } = await applied(files);
    const evenings = (await fx.client.listOutboundRoutes()).find((x) => x.name === 'US evenings')!;
    await fx.client.updateOutboundRoute(evenings.ruleid, { gwgroupid: '9' });
    const r = await runCli(['drift', file, '--url', proxy.url, '--tz', 'America/New_York'], env);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stdout).toMatch(/^Routing impact \(checked over one week from \w{3} \d{4}-\d\d-\d\d 00:00 America\/New_York\):$/m);
    expect(r.stdout).toMatch(
      /^ {2}calls to 1…, Mon–Fri 18:00–24:00 America\/New_York: carrier group "[^"]+" \(#9\) → carrier group "[^"]+" \(#4\) \(route "US evenings"\)$/m,
    );
    const seen = proxy.seen.length;
    const bad = await runCli(['drift', file, '--url', proxy.url, '--tz', 'Mars/Olympus_Mons'], env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^error \(ROUTE_BAD_TIME\): .*Mars\/Olympus_Mons/m);
    expect(proxy.seen.length).toBe(seen);
  });

  it('a carrier group changed by hand: named with its fields, and no password in any format or file', async () => {
    const password = 'carrier-a-Pa55w0rd-9f3e';
    const files = [
      'version: 1',
      'carrier_groups:',
      '  - name: Carrier A',
      '    lb_enabled: false',
      '    endpoints:',
      '      - { name: gw1, hostname: gw1.example.com, weight: 1 }',
      '    auth: { type: userpwd, auth_username: alice, auth_password: "${CARRIER_A_PASSWORD}" }',
      '',
    ].join('\n');
    // Without the fresh install's carrier groups, which these files do not declare.
    const fx = await emulatorFixture({ empty: true });
    const dir = mkdtempSync(join(tmpdir(), 'dsipform-drift-'));
    const file = join(dir, 'groups.yaml');
    writeFileSync(file, files);
    const env = { DSIP_TOKEN: fx.emu.token, DSIP_API_PROFILE: TEST_PROFILE, CARRIER_A_PASSWORD: password };
    const apply = await runCli(['apply', file, '--url', fx.emu.url, '--auto-approve'], env);
    expect(apply.code, apply.stderr).toBe(0);
    const group = (await fx.client.listCarrierGroups()).find((g) => g.name === 'Carrier A')!;
    const live = (await fx.client.getCarrierGroup(group.gwgroupid))!;
    await fx.client.updateCarrierGroup(
      group.gwgroupid,
      {
        name: 'Carrier A',
        lb_enabled: false,
        endpoints: [{ name: 'gw1', hostname: 'gw1.example.com', strip: 0, prefix: '', weight: 7 }],
        auth: { type: 'userpwd', auth_username: 'alice', auth_password: 'hand-set-Pa55-1b2c' },
      },
      live.gwids,
    );
    const out = join(dir, 'drift.json');
    for (const format of ['text', 'markdown', 'json']) {
      const r = await runCli(['drift', file, '--url', fx.emu.url, '--format', format, '--out', out], env);
      expect(r.code, r.stderr).toBe(2);
      if (format === 'json') {
        const doc = JSON.parse(r.stdout) as { objects: { kind: string; key: string; fields: { name: string; live_shown: boolean }[] }[] };
        // lb_enabled and auth are written by the update over values the platform does not show: said so.
        expect(doc.objects.map((o) => [o.kind, o.key, o.fields.map((f) => `${f.name}${f.live_shown ? '' : ' (not shown)'}`)])).toEqual([
          ['carrier_group', 'Carrier A', ['lb_enabled (not shown)', 'endpoints', 'auth (not shown)']],
        ]);
      } else {
        expect(r.stdout).toMatch(/carrier\\?_group "Carrier A" \(id \d+\)/);
        expect(r.stdout).toMatch(/endpoints: .*weight.*7/);
      }
      for (const text of [r.stdout, r.stderr, readFileSync(out, 'utf8')]) {
        expect(text).not.toContain(password);
        expect(text).not.toContain('hand-set-Pa55-1b2c');
        expect(text).not.toContain(fx.emu.token);
      }
    }
  });
});
