import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator } from '../../src/emulator/index.js';
import { call } from './helpers.js';

describe('emulator persistence (dataFile)', () => {
  let dir: string;
  let dataFile: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dsipform-emu-test-'));
    dataFile = join(dir, 'state.json');
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps mappings, routes, LCR records, counters and kamreload across a restart', async () => {
    const first = await startEmulator({ port: 0, token: 't', dataFile });
    const mapping = await call(first, 'POST', '/inboundmapping', { body: { did: '4420', servers: ['#7'], notes: 'n' } });
    const lcr = await call(first, 'POST', '/outboundroutes', {
      body: { name: 'uk', prefix: '44', from_prefix: '1', gwgroupid: '9', priority: 3 },
    });
    const lease = await call(first, 'GET', '/endpoint/lease?ttl=1h&email=a@example.com');
    await call(first, 'DELETE', '/outboundroutes/1'); // the default route; its ruleid must stay used
    await first.close();

    const saved = JSON.parse(await readFile(dataFile, 'utf8'));
    expect(saved).toMatchObject({ nextRuleid: 4, nextLeaseid: 2, kamreload: true });
    expect(saved.lcr).toEqual([{ pattern: '1-44', from_prefix: '1', groupid: 10000 }]);
    expect(await readdir(dir)).toEqual(['state.json']); // no temporary files left behind

    const second = await startEmulator({ port: 0, token: 't', dataFile });
    try {
      const mappings = await call(second, 'GET', '/inboundmapping');
      expect(mappings.json.data).toEqual([{ ruleid: mapping.json.data[0].ruleid, did: '4420', servers: ['#7'], notes: 'n' }]);
      const routes = await call(second, 'GET', '/outboundroutes');
      expect(routes.json.data).toEqual([
        {
          ruleid: lcr.json.data[0].ruleid,
          groupid: '10000',
          name: 'uk',
          prefix: '44',
          from_prefix: '1',
          gwgroupid: '9',
          priority: 3,
          timerec: '',
          routeid: '',
        },
      ]);
      expect(routes.json.kamreload).toBe(true);
      // Counters continue: the next rule is 4, the next lease 2, and the old lease is still revocable.
      expect((await call(second, 'POST', '/inboundmapping', { body: { did: '1', servers: ['1'] } })).json.data).toEqual([{ ruleid: '4' }]);
      expect((await call(second, 'GET', '/endpoint/lease?ttl=60&email=b@example.com')).json.data[0].leaseid).toBe(2);
      expect((await call(second, 'PUT', `/endpoint/lease/${lease.json.data[0].leaseid}/revoke`)).status).toBe(200);
      // LCR allocation continues from the loaded records.
      const next = await call(second, 'POST', '/outboundroutes', { body: { name: 'x', prefix: '33', from_prefix: '1', gwgroupid: '9' } });
      expect((await call(second, 'GET', `/outboundroutes/${next.json.data[0].ruleid}`)).json.data[0].groupid).toBe('10001');
    } finally {
      await second.close();
    }
  });

  it('saves after every write, before answering', async () => {
    const emu = await startEmulator({ port: 0, token: 't', dataFile, empty: true });
    try {
      expect(JSON.parse(await readFile(dataFile, 'utf8')).routes).toEqual([]);
      await call(emu, 'POST', '/outboundroutes', { body: { name: 'a', prefix: '1', gwgroupid: '2' } });
      expect(JSON.parse(await readFile(dataFile, 'utf8')).routes).toHaveLength(1);
      await call(emu, 'POST', '/reload/kamailio');
      expect(JSON.parse(await readFile(dataFile, 'utf8')).kamreload).toBe(false);
    } finally {
      await emu.close();
    }
  });

  it('keeps every change of a burst of concurrent writes', async () => {
    const emu = await startEmulator({ port: 0, token: 't', dataFile, empty: true });
    const dids = Array.from({ length: 40 }, (_, i) => String(1000 + i));
    await Promise.all(dids.map((did) => call(emu, 'POST', '/inboundmapping', { body: { did, servers: ['1'] } })));
    await emu.close();
    const saved = JSON.parse(await readFile(dataFile, 'utf8'));
    expect(saved.mappings.map((m: { did: string }) => m.did).sort()).toEqual(dids);
  });

  it.each([
    ['not JSON', '{"format":'],
    ['the wrong format tag', JSON.stringify({ format: 'other' })],
    [
      'a mapping without servers',
      JSON.stringify({
        format: 'dsipform-emulator/1',
        nextRuleid: 3,
        nextLeaseid: 1,
        kamreload: false,
        mappings: [{ ruleid: 2, did: '', notes: '' }],
        routes: [],
        lcr: [],
        leases: [],
      }),
    ],
    [
      'a ruleid at or above nextRuleid',
      JSON.stringify({
        format: 'dsipform-emulator/1',
        nextRuleid: 2,
        nextLeaseid: 1,
        kamreload: false,
        mappings: [{ ruleid: 2, did: '', servers: ['1'], notes: '' }],
        routes: [],
        lcr: [],
        leases: [],
      }),
    ],
  ])('refuses to start on a data file with %s, naming the file', async (_name, content) => {
    await writeFile(dataFile, content);
    await expect(startEmulator({ port: 0, dataFile })).rejects.toMatchObject({
      code: 'EMULATOR_DATA_CORRUPT',
      message: expect.stringContaining(`the emulator data file ${dataFile} is corrupt: `),
    });
    expect(await readFile(dataFile, 'utf8')).toBe(content); // and leaves it alone
  });
});
