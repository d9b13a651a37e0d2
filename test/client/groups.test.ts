/**
 * The client's groups API against the real emulator over loopback, under both profiles: both
 * lists, a carrier group's create / read / update / delete, the swallowed write made visible, and
 * the registration password never in what the client keeps (answers, request logs).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { PlatformClient } from '../../src/api/client.js';
import type { RequestTally } from '../../src/api/retry.js';
import type { CarrierGroupContent } from '../../src/model/carrier-group.js';
import { startEmulator, type ApiProfileName, type EmulatorOptions, type RunningEmulator } from '../../src/emulator/index.js';
import { apiErrorOf } from '../helpers/expect-api-error.js';
import { startTinyServer, type TinyServer } from '../helpers/tiny-server.js';

let emu: RunningEmulator | undefined;
let client: PlatformClient | undefined;
let echo: TinyServer | undefined;
afterEach(async () => {
  await client?.close();
  await emu?.close();
  await echo?.close();
  client = emu = echo = undefined;
});

async function connect(profile: ApiProfileName, options: EmulatorOptions = {}, debug?: (line: string) => void): Promise<PlatformClient> {
  emu = await startEmulator({ port: 0, token: 'groups-token-0123456789', profile, ...options });
  client = new PlatformClient({
    url: emu.url,
    token: emu.token,
    profile,
    ...(debug ? { onRequest: (e) => debug(JSON.stringify(e)) } : {}),
  });
  return client;
}

const PASSWORD = 'carrier-reg-S3cret!';
const CONTENT: CarrierGroupContent = {
  name: 'Acme',
  lb_enabled: true,
  endpoints: [
    { name: 'east', hostname: 'sip.acme.example', strip: 1, prefix: '9', weight: 3 },
    { name: 'west', hostname: '10.0.0.7:5080', strip: 0, prefix: '', weight: 1 },
  ],
  auth: { type: 'userpwd', r_username: 'acme', auth_password: PASSWORD, auth_domain: 'reg.acme.example' },
};

describe.each(['spec', 'current'] as const)('groups client (%s profile)', (profile) => {
  it('lists the fresh install: carrier groups 1-10 with their gateways, no endpoint group', async () => {
    const c = await connect(profile);
    const carriers = await c.listCarrierGroups();
    expect(carriers.map((g) => g.gwgroupid)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(carriers[2]).toEqual({ gwgroupid: 3, name: 'Flowroute CarrierGroup', type: 'carrier', gwids: ['21', '23'] });
    expect(await c.listEndpointGroups()).toEqual([]);
    const three = await c.getCarrierGroup(3);
    // The default gateways have no port and weight 1.
    expect(three?.endpoints).toEqual([
      { name: 'Flowroute US-West-OR', hostname: '34.210.91.112', strip: 0, prefix: '', weight: 1 },
      { name: 'Flowroute US-East-VA', hostname: '34.226.36.32', strip: 0, prefix: '', weight: 1 },
    ]);
  });

  it('creates, reads back, updates by gwid and deletes a carrier group', async () => {
    const c = await connect(profile);
    const id = await c.createCarrierGroup(CONTENT);
    expect(id).toBe(11);
    const got = await c.getCarrierGroup(id);
    expect(got).toMatchObject({ gwgroupid: 11, name: 'Acme', gwids: [56, 57], unreadable: ['lb_enabled', 'auth'] });
    expect(got?.endpoints).toEqual(CONTENT.endpoints);
    const listed = (await c.listCarrierGroups()).find((g) => g.gwgroupid === id);
    expect(listed).toEqual({ gwgroupid: 11, name: 'Acme', type: 'carrier', gwids: ['56', '57'] });

    const east = { name: 'east2', hostname: 'sip.acme.example', strip: 2, prefix: '', weight: 5 };
    await c.updateCarrierGroup(id, { name: 'Acme2', lb_enabled: false, endpoints: [east] }, [56]);
    const after = await c.getCarrierGroup(id);
    expect(after?.name).toBe('Acme2');
    // The carrier API cannot remove a gateway: 57 stays.
    expect(after?.gwids).toEqual([56, 57]);
    expect(after?.endpoints[0]).toEqual(east);

    await c.deleteCarrierGroup(id);
    expect(await c.getCarrierGroup(id)).toBeNull();
    expect((await c.listCarrierGroups()).some((g) => g.gwgroupid === id)).toBe(false);
    expect(await apiErrorOf(c.deleteCarrierGroup(id))).toMatchObject({ code: 'API_NOT_FOUND' });
    expect(await c.deleteIfPresent({ kind: 'carrier_group', gwgroupid: id })).toBe(false);
    expect(await c.deleteIfPresent({ kind: 'carrier_group', gwgroupid: 10 })).toBe(true);
  });

  it('reads an endpoint group id as no carrier group', async () => {
    const c = await connect(profile);
    const made = await c.raw('POST', '/endpointgroups', { body: { name: 'pbx', endpoints: [{ host: '10.1.1.1' }] } });
    const pbx = (made.data[0] as { gwgroupid: number }).gwgroupid;
    expect((await c.listEndpointGroups()).map((g) => [g.gwgroupid, g.name, g.type])).toEqual([[pbx, 'pbx', 'endpoint']]);
    expect(await c.getCarrierGroup(pbx)).toBeNull();
    expect(await c.getCarrierGroup(999)).toBeNull();
  });

  it('never keeps the registration password in an answer, a request log (--report) or the debug log', async () => {
    const debugLog: string[] = [];
    const c = await connect(profile, {}, (line) => debugLog.push(line));
    const tally: RequestTally = { requests: 0, log: [] };
    const id = await c.counting(tally).createCarrierGroup({ ...CONTENT, name: `x${PASSWORD}` });
    // The group's name holds the password: the answer the client saw has it scrubbed.
    const list = await c.listCarrierGroups();
    expect(list.find((g) => g.gwgroupid === id)?.name).toBe('x(sensitive)');
    expect(JSON.stringify(tally.log)).not.toContain(PASSWORD);
    expect(debugLog.length).toBeGreaterThan(1);
    expect(debugLog.join('\n')).not.toContain(PASSWORD);
    const read = await c.getCarrierGroup(id);
    expect(JSON.stringify(read)).not.toContain(PASSWORD);
  });
});

describe('swallowed carrier-group writes', () => {
  const badEndpoint = { name: 'x', hostname: 'bad host!', strip: 0, prefix: '', weight: 1 };

  it('current: a 200 whose group was written but whose bad endpoint was not; the read-back shows it', async () => {
    const c = await connect('current');
    const id = await c.createCarrierGroup({ name: 'Half', lb_enabled: false, endpoints: [badEndpoint, CONTENT.endpoints[1]!] });
    expect((await c.getCarrierGroup(id))?.endpoints.map((e) => e.name)).toEqual(['west']);
  });

  it('current: an update of an unknown group is a 200 without a group id: API_SWALLOWED_ERROR', async () => {
    const c = await connect('current');
    const err = await apiErrorOf(c.updateCarrierGroup(4242, { ...CONTENT, auth: undefined }));
    expect(err.code).toBe('API_SWALLOWED_ERROR');
    expect(err.message).toContain('PUT /carriergroups/4242');
    expect((await c.listCarrierGroups()).length).toBe(10);
  });

  it('spec: the same bad endpoint is a 400 and nothing is written; with the swallow switch it is a 200 like the platform', async () => {
    const c = await connect('spec');
    const err = await apiErrorOf(c.createCarrierGroup({ name: 'Half', lb_enabled: false, endpoints: [badEndpoint] }));
    expect(err).toMatchObject({
      code: 'API_BAD_REQUEST',
      status: 400,
      platformMsg: 'endpoints[0]: Endpoint hostname/address is malformed',
    });
    expect((await c.listCarrierGroups()).length).toBe(10);
    await client?.close();
    await emu?.close();

    const s = await connect('spec', { faults: { swallowGroupErrors: true } });
    const id = await s.createCarrierGroup({ name: 'Half', lb_enabled: false, endpoints: [badEndpoint] });
    expect((await s.getCarrierGroup(id))?.endpoints).toEqual([]);
  });
});

describe('the registration password as a secret', () => {
  it('is scrubbed from an error whose message echoes the request body, on create and on update', async () => {
    // A platform (or a proxy before it) that refuses every write, quoting the body it received.
    echo = await startTinyServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ data: [], error: 'http', msg: `bad request: ${body}`, kamreload: false, dsipreload: false }));
      });
    });
    client = new PlatformClient({ url: echo.url, token: 'echo-token-0123456789', profile: 'current', retry: { maxAttempts: 1 } });
    for (const write of [() => client!.createCarrierGroup(CONTENT), () => client!.updateCarrierGroup(11, CONTENT)]) {
      const err = await apiErrorOf(write());
      expect(err.code).toBe('API_BAD_REQUEST');
      const shown = `${err.message} ${err.platformMsg} ${JSON.stringify(err)}`;
      expect(shown).toContain('(sensitive)');
      expect(shown).toContain('reg.acme.example');
      expect(shown).not.toContain(PASSWORD);
    }
  });
});

describe('retries of a carrier-group update', () => {
  it.each([
    ['every endpoint names its gateway: sent again', [56, 57], 2],
    ['an endpoint creates a gateway: not sent twice', [56, undefined], 1],
  ] as const)('%s', async (_what, gwids, puts) => {
    // The first PUT is cut off after it arrived: the platform may have acted.
    let seenPuts = 0;
    echo = await startTinyServer((req, res) => {
      if (req.method !== 'PUT') return void res.end();
      seenPuts += 1;
      if (seenPuts === 1) return void req.socket.destroy();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: '', msg: '', kamreload: true, data: [{ gwgroupid: '11' }] }));
    });
    client = new PlatformClient({
      url: echo.url,
      token: 'retry-token-0123456789',
      profile: 'current',
      retry: { baseMs: 1, maxDelayMs: 1 },
    });
    const outcome = await client.updateCarrierGroup(11, CONTENT, gwids).then(
      () => 'done',
      (err: { code?: string }) => err.code,
    );
    expect([outcome, seenPuts]).toEqual(puts === 2 ? ['done', 2] : ['API_CONNECTION_RESET', 1]);
  });
});
