import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/index.js';
import { CARRIER_GROUP_HINTS } from '../../src/model/carrier-group-normalize.js';
import { HINTS } from '../../src/model/normalize.js';
import { createProvider } from '../../src/terraform/provider.js';
import { hclHint } from '../../src/terraform/resources/hcl-hint.js';
import type { Diagnostic, TfObject } from '../../src/terraform/types.js';
import { TEST_PROFILE } from '../helpers/emulator.js';
import { PROVIDER_CONFIG, providerOnEmulator } from './configured-provider.js';

/*
 * What the provider shows is HCL, not the YAML of the files (issue 37, point 2): the one
 * normaliser's hints, shared with the files, have their examples written as HCL assignments, and
 * the platform's licence hint does not send a Terraform user to dsipform.
 */

const details = (ds: readonly Diagnostic[]) => ds.map((d) => d.detail ?? '').join('\n');
/** A `name: value` example of a provider attribute: YAML, which HCL does not read. */
const YAML_EXAMPLE =
  /(?<![\w.:])(did|servers|group|notes|name|prefix|from_prefix|gwgroupid|carrier_group|priority|timerec|routeid|email|ttl|strip|weight|lb_enabled|hostname): \S/;

describe('hclHint', () => {
  it.each([
    ['use only 0-9 + # * in a DID, and quote it: did: "+15551230001"', 'use only 0-9 + # * in a DID, and quote it: did = "+15551230001"'],
    [
      'write seconds (ttl: 900) or a whole number with s, m or h (ttl: 15m)',
      'write seconds (ttl = 900) or a whole number with s, m or h (ttl = "15m")',
    ],
    ['write one plain address: email: ops@example.com', 'write one plain address: email = "ops@example.com"'],
    ['servers: ["66", "67"] or servers: ["#22"]', 'servers = ["66", "67"] or servers = ["#22"]'],
    ['remove the ","; the platform stores this text as name:<value>', 'remove the ","; the platform stores this text as name:<value>'],
    ['renew_before: 2m is not an attribute here', 'renew_before: 2m is not an attribute here'],
  ])('%s', (hint, hcl) => {
    expect(hclHint(hint, ['did', 'servers', 'ttl', 'email', 'name'])).toBe(hcl);
  });

  it.each(Object.entries({ ...HINTS, ...CARRIER_GROUP_HINTS }))(
    'the shared hint %s has no YAML example left for a provider attribute',
    (_key, hint) => {
      const all = [
        'did',
        'servers',
        'group',
        'notes',
        'name',
        'prefix',
        'from_prefix',
        'gwgroupid',
        'carrier_group',
        'priority',
        'timerec',
        'routeid',
        'email',
        'ttl',
        'strip',
        'weight',
        'lb_enabled',
        'hostname',
      ];
      expect(hclHint(hint, all)).not.toMatch(YAML_EXAMPLE);
    },
  );
});

describe('the resources word their hints in HCL', async () => {
  const provider = await providerOnEmulator();
  const mapping = (over: TfObject): TfObject => ({ did: '15551230001', servers: ['1'], group: null, notes: null, timeouts: null, ...over });

  it.each<[string, string, TfObject, string]>([
    ['a DID with letters', 'dsiprouter_inbound_mapping', mapping({ did: '12ab' }), 'did = "+15551230001"'],
    ['a server that is no gateway id', 'dsiprouter_inbound_mapping', mapping({ servers: ['gw one'] }), 'servers = ["66", "67"]'],
    [
      'a prefix with letters',
      'dsiprouter_outbound_route',
      {
        name: 'UK',
        prefix: '44a',
        gwgroupid: '5',
        carrier_group: null,
        from_prefix: null,
        priority: null,
        timerec: null,
        routeid: null,
        timeouts: null,
      },
      'prefix = "44"',
    ],
    ['a ttl of nothing', 'dsiprouter_endpoint_lease', { email: 'ops@example.com', ttl: '0', timeouts: null }, 'ttl = 900'],
  ])('%s', (_case, type, config, hcl) => {
    const text = details(provider.resources[type]!.validate(config));
    expect(text).toContain(hcl);
    // The message may start with the attribute's name (`did: DID "12ab" ...`); the hint is the example.
    const hints = text.split('\n').filter((line) => line.startsWith('hint: '));
    expect(hints.length).toBeGreaterThan(0);
    for (const hint of hints) expect(hint).not.toMatch(YAML_EXAMPLE);
  });
});

describe('the licence hint', () => {
  it('tells a Terraform user what to do without sending them to dsipform', async () => {
    const emu = await startEmulator({ port: 0, token: 'tf-licence-token-0123456789', profile: TEST_PROFILE, unlicensed: true });
    const provider = await createProvider({});
    try {
      // The provider reads the platform when it is configured: the hint comes there, and again,
      // briefly or in full, from a plan of the same run.
      const configured = details(await provider.configure({ ...PROVIDER_CONFIG, url: emu.url, token: emu.token }));
      expect(configured).toMatch(/DSIP_CORE licence/);
      expect(configured).not.toMatch(/dsipform/);
      const proposed = mapping0();
      const plan = await provider.resources.dsiprouter_inbound_mapping!.plan({ prior: null, proposed, config: proposed });
      expect(details(plan.diagnostics ?? [])).not.toMatch(/dsipform/);
    } finally {
      await provider.shutdown();
      await emu.close();
    }
  });
});

function mapping0(): TfObject {
  return { id: null, ruleid: null, did: '15551230009', servers: ['1'], group: null, notes: null, timeouts: null };
}
