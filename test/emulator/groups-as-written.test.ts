/**
 * Issue 24, part 6: groups written as the deployed platform (0.79) writes them. Each row is a
 * differential probe of the `current` profile against what the 0.79 handlers do, citing the upstream
 * function (gui/modules/api/carriergroups/routes.py and functions.py, gui/modules/api/api_routes.py,
 * gui/shared.py `strFieldsToDict`, gui/util/networking.py `safeUriToHost`, all at v0.79-rel).
 * docs/platform-profiles.md ("Groups as the platform writes them") is the readable version.
 * A fresh install holds carrier groups 1-10 and gateways 1-55: the first group made is 11, its
 * first gateway 56.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type ApiProfileName, type RunningEmulator } from '../../src/emulator/index.js';
import { sipAddress } from '../../src/emulator/handlers/group-common.js';
import { call, type Answer } from './helpers.js';

const running: RunningEmulator[] = [];
afterEach(async () => {
  for (const e of running.splice(0)) await e.close();
});

async function start(profile: ApiProfileName = 'current'): Promise<RunningEmulator> {
  const emu = await startEmulator({ port: 0, token: 'as-written-token-0123456789', profile });
  running.push(emu);
  return emu;
}

const NO_DICT_1 = 'dictionary update sequence element #1 has length 1; 2 is required';
const ENDPOINT = { name: 'e1', hostname: 'sip.example.com', strip: '0', prefix: '', rweight: '3' };
const CALLS = { limit: 5, timeout: 60 };

async function ok(emu: RunningEmulator, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<Answer> {
  const res = await call(emu, method, path, body === undefined ? {} : { body });
  expect(res.status, `${method} ${path}: ${res.text}`).toBe(200);
  return res;
}

const carrierNames = async (emu: RunningEmulator): Promise<string[]> =>
  ((await ok(emu, 'GET', '/carriergroups')).json.data as { name: string }[]).map((g) => g.name);

describe('1. a "," in a name (strFieldsToDict cannot read it back)', () => {
  it('carrier group create: 200 with the error page as gwgroupid, nothing written [functions.py addUpdateCarrierGroups]', async () => {
    const emu = await start();
    const res = await ok(emu, 'POST', '/carriergroups', { name: 'A,B', gwgroupid: '', endpoints: [ENDPOINT] });
    expect(res.json.data[0].gwgroupid).toEqual([expect.stringContaining('<!DOCTYPE html>'), 500]);
    expect(await carrierNames(emu)).toHaveLength(10);
    expect((await call(emu, 'GET', '/endpointgroups/11')).status).toBe(404);
  });

  it('carrier group update to a name with ",": 200 with the error page, the name unchanged', async () => {
    const emu = await start();
    await ok(emu, 'POST', '/carriergroups', { name: 'A', gwgroupid: '' });
    const res = await ok(emu, 'PUT', '/carriergroups/11', { name: 'A,B' });
    expect(res.json.data[0].gwgroupid).toEqual([expect.stringContaining('<!DOCTYPE html>'), 500]);
    expect((await carrierNames(emu)).at(-1)).toBe('A');
  });

  it('endpoint group create: 500 server, nothing written [api_routes.py addEndpointGroups]', async () => {
    const emu = await start();
    const res = await call(emu, 'POST', '/endpointgroups', { body: { name: 'P,Q', endpoints: [{ host: 'pbx.example.com' }] } });
    expect(res.status).toBe(500);
    expect(res.json).toMatchObject({ error: 'server', msg: NO_DICT_1 });
    expect((await ok(emu, 'GET', '/endpointgroups')).json.data).toEqual([]);
  });

  it('a carrier endpoint name with "," is stored; GET and DELETE of its group then answer 500 [routes.py getCarrierGroupEndpoints, deleteCarrierGroupData]', async () => {
    const emu = await start();
    await ok(emu, 'POST', '/carriergroups', { name: 'A', gwgroupid: '', endpoints: [{ ...ENDPOINT, name: 'e,1' }] });
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await call(emu, method, '/carriergroups/11');
      expect(res.status, method).toBe(500);
      expect(res.json).toMatchObject({ error: 'server', msg: NO_DICT_1 });
    }
    expect(await carrierNames(emu)).toContain('A'); // the list reads only the groups: still 200, the group still there
  });

  it('an endpoint-group endpoint description with "," is stored; GET and DELETE of the group then answer 500 [api_routes.py getEndpointGroup, deleteEndpointGroup]', async () => {
    const emu = await start();
    await ok(emu, 'POST', '/endpointgroups', { name: 'P', endpoints: [{ host: 'pbx.example.com', description: 'a,b' }] });
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await call(emu, method, '/endpointgroups/11');
      expect(res.status, method).toBe(500);
      expect(res.json).toMatchObject({ error: 'server', msg: NO_DICT_1 });
    }
    expect((await ok(emu, 'GET', '/endpointgroups')).json.data).toEqual([{ gwgroupid: 11, name: 'P', gwlist: '56' }]);
  });

  it('the spec profile keeps such names readable (it is not the platform)', async () => {
    const emu = await start('spec');
    await ok(emu, 'POST', '/carriergroups', { name: 'A', gwgroupid: '', endpoints: [{ ...ENDPOINT, name: 'e,1' }] });
    expect((await ok(emu, 'GET', '/carriergroups/11')).json.data[0].endpoints[0].name).toBe('e,1');
  });
});

describe('2. a create that fails part way still uses up a gwgroupid (the row is inserted first)', () => {
  it.each([
    ['a carrier group named "A,B"', ['POST', '/carriergroups', { name: 'A,B', gwgroupid: '' }]],
    ['an endpoint group named "P,Q"', ['POST', '/endpointgroups', { name: 'P,Q' }]],
    ['an endpoint group with a malformed host', ['POST', '/endpointgroups', { name: 'P', endpoints: [{ host: 'bad host' }] }]],
  ] as const)('after %s, there is no group 11 and the next group made is 12', async (_, [method, path, body]) => {
    const emu = await start();
    await call(emu, method, path, { body });
    expect((await call(emu, 'GET', '/endpointgroups/11')).status).toBe(404);
    expect((await ok(emu, 'POST', '/carriergroups', { name: 'next', gwgroupid: '' })).json.data[0].gwgroupid).toBe(12);
  });

  it('after an endpoint group whose user is taken, too (the check runs after the insert)', async () => {
    const emu = await start();
    const body = { name: 'P', auth: { type: 'userpwd', user: 'u', pass: 'p' } };
    await ok(emu, 'POST', '/endpointgroups', body);
    expect((await call(emu, 'POST', '/endpointgroups', { body })).status).toBe(500);
    expect((await ok(emu, 'POST', '/carriergroups', { name: 'next', gwgroupid: '' })).json.data[0].gwgroupid).toBe(13);
  });

  it('the id stays used up across a restart of a --data emulator', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dsipform-burn-'));
    try {
      const dataFile = join(dir, 'state.json');
      const first = await startEmulator({ port: 0, token: 'as-written-token-0123456789', profile: 'current', dataFile });
      await call(first, 'POST', '/carriergroups', { body: { name: 'A,B', gwgroupid: '' } });
      await first.close();
      expect(JSON.parse(await readFile(dataFile, 'utf8')).groups).toMatchObject({ nextGwgroupid: 12 });
      const again = await startEmulator({ port: 0, token: 'as-written-token-0123456789', profile: 'current', dataFile });
      running.push(again);
      expect((await call(again, 'GET', '/endpointgroups/11')).status).toBe(404);
      expect((await ok(again, 'POST', '/carriergroups', { name: 'next', gwgroupid: '' })).json.data[0].gwgroupid).toBe(12);
      expect((await ok(again, 'GET', '/carriergroups')).json.kamreload).toBe(true); // from the successful create only
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a failed carrier create does not raise kamreload (it was rolled back)', async () => {
    const emu = await start();
    await call(emu, 'POST', '/carriergroups', { body: { name: 'A,B', gwgroupid: '' } });
    expect((await ok(emu, 'GET', '/carriergroups')).json.kamreload).toBe(false);
  });
});

describe('3. the carrier-group 404 is the whole envelope [routes.py listCarrierGroups → showApiError]', () => {
  it.each(['GET', 'DELETE'] as const)('%s /carriergroups/99: 404 with error, msg, kamreload, dsipreload and data', async (method) => {
    const emu = await start();
    const res = await call(emu, method, '/carriergroups/99');
    expect(res.status).toBe(404);
    expect(Object.keys(res.json).sort()).toEqual(['data', 'dsipreload', 'error', 'kamreload', 'msg']);
    expect(res.json).toMatchObject({ error: 'http', msg: "The carrier group doesn't exist", data: [], dsipreload: false });
  });
});

describe("4. host names as the platform's safeUriToHost takes them", () => {
  it.each([
    ['12345', '12345:5060'],
    ['1.2.3.256', '1.2.3.256:5060'],
    ['10.0.0.1', '10.0.0.1:5060'],
    ['a_b.example.com', 'a_b.example.com:5060'],
    ['sip.example.com:5080', 'sip.example.com:5080'],
    ['sip:gw.example.com;transport=tcp', 'gw.example.com:5060'],
    ['user@gw.example.com', 'gw.example.com:5060'],
    ['[2001:db8::1]:5080', '[2001:db8::1]:5080'],
    ['2001:db8::1', '[2001:db8::1]:5060'],
    ['localhost:5080', '5080:5060'], // "localhost:" reads as a scheme
    ['example_com', null],
    ['example.com.', null],
    ['-gw.example.com', null],
    ['gw.example.com:0', null],
    ['gw:0', '0:5060'], // port 0 is not a port, so "gw:" reads as a scheme
    ['gw.example.com:60000', null],
    [' gw.example.com', null],
    ['', null],
  ])('%j → %j', (text, address) => {
    expect(sipAddress(text, 5060)).toBe(address);
  });

  it.each(['spec', 'current'] as const)('%s: 12345 and 1.2.3.256 are stored; example_com and example.com. are refused', async (profile) => {
    const emu = await start(profile);
    const eps = ['12345', '1.2.3.256'].map((hostname, i) => ({ ...ENDPOINT, name: `e${i}`, hostname }));
    await ok(emu, 'POST', '/carriergroups', { name: 'A', gwgroupid: '', endpoints: eps });
    const read = (await ok(emu, 'GET', '/carriergroups/11')).json.data[0].endpoints.map((e: { hostname: string }) => e.hostname);
    expect(read).toEqual(['12345:5060', '1.2.3.256:5060']);
    for (const hostname of ['example_com', 'example.com.']) {
      const res = await call(emu, 'POST', '/carriergroups', { body: { name: 'B', gwgroupid: '', endpoints: [{ ...ENDPOINT, hostname }] } });
      if (profile === 'spec')
        expect(res.json).toMatchObject({ error: 'http', msg: 'endpoints[0]: Endpoint hostname/address is malformed' });
      else expect(res.status).toBe(200); // the endpoint is skipped, the group written without it
      const eg = await call(emu, 'POST', '/endpointgroups', { body: { name: 'P', endpoints: [{ host: hostname }] } });
      expect(eg.json).toMatchObject({ error: 'http', msg: 'Endpoint hostname/address is malformed' });
    }
    if (profile === 'current') expect((await ok(emu, 'GET', '/carriergroups/12')).json.data[0].endpoints).toEqual([]);
  });
});

describe('5. PUT /endpointgroups and carrier-group ids as the platform reads them [api_routes.py updateEndpointGroups]', () => {
  async function groupWithEndpoint(emu: RunningEmulator): Promise<void> {
    await ok(emu, 'POST', '/endpointgroups', { name: 'P', call_settings: CALLS, endpoints: [{ host: 'pbx.example.com', rweight: 7 }] });
  }
  const weights = async (emu: RunningEmulator): Promise<[number, number][]> =>
    ((await ok(emu, 'GET', '/endpointgroups/11')).json.data[0].endpoints as { gwid: number; rweight: number }[]).map((e) => [
      e.gwid,
      e.rweight,
    ]);

  it('a numeric gwid updates the gateway in place and keeps its weight (created by POST)', async () => {
    const emu = await start();
    await groupWithEndpoint(emu);
    await ok(emu, 'PUT', '/endpointgroups/11', { name: 'P', call_settings: CALLS, endpoints: [{ gwid: 56, host: 'pbx.example.com' }] });
    expect(await weights(emu)).toEqual([[56, 7]]);
  });

  it('a string gwid deletes that gateway and makes a new one, whose dispatcher row goes with the old one (weight 0)', async () => {
    const emu = await start();
    await groupWithEndpoint(emu);
    const res = await ok(emu, 'PUT', '/endpointgroups/11', {
      name: 'P',
      call_settings: CALLS,
      endpoints: [{ gwid: '56', host: 'pbx.example.com', rweight: 7 }],
    });
    expect(res.json.data).toEqual([{ gwgroupid: 11, endpoints: [57] }]);
    expect(await weights(emu)).toEqual([[57, 0]]);
  });

  it('an endpoint created by a PUT loses its weight on the next PUT that does not send it', async () => {
    const emu = await start();
    await ok(emu, 'POST', '/endpointgroups', { name: 'P', call_settings: CALLS });
    await ok(emu, 'PUT', '/endpointgroups/11', { name: 'P', call_settings: CALLS, endpoints: [{ host: 'pbx.example.com', rweight: 7 }] });
    expect(await weights(emu)).toEqual([[56, 7]]);
    await ok(emu, 'PUT', '/endpointgroups/11', { name: 'P', call_settings: CALLS, endpoints: [{ gwid: 56, host: 'pbx.example.com' }] });
    expect(await weights(emu)).toEqual([[56, 0]]);
    // Sent again, the weight is written to a new row that names the gateway, and then stays.
    await ok(emu, 'PUT', '/endpointgroups/11', {
      name: 'P',
      call_settings: CALLS,
      endpoints: [{ gwid: 56, host: 'pbx.example.com', rweight: 4 }],
    });
    await ok(emu, 'PUT', '/endpointgroups/11', { name: 'P', call_settings: CALLS, endpoints: [{ gwid: 56, host: 'pbx.example.com' }] });
    expect(await weights(emu)).toEqual([[56, 4]]);
  });

  it.each([
    [
      '?gwgroupid=11 (the query merged as a list)',
      '/endpointgroups?gwgroupid=11',
      {},
      "int() argument must be a string, a bytes-like object or a real number, not 'list'",
    ],
    ['a body gwgroupid "abc"', '/endpointgroups', { gwgroupid: 'abc' }, "invalid literal for int() with base 10: 'abc'"],
  ])('PUT with %s: 500 server, nothing changed', async (_, path, extra, msg) => {
    const emu = await start();
    await groupWithEndpoint(emu);
    const res = await call(emu, 'PUT', path, { body: { name: 'Renamed', call_settings: CALLS, ...extra } });
    expect(res.status).toBe(500);
    expect(res.json).toMatchObject({ error: 'server', msg });
    expect((await ok(emu, 'GET', '/endpointgroups')).json.data[0].name).toBe('P');
  });

  it('carrier group PUT with endpoints: null: 500 after the group was written [routes.py addCarrierGroups]', async () => {
    const emu = await start();
    await ok(emu, 'POST', '/carriergroups', { name: 'A', gwgroupid: '' });
    const res = await call(emu, 'PUT', '/carriergroups/11', { body: { name: 'B', endpoints: null } });
    expect(res.status).toBe(500);
    expect(res.json).toMatchObject({ error: 'server', msg: "'NoneType' object is not iterable" });
    expect((await carrierNames(emu)).at(-1)).toBe('B');
  });

  it('GET /carriergroups/1abc answers group 1 (MySQL reads the string as 1); DELETE of it removes group 1', async () => {
    const emu = await start();
    const res = await ok(emu, 'GET', '/carriergroups/1abc');
    expect(res.json.data[0]).toMatchObject({ gwgroupid: 1, name: 'Twilio NA Inbound CarrierGroup' });
    expect(res.json.data[0].endpoints).toHaveLength(8);
    expect((await call(emu, 'GET', '/carriergroups/abc')).status).toBe(404);
    await ok(emu, 'DELETE', '/carriergroups/1abc');
    expect((await call(emu, 'GET', '/carriergroups/1')).status).toBe(404);
  });

  it('the spec profile refuses a non-digit carrier-group id with 404', async () => {
    const emu = await start('spec');
    expect((await call(emu, 'GET', '/carriergroups/1abc')).status).toBe(404);
  });
});
