import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { call, type Answer } from './helpers.js';

const DATA_ARG = 'Request data argument not recognized';
const LIST_CRASH = /^ValueError: /;

function expectEnvelope(res: Answer, status: number, error: string, msg: string | RegExp): void {
  expect(res.status, res.text).toBe(status);
  expect(res.json).toMatchObject({ error, msg: typeof msg === 'string' ? msg : expect.stringMatching(msg), dsipreload: false });
}

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startEmulator({ port: 0, token: 'rules-token', profile: 'current' });
});
afterAll(async () => {
  await emu.close();
});

/** Creates a mapping and learns its ruleid the way a client must: POST answers `data: []`. */
async function createMapping(body: Record<string, unknown>): Promise<string> {
  const created = await call(emu, 'POST', '/inboundmapping', { body });
  expectEnvelope(created, 200, '', 'Rule Created');
  expect(created.json.data).toEqual([]);
  const read = await call(emu, 'GET', `/inboundmapping?did=${encodeURIComponent(body['did'] as string)}`);
  expectEnvelope(read, 200, '', 'Rule Found');
  return read.json.data[0].ruleid;
}

describe('profile "current": inbound mappings', () => {
  beforeEach(async () => {
    for (const m of (await call(emu, 'GET', '/inboundmapping')).json.data ?? []) {
      await call(emu, 'DELETE', `/inboundmapping?ruleid=${m.ruleid}`);
    }
  });

  it('calls the note "name" in records, answers ruleid as a string and no ruleid on create', async () => {
    const ruleid = await createMapping({ did: '+4420', servers: ['66', '#22'], name: 'London' });
    expect(ruleid).toMatch(/^\d+$/);
    const one = await call(emu, 'GET', `/inboundmapping?ruleid=${ruleid}`);
    expect(one.json.data).toEqual([{ ruleid, did: '+4420', servers: ['66', '#22'], name: 'London' }]);
    const all = await call(emu, 'GET', '/inboundmapping');
    expectEnvelope(all, 200, '', 'Rules Found');
    expect(all.json.data).toEqual(one.json.data);
  });

  it.each([
    ['notes instead of name', { did: '1', servers: ['1'], notes: 'x' }, DATA_ARG],
    ['notes beside name', { did: '1', servers: ['1'], name: 'x', notes: 'x' }, DATA_ARG],
    ['a ruleid', { did: '1', servers: ['1'], name: 'x', ruleid: 5 }, DATA_ARG],
    ['no did', { servers: ['1'], name: 'x' }, 'DID is required'],
    ['a comma in name', { did: '1', servers: ['1'], name: 'a,b' }, 'name may not contain ","'],
    ['three servers', { did: '1', servers: ['1', '2', '3'], name: 'x' }, /^servers must hold 1 or 2/],
  ])('answers POST with %s with 400', async (_name, body, msg) => {
    expectEnvelope(await call(emu, 'POST', '/inboundmapping', { body }), 400, 'http', msg);
  });

  it('refuses a duplicate DID with 400', async () => {
    await createMapping({ did: '', servers: ['1'], name: 'default' });
    expectEnvelope(await call(emu, 'POST', '/inboundmapping', { body: { did: '', servers: ['2'], name: 'again' } }), 400, 'http', "Duplicate DID's are not allowed");
  });

  it.each([
    ['?ruleid=', (id: string) => `?ruleid=${id}`, { servers: ['2'] }, DATA_ARG],
    ['?did=', () => '?did=555', { servers: ['2'] }, DATA_ARG],
    ['?did= with name', () => '?did=555', { name: 'renamed' }, DATA_ARG],
    ['?ruleid= and an empty body', (id: string) => `?ruleid=${id}`, {}, DATA_ARG],
    ['an unknown argument', () => '?name=x', { servers: ['2'] }, DATA_ARG],
    ['no selector', () => '', { servers: ['2'] }, 'ruleid or did is required'],
    ['no selector and did in the body', () => '', { did: '555', servers: ['2'] }, 'ruleid or did is required'],
    ['notes in the body', () => '', { notes: 'x' }, DATA_ARG],
  ])('never updates in place: PUT with %s is 400', async (_name, query, body, msg) => {
    const ruleid = await createMapping({ did: '555', servers: ['1'], name: 'before' });
    expectEnvelope(await call(emu, 'PUT', `/inboundmapping${query(ruleid)}`, { body }), 400, 'http', msg);
    expect((await call(emu, 'GET', `/inboundmapping?ruleid=${ruleid}`)).json.data[0]).toMatchObject({ servers: ['1'], name: 'before' });
  });

  it('deletes by ?ruleid= and ?did=, and answers 404 when nothing matches', async () => {
    const byId = await createMapping({ did: '100', servers: ['1'], name: 'a' });
    await createMapping({ did: '200', servers: ['1'], name: 'b' });
    expectEnvelope(await call(emu, 'DELETE', `/inboundmapping?ruleid=${byId}`), 200, '', 'Rule Deleted');
    expectEnvelope(await call(emu, 'DELETE', '/inboundmapping?did=200'), 200, '', 'Rule Deleted');
    expectEnvelope(await call(emu, 'DELETE', '/inboundmapping?did=200'), 404, '', 'No Matching DID Found');
    expectEnvelope(await call(emu, 'GET', '/inboundmapping'), 200, '', 'No Rules Found');
  });

  it('breaks every list read with 500 "server" while a mapping created without a note exists', async () => {
    await createMapping({ did: '300', servers: ['1'], name: 'noted' });
    const emptyNote = await createMapping({ did: '301', servers: ['1'], name: '' });
    expectEnvelope(await call(emu, 'GET', '/inboundmapping'), 200, '', 'Rules Found');
    const noteless = await createMapping({ did: '302', servers: ['1'] });
    for (let i = 0; i < 2; i++) expectEnvelope(await call(emu, 'GET', '/inboundmapping'), 500, 'server', LIST_CRASH);
    // Single reads still work, and show the missing note as "".
    expect((await call(emu, 'GET', `/inboundmapping?ruleid=${noteless}`)).json.data[0]).toMatchObject({ did: '302', name: '' });
    expectEnvelope(await call(emu, 'GET', '/inboundmapping?did=300'), 200, '', 'Rule Found');
    expectEnvelope(await call(emu, 'DELETE', `/inboundmapping?ruleid=${emptyNote}`), 200, '', 'Rule Deleted');
    expectEnvelope(await call(emu, 'GET', '/inboundmapping'), 500, 'server', LIST_CRASH);
    expectEnvelope(await call(emu, 'DELETE', '/inboundmapping?did=302'), 200, '', 'Rule Deleted');
    const healed = await call(emu, 'GET', '/inboundmapping');
    expectEnvelope(healed, 200, '', 'Rules Found');
    expect(healed.json.data.map((m: { did: string }) => m.did)).toEqual(['300']);
  });

  it('keeps a failed noteless create from breaking the list', async () => {
    await createMapping({ did: '400', servers: ['1'], name: 'x' });
    expectEnvelope(await call(emu, 'POST', '/inboundmapping', { body: { did: '400', servers: ['1'] } }), 400, 'http', "Duplicate DID's are not allowed");
    expectEnvelope(await call(emu, 'GET', '/inboundmapping'), 200, '', 'Rules Found');
  });
});

describe('profile "current": outbound routes', () => {
  async function createRoute(body: Record<string, unknown>): Promise<number> {
    const res = await call(emu, 'POST', '/outboundroutes', { body });
    expectEnvelope(res, 200, '', 'Route Created');
    return res.json.data[0].ruleid;
  }

  it.each([
    ['PUT', '?ruleid=', (id: number) => `/outboundroutes?ruleid=${id}`, 'Request argument not recognized'],
    ['PUT', 'a path id and ?ruleid=', (id: number) => `/outboundroutes/${id}?ruleid=${id}`, 'Request argument not recognized'],
    ['PUT', 'no id', () => '/outboundroutes', 'ruleid is required'],
    ['DELETE', '?ruleid=', (id: number) => `/outboundroutes?ruleid=${id}`, 'Request argument not recognized'],
    ['DELETE', 'a path id and ?ruleid=', (id: number) => `/outboundroutes/${id}?ruleid=${id}`, 'Request argument not recognized'],
    ['DELETE', 'no id', () => '/outboundroutes', 'ruleid is required'],
  ] as const)('answers %s with %s with 400 and changes nothing', async (method, _name, path, msg) => {
    const ruleid = await createRoute({ name: 'r', prefix: '44', gwgroupid: '5' });
    const body = method === 'PUT' ? { body: { name: 'changed' } } : {};
    expectEnvelope(await call(emu, method, path(ruleid), body), 400, 'http', msg);
    expect((await call(emu, 'GET', `/outboundroutes/${ruleid}`)).json.data[0]).toMatchObject({ name: 'r' });
  });

  it('updates and deletes by path id, and still reads by ?ruleid=', async () => {
    const ruleid = await createRoute({ name: 'r', prefix: '45', gwgroupid: '5' });
    expectEnvelope(await call(emu, 'PUT', `/outboundroutes/${ruleid}`, { body: { name: 'renamed' } }), 200, '', 'Route Updated');
    expect((await call(emu, 'GET', `/outboundroutes?ruleid=${ruleid}`)).json.data[0]).toMatchObject({ ruleid, name: 'renamed', groupid: '8000' });
    expectEnvelope(await call(emu, 'DELETE', `/outboundroutes/${ruleid}`), 200, '', 'Route Deleted');
    expectEnvelope(await call(emu, 'DELETE', `/outboundroutes/${ruleid}`), 404, '', 'No Matching Rule Found');
  });

  it.each([
    ['without prefix', { from_prefix: '1' }, 400, 'prefix is required with from_prefix'],
    ['with name but no prefix', { from_prefix: '1', name: 'n' }, 400, 'prefix is required with from_prefix'],
    ['with prefix', { from_prefix: '1', prefix: '46' }, 200, 'Route Updated'],
    ['with an empty from_prefix', { from_prefix: '' }, 200, 'Route Updated'],
  ])('promotion of a simple route %s (%j) answers %i', async (_name, body, status, msg) => {
    const ruleid = await createRoute({ name: 'r', prefix: '46', gwgroupid: '5' });
    expectEnvelope(await call(emu, 'PUT', `/outboundroutes/${ruleid}`, { body }), status, status === 200 ? '' : 'http', msg);
    const route = (await call(emu, 'GET', `/outboundroutes/${ruleid}`)).json.data[0];
    expect(route.groupid === '8000').toBe(status !== 200 || body.from_prefix === '');
    await call(emu, 'DELETE', `/outboundroutes/${ruleid}`);
  });

  it('changes an LCR route\'s from_prefix without prefix, and demotes it', async () => {
    const ruleid = await createRoute({ name: 'lcr', prefix: '47', gwgroupid: '5', from_prefix: '9' });
    expectEnvelope(await call(emu, 'PUT', `/outboundroutes/${ruleid}`, { body: { from_prefix: '8' } }), 200, '', 'Route Updated');
    expectEnvelope(await call(emu, 'PUT', `/outboundroutes/${ruleid}`, { body: { from_prefix: '' } }), 200, '', 'Route Updated');
    expect((await call(emu, 'GET', `/outboundroutes/${ruleid}`)).json.data[0]).toMatchObject({ groupid: '8000', from_prefix: null });
  });
});
