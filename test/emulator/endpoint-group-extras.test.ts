/**
 * Issue 34, endpoint groups: notifications, the CDR report and FusionPBX as
 * gui/modules/api/api_routes.py (v0.79-rel) stores and returns them (addEndpointGroups,
 * updateEndpointGroups, getEndpointGroup), under both profiles; and the deployed GET's failure on
 * an IPv6 endpoint, under `current` only. Over real HTTP; a fresh install's first group is 11,
 * its first gateway 56.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type ApiProfileName, type EmulatorOptions, type RunningEmulator } from '../../src/emulator/index.js';
import { call } from './helpers.js';

const running: RunningEmulator[] = [];
afterEach(async () => {
  for (const e of running.splice(0)) await e.close();
});

async function start(profile: ApiProfileName, options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const emu = await startEmulator({ port: 0, token: 'extras-token-0123456789', profile, ...options });
  running.push(emu);
  return emu;
}

const NOTIFY = { overmaxcalllimit: 'a@example.com', endpointfailure: 'b@example.com' };
const CDR = { cdr_email: 'c@example.com', cdr_send_interval: '0 0 * * *' };
const SETTINGS = { call_settings: { limit: 5, timeout: 3600 } };

describe.each(['spec', 'current'] as const)('endpoint group extras (%s)', (profile) => {
  it('keeps notifications and the CDR report and answers them on GET [api_routes.py:2051-2090, :1036-1060]', async () => {
    const e = await start(profile);
    const made = await call(e, 'POST', '/endpointgroups', {
      body: { name: 'EG', notifications: NOTIFY, cdr: CDR, endpoints: [{ host: '192.0.2.7' }] },
    });
    expect(made.json.data).toEqual([{ gwgroupid: 11, endpoints: [56] }]);
    const one = (await call(e, 'GET', '/endpointgroups/11')).json.data[0];
    expect(one.notifications).toEqual(NOTIFY);
    expect(one.cdr).toEqual(CDR);
    expect(one.fusionpbx).toEqual({});
  });

  it('a PUT removes a notification kind not sent and a CDR with an empty address; without `cdr` it keeps it [:1655-1724]', async () => {
    const e = await start(profile);
    await call(e, 'POST', '/endpointgroups', { body: { name: 'EG', notifications: NOTIFY, cdr: CDR } });
    await call(e, 'PUT', '/endpointgroups/11', { body: { name: 'EG', ...SETTINGS } });
    expect((await call(e, 'GET', '/endpointgroups/11')).json.data[0]).toMatchObject({ notifications: NOTIFY, cdr: CDR });
    const put = {
      name: 'EG',
      ...SETTINGS,
      notifications: { overmaxcalllimit: 'x@example.com', endpointfailure: '' },
      cdr: { cdr_email: '', cdr_send_interval: '' },
    };
    expect((await call(e, 'PUT', '/endpointgroups/11', { body: put })).status).toBe(200);
    const one = (await call(e, 'GET', '/endpointgroups/11')).json.data[0];
    expect(one.notifications).toEqual({ overmaxcalllimit: 'x@example.com', endpointfailure: '' });
    expect(one.cdr).toEqual({});
    await call(e, 'PUT', '/endpointgroups/11', { body: { name: 'EG', ...SETTINGS, notifications: {} } });
    expect((await call(e, 'GET', '/endpointgroups/11')).json.data[0].notifications).toEqual({});
  });

  it('a CDR interval crontab refuses is a 500, and a CDR without cdr_email on a PUT is len(None) [:1699, util/cron.py]', async () => {
    const e = await start(profile);
    const bad = await call(e, 'POST', '/endpointgroups', { body: { name: 'EG', cdr: { ...CDR, cdr_send_interval: 'every day' } } });
    expect([bad.status, bad.json.msg]).toEqual([500, 'Crontab entry could not be created']);
    await call(e, 'POST', '/endpointgroups', { body: { name: 'EG' } });
    const id = (await call(e, 'GET', '/endpointgroups')).json.data[0].gwgroupid;
    const none = await call(e, 'PUT', `/endpointgroups/${id}`, { body: { name: 'EG', ...SETTINGS, cdr: { cdr_send_interval: '@daily' } } });
    expect([none.status, none.json.msg]).toEqual([500, "object of type 'NoneType' has no len()"]);
  });

  it('FusionPBX: the database server becomes the endpoint "FusionPBX Server", and GET shows the database [:1927-1966, :1046-1052]', async () => {
    const e = await start(profile);
    const made = await call(e, 'POST', '/endpointgroups', {
      body: { name: 'EG-F', fusionpbx: { enabled: true, dbhost: '192.0.2.80', dbuser: 'u', dbpass: 'p' } },
    });
    expect(made.json.data).toEqual([{ gwgroupid: 11, endpoints: [56] }]);
    const one = (await call(e, 'GET', '/endpointgroups/11')).json.data[0];
    expect(one.fusionpbx).toEqual({ enabled: '1', dbhost: '192.0.2.80', dbuser: 'u', dbpass: 'p' });
    expect(one.endpoints).toEqual([
      expect.objectContaining({ gwid: 56, host: '192.0.2.80', port: 5060, rweight: 1, description: 'FusionPBX Server' }),
    ]);
    expect([one.strip, one.prefix]).toEqual([0, '']);
    expect((await call(e, 'GET', '/endpointgroups')).json.data).toEqual([{ gwgroupid: 11, name: 'EG-F', gwlist: '56' }]);
  });

  it('FusionPBX with clustersupport adds no endpoint; "0" is not enabled; a PUT with `cdr` and flag 0 removes the database [:1944-1960, :1726-1742]', async () => {
    const e = await start(profile);
    await call(e, 'POST', '/endpointgroups', {
      body: { name: 'C', fusionpbx: { enabled: '1', clustersupport: '1', dbhost: 'db.example.com' } },
    });
    expect((await call(e, 'GET', '/endpointgroups/11')).json.data[0]).toMatchObject({
      endpoints: [],
      fusionpbx: { enabled: '1', dbhost: 'db.example.com', dbuser: null },
    });
    await call(e, 'POST', '/endpointgroups', { body: { name: 'D', fusionpbx: { enabled: '0', dbhost: 'db.example.com' } } });
    expect((await call(e, 'GET', '/endpointgroups/12')).json.data[0]).toMatchObject({ endpoints: [], fusionpbx: {} });
    await call(e, 'PUT', '/endpointgroups/11', { body: { name: 'C', ...SETTINGS } });
    expect((await call(e, 'GET', '/endpointgroups/11')).json.data[0].fusionpbx).toMatchObject({ enabled: '1' });
    await call(e, 'PUT', '/endpointgroups/11', { body: { name: 'C', ...SETTINGS, cdr: { cdr_email: '', cdr_send_interval: '' } } });
    expect((await call(e, 'GET', '/endpointgroups/11')).json.data[0].fusionpbx).toEqual({});
  });

  it('keeps the extras in the --data file across a restart', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dsipform-extras-'));
    try {
      const dataFile = join(dir, 'state.json');
      const first = await start(profile, { dataFile });
      await call(first, 'POST', '/endpointgroups', {
        body: { name: 'EG', notifications: NOTIFY, cdr: CDR, fusionpbx: { enabled: 1, dbhost: 'db.example.com', dbpass: 'pw' } },
      });
      await first.close();
      const saved = JSON.parse(await readFile(dataFile, 'utf8')).groups.groups.at(-1);
      expect(saved).toMatchObject({
        notifications: NOTIFY,
        cdr: { email: 'c@example.com', send_interval: '0 0 * * *' },
        fusionpbx: { dbhost: 'db.example.com', dbuser: null, dbpass: 'pw' },
      });
      const again = await start(profile, { dataFile });
      expect((await call(again, 'GET', '/endpointgroups/11')).json.data[0]).toMatchObject({
        notifications: NOTIFY,
        cdr: CDR,
        fusionpbx: { dbpass: 'pw' },
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('an IPv6 endpoint [api_routes.py:1017-1023: int(address.split(":")[1])]', () => {
  const body = { name: 'EG-H', endpoints: [{ host: '192.0.2.70:5080' }, { host: '2001:db8::1' }] };

  it('current: the group is created, and every GET of it is a 500', async () => {
    const e = await start('current');
    expect((await call(e, 'POST', '/endpointgroups', { body })).json.data).toEqual([{ gwgroupid: 11, endpoints: [56, 57] }]);
    const read = await call(e, 'GET', '/endpointgroups/11');
    expect([read.status, read.json.error, read.json.msg]).toEqual([500, 'server', "invalid literal for int() with base 10: 'db8'"]);
    expect((await call(e, 'GET', '/endpointgroups')).status).toBe(200);
  });

  it('spec: GET answers the address out of its brackets', async () => {
    const e = await start('spec');
    await call(e, 'POST', '/endpointgroups', { body });
    const read = await call(e, 'GET', '/endpointgroups/11');
    expect(read.status).toBe(200);
    expect(read.json.data[0].endpoints.map((p: { host: string; port: number }) => [p.host, p.port])).toEqual([
      ['192.0.2.70', 5080],
      ['2001:db8::1', 5060],
    ]);
  });
});

describe('FusionPBX without a dbhost', () => {
  it('current: the endpoint it adds has no host, and safeUriToHost(None) raises [:1953-1958, util/networking.py]', async () => {
    const e = await start('current');
    const r = await call(e, 'POST', '/endpointgroups', { body: { name: 'F', fusionpbx: { enabled: 1 } } });
    expect([r.status, r.json.msg]).toEqual([500, "expected string or bytes-like object, got 'NoneType'"]);
  });

  it('spec: the endpoint is refused as hostless', async () => {
    const e = await start('spec');
    const r = await call(e, 'POST', '/endpointgroups', { body: { name: 'F', fusionpbx: { enabled: 1 } } });
    expect([r.status, r.json.msg]).toEqual([400, 'Endpoint hostname/address is required']);
  });
});
