import { afterEach, describe, expect, it } from 'vitest';
import { PlatformClient } from '../../src/api/client.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { apiErrorOf } from '../helpers/expect-api-error.js';
import { runMain } from '../helpers/in-process.js';
import { startTinyServer, type TinyServer } from '../helpers/tiny-server.js';

const envelope = (data: unknown[], msg = 'ok') => JSON.stringify({ data, error: '', msg, kamreload: false, dsipreload: false });
const stats = {
  current: 0,
  waiting: 0,
  total: 1,
  total_local: 0,
  rpl_received: 0,
  rpl_generated: 0,
  rpl_sent: 0,
  '2xx': 1,
  '3xx': 0,
  '4xx': 0,
  '5xx': 0,
  '6xx': 0,
  created: 1,
  freed: 1,
  delayed_free: 0,
};
let server: TinyServer | undefined;
let client: PlatformClient | undefined;
let emulator: RunningEmulator | undefined;
afterEach(async () => {
  await client?.close();
  await server?.close();
  await emulator?.close();
  client = undefined;
  server = undefined;
  emulator = undefined;
});

/** A server that knows only the given paths (JSON), and answers everything else with Flask's HTML 404. */
async function serving(paths: Record<string, (body: string) => [number, string]>) {
  server = await startTinyServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      const key = `${req.method} ${req.url!.split('?')[0]}`;
      const handler = paths[key];
      if (!handler) {
        res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
        res.end('<!doctype html><title>404 Not Found</title><h1>Not Found</h1>');
        return;
      }
      const [status, text] = handler(body);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(text);
    });
  });
  return server;
}

describe('API profiles', () => {
  it('detects the specified API with one request', async () => {
    const srv = await serving({ 'GET /api/v1/proxy/stats': () => [200, envelope([stats])] });
    client = new PlatformClient({ url: srv.url, token: 't' });
    expect(await client.profile()).toBe('spec');
    expect(await client.profile()).toBe('spec'); // once per client
    expect(srv.seen).toHaveLength(1);
  });

  it('detects the deployed API with two requests, and then uses its paths', async () => {
    const srv = await serving({
      'GET /api/v1/kamailio/stats': () => [200, envelope([stats])],
      'GET /api/v1/lease/endpoint': () => [
        200,
        envelope([{ leaseid: 4, username: 'lease4', password: 'p'.repeat(32), domain: 'd', ttl: '15' }]),
      ],
      'DELETE /api/v1/lease/endpoint/4/revoke': () => [200, envelope([], 'Lease revoked')],
      'DELETE /api/v1/lease/endpoint/5/revoke': () => [
        500,
        JSON.stringify({ data: [], error: 'server', msg: 'Internal Server Error', kamreload: false, dsipreload: false }),
      ],
    });
    client = new PlatformClient({ url: srv.url, token: 't' });
    expect(await client.profile()).toBe('current');
    expect(srv.seen.map((r) => r.url)).toEqual(['/api/v1/proxy/stats', '/api/v1/kamailio/stats']);
    expect((await client.proxyStats()).total).toBe(1);
    expect((await client.obtainLease({ email: 'a@b.cd', ttl: 15 })).ttl).toBe(15);
    await client.revokeLease(4);
    await expect(client.revokeLease(5)).rejects.toMatchObject({ code: 'API_NOT_FOUND' }); // the deployed 500 for an unknown id
    await expect(client.updateInboundMapping({ ruleid: 2 }, { notes: 'x' })).rejects.toMatchObject({ code: 'API_UNSUPPORTED' });
  });

  it('sends the inbound note as `name` to the deployed API, and always sends one', async () => {
    const bodies: unknown[] = [];
    const srv = await serving({
      'POST /api/v1/inboundmapping': (body) => {
        bodies.push(JSON.parse(body));
        return [200, envelope([], 'Rule Created')];
      },
      'GET /api/v1/inboundmapping': () => [200, envelope([{ ruleid: '3', did: '1', servers: ['1'], name: '' }])],
    });
    client = new PlatformClient({ url: srv.url, token: 't', profile: 'current' });
    expect(await client.createInboundMapping({ did: '1', servers: ['1'] })).toBe(3);
    expect(bodies).toEqual([{ did: '1', servers: ['1'], name: '' }]);
  });

  it('says clearly when neither stats path answers', async () => {
    const srv = await serving({});
    client = new PlatformClient({ url: srv.url, token: 't' });
    await expect(client.profile()).rejects.toMatchObject({
      code: 'API_NO_SUCH_ENDPOINT',
      message: expect.stringContaining('neither /proxy/stats nor /kamailio/stats'),
    });
  });
});

describe('a platform without its Core licence (issue 14, point 18)', () => {
  it.each(['spec', 'current'] as const)('is API_UNLICENSED, never a token problem (%s profile, detected)', async (profile) => {
    emulator = await startEmulator({ port: 0, token: 'lic-token', profile, unlicensed: true });
    client = new PlatformClient({ url: emulator.url, token: 'lic-token' });
    const err = await apiErrorOf(client.listOutboundRoutes());
    expect(err.code).toBe('API_UNLICENSED');
    expect(err.status).toBe(401);
    expect(err.message).toContain("the platform's API needs a Core subscription");
    expect(err.hint).toContain('DSIP_CORE');
    expect(`${err.message} ${err.hint}`).not.toMatch(/check the (api )?token/i);
  });

  it('says so on the command line, with the hint and not "check the token"', async () => {
    emulator = await startEmulator({ port: 0, token: 'lic-token', profile: 'current', unlicensed: true });
    const r = await runMain(['stats', '--url', emulator.url], { env: { DSIP_TOKEN: 'lic-token' } });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain("the platform's API needs a Core subscription");
    expect(r.stderr).toContain('DSIP_CORE licence');
    expect(r.stderr).not.toMatch(/check the (api )?token/i);
  });

  it('keeps "check the token" for a plain 401 from a licensed platform', async () => {
    emulator = await startEmulator({ port: 0, token: 'lic-token', profile: 'current' });
    client = new PlatformClient({ url: emulator.url, token: 'wrong-token', profile: 'current' });
    const err = await apiErrorOf(client.listOutboundRoutes());
    expect(err.code).toBe('API_UNAUTHORIZED');
    expect(err.hint).toMatch(/Check the API token/);
  });
});

describe('the client against the current twin (issue 14)', () => {
  it('updates routes although PUT answers data [] and needs prefix beside from_prefix, and reads gwgroupid without #', async () => {
    emulator = await startEmulator({ port: 0, token: 'twin-token', profile: 'current', empty: true });
    client = new PlatformClient({ url: emulator.url, token: 'twin-token' });
    const ruleid = await client.createOutboundRoute({ name: 'uk', prefix: '44', gwgroupid: '5' });
    await client.updateOutboundRoute(ruleid, { priority: 3, gwgroupid: '7' });
    await client.updateOutboundRoute(ruleid, { from_prefix: '1555' }); // promote: the client adds the prefix (point 6)
    expect(await client.getOutboundRoute(ruleid)).toMatchObject({ ruleid, priority: 3, gwgroupid: '7', from_prefix: '1555', prefix: '44' });
    const raw = await client.raw('GET', `/outboundroutes/${ruleid}`);
    expect(raw).toMatchObject({ msg: 'Rule Found', data: [expect.objectContaining({ gwgroupid: '7' })] });
  });

  it("creates, reads and deletes mappings with the twin's messages, and never makes the reads break", async () => {
    emulator = await startEmulator({ port: 0, token: 'twin-token', profile: 'current' });
    client = new PlatformClient({ url: emulator.url, token: 'twin-token' });
    const ruleid = await client.createInboundMapping({ did: '+4420', servers: ['66'] });
    expect(await client.getInboundMapping({ did: '+4420' })).toEqual({ ruleid, did: '+4420', servers: ['66'], notes: '' });
    expect(await client.listInboundMappings()).toHaveLength(1);
    await client.deleteInboundMapping({ ruleid });
    await expect(client.deleteInboundMapping({ ruleid })).rejects.toMatchObject({ code: 'API_NOT_FOUND', platformMsg: 'Rule Deleted' });
    expect(await client.getInboundMapping({ ruleid })).toBeNull();
  });
});
