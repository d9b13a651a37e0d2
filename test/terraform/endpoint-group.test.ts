import { describe, expect, it } from 'vitest';
import type { PlatformClient } from '../../src/api/client.js';
import { createProvider } from '../../src/terraform/provider.js';
import { UNKNOWN, type Diagnostic, type ProviderHandler, type ResourceHandler, type TfObject } from '../../src/terraform/types.js';
import { emulatorFixture } from '../helpers/emulator.js';
import { PROVIDER_CONFIG } from './configured-provider.js';

/**
 * dsiprouter_endpoint_group (issue 34 §5) in process against the real emulator over loopback HTTP:
 * validate refuses what the files refuse, at the attribute; an update keeps the gateway ids of the
 * endpoints it keeps (matched by name, as the apply of a plan does); the password is compared by
 * fingerprint and never shown; import by id and by name.
 */
const SECRET = 'pbx-secret-5d1e0c7a';
const text = (ds: readonly Diagnostic[] | undefined) => (ds ?? []).map((d) => `${d.severity}: ${d.summary}\n${d.detail ?? ''}`).join('\n');
const endpoint = (name: string, hostname: string, weight: number | null = null): TfObject => ({ name, hostname, weight });
const config = (over: TfObject = {}): TfObject => ({
  id: null,
  gwgroupid: null,
  ref: null,
  gwids: null,
  name: 'Acme PBX',
  call_limit: 30,
  strip: null,
  prefix: null,
  endpoint: [endpoint('acme-main', '203.0.113.10'), endpoint('acme-backup', '203.0.113.11:5080', 2)],
  auth: {
    type: 'userpwd',
    auth_username: 'acme',
    auth_password: SECRET,
    auth_password_wo: null,
    auth_password_wo_version: null,
    auth_domain: 'pbx.acme.example',
  },
  notifications: { over_max_call_limit: 'noc@acme.example', endpoint_failure: null },
  cdr: { email: 'billing@acme.example', send_interval: '0 0 * * *' },
  timeouts: null,
  ...over,
});

async function setup(profile?: 'spec' | 'current'): Promise<{ p: ProviderHandler; r: ResourceHandler; client: PlatformClient }> {
  const { emu, client } = await emulatorFixture(profile ? { profile } : {});
  const p = await createProvider({});
  expect(await p.configure({ ...PROVIDER_CONFIG, url: emu.url, token: emu.token })).toEqual([]);
  return { p, r: p.resources.dsiprouter_endpoint_group!, client };
}

/** Plans and applies a configuration over a prior state, as Terraform does; the new state. */
async function planApply(r: ResourceHandler, prior: TfObject | null, cfg: TfObject): Promise<TfObject> {
  const plan = await r.plan({ prior, proposed: cfg, config: cfg });
  expect(text(plan.diagnostics)).toBe('');
  const applied = await r.apply({ prior, planned: plan.planned, config: cfg });
  expect(text(applied.diagnostics)).toBe('');
  return applied.state!;
}

describe('dsiprouter_endpoint_group: validate', () => {
  it.each([
    [
      'an IPv6 endpoint',
      { endpoint: [endpoint('v6', '[2001:db8::1]:5060')] },
      ['endpoint', 0, 'hostname'],
      /IPv6 address: the platform stores it, but every later read of the group fails with 500/,
    ],
    ['a comma in the name', { name: 'Acme, Inc' }, ['name'], /","/],
    ['a comma in an endpoint name', { endpoint: [endpoint('a,b', '203.0.113.10')] }, ['endpoint', 0, 'name'], /","/],
    [
      'one endpoint name twice',
      { endpoint: [endpoint('a', '203.0.113.10'), endpoint('a', '203.0.113.11')] },
      ['endpoint', 1, 'name'],
      /used twice/,
    ],
    ['a prefix that is no dial digits', { prefix: 'x9' }, ['prefix'], /prefix/],
    [
      'userpwd without a password',
      {
        auth: {
          type: 'userpwd',
          auth_username: 'a',
          auth_password: null,
          auth_password_wo: null,
          auth_password_wo_version: null,
          auth_domain: 'd',
        },
      },
      ['auth', 'auth_password'],
      /auth_password_wo = var\.NAME/,
    ],
    ['a cdr without its schedule', { cdr: { email: 'b@example.com', send_interval: null } }, ['cdr', 'send_interval'], /send_interval = /],
  ] as const)('refuses %s at the attribute', async (_what, over, attribute, detail) => {
    const { r } = await setup();
    const ds = r.validate(config(over as TfObject), { writeOnlyAttributesAllowed: true });
    expect(ds).toMatchObject([{ severity: 'error', attribute }]);
    expect(ds[0]!.detail).toMatch(detail);
    expect(ds[0]!.detail).not.toMatch(/hostname: "|name: "/); // HCL, not the files' YAML
  });

  it('accepts the full example, and leaves values Terraform knows only later alone', async () => {
    const { r } = await setup();
    expect(r.validate(config(), { writeOnlyAttributesAllowed: true })).toEqual([]);
    expect(r.validate(config({ endpoint: [endpoint('a', UNKNOWN as never)] }), { writeOnlyAttributesAllowed: true })).toEqual([]);
  });
});

describe('dsiprouter_endpoint_group: create, update, read, import', () => {
  it('creates every field, reads it back as planned, and keeps gwids by endpoint name across an update', async () => {
    const { r, client } = await setup();
    const created = await planApply(r, null, config());
    expect(created).toMatchObject({ name: 'Acme PBX', call_limit: 30, strip: 0, prefix: '', ref: `#${String(created.gwgroupid)}` });
    expect(created.endpoint).toEqual([endpoint('acme-main', '203.0.113.10', 1), endpoint('acme-backup', '203.0.113.11:5080', 2)]);
    const [main, backup] = created.gwids as number[];
    const live = await client.getEndpointGroup(created.gwgroupid as number);
    expect(live).toMatchObject({
      call_limit: 30,
      notifications: { over_max_call_limit: 'noc@acme.example' },
      cdr: { email: 'billing@acme.example' },
    });
    expect(live!.auth).toMatchObject({ auth_username: 'acme', auth_domain: 'pbx.acme.example' });
    expect(JSON.stringify(created)).toContain(SECRET); // auth_password is the attribute that lands in state

    // Refresh: nothing drifts.
    expect((await r.read(created)).state).toEqual(created);

    // Change one endpoint, remove the other, add a third: the kept name keeps its gateway.
    const next = config({
      endpoint: [endpoint('acme-new', '203.0.113.12'), endpoint('acme-main', '203.0.113.20', 3)],
      strip: 1,
      prefix: '9',
    });
    const plan = await r.plan({ prior: created, proposed: next, config: next });
    expect(plan.planned!.gwids).toEqual([UNKNOWN, main]);
    const updated = await planApply(r, created, next);
    const gwids = updated.gwids as number[];
    expect(gwids[1]).toBe(main);
    expect(gwids).not.toContain(backup);
    const after = await client.getEndpointGroup(created.gwgroupid as number);
    expect([...after!.gwids].sort()).toEqual([...gwids].sort());
    expect(after).toMatchObject({ strip: 1, prefix: '9' });
    expect((await r.read(updated)).state).toEqual(updated);
  });

  it('takes a new order of the endpoint blocks as no write: gwids follow their endpoints', async () => {
    const { r, client } = await setup();
    const created = await planApply(r, null, config());
    const [main, backup] = created.gwids as number[];
    // A change made on the platform that a write would undo: it stays only if nothing is sent.
    const live = (await client.getEndpointGroup(created.gwgroupid as number))!;
    const { gwgroupid, gwids: _g, fusionpbx: _f, ...content } = live;
    await client.updateEndpointGroup(
      gwgroupid,
      { ...content, call_limit: 99, auth: { ...content.auth!, auth_password: SECRET } },
      live.gwids,
    );
    const cfg = config({ endpoint: [endpoint('acme-backup', '203.0.113.11:5080', 2), endpoint('acme-main', '203.0.113.10')] });
    const reordered = await planApply(r, created, cfg);
    expect(reordered.gwids).toEqual([backup, main]);
    expect((await client.getEndpointGroup(gwgroupid))?.call_limit).toBe(99);
  });

  it('refuses at plan to update a group with FusionPBX enabled (the platform would switch it off), as the files do', async () => {
    // The spec profile answers a group's FusionPBX settings, as the platform's own handlers do.
    const { r, client } = await setup('spec');
    const made = await client.raw('POST', '/endpointgroups', {
      body: { name: 'Fusion PBX', endpoints: [], fusionpbx: { enabled: true, dbhost: '192.0.2.80', dbuser: 'u', dbpass: 'p' } },
    });
    const gwgroupid = Number((made.data as { gwgroupid: number }[])[0]!.gwgroupid);
    const imported = await r.importState(String(gwgroupid));
    expect(text(imported.diagnostics)).toBe('');
    const cfg = config({
      name: 'Fusion PBX',
      auth: null,
      notifications: null,
      cdr: null,
      endpoint: [endpoint('FusionPBX Server', '192.0.2.80')],
    });
    const plan = await r.plan({ prior: imported.state!, proposed: cfg, config: cfg });
    expect(plan.diagnostics).toMatchObject([{ severity: 'error', summary: 'The endpoint group has FusionPBX enabled' }]);
    expect((await client.getEndpointGroup(gwgroupid))?.fusionpbx).toBe(true);
  });

  it('shows a password changed on the platform as a change, never the password', async () => {
    const { r, client } = await setup();
    const created = await planApply(r, null, config());
    const live = (await client.getEndpointGroup(created.gwgroupid as number))!;
    const { gwgroupid, gwids: _g, fusionpbx: _f, ...content } = live;
    await client.updateEndpointGroup(
      gwgroupid,
      { ...content, auth: { ...content.auth!, auth_password: 'changed-elsewhere-91' } },
      live.gwids,
    );
    const read = (await r.read(created)).state!;
    expect((read.auth as TfObject).auth_password).toBeNull();
    expect(JSON.stringify(read)).not.toContain('changed-elsewhere-91');
    const again = await planApply(r, read, config());
    expect((again.auth as TfObject).auth_password).toBe(SECRET);
  });

  it('imports by gwgroupid and by name:, to the state a create leaves (without the password Terraform never sent)', async () => {
    const { r } = await setup();
    const created = await planApply(r, null, config({ name: 'Import me' }));
    for (const id of [String(created.gwgroupid), 'name:Import me']) {
      const imported = await r.importState(id);
      expect(text(imported.diagnostics), id).toBe('');
      const { auth, timeouts: _t, ...rest } = created;
      expect(imported.state, id).toMatchObject(rest);
      expect(imported.state!.auth, id).toMatchObject({ ...(auth as TfObject), auth_password: null });
    }
    expect(text((await r.importState('name:Nobody has this')).diagnostics)).toMatch(/no endpoint group is named "Nobody has this"/i);
  });

  it('deletes the group, and a destroy of one already gone succeeds', async () => {
    const { r, client } = await setup();
    const created = await planApply(r, null, config());
    expect(await r.apply({ prior: created, planned: null, config: null })).toEqual({ state: null });
    expect(await client.getEndpointGroup(created.gwgroupid as number)).toBeNull();
    expect((await r.read(created)).state).toBeNull();
  });
});
