import { describe, expect, it } from 'vitest';
import { toDynamicValue } from '../../src/terraform/host/dynamic-value.js';
import { LazyProvider } from '../../src/terraform/host/lazy-provider.js';
import { loadProviderSchemas } from '../../src/terraform/host/provider-schemas.js';
import { providerRpcs } from '../../src/terraform/host/provider-rpc.js';
import type { ClientCapabilities, ProviderHandler, TfObject } from '../../src/terraform/types.js';
import { UNKNOWN } from '../../src/terraform/types.js';
import { providerOnEmulator } from './configured-provider.js';

/*
 * The write-only registration password of dsiprouter_carrier_group (issue 37): its rules at
 * validate, the Terraform capability the host hands on, and the plan that never holds it. The real
 * terraform run is e2e-write-only.test.ts.
 */

const TYPE = 'dsiprouter_carrier_group';
const NEW_TERRAFORM: ClientCapabilities = { writeOnlyAttributesAllowed: true };
const OLD_TERRAFORM: ClientCapabilities = { writeOnlyAttributesAllowed: false };

const auth = (over: TfObject): TfObject => ({
  type: 'userpwd',
  r_username: null,
  auth_username: 'acct',
  auth_password: null,
  auth_password_wo: null,
  auth_password_wo_version: null,
  auth_domain: null,
  auth_proxy: null,
  ...over,
});
const config = (a: TfObject | null): TfObject => ({
  name: 'Acme',
  lb_enabled: null,
  endpoint: [{ name: 'a', hostname: 'sip1.acme.example', strip: null, prefix: null, weight: null }],
  auth: a,
  timeouts: null,
});

describe('dsiprouter_carrier_group: auth_password_wo', async () => {
  const provider = await providerOnEmulator();
  const cg = provider.resources[TYPE]!;
  const judged = (c: TfObject, client?: ClientCapabilities) => cg.validate(c, client).map((d) => [d.attribute, d.summary]);

  it.each<[string, TfObject, ClientCapabilities | undefined, unknown[]]>([
    [
      'a write-only password stands for auth_password',
      auth({ auth_password_wo: 's3cret', auth_password_wo_version: 1 }),
      NEW_TERRAFORM,
      [],
    ],
    ['one known only at apply (an ephemeral value) is not judged', auth({ auth_password_wo: UNKNOWN }), NEW_TERRAFORM, []],
    [
      'both passwords',
      auth({ auth_password: 'a', auth_password_wo: 'b' }),
      NEW_TERRAFORM,
      [[['auth', 'auth_password_wo'], 'Conflicting passwords']],
    ],
    [
      'a version without the write-only password',
      auth({ auth_password: 'a', auth_password_wo_version: 2 }),
      NEW_TERRAFORM,
      [[['auth', 'auth_password_wo_version'], 'auth_password_wo_version without auth_password_wo']],
    ],
    [
      'a Terraform before 1.11, which would store it',
      auth({ auth_password_wo: 's3cret' }),
      OLD_TERRAFORM,
      [[['auth', 'auth_password_wo'], 'Write-only attributes need Terraform 1.11 or later']],
    ],
    ['auth_password from a Terraform before 1.11', auth({ auth_password: 'a' }), OLD_TERRAFORM, []],
  ])('validate: %s', (_case, a, client, expected) => {
    expect(judged(config(a), client)).toEqual(expected);
  });

  it('says in HCL, not YAML, that userpwd needs a password', () => {
    const [d, ...more] = cg.validate(config(auth({})), NEW_TERRAFORM);
    expect(more).toEqual([]);
    expect(d).toMatchObject({ attribute: ['auth', 'auth_password'] });
    expect(d!.detail).toContain('auth_password_wo = var.NAME');
    expect(d!.detail).not.toMatch(/\$\{|auth_password:/);
  });

  it('plans the write-only password as null, and keeps its version', async () => {
    const proposed = {
      ...config(auth({ auth_password_wo: 's3cret', auth_password_wo_version: 3 })),
      id: null,
      gwgroupid: null,
      ref: null,
      gwids: null,
    };
    const { planned, diagnostics } = await cg.plan({ prior: null, proposed, config: proposed });
    expect(diagnostics ?? []).toEqual([]);
    expect((planned!.auth as TfObject).auth_password_wo).toBeNull();
    expect((planned!.auth as TfObject).auth_password_wo_version).toBe(3);
    expect(JSON.stringify(planned)).not.toContain('s3cret');
  });
});

describe('the host hands Terraform’s client capabilities to validate', () => {
  const schemas = loadProviderSchemas();
  const seen: (ClientCapabilities | undefined)[] = [];
  const provider: ProviderHandler = {
    validateConfig: () => [],
    configure: async () => [],
    resources: {
      [TYPE]: {
        validate: (_c, client) => (seen.push(client), []),
        plan: async () => ({ planned: null }),
        apply: async () => ({ state: null }),
        read: async () => ({ state: null }),
        importState: async () => ({ state: null }),
      },
    },
    ephemeralResources: {},
    dataSources: {},
    shutdown: async () => undefined,
  };
  const rpc = providerRpcs({ provider: new LazyProvider(async () => provider), schemas: () => schemas, log: () => undefined });
  const dv = toDynamicValue(config(null), schemas.resources.get(TYPE)!.type);

  it.each([
    ['Terraform 1.11 and later (write_only_attributes_allowed)', { write_only_attributes_allowed: true }, NEW_TERRAFORM],
    ['a Terraform that sends no capabilities', undefined, OLD_TERRAFORM],
  ])('%s', async (_case, capabilities, expected) => {
    seen.length = 0;
    await rpc.ValidateResourceConfig({ type_name: TYPE, config: dv, ...(capabilities ? { client_capabilities: capabilities } : {}) });
    expect(seen).toEqual([expected]);
  });
});
