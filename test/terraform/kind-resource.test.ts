import { describe, expect, it } from 'vitest';
import type { Kind } from '../../src/model/desired.js';
import { KIND_SPECS } from '../../src/model/kinds.js';
import { loadProviderSchemas } from '../../src/terraform/host/provider-schemas.js';
import { RESOURCE_KINDS, resourceTypeOf } from '../../src/terraform/resources/managed.js';
import type { Diagnostic } from '../../src/terraform/types.js';
import { TEST_PROFILE } from '../helpers/emulator.js';
import { providerOnEmulator } from './configured-provider.js';

/*
 * The managed resources are made by one factory over a kind (issue 33, point 2): one resource per
 * kind of the registry, and the lifecycle they share (import by id or by the kind's key, a missing
 * or gone object, a destroy of what is already gone) behaves and reads alike for every kind, in the
 * kind's own noun.
 */

/**
 * The kinds with a resource, as far as this API profile holds them: numbers live in the Numbers
 * module, which only the `current` profile has (test/terraform/did-number.test.ts checks that a
 * platform without it says so).
 */
const KINDS = RESOURCE_KINDS.filter((k) => k !== 'did_number' || TEST_PROFILE === 'current');
const GONE = 987654;
/** The state attribute that holds each kind's platform id. */
const ID: Partial<Record<Kind, string>> = {
  inbound_mapping: 'ruleid',
  outbound_route: 'ruleid',
  endpoint_lease: 'lease_id',
  carrier_group: 'gwgroupid',
  endpoint_group: 'gwgroupid',
  did_number: 'number_id',
};
const said = (ds: readonly Diagnostic[] | undefined) => (ds ?? []).map((d) => `${d.summary}: ${d.detail ?? ''}`).join('\n');

describe('the managed resources, one per kind', async () => {
  const provider = await providerOnEmulator(() => Date.UTC(2026, 0, 1));
  const resource = (kind: Kind) => provider.resources[resourceTypeOf(kind)]!;

  it('are the kinds of the registry, each served by the schema', () => {
    expect(Object.keys(provider.resources)).toEqual(RESOURCE_KINDS.map(resourceTypeOf));
    expect([...loadProviderSchemas().resources.keys()].sort()).toEqual(RESOURCE_KINDS.map(resourceTypeOf).sort());
    expect(RESOURCE_KINDS.map(resourceTypeOf)).toContain('dsiprouter_number');
  });

  it.each(KINDS.filter((k) => k !== 'endpoint_lease'))(
    '%s: an import id that is neither a whole id nor the key is refused, the same for every kind',
    async (kind) => {
      const { keyField } = KIND_SPECS[kind];
      // "1e1" and "0x10" are numbers to JavaScript, but no id a user would write.
      for (const id of ['1e1', '0x10', ' 7', 'nonsense']) {
        const r = await resource(kind).importState(id);
        expect(r.state, id).toBeNull();
        expect(r.diagnostics, id).toMatchObject([{ severity: 'error', summary: 'Invalid import id' }]);
        expect(said(r.diagnostics), id).toContain(`nor ${keyField}:<`);
      }
    },
  );

  it.each(KINDS.filter((k) => k !== 'endpoint_lease'))('%s: importing a missing id names the kind and the id', async (kind) => {
    const r = await resource(kind).importState(String(GONE));
    expect(r.state).toBeNull();
    expect(r.diagnostics).toEqual([
      {
        severity: 'error',
        summary: `Cannot import a missing ${KIND_SPECS[kind].noun}`,
        detail: `The platform has no ${KIND_SPECS[kind].noun} with ${ID[kind]} ${GONE}.`,
      },
    ]);
  });

  it.each(KINDS.filter((k) => k !== 'endpoint_lease'))('%s: importing by a key nothing has is an error without state', async (kind) => {
    const r = await resource(kind).importState(`${KIND_SPECS[kind].keyField}:nothing-has-this`);
    expect(r.state).toBeNull();
    expect(r.diagnostics?.[0]).toMatchObject({ severity: 'error', summary: expect.stringMatching(/^Cannot import/) });
  });

  it('a lease cannot be imported, by id or otherwise, and says why', async () => {
    for (const id of [String(GONE), 'name:x']) {
      const r = await resource('endpoint_lease').importState(id);
      expect(r).toMatchObject({ state: null, diagnostics: [{ summary: 'Endpoint leases cannot be imported' }] });
    }
  });

  it.each(KINDS)('%s: destroying what is already gone succeeds, and reading it says gone', async (kind) => {
    const state = { [ID[kind]!]: GONE, expires_at: '2025-12-31T00:00:00Z' };
    expect(await resource(kind).apply({ prior: state, planned: null, config: null })).toEqual({ state: null });
    expect((await resource(kind).read(state)).state).toBeNull();
  });
});
