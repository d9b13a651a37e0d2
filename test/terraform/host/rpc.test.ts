import { describe, expect, it, vi } from 'vitest';
import { toAttributePathMsg } from '../../../src/terraform/host/diagnostics.js';
import { fromDynamicValue, toDynamicValue } from '../../../src/terraform/host/dynamic-value.js';
import { LazyProvider } from '../../../src/terraform/host/lazy-provider.js';
import type { DynamicValueMsg } from '../../../src/terraform/host/proto-types.js';
import { loadProviderSchemas } from '../../../src/terraform/host/provider-schemas.js';
import { providerRpcs } from '../../../src/terraform/host/provider-rpc.js';
import { resourceRpcs } from '../../../src/terraform/host/resource-rpc.js';
import { UNKNOWN, type ProviderHandler, type ResourceHandler, type TfObject } from '../../../src/terraform/types.js';

const schemas = loadProviderSchemas();
const MAPPING = schemas.resources.get('dsiprouter_inbound_mapping')!.type;
const MAPPINGS = schemas.dataSources.get('dsiprouter_inbound_mappings')!.type;
const TYPE = 'dsiprouter_inbound_mapping';
const EMPTY = Buffer.alloc(0);
const dv = (value: TfObject | null, type = MAPPING) => toDynamicValue(value, type);
const read = (msg: DynamicValueMsg | undefined, type = MAPPING) => fromDynamicValue(msg, type);

const mapping = (over: TfObject = {}): TfObject => ({
  id: '7',
  ruleid: 7,
  did: '100',
  servers: ['s1'],
  group: null,
  notes: '',
  timeouts: null,
  ...over,
});

function resource(over: Partial<ResourceHandler> = {}): ResourceHandler {
  return {
    validate: () => [],
    plan: async ({ proposed }) => ({ planned: proposed }),
    apply: async ({ planned }) => ({ state: planned }),
    read: async (state) => ({ state }),
    importState: async () => ({ state: mapping() }),
    ...over,
  };
}

/** The Provider RPCs over an in-memory provider; `made` counts factory calls. */
function host(provider: Partial<ProviderHandler> = {}, handler: ResourceHandler = resource()) {
  const factory = vi.fn(async (): Promise<ProviderHandler> => ({
    validateConfig: () => [],
    configure: async () => [],
    resources: { [TYPE]: handler },
    dataSources: {},
    ephemeralResources: {},
    shutdown: async () => undefined,
    ...provider,
  }));
  const log = vi.fn();
  const ctx = { provider: new LazyProvider(factory), schemas: () => schemas, log };
  return { rpc: { ...providerRpcs(ctx), ...resourceRpcs(ctx) }, factory, log };
}

describe('calls that need no provider', () => {
  it('GetProviderSchema answers from the schema file without making the provider', async () => {
    const { rpc, factory } = host();
    const res = await rpc.GetProviderSchema();
    expect(Object.keys(res.resource_schemas)).toEqual([...schemas.resources.keys()]);
    expect(res.provider_meta.block.attributes).toEqual([]);
    expect(res.server_capabilities).toEqual({ plan_destroy: false, get_provider_schema_optional: true, move_resource_state: false });
    expect(res.diagnostics).toEqual([]);
    expect(factory).not.toHaveBeenCalled();
  });

  it('UpgradeResourceState re-encodes stored JSON: unknown attributes dropped, missing ones null', async () => {
    const { rpc, factory } = host();
    const raw = { json: Buffer.from('{"id":"7","ruleid":7,"did":"100","servers":["s1"],"gone":1}'), flatmap: {} };
    const res = await rpc.UpgradeResourceState({ type_name: TYPE, version: 0, raw_state: raw });
    expect(res.diagnostics).toEqual([]);
    expect(read(res.upgraded_state)).toEqual({ id: '7', ruleid: 7, did: '100', servers: ['s1'], group: null, notes: null, timeouts: null });
    expect(factory).not.toHaveBeenCalled();
  });

  it.each([
    ['a newer schema version', { version: 1, raw_state: { json: Buffer.from('{}'), flatmap: {} } }, 'Unsupported state version'],
    ['flatmap state', { version: 0, raw_state: { json: EMPTY, flatmap: { did: '1' } } }, 'Unsupported state format'],
  ])('UpgradeResourceState refuses %s', async (_name, req, summary) => {
    const res = await host().rpc.UpgradeResourceState({ type_name: TYPE, ...req });
    expect(res.diagnostics).toMatchObject([{ severity: 1, summary }]);
  });

  it('GetMetadata lists the resource and data source types', async () => {
    const res = await host().rpc.GetMetadata();
    expect(res.resources.map((r) => r.type_name)).toEqual([...schemas.resources.keys()]);
    expect(res.data_sources.map((r) => r.type_name)).toContain('dsiprouter_proxy_stats');
    expect(res.functions).toEqual([]);
  });

  it('answers the unsupported features sensibly', async () => {
    const { rpc } = host();
    expect(await rpc.GetFunctions()).toEqual({ functions: {}, diagnostics: [] });
    expect((await rpc.CallFunction({ name: 'f' })).error.text).toContain('no function "f"');
    const move = await rpc.MoveResourceState({ source_type_name: 'a_b', source_provider_address: 'x/y', target_type_name: TYPE });
    expect(move).toMatchObject({ diagnostics: [{ severity: 1, summary: 'Unsupported move' }] });
    expect(await rpc.StopProvider()).toEqual({ Error: '' });
  });
});

describe('PlanResourceChange', () => {
  it('passes prior, proposed and config, and returns the plan with unknowns and replace paths', async () => {
    const plan = vi.fn(async () => ({ planned: mapping({ id: UNKNOWN, ruleid: UNKNOWN }), requiresReplace: [['did'], ['servers', 0]] }));
    const { rpc } = host({}, resource({ plan }));
    const proposed = mapping({ id: null, ruleid: null });
    const res = await rpc.PlanResourceChange({
      type_name: TYPE,
      prior_state: dv(null),
      proposed_new_state: dv(proposed),
      config: dv({ ...proposed, notes: null }),
      prior_private: Buffer.from('p'),
    });
    expect(plan).toHaveBeenCalledWith({ prior: null, proposed, config: { ...proposed, notes: null } });
    expect(read(res.planned_state)).toEqual(mapping({ id: UNKNOWN, ruleid: UNKNOWN }));
    expect(res.requires_replace).toEqual([
      { steps: [{ attribute_name: 'did' }] },
      { steps: [{ attribute_name: 'servers' }, { element_key_int: 0 }] },
    ]);
    expect(res.planned_private).toEqual(Buffer.from('p'));
  });

  it('plans a destroy as null without asking the provider', async () => {
    const plan = vi.fn();
    const res = await host({}, resource({ plan })).rpc.PlanResourceChange({
      type_name: TYPE,
      prior_state: dv(mapping()),
      proposed_new_state: dv(null),
      config: dv(null),
      prior_private: EMPTY,
    });
    expect(read(res.planned_state)).toBeNull();
    expect(plan).not.toHaveBeenCalled();
  });
});

describe('ApplyResourceChange', () => {
  const req = (prior: TfObject | null, planned: TfObject | null) => ({
    type_name: TYPE,
    prior_state: dv(prior),
    planned_state: dv(planned),
    config: dv(planned),
    planned_private: EMPTY,
  });

  it('returns the new state', async () => {
    const res = await host({}, resource({ apply: async () => ({ state: mapping() }) })).rpc.ApplyResourceChange(
      req(null, mapping({ id: UNKNOWN, ruleid: UNKNOWN })),
    );
    expect(res.diagnostics).toEqual([]);
    expect(read(res.new_state)).toEqual(mapping());
  });

  it('keeps the prior state when a failed update returns none', async () => {
    const apply = async () => ({ state: null, diagnostics: [{ severity: 'error' as const, summary: 'platform said no' }] });
    const res = await host({}, resource({ apply })).rpc.ApplyResourceChange(req(mapping(), mapping({ notes: 'x' })));
    expect(read(res.new_state)).toEqual(mapping());
    expect(res.diagnostics).toMatchObject([{ severity: 1, summary: 'platform said no' }]);
  });

  it('reports an unknown value left in the new state as a provider bug', async () => {
    const res = await host({}, resource({ apply: async ({ planned }) => ({ state: planned }) })).rpc.ApplyResourceChange(
      req(null, mapping({ ruleid: UNKNOWN })),
    );
    expect(res.diagnostics[0]!.summary).toMatch(
      /^internal error in the dsiprouter provider \(this is a bug, please report it\): .*unknown value at ruleid/,
    );
  });
});

describe('ReadResource and ImportResourceState', () => {
  it('reads a vanished object as null', async () => {
    const res = await host({}, resource({ read: async () => ({ state: null }) })).rpc.ReadResource({
      type_name: TYPE,
      current_state: dv(mapping()),
      private: EMPTY,
    });
    expect([...res.new_state.msgpack!]).toEqual([0xc0]);
  });

  it('imports one resource of the requested type', async () => {
    const importState = vi.fn(async () => ({ state: mapping() }));
    const res = await host({}, resource({ importState })).rpc.ImportResourceState({ type_name: TYPE, id: 'did:100' });
    expect(importState).toHaveBeenCalledWith('did:100');
    expect(res.imported_resources).toHaveLength(1);
    expect(res.imported_resources[0]!.type_name).toBe(TYPE);
    expect(read(res.imported_resources[0]!.state)).toEqual(mapping());
  });

  it('says so when an import finds nothing and the provider did not', async () => {
    const res = await host({}, resource({ importState: async () => ({ state: null }) })).rpc.ImportResourceState({
      type_name: TYPE,
      id: '99',
    });
    expect(res.imported_resources ?? []).toEqual([]);
    expect(res.diagnostics).toMatchObject([{ severity: 1, summary: 'Cannot import non-existent remote object' }]);
  });
});

describe('diagnostics', () => {
  it('point at the attribute, list element or map key', async () => {
    const validate = () => [
      { severity: 'error' as const, summary: 'Invalid DID', detail: 'd', attribute: ['did'] },
      { severity: 'warning' as const, summary: 'Empty server', attribute: ['servers', 1] },
    ];
    const res = await host({}, resource({ validate })).rpc.ValidateResourceConfig({ type_name: TYPE, config: dv(mapping()) });
    expect(res.diagnostics).toEqual([
      { severity: 1, summary: 'Invalid DID', detail: 'd', attribute: { steps: [{ attribute_name: 'did' }] } },
      { severity: 2, summary: 'Empty server', detail: '', attribute: { steps: [{ attribute_name: 'servers' }, { element_key_int: 1 }] } },
    ]);
  });

  it.each([
    [
      'an attribute inside a list of objects',
      ['mappings', 0, 'did'],
      MAPPINGS,
      [{ attribute_name: 'mappings' }, { element_key_int: 0 }, { attribute_name: 'did' }],
    ],
    [
      'a map key',
      ['counters', 'sip.calls'],
      schemas.dataSources.get('dsiprouter_proxy_stats')!.type,
      [{ attribute_name: 'counters' }, { element_key_string: 'sip.calls' }],
    ],
    [
      'a map key without a type',
      ['tags', 0, 'k'],
      undefined,
      [{ attribute_name: 'tags' }, { element_key_int: 0 }, { element_key_string: 'k' }],
    ],
  ] as const)('follow the schema for %s', (_name, path, type, steps) => {
    expect(toAttributePathMsg(path, type)).toEqual({ steps });
  });

  it('turn a thrown error into an internal-error diagnostic and log its stack', async () => {
    const { rpc, log } = host({}, resource({ read: async () => Promise.reject(new Error('boom')) }));
    const res = await rpc.ReadResource({ type_name: TYPE, current_state: dv(mapping()), private: EMPTY });
    expect(res).toEqual({
      diagnostics: [
        {
          severity: 1,
          summary: 'internal error in the dsiprouter provider (this is a bug, please report it): boom',
          detail: expect.stringContaining('Error: boom'),
        },
      ],
    });
    expect(log).toHaveBeenCalledWith(expect.stringContaining('ReadResource failed: Error: boom'));
  });

  it('turn a provider that fails to load into an internal error on every call that needs it', async () => {
    const factory = async (): Promise<ProviderHandler> => Promise.reject(new Error('cannot load'));
    const ctx = { provider: new LazyProvider(factory), schemas: () => schemas, log: () => undefined };
    const res = await providerRpcs(ctx).ConfigureProvider({ config: dv(null, schemas.provider.type) });
    expect(res.diagnostics[0]!.summary).toContain('cannot load');
  });

  it('name an unknown resource type', async () => {
    const res = await host().rpc.ReadResource({ type_name: 'dsiprouter_nope', current_state: dv(null), private: EMPTY });
    expect(res.diagnostics).toMatchObject([{ severity: 1, summary: 'Unknown resource type "dsiprouter_nope"' }]);
  });
});

describe('provider configuration and data sources', () => {
  it('passes unknown configuration values through, and an absent configuration as nulls', async () => {
    const configure = vi.fn(async () => []);
    const validateConfig = vi.fn(() => []);
    const { rpc } = host({ configure, validateConfig });
    const type = schemas.provider.type;
    await rpc.ConfigureProvider({ config: toDynamicValue({ url: UNKNOWN, token: 't' }, type) });
    expect(configure).toHaveBeenCalledWith({
      url: UNKNOWN,
      token: 't',
      ca_file: null,
      insecure: null,
      reload: null,
      allow_dangling: null,
      timeout_ms: null,
      api_profile: null,
    });
    await rpc.ValidateProviderConfig({ config: null });
    expect(validateConfig).toHaveBeenCalledWith({
      url: null,
      token: null,
      ca_file: null,
      insecure: null,
      reload: null,
      allow_dangling: null,
      timeout_ms: null,
      api_profile: null,
    });
  });

  it('reads a data source holding a list of objects', async () => {
    const state = { id: 'all', mappings: [{ ruleid: 1, did: '1', servers: ['a'], notes: null }] };
    const dataSources = { dsiprouter_inbound_mappings: { validate: () => [], read: async () => ({ state }) } };
    const res = await host({ dataSources }).rpc.ReadDataSource({
      type_name: 'dsiprouter_inbound_mappings',
      config: toDynamicValue({ id: null, mappings: null }, MAPPINGS),
    });
    expect(read(res.state, MAPPINGS)).toEqual(state);
  });
});
