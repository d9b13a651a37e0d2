import { afterEach, describe, expect, it } from 'vitest';
import { PlatformClient } from '../../src/api/client.js';
import { startTinyServer, type TinyServer } from '../helpers/tiny-server.js';

const fast = { maxAttempts: 5, baseMs: 5, maxDelayMs: 20, totalMs: 10_000 };
const env = (data: unknown[], msg = 'ok') => JSON.stringify({ data, error: '', msg, kamreload: false, dsipreload: false });
let server: TinyServer | undefined;
let client: PlatformClient | undefined;
afterEach(async () => {
  await client?.close();
  await server?.close();
});

/** A server that answers each request by its method and path, with a script of behaviours per request. */
async function scripted(
  handle: (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, n: number, body: string) => void,
) {
  let n = 0;
  server = await startTinyServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => handle(req, res, (n += 1), body));
  });
  client = new PlatformClient({ url: server.url, token: 't', retry: fast, profile: 'spec' });
  return server;
}

describe('retries', () => {
  it('retries a read after 503s and succeeds, counting every request', async () => {
    await scripted((_req, res, n) => {
      if (n <= 2) {
        res.writeHead(503, { 'content-type': 'text/html' });
        res.end('<html>503 Service Unavailable</html>');
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(env([]));
      }
    });
    const tally = { requests: 0 };
    const value = await client!.counting(tally).listInboundMappings();
    expect(value).toEqual([]);
    expect(tally.requests).toBe(3);
  });

  it('honours Retry-After on 429', async () => {
    await scripted((_req, res, n) => {
      res.writeHead(n === 1 ? 429 : 200, { 'content-type': 'application/json', ...(n === 1 ? { 'retry-after': '1' } : {}) });
      res.end(env([], n === 1 ? 'Too Many Requests' : 'ok'));
    });
    const started = Date.now();
    await client!.listOutboundRoutes();
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('does not count 429s against the attempt bound: a rate limit slows a create down, it does not fail it', async () => {
    const srv = await scripted((_req, res, n) => {
      const limited = n <= 8;
      res.writeHead(limited ? 429 : 200, { 'content-type': 'application/json', ...(limited ? { 'retry-after': '0' } : {}) });
      res.end(limited ? env([], 'Too Many Requests') : env([{ ruleid: 7 }]));
    });
    await expect(client!.createOutboundRoute({ name: 'r', prefix: '1', gwgroupid: '2' })).resolves.toBe(7);
    expect(srv.seen).toHaveLength(9);
  });

  it('gives up on 429s once --retry-max-time is spent, with the rate-limit error', async () => {
    server = await startTinyServer((_req, res) => {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
      res.end(env([], 'Too Many Requests'));
    });
    client = new PlatformClient({ url: server.url, token: 't', retry: { ...fast, totalMs: 1_500 }, profile: 'spec' });
    const started = Date.now();
    await expect(client.listOutboundRoutes()).rejects.toMatchObject({ code: 'API_RATE_LIMITED' });
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(server.seen.length).toBeGreaterThanOrEqual(2);
  });

  it('gives up after the attempt bound, with the last error', async () => {
    const srv = await scripted((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html>502 Bad Gateway</html>');
    });
    await expect(client!.listOutboundRoutes()).rejects.toMatchObject({ code: 'API_SERVER_ERROR', status: 502 });
    expect(srv.seen).toHaveLength(5);
  });

  it('never repeats a create that happened: after a reset it reads back by DID', async () => {
    const stored: unknown[] = [];
    const srv = await scripted((req, res, _n, body) => {
      if (req.method === 'POST') {
        stored.push({ ruleid: '7', ...JSON.parse(body) });
        req.socket.destroy(); // committed, then the connection dropped: the ambiguous case
        return;
      }
      res.writeHead(stored.length ? 200 : 404, { 'content-type': 'application/json' });
      res.end(env(stored, stored.length ? 'Rule Found' : 'No Matching DID Found'));
    });
    expect(await client!.createInboundMapping({ did: '+4420', servers: ['1'] })).toBe(7);
    expect(srv.seen.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('sends a create again when the read-back shows it did not happen', async () => {
    let posts = 0;
    await scripted((req, res) => {
      if (req.method === 'POST') {
        posts += 1;
        res.writeHead(posts === 1 ? 500 : 200, { 'content-type': 'application/json' });
        res.end(
          posts === 1
            ? JSON.stringify({ data: [], error: 'server', msg: 'boom', kamreload: false, dsipreload: false })
            : env([{ ruleid: 9 }], 'Rule Created'),
        );
        return;
      }
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(env([], 'No Matching DID Found'));
    });
    expect(await client!.createInboundMapping({ did: '5', servers: ['1'] })).toBe(9);
    expect(posts).toBe(2);
  });

  it('does not retry a create the platform refused (400)', async () => {
    const srv = await scripted((_req, res) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: [], error: 'http', msg: "Duplicate DID's are not allowed", kamreload: false, dsipreload: false }));
    });
    await expect(client!.createInboundMapping({ did: '5', servers: ['1'] })).rejects.toMatchObject({ code: 'API_BAD_REQUEST' });
    expect(srv.seen).toHaveLength(1);
  });

  it('finds a route created before the connection dropped, by its fields, taking the newest', async () => {
    let routes = [
      { ruleid: 3, groupid: '8000', name: 'R', prefix: '1', from_prefix: null, gwgroupid: '#5', priority: 0, timerec: '', routeid: '' },
    ];
    const srv = await scripted((req, res) => {
      if (req.method === 'POST') {
        routes = [...routes, { ...routes[0]!, ruleid: 11 }];
        req.socket.destroy();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(env(routes, 'Routes Found'));
    });
    expect(await client!.createOutboundRoute({ name: 'R', prefix: '1', gwgroupid: '5' })).toBe(11);
    expect(srv.seen.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('counts a delete answered 404 on a retry as done, but not on the first attempt', async () => {
    let deleted = false;
    await scripted((req, res) => {
      if (!deleted) {
        deleted = true;
        req.socket.destroy(); // deleted, answer lost
        return;
      }
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(env([], 'No Matching Rule Found'));
    });
    await client!.deleteOutboundRoute(4);
    await expect(client!.deleteOutboundRoute(4)).rejects.toMatchObject({ code: 'API_NOT_FOUND' });
  });
});
