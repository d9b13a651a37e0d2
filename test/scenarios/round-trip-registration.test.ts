import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { scenario, type Scenario } from '../helpers/scenario.js';

// Issue 24, part 1: a carrier group with a registration, exported, one weight edited and applied,
// lost its registration (the platform's update rewrites it, and its API never shows it). A plan
// that would overwrite what the platform does not show must stop and say which field, unless the
// files say it; what the files say is shown in the plan and written, nothing else changes.

const PASSWORD = 'Bw-secret-7c1d90aa';
const REGISTRATION = {
  r_username: '',
  auth_username: 'acme',
  auth_password: PASSWORD,
  auth_domain: 'bw.example.com',
  auth_proxy: 'bw.example.com',
};

const BW = `version: 1
carrier_groups:
  - name: BW
    lb_enabled: true
    endpoints:
      - name: bw-1
        hostname: sip1.bw.example.com
      - name: bw-2
        hostname: sip2.bw.example.com
    auth:
      type: userpwd
      auth_username: acme
      auth_domain: bw.example.com
      auth_password: \${BW_PASSWORD}
`;

interface HeldGroup {
  name: string;
  gwgroupid: number;
  lb_enabled: boolean;
  registration: Record<string, string> | null;
}
interface HeldGateway {
  name: string;
  address: string;
  strip: number;
  prefix: string;
  rweight: number;
  gwgroup: number | null;
}

/**
 * The group as the platform holds it, from the emulator's data file (written before each answer):
 * what the API never shows (load balancing, the registration) included.
 */
function held(s: Scenario, name: string) {
  const data = JSON.parse(readFileSync(join(s.dir, 'platform.json'), 'utf8')) as {
    groups: { groups: HeldGroup[]; gateways: HeldGateway[] };
  };
  const g = data.groups.groups.find((x) => x.name === name);
  if (!g) throw new Error(`no group ${name}`);
  const gateways = data.groups.gateways
    .filter((w) => w.gwgroup === g.gwgroupid)
    .map((w) => `${w.name} ${w.address} ${w.strip} ${w.prefix} ${w.rweight}`);
  return { lb_enabled: g.lb_enabled, registration: g.registration, gateways: gateways.sort() };
}

/** A scenario whose emulator keeps its data in `platform.json` of the scenario's directory. */
async function platform(profile: 'spec' | 'current'): Promise<Scenario> {
  const dir = mkdtempSync(join(tmpdir(), 'dsipform-round-trip-'));
  const s = await scenario({ profile, empty: true, dataFile: join(dir, 'platform.json') });
  return { ...s, dir, file: (name, text) => (writeFileSync(join(dir, name), text), join(dir, name)) };
}

/** Edits the exported file: `edit` gets the group entry named `name` as plain data. */
function editExport(path: string, name: string, edit: (group: Record<string, unknown>) => void): void {
  const doc = parseDocument(readFileSync(path, 'utf8'));
  const data = doc.toJS() as { carrier_groups: Record<string, unknown>[] };
  const group = data.carrier_groups.find((g) => g.name === name)!;
  edit(group);
  doc.contents = doc.createNode(data) as typeof doc.contents;
  writeFileSync(path, doc.toString());
}

function weight(group: Record<string, unknown>, endpoint: string, value: number): void {
  const e = (group.endpoints as Record<string, unknown>[]).find((x) => x.name === endpoint)!;
  e.weight = value;
}

describe.each(['spec', 'current'] as const)('round trip of a carrier group with a registration (API profile %s)', (profile) => {
  it('export, edit a weight, apply: stops naming auth and lb_enabled, and the registration stays', async () => {
    const s = await platform(profile);
    const env = { BW_PASSWORD: PASSWORD };
    const applied = await s.run(['apply', s.file('bw.yaml', BW), '--auto-approve'], { env });
    expect(applied.code, applied.stderr).toBe(0);
    const before = held(s, 'BW');
    expect(before.registration).toEqual(REGISTRATION);
    expect(before.lb_enabled).toBe(true);

    const live = join(s.dir, 'live.yaml');
    const exported = await s.run(['export', '--out', live]);
    expect(exported.code, exported.stderr).toBe(0);
    const text = readFileSync(live, 'utf8');
    // The header says what the platform does not show and what to write for it.
    expect(text).toMatch(/# .*lb_enabled.*auth/);
    expect(text).toContain('auth_password: ${BW_PASSWORD}');
    // Planned as exported, with no variable set: no changes.
    const plain = await s.run(['plan', live, '--detailed-exitcode']);
    expect(plain.code, `${plain.stdout}\n${plain.stderr}`).toBe(0);

    editExport(live, 'BW', (g) => weight(g, 'bw-1', 5));
    for (const verb of [['plan'], ['apply', '--auto-approve']]) {
      const r = await s.run([...verb, live], { env });
      expect(r.code, r.stdout).toBe(1);
      expect(r.stderr).toContain('carrier group "BW"');
      expect(r.stderr).toMatch(/auth\b.*lb_enabled|lb_enabled.*\bauth\b/);
      expect(r.stderr).toContain('auth_password: ${BW_PASSWORD}');
      expect(r.stderr + r.stdout).not.toContain(PASSWORD);
    }
    expect(held(s, 'BW')).toEqual(before);
  });

  it('with auth and lb_enabled said, the plan shows them and the apply changes only the weight', async () => {
    const s = await platform(profile);
    const env = { BW_PASSWORD: PASSWORD };
    expect((await s.run(['apply', s.file('bw.yaml', BW), '--auto-approve'], { env })).code).toBe(0);
    const before = held(s, 'BW');
    const live = join(s.dir, 'live.yaml');
    expect((await s.run(['export', '--out', live])).code).toBe(0);
    editExport(live, 'BW', (g) => {
      weight(g, 'bw-1', 5);
      g.lb_enabled = true;
      g.auth = { type: 'userpwd', auth_username: 'acme', auth_domain: 'bw.example.com', auth_password: '${BW_PASSWORD}' };
    });
    const plan = await s.run(['plan', live], { env });
    expect(plan.code, plan.stderr).toBe(0);
    // Every field the update writes over a value the platform does not show is on view.
    expect(plan.stdout).toMatch(/~ lb_enabled: +\(not shown by the platform\) → true/);
    expect(plan.stdout).toMatch(/~ auth: +\(not shown by the platform\) → \{type: "userpwd"/);
    // Only the name is left unshown: the update writes it as it is.
    expect(plan.stdout).toContain('# (1 unchanged field hidden)');
    const applied = await s.run(['apply', live, '--auto-approve'], { env });
    expect(applied.code, applied.stderr).toBe(0);
    const after = held(s, 'BW');
    expect(after.registration).toEqual(before.registration);
    expect(after.lb_enabled).toBe(true);
    expect(after.gateways).toEqual(before.gateways.map((g) => (g.startsWith('bw-1 ') ? g.replace(/ 1$/, ' 5') : g)));
  });

  it('auth: none says it: the plan shows the registration go, and the apply clears it', async () => {
    const s = await platform(profile);
    const env = { BW_PASSWORD: PASSWORD };
    expect((await s.run(['apply', s.file('bw.yaml', BW), '--auto-approve'], { env })).code).toBe(0);
    const live = join(s.dir, 'live.yaml');
    expect((await s.run(['export', '--out', live])).code).toBe(0);
    editExport(live, 'BW', (g) => {
      weight(g, 'bw-2', 3);
      g.lb_enabled = false;
      g.auth = 'none';
    });
    const plan = await s.run(['plan', live]);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toMatch(/~ auth: +\(not shown by the platform\) → none/);
    expect((await s.run(['apply', live, '--auto-approve'])).code).toBe(0);
    expect(held(s, 'BW')).toMatchObject({ registration: null, lb_enabled: false });
  });
});
