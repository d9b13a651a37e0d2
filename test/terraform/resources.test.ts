import { describe, expect, it } from 'vitest';
import { createProvider } from '../../src/terraform/provider.js';
import { UNKNOWN, type TfObject } from '../../src/terraform/types.js';
import { providerOnEmulator } from './configured-provider.js';

const provider = await createProvider({}, () => Date.UTC(2026, 0, 1));
const mapping = provider.resources.dsiprouter_inbound_mapping!;
const route = provider.resources.dsiprouter_outbound_route!;
const lease = provider.resources.dsiprouter_endpoint_lease!;

const attrs = (ds: readonly { attribute?: readonly (string | number)[] }[]) => ds.map((d) => d.attribute);

describe('validation points at the attribute', () => {
  it.each<[string, typeof mapping, TfObject, (string | number)[][]]>([
    ['bad DID characters', mapping, { did: '12ab', servers: ['1'], notes: null }, [['did']]],
    ['three servers', mapping, { did: '1', servers: ['1', '2', '3'], notes: null }, [['servers']]],
    ['a server that is not an id', mapping, { did: '1', servers: ['1', 'gw'], notes: null }, [['servers', 1]]],
    [
      'servers mixing a gateway id and a carrier group (the proxy drops it)',
      mapping,
      { did: '1', servers: ['66', '#22'], notes: null },
      [['servers']],
    ],
    ['two carrier groups (the proxy drops it)', mapping, { did: '1', servers: ['#22', '#23'], notes: null }, [['servers']]],
    ['two gateway ids', mapping, { did: '1', servers: ['66', '67'], notes: null }, []],
    ['a gateway id and an unknown server are not judged', mapping, { did: '1', servers: ['66', UNKNOWN], notes: null }, []],
    [
      'a timerec the proxy cannot parse',
      route,
      { name: 'R', prefix: '1', gwgroupid: '5', from_prefix: null, priority: null, timerec: '20260101T090000|8H|hourly' },
      [['timerec']],
    ],
    [
      'a sound timerec',
      route,
      { name: 'R', prefix: '1', gwgroupid: '5', from_prefix: null, priority: null, timerec: '20260101T090000|8H|weekly|||MO,TU,WE,TH,FR' },
      [],
    ],
    ['a comma in notes', mapping, { did: '1', servers: ['1'], notes: 'a, b' }, [['notes']]],
    ['unknown values are not judged', mapping, { did: UNKNOWN, servers: [UNKNOWN], notes: UNKNOWN }, []],
    ['gwgroupid "0"', route, { name: 'R', prefix: '1', gwgroupid: '0', from_prefix: null, priority: null }, [['gwgroupid']]],
    [
      'an LCR route with an empty prefix',
      route,
      { name: 'R', prefix: '', gwgroupid: '5', from_prefix: '1555', priority: null },
      [['prefix']],
    ],
    ['a fractional priority', route, { name: 'R', prefix: '1', gwgroupid: '5', from_prefix: null, priority: 1.5 }, [['priority']]],
    [
      "a priority beyond the platform's 32-bit range",
      route,
      { name: 'R', prefix: '1', gwgroupid: '5', from_prefix: null, priority: 2147483648 },
      [['priority']],
    ],
    ['a bad email', lease, { email: 'ops', ttl: '15m' }, [['email']]],
    ['a zero ttl', lease, { email: 'ops@example.com', ttl: '0' }, [['ttl']]],
    ['a ttl in words', lease, { email: 'ops@example.com', ttl: 'soon' }, [['ttl']]],
    ['a ttl beyond 100 years', lease, { email: 'ops@example.com', ttl: '2500000000h' }, [['ttl']]],
  ])('%s', (_case, resource, config, expected) => {
    expect(attrs(resource.validate(config))).toEqual(expected);
  });
});

it('words the ttl cap as every entry point does, its example in HCL', () => {
  expect(lease.validate({ email: 'ops@example.com', ttl: '2500000000h' }).map((d) => d.detail)).toEqual([
    'ttl must be at most 3153600000 seconds (100 years), not "2500000000h"\n\nhint: give the lease a shorter ttl, e.g. ttl = "24h"; renew it instead of holding it for ever',
  ]);
});

describe('planning', async () => {
  // Every plan reads the platform (its check, the references): these run against a fresh emulator.
  const planner = await providerOnEmulator(() => Date.UTC(2026, 0, 1));
  const mapping = planner.resources.dsiprouter_inbound_mapping!;
  const route = planner.resources.dsiprouter_outbound_route!;
  const plannedLease = planner.resources.dsiprouter_endpoint_lease!;
  const routeConfig = (from: string | null): TfObject => ({
    name: 'R',
    prefix: '44',
    gwgroupid: '5',
    from_prefix: from,
    priority: null,
    timerec: null,
    routeid: null,
  });
  const routeState = (from: string | null, groupid: number): TfObject => ({
    ...routeConfig(from),
    id: '4',
    ruleid: 4,
    priority: 0,
    timerec: '',
    routeid: '',
    groupid,
    kind: from ? 'lcr' : 'simple',
  });

  it('marks ids unknown on create and fills defaults', async () => {
    const { planned } = await mapping.plan({
      prior: null,
      proposed: { did: '1', servers: ['1'], notes: null, id: null, ruleid: null },
      config: { did: '1', servers: ['1'], notes: null },
    });
    expect(planned).toEqual({ did: '1', servers: ['1'], notes: '', id: UNKNOWN, ruleid: UNKNOWN });
  });

  it.each<[string, TfObject | null, string | null, TfObject]>([
    ['create simple', null, null, { kind: 'simple', groupid: 8000, ruleid: UNKNOWN }],
    ['create LCR', null, '1555', { kind: 'lcr', groupid: UNKNOWN, ruleid: UNKNOWN }],
    ['promote in place', routeState(null, 8000), '1555', { kind: 'lcr', groupid: UNKNOWN, ruleid: 4 }],
    ['demote in place', routeState('1555', 10003), null, { kind: 'simple', groupid: 8000, ruleid: 4 }],
    ['LCR stays LCR', routeState('1555', 10003), '1666', { kind: 'lcr', groupid: 10003, ruleid: 4 }],
  ])('route: %s', async (_case, prior, from, expected) => {
    const config = routeConfig(from);
    const proposed = {
      ...(prior ?? { id: null, ruleid: null, groupid: null, kind: null }),
      ...config,
      priority: prior?.priority ?? null,
      timerec: prior?.timerec ?? null,
      routeid: prior?.routeid ?? null,
    } as TfObject;
    const r = await route.plan({ prior, proposed, config });
    expect(r.planned).toMatchObject({ ...expected, priority: 0, timerec: '', routeid: '' });
    expect(r.requiresReplace ?? []).toEqual([]);
  });

  it('replaces a lease when email or ttl changes, and only then', async () => {
    const prior: TfObject = {
      id: '3',
      email: 'a@b.cd',
      ttl: '15m',
      lease_id: 3,
      username: 'lease3',
      domain: 'd',
      password: 'p',
      expires_at: '2026-01-01T00:15:00.000Z',
    };
    const same = await plannedLease.plan({ prior, proposed: { ...prior }, config: { email: 'a@b.cd', ttl: '15m' } });
    expect(same.requiresReplace ?? []).toEqual([]);
    expect(same.planned).toEqual(prior);
    const changed = await plannedLease.plan({ prior, proposed: { ...prior, ttl: '30m' }, config: { email: 'a@b.cd', ttl: '30m' } });
    expect(changed.requiresReplace).toEqual([['ttl']]);
    expect(changed.planned).toMatchObject({ ttl: '30m', lease_id: UNKNOWN, password: UNKNOWN });
  });

  it('reads a lease past its expiry as gone', async () => {
    const state: TfObject = { id: '3', email: 'a@b.cd', ttl: '15m', lease_id: 3, username: 'u', domain: 'd', password: 'p' };
    expect((await lease.read({ ...state, expires_at: '2026-01-01T00:00:01.000Z' })).state).not.toBeNull();
    expect((await lease.read({ ...state, expires_at: '2026-01-01T00:00:00.000Z' })).state).toBeNull();
  });

  it('says what is missing when configured without a URL or token, pointing at the attribute', async () => {
    const p = await createProvider({});
    expect(attrs(await p.configure({ url: null, token: null, ca_file: null, insecure: null, reload: null, timeout_ms: null }))).toEqual([
      ['url'],
    ]);
    expect(
      attrs(await p.configure({ url: 'http://h:5000', token: null, ca_file: null, insecure: null, reload: null, timeout_ms: null })),
    ).toEqual([['token']]);
  });
});
