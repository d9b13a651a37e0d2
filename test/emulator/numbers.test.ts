/**
 * Issue 35, point 1: the Numbers module of release 0.79 in the `current` twin
 * (gui/modules/numbers/api/routes.py and db/dsip_number.py at v0.79-rel; the inbound-mapping side
 * in gui/modules/api/api_routes.py `_sync_number_status_from_inbound_route`), over real HTTP.
 * The `spec` profile has no such module. docs/platform-profiles.md ("The Numbers module") lists
 * every answer with its source.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type ApiProfileName, type EmulatorOptions, type RunningEmulator } from '../../src/emulator/index.js';
import { call, type Answer } from './helpers.js';

const NOW = Date.UTC(2026, 10, 29, 12, 30, 45, 678);
const STAMP = '2026-11-29 12:30:45';
const running: RunningEmulator[] = [];
afterEach(async () => {
  for (const e of running.splice(0)) await e.close();
});

async function start(profile: ApiProfileName = 'current', options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const emu = await startEmulator({ port: 0, token: 'numbers-token-0123456789', profile, now: () => NOW, ...options });
  running.push(emu);
  return emu;
}

type Options = Parameters<typeof call>[3];
const numbers = (e: RunningEmulator, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, options: Options = {}): Promise<Answer> =>
  call(e, method, path, { root: '/api/numbers/v1', ...options });
const mapping = async (e: RunningEmulator, did: string): Promise<Answer> =>
  call(e, 'GET', `/inboundmapping?did=${encodeURIComponent(did)}`);
const statusOf = async (e: RunningEmulator, did: string): Promise<string> =>
  (await numbers(e, 'GET', `/number?starts_with=${encodeURIComponent(did)}`)).json.data.find((n: { did: string }) => n.did === did).status;

const RECORD = {
  id: '1',
  did: '15557770001',
  status: 'available',
  carrier: 'c1',
  pool: 'p1',
  assigned_length: 'None',
  assigned_reference_id: 'None',
  assigned_date: 'None',
  date_created: STAMP,
};

describe('the Numbers module: records and errors [routes.py]', () => {
  it('spec: there is no Numbers module (404)', async () => {
    const e = await start('spec');
    expect((await numbers(e, 'GET', '/number')).status).toBe(404);
  });

  it('lists none, then creates one: every value a string, "None" for NULL; kamreload untouched [:61-166, shared.py rowToDict]', async () => {
    const e = await start();
    expect((await numbers(e, 'GET', '/number', { contentType: null })).json).toMatchObject({ msg: '0 Numbers Retrieved', data: [] });
    const made = await numbers(e, 'POST', '/number', { body: { did: '15557770001', status: 'available', carrier: 'c1', pool: 'p1' } });
    expect(made.json).toEqual({ data: [RECORD], dsipreload: false, error: '', kamreload: false, msg: 'Number created' });
    expect((await numbers(e, 'GET', '/number')).json).toMatchObject({ msg: '1 Numbers Retrieved', data: [RECORD] });
  });

  it("a GET sent as application/json without a body is the platform's 400 [shared.py getRequestData]", async () => {
    const e = await start();
    const r = await numbers(e, 'GET', '/number', { raw: '' });
    expect([r.status, r.json.msg]).toEqual([400, 'The browser (or proxy) sent a request that this server could not understand.']);
  });

  it('stamps assigned_date (to the second, UTC) when assigned_length is set [:148-151]', async () => {
    const e = await start();
    const made = await numbers(e, 'POST', '/number', { body: { did: '1', assigned_length: '30d', assigned_reference_id: 'r-9' } });
    expect(made.json.data[0]).toMatchObject({ status: 'None', assigned_length: '30d', assigned_reference_id: 'r-9', assigned_date: STAMP });
  });

  it.each([
    ['no did', {}, 400, 'http', 'did is required'],
    ['an empty did', { did: '' }, 400, 'http', 'did is required'],
    ['a did that is a number', { did: 1555 }, 500, 'server', 'can only concatenate str (not "int") to str'],
    ['a did of 65 characters', { did: '1'.repeat(65) }, 500, 'db', `(MySQLdb.DataError) (1406, "Data too long for column 'did' at row 1")`],
    [
      'a status of two values',
      { did: '1', status: ['a', 'b'] },
      500,
      'db',
      "(MySQLdb.OperationalError) (1241, 'Operand should contain 1 column(s)')",
    ],
  ])('refuses %s [:123-125, :128-131, dsip_number.py]', async (_what, body, status, error, msg) => {
    const e = await start();
    const r = await numbers(e, 'POST', '/number', { body });
    expect([r.status, r.json.error, r.json.msg]).toEqual([status, error, msg]);
    expect((await numbers(e, 'GET', '/number')).json.data).toEqual([]);
  });

  it('409 "DID already exists" for the DID or the DID with one "+" in front, not the other way round [:128-135]', async () => {
    const e = await start();
    await numbers(e, 'POST', '/number', { body: { did: '+1555' } });
    const dup = await numbers(e, 'POST', '/number', { body: { did: '1555' } });
    expect([dup.status, dup.json.error, dup.json.msg]).toEqual([409, 'http', 'DID already exists']);
    await numbers(e, 'POST', '/number', { body: { did: '1666' } });
    expect((await numbers(e, 'POST', '/number', { body: { did: '+1666' } })).status).toBe(200);
  });

  it('a missing id is 404 "Number not found" (error "http"); a path id that is not digits is Flask\'s HTML 404 [:169-240]', async () => {
    const e = await start();
    for (const method of ['PUT', 'DELETE'] as const) {
      const r = await numbers(e, method, '/number/99', { body: { status: 'x' } });
      expect([r.status, r.json.error, r.json.msg]).toEqual([404, 'http', 'Number not found']);
    }
    const page = await numbers(e, 'PUT', '/number/abc', { body: {} });
    expect([page.status, page.headers['content-type']]).toEqual([404, 'text/html; charset=utf-8']);
    const bulk = await numbers(e, 'GET', '/number/bulk');
    expect([bulk.status, bulk.headers['allow']]).toEqual([405, 'POST']);
  });

  it('deletes one by id, answering the id as a number [:220-240]', async () => {
    const e = await start();
    await numbers(e, 'POST', '/number', { body: { did: '1' } });
    await numbers(e, 'POST', '/number', { body: { did: '2' } });
    expect((await numbers(e, 'DELETE', '/number/2')).json).toMatchObject({ msg: 'Number deleted', data: [{ id: 2 }] });
    expect((await numbers(e, 'GET', '/number')).json.data.map((n: { did: string }) => n.did)).toEqual(['1']);
  });

  it('bulk delete: did, dids and id from the body; a did in the query is a list and fails [:243-292]', async () => {
    const e = await start();
    for (const did of ['15557770001', '+15557770002', '15557770003', '15557770004']) await numbers(e, 'POST', '/number', { body: { did } });
    const query = await numbers(e, 'DELETE', '/number?did=15557770001');
    expect([query.status, query.json.error, query.json.msg]).toEqual([500, 'server', "'list' object has no attribute 'lstrip'"]);
    const one = await numbers(e, 'DELETE', '/number', { body: { did: '15557770001' } });
    expect(one.json).toMatchObject({ msg: '1 Numbers deleted', data: [{ did: '15557770001', id: 1 }] });
    const many = await numbers(e, 'DELETE', '/number', { body: { dids: ['+15557770002'], id: ['3', 4, 99] } });
    expect(many.json).toMatchObject({
      msg: '3 Numbers deleted',
      data: [
        { did: '+15557770002', id: 2 },
        { id: '3', did: '15557770003' },
        { id: 4, did: '15557770004' },
      ],
    });
    const none = await numbers(e, 'DELETE', '/number', { body: { dids: ['1'] } });
    expect([none.status, none.json.error, none.json.msg]).toEqual([404, 'http', 'No numbers found to delete']);
    const empty = await numbers(e, 'DELETE', '/number', { body: {} });
    expect([empty.status, empty.json.msg]).toEqual([400, 'did or the id of the did is required']);
  });

  it("filters by source (the carrier), pool, status and the DID's start, middle and end, from the query [:69-106]", async () => {
    const e = await start();
    const rows = [
      { did: '15551110001', carrier: 'a', pool: 'x', status: 'available' },
      { did: '15552220002', carrier: 'b', pool: 'x', status: 'assigned' },
      { did: '16663330003', carrier: 'a', pool: 'y', status: 'available' },
    ];
    for (const body of rows) await numbers(e, 'POST', '/number', { body });
    const dids = async (query: string): Promise<string[]> =>
      (await numbers(e, 'GET', `/number?${query}`)).json.data.map((n: { did: string }) => n.did);
    expect(await dids('source=a')).toEqual(['15551110001', '16663330003']);
    expect(await dids('pool=x&status=available')).toEqual(['15551110001']);
    expect(await dids('starts_with=1555')).toEqual(['15551110001', '15552220002']);
    expect(await dids('contains=333')).toEqual(['16663330003']);
    expect(await dids('ends_with=2')).toEqual(['15552220002']);
    expect(await dids('starts_with=1_6')).toEqual(['16663330003']);
    const two = await numbers(e, 'GET', '/number?status=a&status=b');
    expect([two.status, two.json.error]).toEqual([500, 'db']);
  });

  it('an update sets what it is sent, stamps assigned_date with assigned_length, and refuses a DID another number holds [:169-217]', async () => {
    const e = await start();
    await numbers(e, 'POST', '/number', { body: { did: '1' } });
    await numbers(e, 'POST', '/number', { body: { did: '2', carrier: 'c' } });
    const updated = await numbers(e, 'PUT', '/number/2', { body: { carrier: null, pool: 'p', assigned_length: '1y' } });
    expect(updated.json).toMatchObject({
      msg: 'Number updated',
      data: [{ id: '2', did: '2', carrier: 'None', pool: 'p', assigned_date: STAMP }],
    });
    expect((await numbers(e, 'PUT', '/number/2', { body: { did: '1' } })).json.msg).toBe('DID already exists');
    expect((await numbers(e, 'PUT', '/number/2', { body: { assigned_date: '2026-01-02' } })).json.data[0].assigned_date).toBe(
      '2026-01-02 00:00:00',
    );
  });
});

describe('numbers and inbound mappings [routes.py _sync_available_inbound_route; api_routes.py _sync_number_status_from_inbound_route]', () => {
  it('an available number creates the mapping of its DID with no servers, named after the DID', async () => {
    const e = await start();
    await numbers(e, 'POST', '/number', { body: { did: '15557770001', status: 'available' } });
    expect((await mapping(e, '15557770001')).json.data).toEqual([{ ruleid: '2', did: '15557770001', name: '15557770001', servers: [''] }]);
    expect((await call(e, 'GET', '/kamailio/stats')).json.kamreload).toBe(false);
  });

  it('rewrites an existing mapping (same ruleid, servers wiped, renamed); deleting the number leaves it', async () => {
    const e = await start();
    await call(e, 'POST', '/inboundmapping', { body: { did: '15557770002', servers: ['#1'], name: 'pre' } });
    await numbers(e, 'POST', '/number', { body: { did: '15557770002', status: 'available' } });
    expect((await mapping(e, '15557770002')).json.data).toEqual([{ ruleid: '2', did: '15557770002', name: '15557770002', servers: [''] }]);
    await numbers(e, 'DELETE', '/number/1');
    expect((await mapping(e, '15557770002')).json.data[0].servers).toEqual(['']);
  });

  it('drops the "+": a number +15558880001 writes mapping 15558880001, and a mapping +15558880002 is renamed', async () => {
    const e = await start();
    await numbers(e, 'POST', '/number', { body: { did: '+15558880001', status: 'available' } });
    expect((await mapping(e, '15558880001')).status).toBe(200);
    await call(e, 'POST', '/inboundmapping', { body: { did: '+15558880002', servers: ['#1'], name: 'plusmap' } });
    await numbers(e, 'POST', '/number', { body: { did: '15558880002', status: 'available' } });
    expect((await mapping(e, '15558880002')).json.data[0]).toMatchObject({ name: '15558880002', servers: [''] });
    expect((await mapping(e, '+15558880002')).status).toBe(404);
  });

  it('only "available" does it: another status leaves the mapping, and so does the CSV upload', async () => {
    const e = await start();
    await numbers(e, 'POST', '/number', { body: { did: '1', status: 'Available' } });
    expect((await mapping(e, '1')).status).toBe(404);
    await numbers(e, 'PUT', '/number/1', { body: { status: 'assigned' } });
    expect((await mapping(e, '1')).status).toBe(404);
  });

  it('an update to available (or any update of an available number) rewrites the mapping again', async () => {
    const e = await start();
    await numbers(e, 'POST', '/number', { body: { did: '15557770009', status: 'reserved' } });
    await numbers(e, 'PUT', '/number/1', { body: { status: 'available' } });
    expect((await mapping(e, '15557770009')).json.data[0].servers).toEqual(['']);
    await call(e, 'DELETE', '/inboundmapping?did=15557770009');
    await call(e, 'POST', '/inboundmapping', { body: { did: '15557770009', servers: ['#1'], name: 'n' } });
    await numbers(e, 'PUT', '/number/1', { body: { status: 'available', pool: 'p' } });
    expect((await mapping(e, '15557770009')).json.data[0]).toMatchObject({ name: '15557770009', servers: [''] });
  });

  it('a mapping with servers makes its number assigned; deleting the mapping makes it available; the "+" either side', async () => {
    const e = await start();
    await numbers(e, 'POST', '/number', { body: { did: '15557770003', status: 'reserved' } });
    await numbers(e, 'POST', '/number', { body: { did: '+15557770004', status: 'reserved' } });
    await call(e, 'POST', '/inboundmapping', { body: { did: '15557770003', servers: ['#1'], name: 'n3' } });
    await call(e, 'POST', '/inboundmapping', { body: { did: '+15557770004', servers: ['#1'], name: 'n4' } });
    expect([await statusOf(e, '15557770003'), await statusOf(e, '+15557770004')]).toEqual(['assigned', 'assigned']);
    await call(e, 'DELETE', '/inboundmapping?did=15557770003');
    expect(await statusOf(e, '15557770003')).toBe('available');
    expect((await mapping(e, '15557770003')).status).toBe(404); // the delete does not bring the mapping back
  });
});

describe('the CSV upload [routes.py:295-355]', () => {
  const upload = (e: RunningEmulator, csv: string | Buffer, field = 'file'): Promise<Answer> => {
    const form = new FormData();
    form.append(field, new Blob([csv]), 'numbers.csv');
    const req = new Request('http://x/', { method: 'POST', body: form });
    return req
      .arrayBuffer()
      .then((bytes) => numbers(e, 'POST', '/number/bulk', { raw: Buffer.from(bytes), contentType: req.headers.get('content-type') }));
  };

  it('skips the header row and DIDs already held, strips cells, keeps "" apart from a missing cell, and writes no mapping', async () => {
    const e = await start();
    await numbers(e, 'POST', '/number', { body: { did: '+15550000001' } });
    const csv =
      'did,status,carrier,pool,assigned_length,assigned_reference_id\r\n 15550000001 ,available\r\n15550000002, available ,"Acme, Inc",,7d\r\n\r\n15550000003\r\n15550000002\r\n';
    const r = await upload(e, csv);
    expect(r.json.msg).toBe('2 Numbers created');
    expect(r.json.data).toEqual([
      {
        ...RECORD,
        id: '2',
        did: '15550000002',
        status: 'available',
        carrier: 'Acme, Inc',
        pool: '',
        assigned_length: '7d',
        assigned_date: STAMP,
      },
      { ...RECORD, id: '3', did: '15550000003', status: 'None', carrier: 'None', pool: 'None' },
    ]);
    expect((await mapping(e, '15550000002')).status).toBe(404);
  });

  it.each([
    ['no file', () => 'x', 'attachment', 400, 'CSV file is required'],
    ['an empty file', () => '', 'file', 500, 'Unknown Error Occurred'],
    [
      'bytes that are not UTF-8',
      () => Buffer.from([0x64, 0x69, 0x64, 0x0a, 0xff]),
      'file',
      500,
      "'utf-8' codec can't decode byte 0xff in position 4: invalid start byte",
    ],
  ])('answers %s', async (_what, csv, field, status, msg) => {
    const e = await start();
    const r = await upload(e, csv(), field);
    expect([r.status, r.json.msg]).toEqual([status, msg]);
  });

  it('writes nothing when a row fails, and the ids the rows before it took are used up', async () => {
    const e = await start();
    const r = await upload(e, `did\n1\n2\n${'9'.repeat(65)}\n`);
    expect([r.status, r.json.error]).toEqual([500, 'db']);
    expect((await numbers(e, 'GET', '/number')).json.data).toEqual([]);
    expect((await numbers(e, 'POST', '/number', { body: { did: '5' } })).json.data[0].id).toBe('3');
  });
});

describe('the Numbers table in the --data file', () => {
  it('keeps the numbers and the id counter across a restart', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dsipform-numbers-'));
    try {
      const dataFile = join(dir, 'state.json');
      const first = await start('current', { dataFile });
      await numbers(first, 'POST', '/number', { body: { did: '1', status: 'available' } });
      await numbers(first, 'POST', '/number', { body: { did: '2' } });
      await numbers(first, 'DELETE', '/number/2');
      await first.close();
      expect(JSON.parse(await readFile(dataFile, 'utf8')).numbers).toMatchObject({
        nextId: 3,
        numbers: [{ id: 1, did: '1', status: 'available', carrier: null }],
      });
      const again = await start('current', { dataFile });
      expect((await numbers(again, 'POST', '/number', { body: { did: '3' } })).json.data[0].id).toBe('3');
      expect((await numbers(again, 'GET', '/number')).json.data.map((n: { did: string }) => n.did)).toEqual(['1', '3']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
