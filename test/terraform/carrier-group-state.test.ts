import { describe, expect, it } from 'vitest';
import type { CarrierGroup } from '../../src/model/carrier-group.js';
import type { GatewayGroup } from '../../src/model/group.js';
import { alignEndpoints, hostKey, toState, writeDifferences } from '../../src/terraform/resources/carrier-group-state.js';
import { resolveGroupName } from '../../src/terraform/resources/group-names.js';
import { UNKNOWN, type TfObject } from '../../src/terraform/types.js';
import { providerOnEmulator } from './configured-provider.js';

/** The pure parts of dsiprouter_carrier_group and of group names: tables, no platform. */

const endpoint = (name: string, hostname: string, over: Partial<TfObject> = {}): TfObject => ({
  name,
  hostname,
  strip: 0,
  prefix: '',
  weight: 1,
  ...over,
});
const live = (over: Partial<CarrierGroup> = {}): CarrierGroup => ({
  gwgroupid: 12,
  name: 'Acme',
  lb_enabled: false,
  endpoints: [
    { name: 'a', hostname: 'sip1.acme.example:5060', strip: 0, prefix: '', weight: 1 },
    { name: 'b', hostname: 'sip2.acme.example:5080', strip: 1, prefix: '9', weight: 2 },
  ],
  gwids: [40, 41],
  ...over,
});

describe('hostKey: the platform adds :5060 when no port is given', () => {
  it.each([
    ['sip.example.com', 'sip.example.com'],
    ['sip.example.com:5060', 'sip.example.com'],
    ['SIP.example.com:5060', 'sip.example.com'],
    ['sip.example.com:5080', 'sip.example.com:5080'],
    ['10.0.0.1:5060', '10.0.0.1'],
    ['[2001:db8::1]:5060', '[2001:db8::1]'],
    ['2001:db8::5060', '2001:db8::5060'], // a bare IPv6 address ending in 5060 has no port
  ])('%s -> %s', (host, key) => {
    expect(hostKey(host)).toBe(key);
  });
});

describe('the state of a live group', () => {
  it('keeps the spelling of an address that means the same, so "h" never drifts to "h:5060"', () => {
    const like: TfObject = {
      endpoint: [endpoint('a', 'sip1.acme.example'), endpoint('b', 'sip2.acme.example:5080', { strip: 1, prefix: '9', weight: 2 })],
      gwids: [40, 41],
    };
    const state = toState(live(), like);
    expect(state).toMatchObject({ id: '12', gwgroupid: 12, ref: '#12', gwids: [40, 41], auth: null });
    expect((state.endpoint as TfObject[]).map((e) => e.hostname)).toEqual(['sip1.acme.example', 'sip2.acme.example:5080']);
    expect(writeDifferences({ ...state, endpoint: like.endpoint! }, state)).toEqual([]);
  });

  it('shows a changed port as drift', () => {
    const state = toState(live(), { endpoint: [endpoint('a', 'sip1.acme.example:5070')], gwids: [40] });
    expect((state.endpoint as TfObject[])[0]!.hostname).toBe('sip1.acme.example:5060');
  });

  it('orders the live endpoints like the state: by gwid, then by name, extra ones last', () => {
    const g = live({
      endpoints: [...live().endpoints, { name: 'c', hostname: 'c', strip: 0, prefix: '', weight: 1 }],
      gwids: [40, 41, 42],
    });
    expect(alignEndpoints([{ name: 'x', gwid: 41 }, { name: 'a' }], g).map((l) => l.gwid)).toEqual([41, 40, 42]);
  });

  it('keeps the auth block the platform does not read back, leaves the defaults it fills unset, and names a changed password without showing it', () => {
    const auth: TfObject = {
      type: 'userpwd',
      r_username: null,
      auth_username: 'u',
      auth_password: 'hunter2-secret',
      auth_domain: null,
      auth_proxy: null,
    };
    expect(toState(live(), { auth }).auth).toEqual(auth);
    const read = toState(live({ auth: { type: 'userpwd', auth_username: 'u', auth_password: 'other', auth_domain: 'dsip.example' } }), {
      auth,
    });
    expect(read.auth).toEqual({ ...auth, auth_password: 'other' });
    const said = writeDifferences({ ...read, auth }, read);
    expect(said).toEqual(['auth.auth_password is not the one written']);
    expect(said.join()).not.toMatch(/hunter2|other/);
  });
});

describe('writeDifferences: what a swallowed write left out', () => {
  const planned: TfObject = {
    name: 'Acme',
    lb_enabled: true,
    endpoint: [endpoint('a', 'sip1.acme.example'), endpoint('b', 'sip2.acme.example:5080', { strip: 1, prefix: '9', weight: 2 })],
    auth: null,
  };
  it.each<[string, CarrierGroup, string[]]>([
    ['nothing', live({ lb_enabled: true }), []],
    ['load balancing', live(), ['lb_enabled is false on the platform, not true']],
    [
      'an endpoint',
      live({ lb_enabled: true, endpoints: live().endpoints.slice(0, 1), gwids: [40] }),
      ['endpoint "b" (sip2.acme.example:5080) is missing'],
    ],
    [
      'a field of an endpoint',
      live({ lb_enabled: true, endpoints: [live().endpoints[0]!, { ...live().endpoints[1]!, strip: 0 }] }),
      ['endpoint "b": strip is 0 on the platform, not 1'],
    ],
  ])('%s', (_case, group, said) => {
    expect(writeDifferences(planned, toState(group, planned))).toEqual(said);
  });
});

describe("resolveGroupName: the words of an unknown or shared name (those of the files' references)", () => {
  const groups: GatewayGroup[] = [
    { gwgroupid: 4, name: 'Acme', type: 'carrier', gwids: ['1'] },
    { gwgroupid: 9, name: 'twin', type: 'carrier', gwids: [] },
    { gwgroupid: 11, name: 'twin', type: 'endpoint', gwids: ['3'] },
  ];
  it.each<[string, string, boolean, unknown]>([
    ['one live group', 'Acme', false, { gwgroupid: 4 }],
    ['a group this apply creates', 'New', true, { deferred: true }],
    [
      'an unknown name, listing the names with their ids',
      'acme',
      false,
      {
        problem: {
          summary: 'No group is named "acme"',
          detail: expect.stringMatching(
            /^The groups are: "Acme" \(#4\), "twin" \(#9, #11\); names are matched exactly \(case and spaces\)\..*dsiprouter_carrier_group\.<NAME>\.name/,
          ),
        },
      },
    ],
    [
      'a shared name, listing the ids',
      'twin',
      false,
      {
        problem: {
          summary: 'group "twin" matches 2 groups: #9 (carrier), #11 (endpoint)',
          detail: 'Refer to one by id instead, e.g. servers = ["#9"], or rename one of the groups.',
        },
      },
    ],
    [
      'a live name that this apply gives another group too',
      'Acme',
      true,
      {
        problem: expect.objectContaining({
          summary: 'group "Acme" matches 2 groups: #4 (carrier), a carrier group this configuration creates',
        }),
      },
    ],
  ])('%s', (_case, name, planned, expected) => {
    expect(resolveGroupName(name, 'any', 'group', groups, planned)).toEqual(expected);
  });
});

describe('dsiprouter_carrier_group, its own logic (the platform only answers the plan check)', async () => {
  const provider = await providerOnEmulator();
  const cg = provider.resources.dsiprouter_carrier_group!;
  const config = (over: TfObject = {}): TfObject => ({
    name: 'Acme',
    lb_enabled: null,
    endpoint: [{ name: 'a', hostname: 'sip1.acme.example', strip: null, prefix: null, weight: null }],
    auth: null,
    timeouts: null,
    ...over,
  });

  it.each<[string, TfObject, (string | number)[][]]>([
    ['a comma in the name', config({ name: 'A, B' }), [['name']]],
    [
      'an empty host name and a negative strip',
      config({ endpoint: [{ name: 'a', hostname: ' ', strip: -1, prefix: null, weight: null }] }),
      [
        ['endpoint', 0, 'hostname'],
        ['endpoint', 0, 'strip'],
      ],
    ],
    [
      'an endpoint name used twice',
      config({
        endpoint: [
          { name: 'a', hostname: 'h1', strip: null, prefix: null, weight: null },
          { name: 'a', hostname: 'h2', strip: null, prefix: null, weight: 1.5 },
        ],
      }),
      [
        ['endpoint', 1, 'name'],
        ['endpoint', 1, 'weight'],
      ],
    ],
    ['an unknown auth type', config({ auth: { type: 'digest' } }), [['auth', 'type']]],
    ['unknown values are not judged', config({ name: UNKNOWN, endpoint: UNKNOWN }), []],
    // The rules of the one normaliser (model/carrier-group-normalize.ts), as the files and CDKTF stacks have them.
    [
      'a prefix of other characters than dial digits, a host that is no address (the one normaliser)',
      config({ endpoint: [{ name: 'a', hostname: 'sip@acme.example', strip: null, prefix: '9a', weight: null }] }),
      [
        ['endpoint', 0, 'hostname'],
        ['endpoint', 0, 'prefix'],
      ],
    ],
    [
      'userpwd without a password (the one normaliser)',
      config({ auth: { type: 'userpwd', auth_username: 'u', auth_password: null } }),
      [['auth', 'auth_password']],
    ],
    ['a password known only at apply is not judged', config({ auth: { type: 'userpwd', auth_username: 'u', auth_password: UNKNOWN } }), []],
  ])('validate: %s', (_case, c, attributes) => {
    expect(cg.validate(c).map((d) => d.attribute)).toEqual(attributes);
  });

  it("validate words a problem in the normaliser's words, at the attribute, with the provider's hint", () => {
    expect(cg.validate(config({ endpoint: [{ name: 'a', hostname: 'h:70000', strip: null, prefix: null, weight: null }] }))).toEqual([
      {
        severity: 'error',
        summary: 'Invalid endpoint',
        attribute: ['endpoint', 0, 'hostname'],
        detail:
          'endpoint[0].hostname "h:70000" has no valid port (1-65535). Give a host name or address, with ":port" when the port is not 5060.',
      },
    ]);
  });

  it('plans the defaults, unknown ids on create, and the gwids kept while the endpoint names stay', async () => {
    const proposed = { ...config(), id: null, gwgroupid: null, ref: null, gwids: null };
    const created = await cg.plan({ prior: null, proposed, config: config() });
    expect(created.planned).toMatchObject({
      lb_enabled: false,
      gwgroupid: UNKNOWN,
      ref: UNKNOWN,
      gwids: UNKNOWN,
      endpoint: [{ strip: 0, prefix: '', weight: 1 }],
    });
    const prior: TfObject = {
      ...config(),
      id: '12',
      gwgroupid: 12,
      ref: '#12',
      gwids: [40],
      lb_enabled: false,
      endpoint: [endpoint('a', 'sip1.acme.example')],
    };
    const sameNames = config({ endpoint: [{ name: 'a', hostname: 'sip1.acme.example:5060', strip: 2, prefix: null, weight: 3 }] });
    const tuned = await cg.plan({ prior, proposed: { ...prior, ...sameNames }, config: sameNames });
    expect(tuned.planned).toMatchObject({ gwids: [40] });
    expect(tuned.requiresReplace ?? []).toEqual([]);
    // A renamed endpoint keeps its gateway; an added one gets a new gateway (id known after apply).
    const renamed = config({ endpoint: [{ name: 'z', hostname: 'sip1.acme.example', strip: null, prefix: null, weight: null }] });
    expect((await cg.plan({ prior, proposed: { ...prior, ...renamed }, config: renamed })).planned).toMatchObject({ gwids: [40] });
    const added = config({
      endpoint: [...(config().endpoint as TfObject[]), { name: 'b', hostname: 'h2', strip: null, prefix: null, weight: null }],
    });
    const grown = await cg.plan({ prior, proposed: { ...prior, ...added }, config: added });
    expect(grown.planned).toMatchObject({ gwgroupid: 12, gwids: UNKNOWN });
    expect(grown.requiresReplace ?? []).toEqual([]);
  });

  it('replaces the group when an endpoint is removed or moves to another address (the platform cannot remove a gateway from a carrier group)', async () => {
    const two = config({
      endpoint: [
        { name: 'a', hostname: 'h1', strip: null, prefix: null, weight: null },
        { name: 'b', hostname: 'h2', strip: null, prefix: null, weight: null },
      ],
    });
    const prior: TfObject = {
      ...two,
      id: '12',
      gwgroupid: 12,
      ref: '#12',
      gwids: [40, 41],
      lb_enabled: false,
      endpoint: [endpoint('a', 'h1'), endpoint('b', 'h2')],
    };
    const one = config({ endpoint: [{ name: 'b', hostname: 'h2', strip: null, prefix: null, weight: null }] });
    const shrunk = await cg.plan({ prior, proposed: { ...prior, ...one }, config: one });
    expect(shrunk.requiresReplace).toEqual([['endpoint']]);
    expect(shrunk.planned).toMatchObject({ gwgroupid: UNKNOWN, gwids: UNKNOWN });
    // A new address is a new gateway (the platform would leave the old one's load-balancing entry
    // behind), so the old gateway is left without an endpoint: replaced too.
    const moved = config({
      endpoint: [...(two.endpoint as TfObject[]).slice(0, 1), { name: 'b', hostname: 'h9', strip: null, prefix: null, weight: null }],
    });
    expect((await cg.plan({ prior, proposed: { ...prior, ...moved }, config: moved })).requiresReplace).toEqual([['endpoint']]);
  });
});
