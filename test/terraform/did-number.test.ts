import { describe, expect, it } from 'vitest';
import type { PlatformClient } from '../../src/api/client.js';
import { createProvider } from '../../src/terraform/provider.js';
import type { Diagnostic, ResourceHandler, TfObject } from '../../src/terraform/types.js';
import { emulatorFixture } from '../helpers/emulator.js';
import { PROVIDER_CONFIG } from './configured-provider.js';

/**
 * dsiprouter_number (issue 35 §2) in process against the real emulator over loopback HTTP: the
 * `current` profile's Numbers module; the files' rules at validate; create, update, read and
 * import by id and by `did:` with or without the `+` the platform takes for the same DID; and a
 * platform without the module (the `spec` profile) failing the plan in NUMBERS_MODULE_MISSING's words.
 */
const text = (ds: readonly Diagnostic[] | undefined) => (ds ?? []).map((d) => `${d.severity}: ${d.summary}\n${d.detail ?? ''}`).join('\n');
const config = (over: TfObject = {}): TfObject => ({
  id: null,
  number_id: null,
  did: '+15557770001',
  status: 'reserved',
  carrier: 'Telnyx',
  pool: null,
  timeouts: null,
  ...over,
});

async function setup(profile: 'spec' | 'current' = 'current'): Promise<{ r: ResourceHandler; client: PlatformClient }> {
  const { emu, client } = await emulatorFixture({ profile });
  const p = await createProvider({});
  expect(await p.configure({ ...PROVIDER_CONFIG, url: emu.url, token: emu.token })).toEqual([]);
  return { r: p.resources.dsiprouter_number!, client };
}

async function planApply(r: ResourceHandler, prior: TfObject | null, cfg: TfObject): Promise<TfObject> {
  const plan = await r.plan({ prior, proposed: cfg, config: cfg });
  expect(text(plan.diagnostics)).toBe('');
  const applied = await r.apply({ prior, planned: plan.planned, config: cfg });
  expect(text(applied.diagnostics)).toBe('');
  return applied.state!;
}

describe('dsiprouter_number', () => {
  it.each([
    ['a DID that is none', { did: '1555-777' }, 'did'],
    ['a status the platform does not use', { status: 'ported' }, 'status'],
    ['a carrier longer than the column', { carrier: 'x'.repeat(129) }, 'carrier'],
  ])('refuses %s at validate, at the attribute', async (_what, over, attribute) => {
    const { r } = await setup();
    const ds = r.validate(config(over));
    expect(ds).toMatchObject([{ severity: 'error', attribute: [attribute] }]);
    expect(ds[0]!.detail).not.toMatch(/\w: "/); // HCL examples, not the files' YAML
  });

  it('creates, reads back without drift (the + kept as written), updates in place and clears a field left out', async () => {
    const { r, client } = await setup();
    const created = await planApply(r, null, config());
    expect(created).toMatchObject({
      did: '+15557770001',
      status: 'reserved',
      carrier: 'Telnyx',
      pool: null,
      id: String(created.number_id),
    });
    expect((await client.listNumbers()).map((n) => n.did)).toEqual(['+15557770001']);
    expect((await r.read(created)).state).toEqual(created);
    const updated = await planApply(r, created, config({ did: '15557770001', carrier: null, pool: 'chicago-main' }));
    expect(updated).toMatchObject({
      number_id: created.number_id,
      did: '15557770001',
      status: 'reserved',
      carrier: null,
      pool: 'chicago-main',
    });
    expect(await client.listNumbers()).toMatchObject([{ id: created.number_id, did: '15557770001', carrier: null, pool: 'chicago-main' }]);
    expect((await r.read(updated)).state).toEqual(updated);
  });

  it('imports by id and by did:, with or without the leading +', async () => {
    const { r } = await setup();
    const created = await planApply(r, null, config());
    for (const id of [String(created.number_id), 'did:+15557770001', 'did:15557770001']) {
      const imported = await r.importState(id);
      expect(text(imported.diagnostics), id).toBe('');
      const { timeouts: _t, ...held } = created;
      expect(imported.state, id).toEqual(held);
    }
  });

  it('tells the user to import a DID the platform holds already', async () => {
    const { r, client } = await setup();
    // The platform refuses a DID whose number it holds with a "+" in front (the other way round it lets in).
    await client.createNumber({ did: '+15557770001' });
    const cfg = config({ did: '15557770001' });
    const plan = await r.plan({ prior: null, proposed: cfg, config: cfg });
    const applied = await r.apply({ prior: null, planned: plan.planned, config: cfg });
    expect(applied.state).toBeNull();
    expect(applied.diagnostics).toMatchObject([
      { severity: 'error', attribute: ['did'], summary: 'The platform holds this number already' },
    ]);
    expect(text(applied.diagnostics)).toContain('id = "did:15557770001"');
  });

  it('fails the plan on a platform without the Numbers module, in the words of NUMBERS_MODULE_MISSING', async () => {
    const { r } = await setup('spec');
    const cfg = config();
    const plan = await r.plan({ prior: null, proposed: cfg, config: cfg });
    expect(plan.diagnostics).toMatchObject([{ severity: 'error', summary: 'The platform has no Numbers module' }]);
    expect(text(plan.diagnostics)).toMatch(
      /the configuration declares dsiprouter_number resources, but the platform has no Numbers module to hold them \(detection found API profile spec \(detected\), which has no Numbers module\) \(NUMBERS_MODULE_MISSING\)/,
    );
    expect(text((await r.importState('did:15557770001')).diagnostics)).toMatch(/no Numbers module/);
  });
});
