import { describe, expect, it, vi } from 'vitest';
import { ephemeralRpcs } from '../../../src/terraform/host/ephemeral-rpc.js';
import { fromDynamicValue, toDynamicValue } from '../../../src/terraform/host/dynamic-value.js';
import { LazyProvider } from '../../../src/terraform/host/lazy-provider.js';
import { loadProviderSchemas } from '../../../src/terraform/host/provider-schemas.js';
import { providerRpcs } from '../../../src/terraform/host/provider-rpc.js';
import { UNKNOWN, type EphemeralResourceHandler, type ProviderHandler, type TfObject } from '../../../src/terraform/types.js';

const schemas = loadProviderSchemas();
const TYPE = 'dsiprouter_endpoint_lease';
const LEASE = schemas.ephemeralResources.get(TYPE)!.type;
const CONFIG: TfObject = {
  email: 'ops@example.com',
  ttl: '15m',
  lease_id: null,
  username: null,
  domain: null,
  password: null,
  expires_at: null,
};
const OPENED: TfObject = {
  ...CONFIG,
  lease_id: 4,
  username: 'lease4',
  domain: 'd.invalid',
  password: 'pw',
  expires_at: '2026-01-01T00:15:00Z',
};

/** The ephemeral RPCs over an in-memory provider holding `handler`. */
function host(handler: Partial<EphemeralResourceHandler> = {}) {
  const closed: (Uint8Array | undefined)[] = [];
  const lease: EphemeralResourceHandler = {
    validate: () => [],
    open: async () => ({ result: OPENED, private: Buffer.from('{"lease_id":4}') }),
    close: async (p) => {
      closed.push(p);
      return [];
    },
    ...handler,
  };
  const factory = vi.fn(async (): Promise<ProviderHandler> => ({
    validateConfig: () => [],
    configure: async () => [],
    resources: {},
    dataSources: {},
    ephemeralResources: { [TYPE]: lease },
    shutdown: async () => undefined,
  }));
  const ctx = { provider: new LazyProvider(factory), schemas: () => schemas, log: vi.fn() };
  return { rpc: { ...providerRpcs(ctx), ...ephemeralRpcs(ctx) }, closed, ctx };
}

describe('the ephemeral resource RPCs', () => {
  it('GetProviderSchema and GetMetadata announce dsiprouter_endpoint_lease as an ephemeral resource, password sensitive', async () => {
    const { rpc } = host();
    const schema = (await rpc.GetProviderSchema()).ephemeral_resource_schemas[TYPE]!;
    const password = schema.block.attributes.find((a) => a.name === 'password')!;
    expect(password).toMatchObject({ computed: true, sensitive: true });
    expect((await rpc.GetMetadata()).ephemeral_resources).toEqual([{ type_name: TYPE }]);
  });

  it('opens with the decoded configuration, and closes with the private bytes open gave', async () => {
    const open = vi.fn(async () => ({ result: OPENED, private: Buffer.from('{"lease_id":4}') }));
    const { rpc, closed } = host({ open });
    const res = await rpc.OpenEphemeralResource({ type_name: TYPE, config: toDynamicValue(CONFIG, LEASE) });
    expect(res.diagnostics).toEqual([]);
    expect(open).toHaveBeenCalledWith(CONFIG);
    expect(fromDynamicValue(res.result, LEASE)).toEqual(OPENED);
    expect(Buffer.from(res.private!).toString()).toBe('{"lease_id":4}');
    expect(await rpc.CloseEphemeralResource({ type_name: TYPE, private: res.private })).toEqual({ diagnostics: [] });
    expect(Buffer.from(closed[0]!).toString()).toBe('{"lease_id":4}');
    // Renew is never asked for (no renew_at), and keeps what it is given.
    expect(await rpc.RenewEphemeralResource({ type_name: TYPE, private: res.private })).toMatchObject({ diagnostics: [] });
  });

  it('closes with no private bytes when open gave none', async () => {
    const { rpc, closed } = host();
    await rpc.CloseEphemeralResource({ type_name: TYPE, private: Buffer.alloc(0) });
    expect(closed).toEqual([undefined]);
  });

  it('answers an open that failed with its error and no value', async () => {
    const { rpc } = host({
      open: async () => ({ result: null, diagnostics: [{ severity: 'error', summary: 'Could not obtain the lease' }] }),
    });
    const res = await rpc.OpenEphemeralResource({ type_name: TYPE, config: toDynamicValue(CONFIG, LEASE) });
    expect(res).toMatchObject({ diagnostics: [{ severity: 1, summary: 'Could not obtain the lease' }] });
    expect(res.result).toBeUndefined();
  });

  it('reports an unknown value in the opened value as a provider bug', async () => {
    const { rpc, ctx } = host({ open: async () => ({ result: { ...OPENED, password: UNKNOWN } }) });
    const res = await rpc.OpenEphemeralResource({ type_name: TYPE, config: toDynamicValue(CONFIG, LEASE) });
    expect(res.diagnostics[0]).toMatchObject({ severity: 1, summary: expect.stringMatching(/internal error/i) });
    expect(ctx.log).toHaveBeenCalledWith(expect.stringContaining('unknown value at password'));
  });

  it('validates through the handler, at the attribute, and names an unknown type', async () => {
    const { rpc } = host({ validate: () => [{ severity: 'error', summary: 'Invalid ttl', attribute: ['ttl'] }] });
    const res = await rpc.ValidateEphemeralResourceConfig({ type_name: TYPE, config: toDynamicValue(CONFIG, LEASE) });
    expect(res.diagnostics).toMatchObject([{ severity: 1, summary: 'Invalid ttl', attribute: { steps: [{ attribute_name: 'ttl' }] } }]);
    const unknown = await rpc.OpenEphemeralResource({ type_name: 'dsiprouter_nope', config: null });
    expect(unknown.diagnostics).toMatchObject([{ severity: 1, summary: 'Unknown ephemeral resource type "dsiprouter_nope"' }]);
  });
});
