/**
 * The `--data` file keeps the groups and gateways (issue 17): a round trip through a restart, a
 * data file written before the emulator kept groups (it loads with the fresh install's groups), and
 * a file whose groups contradict themselves.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/index.js';
import { call } from './helpers.js';

describe('emulator persistence of groups', () => {
  let dir: string;
  let dataFile: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dsipform-emu-groups-'));
    dataFile = join(dir, 'state.json');
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps groups, gateways, weights, subscribers and the id counters across a restart', async () => {
    const first = await startEmulator({ port: 0, token: 't', dataFile, profile: 'current' });
    await call(first, 'POST', '/carriergroups', {
      body: {
        name: 'A',
        auth: { type: 'userpwd', r_username: 'u', auth_password: 'reg-secret', auth_domain: 'reg.example.com' },
        endpoints: [{ name: 'e', hostname: '10.0.0.1', strip: '2', prefix: '1', rweight: '4' }],
      },
    });
    await call(first, 'POST', '/endpointgroups', {
      body: { name: 'pbx', auth: { type: 'userpwd', user: 'p', pass: 'pw' }, endpoints: [{ host: '10.0.0.2' }] },
    });
    await call(first, 'DELETE', '/carriergroups/10');
    const before = {
      carriers: (await call(first, 'GET', '/carriergroups')).json.data,
      one: (await call(first, 'GET', '/carriergroups/11')).json.data,
      eg: (await call(first, 'GET', '/endpointgroups/12')).json.data,
      weights: (await call(first, 'GET', '/endpointgroups/11')).json.data[0].endpoints,
    };
    await first.close();

    const saved = JSON.parse(await readFile(dataFile, 'utf8'));
    expect(saved.groups).toMatchObject({ nextGwgroupid: 13, nextGwid: 58 });
    expect(saved.groups.groups.find((g: { gwgroupid: number }) => g.gwgroupid === 11).registration).toMatchObject({
      auth_password: 'reg-secret',
    });

    const second = await startEmulator({ port: 0, token: 't', dataFile, profile: 'current' });
    try {
      expect((await call(second, 'GET', '/carriergroups')).json.data).toEqual(before.carriers);
      expect((await call(second, 'GET', '/carriergroups/11')).json.data).toEqual(before.one);
      expect((await call(second, 'GET', '/endpointgroups/12')).json.data).toEqual(before.eg);
      expect((await call(second, 'GET', '/endpointgroups/11')).json.data[0].endpoints).toEqual(before.weights);
      // Ids are never reused: group 10 was deleted, the next one is 13.
      expect((await call(second, 'POST', '/carriergroups', { body: { name: 'B' } })).json.data).toEqual([{ gwgroupid: 13 }]);
    } finally {
      await second.close();
    }
  });

  it('loads a data file written before the emulator kept groups, with the fresh install groups', async () => {
    const old = {
      format: 'dsipform-emulator/1',
      nextRuleid: 2,
      nextLeaseid: 1,
      kamreload: false,
      mappings: [],
      routes: [],
      lcr: [],
      leases: [],
    };
    await writeFile(dataFile, JSON.stringify(old));
    const e = await startEmulator({ port: 0, token: 't', dataFile });
    try {
      const list = (await call(e, 'GET', '/carriergroups')).json.data;
      expect(list.map((g: { gwgroupid: number }) => g.gwgroupid)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    } finally {
      await e.close();
    }
    expect(JSON.parse(await readFile(dataFile, 'utf8')).groups.nextGwgroupid).toBe(11);
  });

  it('refuses a data file whose groups repeat an id, naming the place', async () => {
    const bad = {
      format: 'dsipform-emulator/1',
      nextRuleid: 1,
      nextLeaseid: 1,
      kamreload: false,
      mappings: [],
      routes: [],
      lcr: [],
      leases: [],
      groups: {
        nextGwgroupid: 5,
        nextGwid: 1,
        gateways: [],
        groups: [1, 1].map((gwgroupid) => ({
          gwgroupid,
          name: 'x',
          type: 8,
          gwlist: [],
          lb_enabled: false,
          registration: null,
          subscriber: null,
          call_settings: null,
        })),
      },
    };
    await writeFile(dataFile, JSON.stringify(bad));
    await expect(startEmulator({ port: 0, token: 't', dataFile })).rejects.toThrow(/groups\.groups\[1\] repeats id 1/);
  });
});
