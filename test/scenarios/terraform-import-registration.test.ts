import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createProvider } from '../../src/terraform/provider.js';
import type { Diagnostic, TfObject } from '../../src/terraform/types.js';
import { emulatorFixture } from '../helpers/emulator.js';

// Issue 24, part 1, through the Terraform provider: a carrier group imported into Terraform has a
// registration and load balancing that the platform's API never shows. An update that leaves them
// out of the configuration would write them as "none" and "off" (the platform's update writes
// both every time): the plan says so, naming them, and nothing is written. Said, they are written.

const PASSWORD = 'Tf-imported-pw-31ce0b';
const PROVIDER_CONFIG = { url: null, token: null, ca_file: null, insecure: null, reload: null, timeout_ms: null, api_profile: null };
// Errors only: a warning that the platform holds writes not live yet is fine here.
const text = (ds: readonly Diagnostic[] | undefined) =>
  (ds ?? [])
    .filter((d) => d.severity === 'error')
    .map((d) => `${d.severity}: ${d.summary}\n${d.detail ?? ''}`)
    .join('\n');

const endpoint = (name: string, hostname: string, weight: number | null = null): TfObject => ({
  name,
  hostname,
  strip: null,
  prefix: null,
  weight,
});
const config = (over: TfObject): TfObject => ({
  id: null,
  gwgroupid: null,
  ref: null,
  gwids: null,
  name: 'BW',
  lb_enabled: null,
  endpoint: [endpoint('bw-1', 'sip1.bw.example.com', 5)],
  auth: null,
  timeouts: null,
  ...over,
});

function held(dataFile: string): { lb_enabled: boolean; registration: unknown; weights: number[] } {
  const data = JSON.parse(readFileSync(dataFile, 'utf8')) as {
    groups: {
      groups: { name: string; gwgroupid: number; lb_enabled: boolean; registration: unknown }[];
      gateways: { gwgroup: number; rweight: number }[];
    };
  };
  const g = data.groups.groups.find((x) => x.name === 'BW')!;
  const weights = data.groups.gateways.filter((w) => w.gwgroup === g.gwgroupid).map((w) => w.rweight);
  return { lb_enabled: g.lb_enabled, registration: g.registration, weights };
}

describe('dsiprouter_carrier_group imported with a registration', () => {
  it('refuses an update that leaves lb_enabled and auth out, and writes them when the configuration says them', async () => {
    const dataFile = join(mkdtempSync(join(tmpdir(), 'dsipform-tf-import-')), 'platform.json');
    const { emu, client } = await emulatorFixture({ empty: true, dataFile });
    const id = await client.createCarrierGroup({
      name: 'BW',
      lb_enabled: true,
      endpoints: [{ name: 'bw-1', hostname: 'sip1.bw.example.com', strip: 0, prefix: '', weight: 1 }],
      auth: { type: 'userpwd', auth_username: 'acme', auth_domain: 'bw.example.com', auth_password: PASSWORD },
    });
    const before = held(dataFile);
    expect(before.registration).not.toBeNull();

    const p = await createProvider({});
    expect(await p.configure({ ...PROVIDER_CONFIG, url: emu.url, token: emu.token })).toEqual([]);
    const cg = p.resources.dsiprouter_carrier_group!;
    const imported = await cg.importState(String(id));
    expect(imported.diagnostics ?? []).toEqual([]);
    const prior = imported.state!;
    // The platform does not show it: the state does not pretend to know.
    expect(prior.lb_enabled).toBeNull();

    const blind = config({});
    const plan = await cg.plan({ prior, proposed: { ...blind, lb_enabled: prior.lb_enabled ?? null }, config: blind });
    expect(text(plan.diagnostics)).toMatch(/^error: The update would overwrite what the platform does not show\n.*carrier group "BW"/);
    expect(text(plan.diagnostics)).toContain('lb_enabled and auth');
    expect(text(plan.diagnostics)).toContain('clear the registration');
    // Through the shared client path too: an apply of that plan writes nothing.
    const applied = await cg.apply({ prior, planned: { ...prior, endpoint: [endpoint('bw-1', 'sip1.bw.example.com', 5)] }, config: blind });
    expect(text(applied.diagnostics)).toContain('refusing to update carrier group "BW"');
    expect(held(dataFile)).toEqual(before);

    const said = config({
      lb_enabled: true,
      auth: {
        type: 'userpwd',
        r_username: null,
        auth_username: 'acme',
        auth_password: PASSWORD,
        auth_domain: 'bw.example.com',
        auth_proxy: null,
      },
    });
    const ok = await cg.plan({ prior, proposed: said, config: said });
    expect(text(ok.diagnostics)).toBe('');
    const done = await cg.apply({ prior, planned: ok.planned, config: said });
    expect(text(done.diagnostics)).toBe('');
    expect(held(dataFile)).toEqual({ ...before, weights: [5] });
  });
});
