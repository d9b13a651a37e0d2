import { describe, expect, it } from 'vitest';
import { emulatorFixture } from '../helpers/emulator.js';
import { expectRejected } from '../helpers/expect-api-error.js';

describe('§5 inbound DID mappings', () => {
  it('starts empty on a fresh install and says so', async () => {
    const { client } = await emulatorFixture();
    const env = await client.raw('GET', '/inboundmapping');
    expect(env).toMatchObject({ data: [], msg: 'No Rules Found', error: '' });
    expect(await client.listInboundMappings()).toEqual([]);
  });

  it('creates, lists and reads back by ruleid and by DID; ruleid comes as a string and is normalized', async () => {
    const { client } = await emulatorFixture();
    const created = await client.raw('POST', '/inboundmapping', {
      body: { did: '15551230001', servers: ['66', '67'], notes: 'Main office' },
    });
    expect(created.msg).toBe('Rule Created');
    const wireId = (created.data[0] as { ruleid: unknown }).ruleid;
    expect(typeof wireId).toBe('string');
    const ruleid = Number(wireId);
    const listed = await client.raw('GET', '/inboundmapping');
    expect(listed.msg).toBe('Rules Found');
    expect(listed.data).toEqual([{ ruleid: String(ruleid), did: '15551230001', servers: ['66', '67'], notes: 'Main office' }]);
    const model = { ruleid, did: '15551230001', servers: ['66', '67'], notes: 'Main office' };
    expect(await client.listInboundMappings()).toEqual([model]);
    expect(await client.getInboundMapping({ ruleid })).toEqual(model);
    expect(await client.getInboundMapping({ did: '15551230001' })).toEqual(model);
  });

  it.each([
    ['+442071234567', ['#22']],
    ['#100', ['1']],
    ['*99', ['1', '#2']],
    ['', ['#2']],
  ])('keeps the DID "%s" exact through create, select, update and delete (percent-encoded selectors)', async (did, servers) => {
    const { client } = await emulatorFixture();
    const ruleid = await client.createInboundMapping({ did, servers });
    expect(await client.getInboundMapping({ did })).toEqual({ ruleid, did, servers, notes: '' });
    await client.updateInboundMapping({ did }, { notes: 'edited' });
    expect((await client.getInboundMapping({ ruleid }))?.notes).toBe('edited');
    await client.deleteInboundMapping({ did });
    expect(await client.getInboundMapping({ did })).toBeNull();
  });

  it('selects the default mapping with an empty ?did=, which is not the same as no selector', async () => {
    const { client } = await emulatorFixture();
    await client.createInboundMapping({ did: '1', servers: ['1'] });
    const def = await client.createInboundMapping({ did: '', servers: ['#2'] });
    expect((await client.raw('GET', '/inboundmapping', { query: { did: '' } })).data).toEqual([
      { ruleid: String(def), did: '', servers: ['#2'], notes: '' },
    ]);
    expect((await client.raw('GET', '/inboundmapping')).data).toHaveLength(2);
    await expectRejected(client.raw('DELETE', '/inboundmapping'), 400, /ruleid or did/);
  });

  it.each([
    ['a missing DID', { servers: ['1'] }, 'DID is required'],
    ['a DID with letters', { did: '12ab', servers: ['1'] }, /0-9 \+ # \*/],
    ['a DID with a space', { did: '1 2', servers: ['1'] }, /0-9 \+ # \*/],
    ['no servers', { did: '1', servers: [] }, /1 or 2/],
    ['three servers', { did: '1', servers: ['1', '2', '3'] }, /1 or 2/],
    ['a server that is not an id', { did: '1', servers: ['gw1'] }, /gateway id/],
    ['a comma in notes', { did: '1', servers: ['1'], notes: 'a, b' }, /","/],
    ['an unknown body key', { did: '1', servers: ['1'], name: 'x' }, 'Request data argument not recognized'],
  ])('rejects a create with %s (400) and stores nothing', async (_case, body, msg) => {
    const { client } = await emulatorFixture();
    await expectRejected(client.raw('POST', '/inboundmapping', { body }), 400, msg);
    expect(await client.listInboundMappings()).toEqual([]);
  });

  it.each(['15551230001', ''])('rejects a duplicate DID "%s"', async (did) => {
    const { client } = await emulatorFixture();
    await client.createInboundMapping({ did, servers: ['1'] });
    await expectRejected(client.createInboundMapping({ did, servers: ['2'] }), 400, "Duplicate DID's are not allowed");
    expect(await client.listInboundMappings()).toHaveLength(1);
  });

  it('updates any subset by ruleid or by DID; servers keep their order; did in the body renames', async () => {
    const { client } = await emulatorFixture();
    const ruleid = await client.createInboundMapping({ did: '100', servers: ['1', '2'], notes: 'n' });
    const upd = await client.raw('PUT', '/inboundmapping', { query: { ruleid }, body: { servers: ['2', '1'] } });
    expect(upd.msg).toBe('Rule Updated');
    expect(await client.getInboundMapping({ ruleid })).toEqual({ ruleid, did: '100', servers: ['2', '1'], notes: 'n' });
    await client.updateInboundMapping({ did: '100' }, { did: '200' });
    expect(await client.getInboundMapping({ did: '100' })).toBeNull();
    expect(await client.getInboundMapping({ did: '200' })).toEqual({ ruleid, did: '200', servers: ['2', '1'], notes: 'n' });
  });

  it('rejects an empty update, a rename onto another DID, and an update of nothing (404)', async () => {
    const { client } = await emulatorFixture();
    const a = await client.createInboundMapping({ did: '1', servers: ['1'] });
    await client.createInboundMapping({ did: '2', servers: ['1'] });
    await expectRejected(client.raw('PUT', '/inboundmapping', { query: { ruleid: a }, body: {} }), 400, /./);
    await expectRejected(client.updateInboundMapping({ ruleid: a }, { did: '2' }), 400, "Duplicate DID's are not allowed");
    await expectRejected(client.updateInboundMapping({ ruleid: 999 }, { notes: 'x' }), 404, 'No Matching Rule Found');
    await expectRejected(client.updateInboundMapping({ did: '3' }, { notes: 'x' }), 404, 'No Matching DID Found');
    expect((await client.getInboundMapping({ ruleid: a }))?.did).toBe('1');
  });

  it('deletes by ruleid and by DID; a missing one is 404 with the right message', async () => {
    const { client } = await emulatorFixture();
    const a = await client.createInboundMapping({ did: '1', servers: ['1'] });
    await client.createInboundMapping({ did: '2', servers: ['1'] });
    expect((await client.raw('DELETE', '/inboundmapping', { query: { ruleid: a } })).msg).toBe('Rule Deleted');
    await client.deleteInboundMapping({ did: '2' });
    expect(await client.listInboundMappings()).toEqual([]);
    const byId = await expectRejected(client.deleteInboundMapping({ ruleid: a }), 404, 'No Matching Rule Found');
    expect(byId.code).toBe('API_NOT_FOUND');
    await expectRejected(client.deleteInboundMapping({ did: '2' }), 404, 'No Matching DID Found');
    await expectRejected(client.raw('GET', '/inboundmapping', { query: { ruleid: a } }), 404, 'No Matching Rule Found');
    await expectRejected(client.raw('GET', '/inboundmapping', { query: { did: '2' } }), 404, 'No Matching DID Found');
    expect(await client.getInboundMapping({ ruleid: a })).toBeNull();
  });

  it.each([
    ['GET', { ruleid: 1, did: '1' }],
    ['PUT', { ruleid: 1, did: '1' }],
    ['DELETE', { ruleid: 1, did: '1' }],
  ] as const)('rejects both selectors on %s', async (method, query) => {
    const { client } = await emulatorFixture();
    await client.createInboundMapping({ did: '1', servers: ['1'] });
    await expectRejected(client.raw(method, '/inboundmapping', { query, body: method === 'PUT' ? { notes: 'x' } : undefined }), 400, /./);
    expect((await client.getInboundMapping({ did: '1' }))?.notes).toBe('');
  });

  it.each(['PUT', 'DELETE'] as const)('rejects %s with no selector', async (method) => {
    const { client } = await emulatorFixture();
    await client.createInboundMapping({ did: '1', servers: ['1'] });
    await expectRejected(client.raw(method, '/inboundmapping', { body: method === 'PUT' ? { notes: 'x' } : undefined }), 400, /./);
    expect(await client.listInboundMappings()).toHaveLength(1);
  });

  it.each(['GET', 'POST', 'PUT', 'DELETE'] as const)('rejects an unknown query argument on %s', async (method) => {
    const { client } = await emulatorFixture();
    await expectRejected(
      client.raw(method, '/inboundmapping', {
        query: { page: 1 },
        body: method === 'GET' || method === 'DELETE' ? undefined : { did: '1', servers: ['1'] },
      }),
      400,
      'Request argument not recognized',
    );
    expect(await client.listInboundMappings()).toEqual([]);
  });

  it('rejects an unknown body key on update and leaves the rule alone', async () => {
    const { client } = await emulatorFixture();
    const ruleid = await client.createInboundMapping({ did: '1', servers: ['1'] });
    await expectRejected(
      client.raw('PUT', '/inboundmapping', { query: { ruleid }, body: { servers: ['2'], ruleid: 5 } }),
      400,
      'Request data argument not recognized',
    );
    expect((await client.getInboundMapping({ ruleid }))?.servers).toEqual(['1']);
  });
});
