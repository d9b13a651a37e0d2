/**
 * Conformance of the emulator's groups API (issue 17) over real HTTP, under both profiles: the
 * answers docs/platform-profiles.md ("Groups") lists, with the upstream lines they reproduce
 * (gui/modules/api/carriergroups/routes.py, functions.py and gui/modules/api/api_routes.py at
 * v0.79-rel). A fresh install holds carrier groups 1-10 and gateways 1-55, so the first group
 * created is 11 and its first gateway 56.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type ApiProfileName, type EmulatorOptions, type RunningEmulator } from '../../src/emulator/index.js';
import { startEmulatorProcess, type EmulatorProcess } from '../helpers/cli.js';
import { call } from './helpers.js';

let emu: RunningEmulator | undefined;
let proc: EmulatorProcess | undefined;
afterEach(async () => {
  await emu?.close();
  await proc?.stop();
  emu = proc = undefined;
});

async function start(profile: ApiProfileName, options: EmulatorOptions = {}): Promise<RunningEmulator> {
  emu = await startEmulator({ port: 0, token: 'groups-conformance-0123456789', profile, ...options });
  return emu;
}

const ENDPOINT = { name: 'e1', hostname: 'sip.example.com', strip: '1', prefix: '9', rweight: '3' };

describe.each(['spec', 'current'] as const)('groups API, both profiles (%s)', (profile) => {
  it('lists carrier groups 1-10 of a fresh install and no endpoint group (routes.py:131-160, api_routes.py:1069-1097)', async () => {
    const e = await start(profile);
    const list = await call(e, 'GET', '/carriergroups');
    expect(list.status).toBe(200);
    expect(list.json.msg).toBe('Carrier groups found');
    expect(list.json.data).toHaveLength(10);
    expect(list.json.data[0]).toEqual({ gwgroupid: 1, name: 'Twilio NA Inbound CarrierGroup', gwlist: '1,2,3,4,5,6,7,8' });
    expect(list.json.kamreload).toBe(false);
    const eps = await call(e, 'GET', '/endpointgroups');
    expect(eps.json).toMatchObject({ data: [], msg: 'Endpoint groups found', error: '' });
  });

  it('--empty starts without groups', async () => {
    const e = await start(profile, { empty: true });
    expect((await call(e, 'GET', '/carriergroups')).json.data).toEqual([]);
  });

  it('creates with POST or PUT, reads one with its gateways, deletes it with its gateways', async () => {
    const e = await start(profile);
    const made = await call(e, 'POST', '/carriergroups', { body: { name: 'A', gwgroupid: '', endpoints: [ENDPOINT] } });
    expect(made.status).toBe(200);
    expect(made.json.data).toEqual([{ gwgroupid: 11 }]);
    const viaPut = await call(e, 'PUT', '/carriergroups', { body: { name: 'B', endpoints: [] } });
    expect(viaPut.json.data).toEqual([{ gwgroupid: 12 }]);
    const one = await call(e, 'GET', '/carriergroups/11');
    expect(one.json.data).toEqual([
      {
        gwgroupid: 11,
        name: 'A',
        gwlist: '56',
        endpoints: [{ gwid: 56, name: 'e1', hostname: 'sip.example.com:5060', strip: 1, prefix: '9' }],
      },
    ]);
    const asEndpointGroup = await call(e, 'GET', '/endpointgroups/11');
    expect(asEndpointGroup.json.msg).toBe('Endpoint group found');
    expect(asEndpointGroup.json.data[0].endpoints).toEqual([
      {
        gwid: 56,
        host: 'sip.example.com',
        port: 5060,
        signalling: 'proxy',
        media: 'proxy',
        description: 'e1',
        rweight: 3,
        keepalive: 0,
        maintmode: '',
      },
    ]);
    expect(asEndpointGroup.json.data[0].auth).toEqual({ type: 'ip' });
    const gone = await call(e, 'DELETE', '/carriergroups/11');
    expect(gone.json).toMatchObject({ msg: 'Carrier group deleted', kamreload: true });
    expect((await call(e, 'GET', '/endpointgroups/11')).status).toBe(404);
  });

  it('updates by gwgroupid (POST and PUT alike); an endpoint with a gwid updates that gateway, keeping its dispatcher address', async () => {
    const e = await start(profile);
    await call(e, 'POST', '/carriergroups', { body: { name: 'A', endpoints: [ENDPOINT] } });
    const moved = { ...ENDPOINT, gwid: '56', hostname: '10.0.0.9:5070', rweight: '7' };
    const put = await call(e, 'POST', '/carriergroups', { body: { name: 'A2', gwgroupid: '11', endpoints: [moved] } });
    expect(put.status).toBe(200);
    const one = (await call(e, 'GET', '/carriergroups/11')).json.data[0];
    expect(one).toMatchObject({ name: 'A2', gwlist: '56', endpoints: [{ gwid: 56, hostname: '10.0.0.9:5070' }] });
    // The dispatcher row still names the old address: the platform shows weight 0 (api_routes.py:1003-1014).
    expect((await call(e, 'GET', '/endpointgroups/11')).json.data[0].endpoints[0]).toMatchObject({
      host: '10.0.0.9',
      port: 5070,
      rweight: 0,
    });
  });

  it('endpoint groups: POST answers the gwids, GET shows the password in plain text, PUT replaces the endpoint set', async () => {
    const e = await start(profile);
    const auth = { type: 'userpwd', user: 'pbx1', pass: 'plain-Pa55', domain: 'pbx.example.com' };
    const made = await call(e, 'POST', '/endpointgroups', {
      body: {
        name: 'pbx',
        auth,
        call_settings: { limit: 5, timeout: 60 },
        endpoints: [{ host: '10.1.1.1' }, { host: '10.1.1.2', port: 5080 }],
      },
    });
    expect(made.json).toMatchObject({ msg: 'Endpoint group created', data: [{ gwgroupid: 11, endpoints: [56, 57] }], kamreload: true });
    const one = (await call(e, 'GET', '/endpointgroups/11')).json.data[0];
    expect(one).toMatchObject({ name: 'pbx', gwgroupid: 11, call_settings: { limit: 5, timeout: 60 }, auth });
    expect(one.endpoints.map((x: { host: string; port: number; rweight: number }) => [x.host, x.port, x.rweight])).toEqual([
      ['10.1.1.1', 5060, 1],
      ['10.1.1.2', 5080, 1],
    ]);
    const put = await call(e, 'PUT', '/endpointgroups/11', {
      body: { name: 'pbx', call_settings: { limit: 5, timeout: 60 }, endpoints: [{ gwid: 57, rweight: 4 }, { host: '10.1.1.3' }] },
    });
    expect(put.json).toMatchObject({ msg: 'Endpoint group updated', data: [{ gwgroupid: 11, endpoints: [58, 57] }] });
    const after = (await call(e, 'GET', '/endpointgroups/11')).json.data[0];
    expect(after.endpoints.map((x: { gwid: number; rweight: number }) => [x.gwid, x.rweight])).toEqual([
      [57, 4],
      [58, 1],
    ]);
    expect((await call(e, 'GET', '/endpointgroups')).json.data).toEqual([{ gwgroupid: 11, name: 'pbx', gwlist: '58,57' }]);
    // Not a carrier group.
    expect((await call(e, 'GET', '/carriergroups/11')).status).toBe(404);
  });

  it('refuses a carrier-group write without a name, and an endpoint group without a host', async () => {
    const e = await start(profile);
    const noName = await call(e, 'POST', '/carriergroups', { body: { endpoints: [] } });
    expect([noName.status, noName.json.msg]).toEqual(profile === 'current' ? [500, "'name'"] : [400, 'name is required']);
    const noHost = await call(e, 'POST', '/endpointgroups', { body: { name: 'p', endpoints: [{ port: 5060 }] } });
    expect([noHost.status, noHost.json.error, noHost.json.msg]).toEqual([400, 'http', 'Endpoint hostname/address is required']);
    expect((await call(e, 'GET', '/carriergroups')).json.data).toHaveLength(10);
    expect((await call(e, 'GET', '/endpointgroups')).json.data).toEqual([]);
  });

  it('a group name is not unique', async () => {
    const e = await start(profile);
    for (let i = 0; i < 2; i++) await call(e, 'POST', '/carriergroups', { body: { name: 'Twin', endpoints: [] } });
    const twins = (await call(e, 'GET', '/carriergroups')).json.data.filter((g: { name: string }) => g.name === 'Twin');
    expect(twins.map((g: { gwgroupid: number }) => g.gwgroupid)).toEqual([11, 12]);
  });
});

describe('groups API: where the profiles differ', () => {
  it('current: the carrier-group payload has no dsipreload, msg "" and the kamreload of before the write (routes.py:263, :331)', async () => {
    const e = await start('current');
    const made = await call(e, 'POST', '/carriergroups', { body: { name: 'A', endpoints: [] } });
    expect(made.json).toEqual({ error: '', msg: '', kamreload: false, data: [{ gwgroupid: 11 }] });
    const again = await call(e, 'PUT', '/carriergroups/11', { body: { name: 'A' } });
    expect(again.json).toEqual({ error: '', msg: '', kamreload: true, data: [{ gwgroupid: '11' }] });
  });

  it('current: an endpoint with a number for strip is swallowed (200; the others are written); spec takes it', async () => {
    const numeric = { name: 'x', hostname: 'h', strip: 0, prefix: '' };
    const body = { name: 'S', endpoints: [numeric, ENDPOINT] };
    const cur = await start('current');
    expect((await call(cur, 'POST', '/carriergroups', { body })).json.data).toEqual([{ gwgroupid: 11 }]);
    expect((await call(cur, 'GET', '/carriergroups/11')).json.data[0].gwlist).toBe('56');
    await cur.close();
    const spec = await start('spec');
    expect((await call(spec, 'POST', '/carriergroups', { body })).json).toMatchObject({
      msg: 'Carrier group created',
      data: [{ gwgroupid: 11 }],
    });
    expect((await call(spec, 'GET', '/carriergroups/11')).json.data[0].gwlist).toBe('56,57');
  });

  it('spec: a bad endpoint is a 400 naming it, and nothing is written', async () => {
    const spec = await start('spec');
    const body = { name: 'S', endpoints: [ENDPOINT, { ...ENDPOINT, hostname: 'bad host' }] };
    const refused = await call(spec, 'POST', '/carriergroups', { body });
    expect([refused.status, refused.json.error, refused.json.msg]).toEqual([
      400,
      'http',
      'endpoints[1]: Endpoint hostname/address is malformed',
    ]);
    expect((await call(spec, 'GET', '/carriergroups')).json.data).toHaveLength(10);
  });

  it('current: an update of an unknown group answers 200 with the error page as its gwgroupid; spec: 404', async () => {
    const cur = await start('current');
    const swallowed = await call(cur, 'PUT', '/carriergroups/99', { body: { name: 'N' } });
    expect(swallowed.status).toBe(200);
    expect(swallowed.json.data[0].gwgroupid[1]).toBe(500);
    await cur.close();
    const spec = await start('spec');
    expect((await call(spec, 'PUT', '/carriergroups/99', { body: { name: 'N' } })).json).toMatchObject({
      error: '',
      msg: "The carrier group doesn't exist",
    });
  });

  it('dsipform emulator --swallow-group-errors: the spec profile swallows like the platform; without it, 400', async () => {
    const token = 'swallow-cli-token-0123456789';
    const body = { name: 'S', endpoints: [{ name: 'x', hostname: 'bad host', strip: '0', prefix: '' }] };
    proc = await startEmulatorProcess(['--token', token, '--swallow-group-errors']);
    expect((await call({ url: proc.url, token }, 'POST', '/carriergroups', { body })).status).toBe(200);
    await proc.stop();
    proc = await startEmulatorProcess(['--token', token]);
    expect((await call({ url: proc.url, token }, 'POST', '/carriergroups', { body })).status).toBe(400);
  });

  it('spec with the swallow switch answers like the platform', async () => {
    const e = await start('spec', { faults: { swallowGroupErrors: true } });
    const res = await call(e, 'POST', '/carriergroups', {
      body: { name: 'S', endpoints: [{ name: 'x', hostname: 'bad host', strip: '0', prefix: '' }] },
    });
    expect(res.status).toBe(200);
    expect((await call(e, 'GET', '/carriergroups/11')).json.data[0].endpoints).toEqual([]);
  });

  it.each([
    ['current', 404, 'http'],
    ['spec', 404, ''],
  ] as const)('%s: an unknown carrier group is %i with error "%s"', async (profile, status, error) => {
    const e = await start(profile);
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await call(e, method, '/carriergroups/99');
      expect([res.status, res.json.error, res.json.msg]).toEqual([status, error, "The carrier group doesn't exist"]);
    }
    const eg = await call(e, 'GET', '/endpointgroups/99');
    expect([eg.status, eg.json.error, eg.json.msg]).toEqual([status, error, 'Endpoint Group Does Not Exist']);
  });

  it('current: DELETE /endpointgroups of an unknown id answers 200 and raises kamreload; spec: 404', async () => {
    const cur = await start('current');
    expect((await call(cur, 'DELETE', '/endpointgroups/99')).json).toMatchObject({ msg: 'EndpointGroup deleted', kamreload: true });
    await cur.close();
    const spec = await start('spec');
    expect((await call(spec, 'DELETE', '/endpointgroups/99')).status).toBe(404);
  });

  it('current: PUT /endpointgroups without call_settings is 500 "\'limit\'" (api_routes.py:1252-1255); spec: 200', async () => {
    const cur = await start('current');
    await call(cur, 'POST', '/endpointgroups', { body: { name: 'p', endpoints: [{ host: '10.0.0.1' }] } });
    expect((await call(cur, 'PUT', '/endpointgroups/11', { body: { name: 'q' } })).json).toMatchObject({ error: 'server', msg: "'limit'" });
    await cur.close();
    const spec = await start('spec');
    await call(spec, 'POST', '/endpointgroups', { body: { name: 'p', endpoints: [{ host: '10.0.0.1' }] } });
    expect((await call(spec, 'PUT', '/endpointgroups/11', { body: { name: 'q' } })).status).toBe(200);
  });
});
