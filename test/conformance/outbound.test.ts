import { describe, expect, it } from 'vitest';
import type { PlatformClient } from '../../src/api/client.js';
import { emulatorFixture } from '../helpers/emulator.js';
import { expectRejected } from '../helpers/expect-api-error.js';

const DEFAULT_ROUTE = {
  ruleid: 1,
  groupid: 8000,
  name: 'Default Outbound Route',
  prefix: '',
  from_prefix: null,
  gwgroupid: '2',
  priority: 0,
  timerec: '',
  routeid: '',
};

async function groupOf(client: PlatformClient, ruleid: number): Promise<number | undefined> {
  return (await client.getOutboundRoute(ruleid))?.groupid;
}

describe('§6 outbound routes', () => {
  it('holds the default route on a fresh install, and nothing with --empty', async () => {
    const { client } = await emulatorFixture();
    const raw = await client.raw('GET', '/outboundroutes');
    expect(raw.data).toEqual([
      {
        ruleid: 1,
        groupid: '8000',
        name: 'Default Outbound Route',
        prefix: '',
        from_prefix: null,
        gwgroupid: '2',
        priority: 0,
        timerec: '',
        routeid: '',
      },
    ]);
    expect(await client.listOutboundRoutes()).toEqual([DEFAULT_ROUTE]);
    const empty = await emulatorFixture({ empty: true });
    expect(await empty.client.listOutboundRoutes()).toEqual([]);
  });

  it('creates a simple route with defaults and reads it by path and by ?ruleid=', async () => {
    const { client } = await emulatorFixture();
    const created = await client.raw('POST', '/outboundroutes', { body: { name: 'US domestic', prefix: '1', gwgroupid: '2' } });
    expect(created.msg).toBe('Route Created');
    const ruleid = (created.data[0] as { ruleid: number }).ruleid;
    expect(ruleid).toBe(2);
    const expected = {
      ruleid,
      groupid: 8000,
      name: 'US domestic',
      prefix: '1',
      from_prefix: null,
      gwgroupid: '2',
      priority: 0,
      timerec: '',
      routeid: '',
    };
    expect(await client.getOutboundRoute(ruleid)).toEqual(expected);
    const byQuery = await client.raw('GET', '/outboundroutes', { query: { ruleid } });
    expect(byQuery.data).toHaveLength(1);
    expect((byQuery.data[0] as { name: string }).name).toBe('US domestic');
  });

  it('allocates LCR group ids from 10000 as the largest in use + 1, reusing a freed one only once nothing larger remains', async () => {
    const { client } = await emulatorFixture();
    const a = await client.createOutboundRoute({ name: 'A', prefix: '44', from_prefix: '1555', gwgroupid: '5' });
    const b = await client.createOutboundRoute({ name: 'B', prefix: '33', from_prefix: '1555', gwgroupid: '5' });
    const c = await client.createOutboundRoute({ name: 'C', prefix: '49', from_prefix: '1555', gwgroupid: '5' });
    expect([await groupOf(client, a), await groupOf(client, b), await groupOf(client, c)]).toEqual([10000, 10001, 10002]);
    expect((await client.getOutboundRoute(a))?.from_prefix).toBe('1555');
    await client.deleteOutboundRoute(b);
    const d = await client.createOutboundRoute({ name: 'D', prefix: '39', from_prefix: '1555', gwgroupid: '5' });
    expect(await groupOf(client, d)).toBe(10003); // 10001 is free, but 10002 and up are still in use
    await client.deleteOutboundRoute(d);
    await client.deleteOutboundRoute(c);
    const e = await client.createOutboundRoute({ name: 'E', prefix: '39', from_prefix: '1555', gwgroupid: '5' });
    expect(await groupOf(client, e)).toBe(10001); // largest remaining is 10000
  });

  it('rejects a second LCR route with the same from-prefix/prefix pattern, and an empty prefix on an LCR route', async () => {
    const { client } = await emulatorFixture();
    await client.createOutboundRoute({ name: 'A', prefix: '44', from_prefix: '1555', gwgroupid: '5' });
    await expectRejected(client.createOutboundRoute({ name: 'B', prefix: '44', from_prefix: '1555', gwgroupid: '6' }), 400, /pattern/i);
    await expectRejected(client.createOutboundRoute({ name: 'C', prefix: '', from_prefix: '1555', gwgroupid: '6' }), 400, /prefix/);
    expect((await client.listOutboundRoutes()).map((r) => r.name)).toEqual(['Default Outbound Route', 'A']);
  });

  it('promotes a simple route, updates the LCR pattern in place, and demotes it again', async () => {
    const { client } = await emulatorFixture();
    const id = await client.createOutboundRoute({ name: 'R', prefix: '44', gwgroupid: '5' });
    await client.updateOutboundRoute(id, { from_prefix: '1555' }); // the client adds prefix itself
    expect(await client.getOutboundRoute(id)).toMatchObject({ groupid: 10000, from_prefix: '1555', prefix: '44' });
    // pattern 1555-44 is taken now: another route may not claim it
    await expectRejected(client.createOutboundRoute({ name: 'X', prefix: '44', from_prefix: '1555', gwgroupid: '5' }), 400, /pattern/i);
    await client.updateOutboundRoute(id, { prefix: '33', from_prefix: '1666' });
    expect(await client.getOutboundRoute(id)).toMatchObject({ groupid: 10000, from_prefix: '1666', prefix: '33' });
    // the old pattern is free again; the new one is not
    const x = await client.createOutboundRoute({ name: 'X', prefix: '44', from_prefix: '1555', gwgroupid: '5' });
    expect(await groupOf(client, x)).toBe(10001);
    await expectRejected(client.updateOutboundRoute(x, { prefix: '33', from_prefix: '1666' }), 400, /pattern/i);
    const upd = await client.raw('PUT', `/outboundroutes/${id}`, { body: { from_prefix: '' } });
    expect(upd.msg).toBe('Route Updated');
    expect(await client.getOutboundRoute(id)).toMatchObject({ groupid: 8000, from_prefix: null, prefix: '33' });
    // demoted: its record is gone, so its pattern can be used again
    await client.updateOutboundRoute(x, { prefix: '33', from_prefix: '1666' });
    expect(await client.getOutboundRoute(x)).toMatchObject({ from_prefix: '1666', prefix: '33' });
  });

  it('keeps fields that a PUT does not send; priority as a number', async () => {
    const { client } = await emulatorFixture();
    const id = await client.createOutboundRoute({ name: 'R', prefix: '1', gwgroupid: '2', timerec: 'wk', routeid: 'r1' });
    await client.updateOutboundRoute(id, { priority: 7 });
    expect(await client.getOutboundRoute(id)).toEqual({
      ruleid: id,
      groupid: 8000,
      name: 'R',
      prefix: '1',
      from_prefix: null,
      gwgroupid: '2',
      priority: 7,
      timerec: 'wk',
      routeid: 'r1',
    });
  });

  it('deletes a route and its LCR record; a missing one is 404', async () => {
    const { client } = await emulatorFixture();
    const id = await client.createOutboundRoute({ name: 'L', prefix: '44', from_prefix: '1555', gwgroupid: '5' });
    expect((await client.raw('DELETE', `/outboundroutes/${id}`)).msg).toBe('Route Deleted');
    expect(await client.getOutboundRoute(id)).toBeNull();
    // the LCR record went with it: its pattern and its group id are free again
    const again = await client.createOutboundRoute({ name: 'L2', prefix: '44', from_prefix: '1555', gwgroupid: '5' });
    expect(await groupOf(client, again)).toBe(10000);
    const err = await expectRejected(client.deleteOutboundRoute(id), 404, 'No Matching Rule Found');
    expect(err.code).toBe('API_NOT_FOUND');
    await expectRejected(client.updateOutboundRoute(id, { priority: 1 }), 404, 'No Matching Rule Found');
  });

  it('never treats an inbound mapping as a route', async () => {
    const { client } = await emulatorFixture();
    const mapping = await client.createInboundMapping({ did: '1', servers: ['1'] });
    expect(await client.getOutboundRoute(mapping)).toBeNull();
    await expectRejected(client.updateOutboundRoute(mapping, { priority: 1 }), 404, 'No Matching Rule Found');
    await expectRejected(client.deleteOutboundRoute(mapping), 404, 'No Matching Rule Found');
    expect(await client.getInboundMapping({ ruleid: mapping })).not.toBeNull();
  });

  it.each(['PUT', 'DELETE'] as const)('answers %s without an id with 400 "ruleid is required"', async (method) => {
    const { client } = await emulatorFixture();
    await expectRejected(
      client.raw(method, '/outboundroutes', { body: method === 'PUT' ? { priority: 1 } : undefined }),
      400,
      'ruleid is required',
    );
  });

  it.each([
    ['a missing name', { prefix: '1', gwgroupid: '2' }, /name/],
    ['a missing prefix', { name: 'R', gwgroupid: '2' }, /prefix/],
    ['a missing gwgroupid', { name: 'R', prefix: '1' }, /gwgroupid/],
    ['gwgroupid "0"', { name: 'R', prefix: '1', gwgroupid: '0' }, /gwgroupid/],
    ['an empty gwgroupid', { name: 'R', prefix: '1', gwgroupid: '' }, /gwgroupid/],
    ['a prefix with letters', { name: 'R', prefix: '1a', gwgroupid: '2' }, /0-9 \+ # \*/],
    ['a from_prefix with letters', { name: 'R', prefix: '1', from_prefix: 'x', gwgroupid: '2' }, /0-9 \+ # \*/],
    ['a comma in the name', { name: 'A, B', prefix: '1', gwgroupid: '2' }, /","/],
    ['a priority that is not a number', { name: 'R', prefix: '1', gwgroupid: '2', priority: 'high' }, /priority/],
    ['a ruleid in the body', { name: 'R', prefix: '1', gwgroupid: '2', ruleid: 9 }, 'Request data argument not recognized'],
    ['a groupid in the body', { name: 'R', prefix: '1', gwgroupid: '2', groupid: '8000' }, 'Request data argument not recognized'],
  ])('rejects a create with %s and stores nothing', async (_case, body, msg) => {
    const { client } = await emulatorFixture();
    await expectRejected(client.raw('POST', '/outboundroutes', { body }), 400, msg);
    expect(await client.listOutboundRoutes()).toEqual([DEFAULT_ROUTE]);
  });

  it('allows a catch-all simple route with prefix ""', async () => {
    const { client } = await emulatorFixture({ empty: true });
    const id = await client.createOutboundRoute({ name: 'Catch all', prefix: '', gwgroupid: '#9' });
    expect(await client.getOutboundRoute(id)).toMatchObject({ prefix: '', gwgroupid: '9', from_prefix: null });
  });

  it('rejects an unknown query argument and a bad update, changing nothing', async () => {
    const { client } = await emulatorFixture();
    await expectRejected(client.raw('GET', '/outboundroutes', { query: { page: 2 } }), 400, 'Request argument not recognized');
    await expectRejected(client.raw('PUT', '/outboundroutes/1', { body: { prefix: 'x1', priority: 3 } }), 400, /0-9/);
    await expectRejected(client.raw('PUT', '/outboundroutes/1', { body: { notes: 'x' } }), 400, 'Request data argument not recognized');
    expect(await client.listOutboundRoutes()).toEqual([DEFAULT_ROUTE]);
  });
});

describe('§8 ids', () => {
  it('draws mapping and route ruleids from one counter and never reuses them', async () => {
    const { client } = await emulatorFixture();
    const m1 = await client.createInboundMapping({ did: '1', servers: ['1'] });
    const r1 = await client.createOutboundRoute({ name: 'R', prefix: '1', gwgroupid: '2' });
    const m2 = await client.createInboundMapping({ did: '2', servers: ['1'] });
    expect([m1, r1, m2]).toEqual([2, 3, 4]);
    await client.deleteInboundMapping({ ruleid: m2 });
    await client.deleteOutboundRoute(r1);
    expect(await client.createOutboundRoute({ name: 'S', prefix: '2', gwgroupid: '2' })).toBe(5);
    expect(await client.createInboundMapping({ did: '2', servers: ['1'] })).toBe(6);
  });
});
