import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { profileOption } from '../../src/cli/emulator.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { MAX_BODY_BYTES } from '../../src/model/constants.js';
import { startEmulatorProcess, type EmulatorProcess } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';
import { call, type Answer } from './helpers.js';

const EMAIL = 'email=ops%40example.com';

function expectEnvelope(res: Answer, status: number, error: string, msg: string | RegExp): void {
  expect(res.status, res.text).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.json).toEqual({
    data: expect.any(Array),
    error,
    msg: typeof msg === 'string' ? msg : expect.stringMatching(msg),
    kamreload: expect.any(Boolean),
    dsipreload: false,
  });
}

describe('emulator profile "current": paths, leases and routing errors', () => {
  let clock = 5_000_000;
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, token: 'cur-token', profile: 'current', now: () => clock });
  });
  afterAll(async () => {
    await emu.close();
  });

  it('reports its profile', () => {
    expect(emu.profile).toBe('current');
  });

  it('serves the stats only at /kamailio/stats', async () => {
    const res = await call(emu, 'GET', '/kamailio/stats');
    expectEnvelope(res, 200, '', 'Successfully retrieved kamailio stats');
    expect(Object.keys(res.json.data[0])).toHaveLength(15);
  });

  it.each([
    ['GET', '/proxy/stats'],
    ['GET', '/endpoint/lease?ttl=15&' + EMAIL],
    ['PUT', '/endpoint/lease/1/revoke'],
    ['GET', '/nothing/here'],
    ['GET', '/inboundmapping/7'],
  ] as const)('answers %s %s with the HTML 404 page', async (method, path) => {
    const res = await call(emu, method, path);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('<title>404 Not Found</title>');
    expect(res.json).toBeUndefined();
  });

  it.each([
    ['DELETE', '/kamailio/stats', 'GET'],
    ['PUT', '/lease/endpoint', 'GET'],
    ['GET', '/lease/endpoint/1/revoke', 'DELETE'],
    ['PUT', '/lease/endpoint/1/revoke', 'DELETE'],
    ['POST', '/outboundroutes/1', 'GET, PUT, DELETE'],
    ['GET', '/reload/kamailio', 'POST'],
  ] as const)('answers %s %s with the HTML 405 page, Allow: %s', async (method, path, allow) => {
    const res = await call(emu, method, path);
    expect(res.status).toBe(405);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['allow']).toBe(allow);
    expect(res.text).toContain('<title>405 Method Not Allowed</title>');
  });

  it.each([
    ['15', '15'],
    ['5m', 300],
    ['1', '1'],
    ['0', '0'],
  ])('obtains a lease at GET /lease/endpoint with ttl=%s and echoes ttl %j', async (ttl, echoed) => {
    const res = await call(emu, 'GET', `/lease/endpoint?ttl=${ttl}&${EMAIL}`);
    expectEnvelope(res, 200, '', 'Lease created');
    expect(res.json.data).toEqual([
      {
        leaseid: expect.any(Number),
        username: expect.stringMatching(/^lease\d+$/),
        password: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
        domain: expect.any(String),
        ttl: echoed,
      },
    ]);
  });

  it.each([
    ['no email', '/lease/endpoint?ttl=15', 'email parameter is missing'],
    ['an empty email', '/lease/endpoint?ttl=15&email=', 'email parameter is missing'],
    ['an empty ttl', `/lease/endpoint?ttl=&${EMAIL}`, "invalid literal for int() with base 10: ''"],
    ['a word for a ttl', `/lease/endpoint?ttl=soon&${EMAIL}`, "invalid literal for int() with base 10: 'soon'"],
    ['hours', `/lease/endpoint?ttl=2h&${EMAIL}`, "invalid literal for int() with base 10: '2h'"],
  ])('answers 500 "server" to %s', async (_name, path, msg) => {
    expectEnvelope(await call(emu, 'GET', path), 500, 'server', msg);
  });

  it('answers 400 "http" to no ttl', async () => {
    expectEnvelope(await call(emu, 'GET', `/lease/endpoint?${EMAIL}`), 400, 'http', 'time to live (ttl) parameter is missing');
  });

  it('revokes with DELETE /lease/endpoint/{id}/revoke; an unknown, revoked or expired id is 500 "server"', async () => {
    const obtain = async (ttl: string): Promise<number> =>
      (await call(emu, 'GET', `/lease/endpoint?ttl=${ttl}&${EMAIL}`)).json.data[0].leaseid;
    const live = await obtain('60');
    const expiring = await obtain('10');
    expectEnvelope(await call(emu, 'DELETE', `/lease/endpoint/${live}/revoke`), 200, '', 'Lease revoked');
    expectEnvelope(await call(emu, 'DELETE', `/lease/endpoint/${live}/revoke`), 500, 'server', "'NoneType' object has no attribute 'sid'");
    expectEnvelope(await call(emu, 'DELETE', '/lease/endpoint/999999/revoke'), 500, 'server', "'NoneType' object has no attribute 'sid'");
    // `<int:leaseid>`: a lease id that is not digits is not this path at all (Flask's HTML 404).
    const notDigits = await call(emu, 'DELETE', '/lease/endpoint/abc/revoke');
    expect([notDigits.status, notDigits.headers['content-type']]).toEqual([404, 'text/html; charset=utf-8']);
    clock += 10_000;
    expectEnvelope(
      await call(emu, 'DELETE', `/lease/endpoint/${expiring}/revoke`),
      500,
      'server',
      "'NoneType' object has no attribute 'sid'",
    );
  });

  it("keeps the spec behaviour elsewhere: auth, HTML login page, reload at both paths, 413; malformed JSON in Werkzeug's words", async () => {
    const unauthorized = await call(emu, 'GET', '/no/such/path', { headers: { authorization: 'Bearer wrong' } });
    expectEnvelope(unauthorized, 401, 'http', 'Unauthorized');
    const browser = await call(emu, 'GET', '/kamailio/stats', { headers: { accept: 'text/html' } });
    expect(browser.status).toBe(401);
    expect(browser.text).toContain('<html');
    await call(emu, 'POST', '/inboundmapping', { body: { did: '111', servers: ['1'], name: 'x' } });
    expect((await call(emu, 'GET', '/kamailio/stats')).json.kamreload).toBe(true);
    const reload = await call(emu, 'POST', '/reload/kamailio');
    expectEnvelope(reload, 200, '', 'Kamailio reload succeeded');
    expect(reload.json.kamreload).toBe(false);
    expectEnvelope(await call(emu, 'POST', '/reload/proxy'), 200, '', 'Kamailio reload succeeded');
    expect((await call(emu, 'POST', '/inboundmapping', { raw: Buffer.alloc(MAX_BODY_BYTES + 1, 0x20) })).status).toBe(413);
    expectEnvelope(
      await call(emu, 'POST', '/outboundroutes', { raw: '{"name": ' }),
      400,
      'http',
      'The browser (or proxy) sent a request that this server could not understand.',
    );
  });
});

describe('emulator profile "spec" is unchanged', () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, token: 'spec-token' });
  });
  afterAll(async () => {
    await emu.close();
  });

  it('is the default, serves both stats paths and the spec lease paths, and answers routing errors as JSON', async () => {
    expect(emu.profile).toBe('spec');
    expectEnvelope(await call(emu, 'GET', '/proxy/stats'), 200, '', 'Successfully retrieved proxy stats');
    expectEnvelope(await call(emu, 'GET', '/kamailio/stats'), 200, '', 'Successfully retrieved proxy stats');
    const lease = await call(emu, 'GET', `/endpoint/lease?ttl=15&${EMAIL}`);
    expect(lease.json.data[0].ttl).toBe(15);
    expectEnvelope(await call(emu, 'GET', '/lease/endpoint?ttl=15&' + EMAIL), 404, 'http', 'Not Found');
    expectEnvelope(await call(emu, 'GET', '/endpoint/lease?ttl=15'), 400, 'http', 'email is required');
    expectEnvelope(await call(emu, 'DELETE', '/proxy/stats'), 405, 'http', 'Method Not Allowed');
  });

  it('keeps the note as notes and answers the ruleid on create', async () => {
    const created = await call(emu, 'POST', '/inboundmapping', { body: { did: '222', servers: ['1'], notes: 'n' } });
    expect(created.json.data).toEqual([{ ruleid: expect.any(String) }]);
    expectEnvelope(
      await call(emu, 'POST', '/inboundmapping', { body: { did: '223', servers: ['1'], name: 'n' } }),
      400,
      'http',
      'Request data argument not recognized',
    );
  });

  it('refuses an unknown profile', async () => {
    await expect(startEmulator({ port: 0, profile: 'latest' as never })).rejects.toThrow(
      'Unknown emulator profile "latest": use spec or current',
    );
  });
});

describe('dsipform emulator --profile', () => {
  const running: EmulatorProcess[] = [];
  afterEach(async () => {
    for (const p of running.splice(0)) await p.stop();
  });

  it.each([
    [undefined, 'spec'],
    ['spec', 'spec'],
    ['current', 'current'],
  ] as const)('reads %j as %s', (text, profile) => {
    expect(profileOption(text)).toBe(profile);
  });

  it('refuses another profile with a hint', () => {
    expect(() => profileOption('latest')).toThrow('--profile "latest" is not an API profile');
  });

  it('rejects a profile that is not a choice, before listening', async () => {
    const r = await runMain(['emulator', '--port', '0', '--profile', 'latest']);
    expect(r.code).not.toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/--profile.*latest/);
    expect(r.stderr).toMatch(/spec, current/);
  });

  it('serves an unlicensed platform with --unlicensed: every API call is 401 "Core Subscription Required" (built CLI)', async () => {
    const token = 'cli-unlicensed-token-0123456789';
    const p = await startEmulatorProcess(['--token', token, '--profile', 'current', '--unlicensed']);
    running.push(p);
    expect(p.output.stderr).toContain('unlicensed');
    const res = await call({ url: p.url, token }, 'GET', '/kamailio/stats');
    expectEnvelope(
      res,
      401,
      'http',
      'Unauthorized - Core Subscription Required. Purchase from https://dopensource.com/product/dsiprouter-core/',
    );
  });

  it('serves the current profile and says so on stderr (built CLI)', async () => {
    const token = 'cli-profile-token-0123456789';
    const p = await startEmulatorProcess(['--token', token, '--profile', 'current']);
    running.push(p);
    expect(p.output.stderr).toContain('profile: current');
    expect((await call({ url: p.url, token }, 'GET', '/proxy/stats')).status).toBe(404);
    expect((await call({ url: p.url, token }, 'GET', '/kamailio/stats')).status).toBe(200);
  });
});
