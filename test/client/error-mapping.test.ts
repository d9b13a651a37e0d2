import { createServer as createNetServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.js';
import { PlatformClient } from '../../src/api/client.js';
import { startTinyServer, type TinyServer } from '../helpers/tiny-server.js';

const TOKEN = 'tok-error-mapping-0123456789abcdef';
let server: TinyServer | undefined;
let client: PlatformClient | undefined;

afterEach(async () => {
  await client?.close();
  await server?.close();
  client = undefined;
  server = undefined;
});

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const err = await promise.then(
    () => {
      throw new Error('expected the request to fail');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  const apiErr = err as ApiError;
  // Whatever went wrong, the token is nowhere in what a user or a log could see.
  expect(`${apiErr.message} ${apiErr.hint} ${inspect(apiErr)} ${JSON.stringify(apiErr)}`).not.toContain(TOKEN);
  return apiErr;
}

function answer(status: number, contentType: string, body: string, headers: Record<string, string> = {}) {
  return startTinyServer((_req, res) => {
    res.writeHead(status, { 'content-type': contentType, ...headers });
    res.end(body);
  });
}

describe('client error mapping against real servers', () => {
  it.each([
    [404, 'text/html', '<html><body><h1>Not Found</h1></body></html>', 'API_NO_SUCH_ENDPOINT', /HTML page/],
    [405, 'text/html', '<!doctype html><title>405 Method Not Allowed</title>', 'API_METHOD_NOT_ALLOWED', /HTML page/],
    [500, 'text/html', '<html>Internal Server Error</html>', 'API_SERVER_ERROR', /HTML page/],
    [200, 'text/html', '<html>login</html>', 'API_UNEXPECTED_RESPONSE', /HTML page instead of JSON/],
    [200, 'application/json', '{not json', 'API_UNEXPECTED_RESPONSE', /not the platform's JSON envelope/],
    [502, 'text/plain', '', 'API_SERVER_ERROR', /empty body/],
    [401, 'text/html', '<html>Login</html>', 'API_UNAUTHORIZED', /unauthorized/],
    [413, 'text/html', '<html>413 Request Entity Too Large</html>', 'API_BODY_TOO_LARGE', /too large/],
  ])('status %i with %s body → %s', async (status, type, body, code, message) => {
    server = await answer(status, type, body);
    client = new PlatformClient({ url: server.url, token: TOKEN, retry: { maxAttempts: 1 }, profile: 'spec' });
    const err = await failureOf(client.listInboundMappings());
    expect(err.code).toBe(code);
    expect(err.status).toBe(status);
    expect(err.method).toBe('GET');
    expect(err.path).toBe('/inboundmapping');
    expect(err.message).toMatch(message);
  });

  it('keeps the platform msg of a JSON error', async () => {
    server = await answer(
      400,
      'application/json',
      JSON.stringify({ data: [], error: 'http', msg: 'DID is required', kamreload: false, dsipreload: false }),
    );
    client = new PlatformClient({ url: server.url, token: TOKEN, retry: { maxAttempts: 1 }, profile: 'spec' });
    const err = await failureOf(client.createInboundMapping({ did: '1', servers: ['1'] }));
    expect(err.code).toBe('API_BAD_REQUEST');
    expect(err.platformMsg).toBe('DID is required');
    expect(err.platformError).toBe('http');
    expect(err.message).toBe('POST /inboundmapping: 400 rejected: "DID is required"');
  });

  it('tells a missing object (JSON 404, error "") from a missing path', async () => {
    server = await answer(
      404,
      'application/json',
      JSON.stringify({ data: [], error: '', msg: 'No Matching Rule Found', kamreload: false, dsipreload: false }),
    );
    client = new PlatformClient({ url: server.url, token: TOKEN, retry: { maxAttempts: 1 }, profile: 'spec' });
    const err = await failureOf(client.deleteOutboundRoute(7));
    expect(err.code).toBe('API_NOT_FOUND');
    expect(err.isNotFound).toBe(true);
    expect(await client.getOutboundRoute(7)).toBeNull();
  });

  it('reads Retry-After on 429', async () => {
    server = await answer(
      429,
      'application/json',
      JSON.stringify({ data: [], error: 'http', msg: 'Too Many Requests', kamreload: false, dsipreload: false }),
      { 'retry-after': '3' },
    );
    client = new PlatformClient({ url: server.url, token: TOKEN, retry: { maxAttempts: 1 }, profile: 'spec' });
    const err = await failureOf(client.listOutboundRoutes());
    expect(err.code).toBe('API_RATE_LIMITED');
    expect(err.retryAfter).toBe(3);
  });

  it('names the target of a redirect (http → https on real installs)', async () => {
    server = await answer(301, 'text/html', '<a>moved</a>', { location: 'https://sip.example.com:5000/api/v1/proxy/stats' });
    client = new PlatformClient({ url: server.url, token: TOKEN, retry: { maxAttempts: 1 }, profile: 'spec' });
    const err = await failureOf(client.proxyStats());
    expect(err.code).toBe('API_UNEXPECTED_RESPONSE');
    expect(err.message).toContain('redirect to https://sip.example.com:5000/api/v1/proxy/stats');
  });

  it('times out on a server that never answers', async () => {
    server = await startTinyServer(() => {
      /* never answers */
    });
    client = new PlatformClient({ url: server.url, token: TOKEN, timeoutMs: 300, retry: { maxAttempts: 1 }, profile: 'spec' });
    const err = await failureOf(client.listInboundMappings());
    expect(err.code).toBe('API_TIMEOUT');
    expect(err.status).toBeUndefined();
    expect(err.message).toContain('within 300 ms');
  });

  it('reports a connection reset before any answer', async () => {
    server = await startTinyServer((req) => req.socket.destroy());
    client = new PlatformClient({ url: server.url, token: TOKEN, retry: { maxAttempts: 1 }, profile: 'spec' });
    const err = await failureOf(client.listOutboundRoutes());
    expect(err.code).toBe('API_CONNECTION_RESET');
    expect(err.hint).toMatch(/may or may not have been carried out/);
  });

  it('reports a reset in the middle of the body', async () => {
    server = await startTinyServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"data": [');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    client = new PlatformClient({ url: server.url, token: TOKEN, retry: { maxAttempts: 1 }, profile: 'spec' });
    const err = await failureOf(client.listOutboundRoutes());
    expect(err.code).toBe('API_CONNECTION_RESET');
  });

  it('reports a refused connection with a hint about --url', async () => {
    // Take a free port, then close it again so nothing listens there.
    const probe = createNetServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    client = new PlatformClient({ url: `http://127.0.0.1:${port}`, token: TOKEN, retry: { maxAttempts: 1 }, profile: 'spec' });
    const err = await failureOf(client.proxyStats());
    expect(err.code).toBe('API_CONNECTION_REFUSED');
    expect(err.hint).toMatch(/--url/);
  });

  it('reports a server that does not speak HTTP', async () => {
    const sockets: import('node:net').Socket[] = [];
    const raw = createNetServer((s) => {
      sockets.push(s);
      s.end('\x16\x03\x01 garbage that is not HTTP\r\n\r\n');
    });
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
    const { port } = raw.address() as AddressInfo;
    client = new PlatformClient({ url: `http://127.0.0.1:${port}`, token: TOKEN, retry: { maxAttempts: 1 }, profile: 'spec' });
    try {
      const err = await failureOf(client.proxyStats());
      expect(err.code).toBe('API_UNEXPECTED_RESPONSE');
      expect(err.hint).toMatch(/https:\/\//);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => raw.close(() => resolve()));
    }
  });

  it('sends its headers on every request (Content-Type only with a body) and reuses the connection', async () => {
    server = await answer(
      200,
      'application/json',
      JSON.stringify({ data: [], error: '', msg: 'No Rules Found', kamreload: false, dsipreload: false }),
    );
    client = new PlatformClient({ url: `${server.url}/`, token: TOKEN, profile: 'spec' });
    await client.obtainLease({ email: 'a@b.c', ttl: 60 }).catch(() => undefined);
    for (let i = 0; i < 9; i += 1) await client.listInboundMappings();
    expect(server.seen).toHaveLength(10);
    for (const req of server.seen) {
      expect(req.headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(req.headers.accept).toBe('application/json');
      // None of these carries a body: a Content-Type would claim a JSON body the platform then fails to read.
      expect(req.headers['content-type']).toBeUndefined();
    }
    expect(server.seen[0]!.url).toBe('/api/v1/endpoint/lease?ttl=60&email=a%40b.c');
    expect(server.seen[1]!.url).toBe('/api/v1/inboundmapping');
    // keep-alive: ten sequential requests share at most two sockets (undici frees a pooled
    // connection a tick after the body ends, so the second request may open one more).
    expect(new Set(server.seen.map((r) => r.socket.remotePort)).size).toBeLessThanOrEqual(2);
  });

  it('never shows the token when the client itself is inspected or serialized', () => {
    client = new PlatformClient({ url: 'http://127.0.0.1:9', token: TOKEN });
    expect(inspect(client, { depth: 10, showHidden: true })).not.toContain(TOKEN);
    expect(JSON.stringify(client)).not.toContain(TOKEN);
  });
});
