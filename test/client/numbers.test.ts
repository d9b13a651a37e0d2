/**
 * Issue 35, point 1: the client of the Numbers module (src/api/numbers.ts) over real HTTP against
 * the emulator's `current` profile, and what it sends (a small server that records requests):
 * the module lives below the base URL at /api/numbers/v1, its records map to the model (text to
 * numbers and null), a bodyless request claims no JSON body, `+` is always percent-encoded, and
 * detection tells a platform with the module from one without.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { PlatformClient } from '../../src/api/client.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { apiErrorOf } from '../helpers/expect-api-error.js';
import { startTinyServer, type TinyServer } from '../helpers/tiny-server.js';

const TOKEN = 'numbers-client-token-0123456789';
let emulator: RunningEmulator | undefined;
let client: PlatformClient | undefined;
let server: TinyServer | undefined;
afterEach(async () => {
  await client?.close();
  await emulator?.close();
  await server?.close();
  client = emulator = server = undefined;
});

async function twin(profile: 'current' | 'spec' = 'current'): Promise<PlatformClient> {
  emulator = await startEmulator({ port: 0, token: TOKEN, profile, now: () => Date.UTC(2026, 0, 2, 3, 4, 5) });
  client = new PlatformClient({ url: emulator.url, token: TOKEN });
  return client;
}

/** A server that answers every request with an empty list and records what it was sent. */
async function recorder(): Promise<{ srv: TinyServer; bodies: string[] }> {
  const bodies: string[] = [];
  server = await startTinyServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      bodies.push(body);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: [], error: '', msg: 'ok', kamreload: false, dsipreload: false }));
    });
  });
  return { srv: server, bodies };
}

describe('the Numbers client against the current twin', () => {
  it('creates, reads, updates and deletes numbers, mapping text to ids and nulls', async () => {
    const c = await twin();
    const made = await c.createNumber({ did: '+15557770001', status: 'reserved', pool: 'p1' });
    expect(made).toEqual({
      id: 1,
      did: '+15557770001',
      status: 'reserved',
      carrier: null,
      pool: 'p1',
      assigned_length: null,
      assigned_reference_id: null,
      assigned_date: null,
      date_created: '2026-01-02 03:04:05',
    });
    expect(await c.updateNumber(1, { carrier: 'acme', assigned_length: '30d', pool: null })).toMatchObject({
      id: 1,
      carrier: 'acme',
      pool: null,
      assigned_date: '2026-01-02 03:04:05',
    });
    expect(await c.listNumbers()).toEqual([expect.objectContaining({ id: 1, carrier: 'acme' })]);
    await c.deleteNumber(1);
    expect(await c.listNumbers()).toEqual([]);
    expect((await apiErrorOf(c.deleteNumber(1))).code).toBe('API_NOT_FOUND');
    expect((await apiErrorOf(c.updateNumber(7, { status: 'x' }))).code).toBe('API_NOT_FOUND');
  });

  it('a DID the platform holds (with or without one "+") is API_CONFLICT', async () => {
    const c = await twin();
    await c.createNumber({ did: '+15550001' });
    const err = await apiErrorOf(c.createNumber({ did: '15550001' }));
    expect([err.code, err.status, err.platformMsg]).toEqual(['API_CONFLICT', 409, 'DID already exists']);
    expect(err.message).toBe('POST /api/numbers/v1/number: 409 conflict: "DID already exists"');
  });

  it('filters by carrier, pool, status and the DID, whose text matches literally (no LIKE wildcards)', async () => {
    const c = await twin();
    for (const [did, carrier, status] of [
      ['15551110001', 'a', 'available'],
      ['1_5552220002', 'b', 'assigned'],
      ['1x5553330003', 'a', 'available'],
      ['+4420', 'a', 'reserved'],
    ] as const)
      await c.createNumber({ did, carrier, status, pool: 'x' });
    const dids = async (f: Parameters<PlatformClient['listNumbers']>[0]): Promise<string[]> => (await c.listNumbers(f)).map((n) => n.did);
    expect(await dids({ carrier: 'a', status: 'available' })).toEqual(['15551110001', '1x5553330003']);
    expect(await dids({ starts_with: '1_' })).toEqual(['1_5552220002']);
    expect(await dids({ contains: '%' })).toEqual([]);
    expect(await dids({ starts_with: '+44', pool: 'x' })).toEqual(['+4420']);
    expect(await dids({ ends_with: '03' })).toEqual(['1x5553330003']);
  });

  it('bulk-deletes by DIDs and ids in the body; nothing left to delete is []', async () => {
    const c = await twin();
    for (const did of ['1', '+2', '3']) await c.createNumber({ did });
    expect(await c.deleteNumbers({ dids: ['1', '2'], ids: [3] })).toEqual([
      { id: 1, did: '1' },
      { id: 2, did: '2' },
      { id: 3, did: '3' },
    ]);
    expect(await c.deleteNumbers({ dids: ['1'] })).toEqual([]);
    expect(await c.deleteNumbers({})).toEqual([]);
  });

  it('an available number routes its DID nowhere on the platform: the mapping reads back with no servers', async () => {
    const c = await twin();
    await c.createInboundMapping({ did: '15557770009', servers: ['#1'], notes: 'pbx' });
    await c.createNumber({ did: '15557770009', status: 'available' });
    expect(await c.getInboundMapping({ did: '15557770009' })).toMatchObject({ servers: [''], notes: '15557770009' });
  });
});

describe('what the client sends', () => {
  it('claims a JSON body only when it sends one (the platform answers 400 to an empty one), and keeps the base path', async () => {
    const { srv, bodies } = await recorder();
    client = new PlatformClient({ url: `${srv.url}/dsip`, token: TOKEN, profile: 'current' });
    await client.listNumbers({ status: 'available' });
    await client.deleteNumbers({ dids: ['+1555'] });
    await client.listInboundMappings();
    expect(srv.seen.map((r) => [r.method, r.url, r.headers['content-type']])).toEqual([
      ['GET', '/dsip/api/numbers/v1/number?status=available', undefined],
      ['DELETE', '/dsip/api/numbers/v1/number', 'application/json'],
      ['GET', '/dsip/api/v1/inboundmapping', undefined],
    ]);
    expect(JSON.parse(bodies[1] ?? '')).toEqual({ dids: ['+1555'], id: [] });
  });

  it('always percent-encodes "+" (a raw one is a space to the platform): selectors, filters and path ids', async () => {
    const { srv } = await recorder();
    client = new PlatformClient({ url: srv.url, token: TOKEN, profile: 'current' });
    await client.getInboundMapping({ did: '+4420 7' });
    await client.deleteInboundMapping({ did: '+4420' }).catch(() => undefined);
    await client.listNumbers({ starts_with: '+44', carrier: 'a+b' });
    const urls = srv.seen.map((r) => r.url ?? '');
    expect(urls).toEqual([
      '/api/v1/inboundmapping?did=%2B4420%207',
      '/api/v1/inboundmapping?did=%2B4420',
      '/api/numbers/v1/number?source=a%2Bb&starts_with=%2B44',
    ]);
    for (const url of urls) expect(url).not.toContain('+');
  });
});

describe('detection of the Numbers module', () => {
  it('a detected deployed platform with the module: one more request, once; the spec profile has none, with no request', async () => {
    const c = await twin();
    expect(await c.detection()).toEqual({ profile: 'current', numbersModule: true });
    const before = (await c.proxyStats()).total;
    expect(await c.numbersModule()).toBe(true);
    expect((await c.proxyStats()).total - before).toBe(1); // only the stats read itself
    await c.close();
    await emulator?.close();
    const spec = await twin('spec');
    expect(await spec.detection()).toEqual({ profile: 'spec' });
    expect(await spec.numbersModule()).toBe(false);
  });

  it("a deployed platform without the module (its upload path is Flask's 404) is told apart", async () => {
    server = await startTinyServer((req, res) => {
      if (req.url === '/api/v1/kamailio/stats') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ data: [{}], error: '', msg: 'ok', kamreload: false, dsipreload: false }));
        return;
      }
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><title>404 Not Found</title>');
    });
    client = new PlatformClient({ url: server.url, token: TOKEN });
    expect(await client.detection()).toEqual({ profile: 'current', numbersModule: false });
    // The probe goes out beside the second stats request (see below): which arrives first is not fixed.
    expect(server.seen[0]!.url).toBe('/api/v1/proxy/stats');
    expect(server.seen.map((r) => r.url).sort()).toEqual(['/api/numbers/v1/number/bulk', '/api/v1/kamailio/stats', '/api/v1/proxy/stats']);
    expect((await apiErrorOf(client.listNumbers())).code).toBe('API_NO_SUCH_ENDPOINT');
  });

  it("detection probes the module beside the deployed profile's second request, not one round trip after it", async () => {
    // /kamailio/stats is answered only once the probe has arrived (or after 2 s, so that a client
    // that waits for it before probing is slow, not stuck): the probe must not wait for it.
    let probed = false;
    let answerStats: (() => void) | undefined;
    let probedBeforeStatsAnswered = false;
    server = await startTinyServer((req, res) => {
      if (req.url === '/api/v1/kamailio/stats') {
        const answer = () => {
          answerStats = undefined;
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ data: [{}], error: '', msg: 'ok', kamreload: false, dsipreload: false }));
        };
        if (probed) return answer();
        const timer = setTimeout(answer, 2_000);
        answerStats = () => (clearTimeout(timer), answer());
        return;
      }
      if (req.url === '/api/numbers/v1/number/bulk') {
        probed = true;
        probedBeforeStatsAnswered = answerStats !== undefined || !server!.seen.some((r) => r.url === '/api/v1/kamailio/stats');
        res.writeHead(405, { 'content-type': 'text/html; charset=utf-8' });
        res.end('<!doctype html><title>405 Method Not Allowed</title>');
        answerStats?.();
        return;
      }
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><title>404 Not Found</title>');
    });
    client = new PlatformClient({ url: server.url, token: TOKEN });
    expect(await client.detection()).toEqual({ profile: 'current', numbersModule: true });
    expect(probedBeforeStatsAnswered).toBe(true);
    expect(server.seen).toHaveLength(3);
  });

  it('with the profile given, detection says just that', async () => {
    emulator = await startEmulator({ port: 0, token: TOKEN, profile: 'current' });
    client = new PlatformClient({ url: emulator.url, token: TOKEN, profile: 'current' });
    expect(await client.detection()).toEqual({ profile: 'current' });
    expect(await client.numbersModule()).toBe(true);
  });
});
