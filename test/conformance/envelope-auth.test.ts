import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { PlatformClient } from '../../src/api/client.js';
import { STAT_KEYS } from '../../src/model/stats.js';
import { emulatorFixture } from '../helpers/emulator.js';
import { apiErrorOf, expectRejected } from '../helpers/expect-api-error.js';

/** A raw request, to see exactly what the emulator puts on the wire. */
async function rawCall(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  const res = await request(url, { method: (init.method ?? 'GET') as 'GET', headers: init.headers, body: init.body });
  const text = await res.body.text();
  return { status: res.statusCode, type: String(res.headers['content-type'] ?? ''), text };
}

describe('§1 envelope and status codes', () => {
  it('wraps every JSON answer, success and error, in exactly the five keys', async () => {
    const { emu } = await emulatorFixture();
    const auth = { authorization: `Bearer ${emu.token}`, accept: 'application/json', 'content-type': 'application/json' };
    const ok = await rawCall(`${emu.url}/api/v1/outboundroutes`, { headers: auth });
    const bad = await rawCall(`${emu.url}/api/v1/inboundmapping`, { method: 'POST', headers: auth, body: '{"servers":["1"]}' });
    const missing = await rawCall(`${emu.url}/api/v1/inboundmapping?ruleid=999`, { headers: auth });
    for (const r of [ok, bad, missing]) {
      expect(r.type).toMatch(/application\/json/);
      expect(Object.keys(JSON.parse(r.text)).sort()).toEqual(['data', 'dsipreload', 'error', 'kamreload', 'msg']);
    }
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.text)).toMatchObject({ error: '', dsipreload: false });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text)).toMatchObject({ data: [], error: 'http', msg: 'DID is required' });
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.text)).toMatchObject({ data: [], error: '', msg: 'No Matching Rule Found' });
  });

  it('answers a malformed JSON body with 400 "http" and changes nothing', async () => {
    const { emu, client } = await emulatorFixture();
    const headers = { authorization: `Bearer ${emu.token}`, 'content-type': 'application/json' };
    const r = await rawCall(`${emu.url}/api/v1/inboundmapping`, { method: 'POST', headers, body: '{"did": "1", servers: [' });
    expect(r.status).toBe(400);
    expect(JSON.parse(r.text)).toMatchObject({ error: 'http' });
    expect(await client.listInboundMappings()).toEqual([]);
  });

  it('answers a body over 1 MiB with 413, through the client as API_BODY_TOO_LARGE', async () => {
    const { client } = await emulatorFixture();
    const err = await apiErrorOf(client.createInboundMapping({ did: '1', servers: ['1'], notes: 'x'.repeat(1_048_577) }));
    expect(err.code).toBe('API_BODY_TOO_LARGE');
    expect(err.status).toBe(413);
    expect(await client.listInboundMappings()).toEqual([]);
  });

  it('answers unknown paths with 404 and wrong methods with 405, typed apart from a missing object', async () => {
    const { client } = await emulatorFixture();
    const unknown = await apiErrorOf(client.raw('GET', '/no/such/thing'));
    expect(unknown.status).toBe(404);
    expect(unknown.code).toBe('API_NO_SUCH_ENDPOINT');
    const wrong = await apiErrorOf(client.raw('DELETE', '/proxy/stats'));
    expect(wrong.status).toBe(405);
    expect(wrong.code).toBe('API_METHOD_NOT_ALLOWED');
  });
});

describe('§2 authentication', () => {
  it.each([
    ['a wrong token', 'wrong-token'],
    ['a token that is a prefix of the right one', 'conformance-token'],
  ])('answers %s with 401 "Unauthorized" on every group', async (_case, token) => {
    const { emu } = await emulatorFixture();
    const bad = new PlatformClient({ url: emu.url, token });
    try {
      for (const call of [
        () => bad.proxyStats(),
        () => bad.listInboundMappings(),
        () => bad.listOutboundRoutes(),
        () => bad.obtainLease({ email: 'a@b.c', ttl: 5 }),
      ]) {
        const err = await expectRejected(call(), 401, 'Unauthorized');
        expect(err.code).toBe('API_UNAUTHORIZED');
        expect(err.message).not.toContain(token);
      }
    } finally {
      await bad.close();
    }
  });

  it('answers a request without Authorization with 401', async () => {
    const { emu } = await emulatorFixture();
    const r = await rawCall(`${emu.url}/api/v1/outboundroutes`, { headers: { accept: 'application/json' } });
    expect(r.status).toBe(401);
    expect(JSON.parse(r.text)).toMatchObject({ error: 'http', msg: 'Unauthorized' });
  });

  it('answers Accept: text/html with the HTML login page even with a valid token; the client asks for JSON', async () => {
    const { emu, client } = await emulatorFixture();
    const r = await rawCall(`${emu.url}/api/v1/outboundroutes`, { headers: { authorization: `Bearer ${emu.token}`, accept: 'text/html' } });
    expect(r.status).toBe(401);
    expect(r.type).toMatch(/text\/html/);
    expect(await client.listOutboundRoutes()).toHaveLength(1);
  });
});

describe('§3 proxy statistics', () => {
  it.each(['/proxy/stats', '/kamailio/stats'])('serves the 15 counters at %s', async (path) => {
    const { client } = await emulatorFixture();
    const env = await client.raw('GET', path);
    expect(env.msg).toBe('Successfully retrieved proxy stats');
    expect(env.data).toHaveLength(1);
    const rec = env.data[0] as Record<string, unknown>;
    expect(Object.keys(rec).sort()).toEqual([...STAT_KEYS].sort());
    for (const key of STAT_KEYS) expect(Number.isInteger(rec[key]) && (rec[key] as number) >= 0).toBe(true);
    const typed = await client.proxyStats();
    expect(Object.keys(typed)).toEqual([...STAT_KEYS]);
  });
});

describe('§7 reload and the global kamreload flag', () => {
  it('raises kamreload on any write, keeps it across requests, clears it on reload', async () => {
    const { client } = await emulatorFixture();
    expect((await client.raw('GET', '/outboundroutes')).kamreload).toBe(false);
    await client.createInboundMapping({ did: '1', servers: ['1'] });
    expect((await client.raw('GET', '/outboundroutes')).kamreload).toBe(true);
    expect((await client.raw('GET', '/proxy/stats')).kamreload).toBe(true);
    const reload = await client.raw('POST', '/reload/kamailio');
    expect(reload.msg).toBe('Reload succeeded');
    expect(reload.kamreload).toBe(false);
    expect((await client.raw('GET', '/outboundroutes')).kamreload).toBe(false);
    await client.deleteInboundMapping({ did: '1' });
    expect((await client.raw('GET', '/inboundmapping')).kamreload).toBe(true);
    expect((await client.raw('POST', '/reload/proxy')).msg).toBe('Reload succeeded');
    await client.reloadProxy();
    expect((await client.raw('GET', '/inboundmapping')).kamreload).toBe(false);
  });

  it('does not raise kamreload for a rejected write', async () => {
    const { client } = await emulatorFixture();
    await apiErrorOf(client.createInboundMapping({ did: 'abc', servers: ['1'] }));
    expect((await client.raw('GET', '/inboundmapping')).kamreload).toBe(false);
  });
});
