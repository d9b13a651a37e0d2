// Reads sent before the run asks for them (PlatformClient.readAhead, Transport.sendEarly): each is
// sent once and taken by the run's own request for it, its answer scrubbed with the secrets known
// when it is taken (not when it arrived), and one never taken is abandoned at close: no hang, no
// unhandled rejection. Real HTTP over loopback against a tiny server.
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { PlatformClient } from '../../src/api/client.js';
import { KIND_SPECS } from '../../src/model/kinds.js';
import type { KindApi } from '../../src/model/kind-api.js';
import { startTinyServer, type TinyServer } from '../helpers/tiny-server.js';

const TOKEN = 'read-ahead-token-0123456789';
const SECRET = 'Pbx-pass-8f1c2d';
const MAPPINGS = KIND_SPECS.inbound_mapping.api as KindApi;
const ROUTES = KIND_SPECS.outbound_route.api as KindApi;

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
});

function answer(res: ServerResponse, data: unknown[]): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: '', msg: '', kamreload: false, data }));
}

async function server(handler: Parameters<typeof startTinyServer>[0]): Promise<TinyServer> {
  const s = await startTinyServer(handler);
  open.push(s);
  return s;
}

function client(url: string): PlatformClient {
  const c = new PlatformClient({ url, token: TOKEN, profile: 'spec' });
  open.push(c);
  return c;
}

const paths = (s: TinyServer): string[] => s.seen.map((r) => `${r.method} ${r.url}`);

/**
 * The routes read sent early, its first request failed, then the run's own list: it answers, and
 * the platform saw the route list asked twice (the early request, then the run's).
 */
async function sentAgainByTheRun(c: PlatformClient, s: TinyServer): Promise<void> {
  open.push(c);
  c.readAhead([ROUTES]);
  await c.readAheadOnTheWire(5_000);
  await expect.poll(() => s.seen.length).toBe(1);
  expect(await c.kind(ROUTES).list()).toEqual([]);
  expect(paths(s)).toEqual(['GET /api/v1/outboundroutes', 'GET /api/v1/outboundroutes']);
}

describe('reads sent ahead', () => {
  it('are sent once each, before the run asks, and the run’s own read takes the answer', async () => {
    const s = await server((req, res) =>
      answer(res, req.url?.endsWith('inboundmapping') ? [{ ruleid: 1, did: '15551234567', servers: ['1'] }] : []),
    );
    const c = client(s.url);
    c.readAhead([MAPPINGS, ROUTES, MAPPINGS]);
    expect(c.readAheadSent).toBe(2);
    await c.readAheadOnTheWire(5_000);
    // On the server before anything asked for them.
    await expect.poll(() => paths(s)).toEqual(['GET /api/v1/inboundmapping', 'GET /api/v1/outboundroutes']);
    const [mappings, routes] = await Promise.all([c.kind(MAPPINGS).list(), c.kind(ROUTES).list()]);
    expect(mappings).toHaveLength(1);
    expect(routes).toEqual([]);
    // Taken, not sent again; a second read of the same list is a request of its own.
    expect(paths(s)).toHaveLength(2);
    await c.kind(MAPPINGS).list();
    expect(paths(s)).toHaveLength(3);
  });

  it('an answer is scrubbed with the secrets known when it is taken, not when it arrived', async () => {
    const s = await server((_req, res) => answer(res, [{ ruleid: 1, did: '15551234567', servers: ['1'], name: SECRET }]));
    const c = client(s.url);
    c.readAhead([MAPPINGS]);
    await c.readAheadOnTheWire(5_000);
    await expect.poll(() => s.seen.length).toBe(1);
    // The files' passwords are registered after the reads left (cli/desired.ts, once the files are loaded).
    c.addSecret(SECRET);
    const text = JSON.stringify(await c.kind(MAPPINGS).list());
    expect(text).not.toContain(SECRET);
    expect(text).toContain('(sensitive)');
  });

  it('one never taken is abandoned when the client closes: no wait for its answer, no unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown): void => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      // Never answers: a plan's read of a platform that hangs, for files that then fail their checks.
      const s = await server(() => undefined);
      const c = client(s.url);
      c.readAhead([MAPPINGS]);
      await c.readAheadOnTheWire(5_000);
      await expect.poll(() => s.seen.length).toBe(1);
      const started = Date.now();
      open.splice(open.indexOf(c), 1);
      await c.close();
      expect(Date.now() - started).toBeLessThan(2_000);
      await new Promise((r) => setTimeout(r, 50));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('a read that failed early fails the run’s read as its first attempt, retried as any', async () => {
    let n = 0;
    const s = await server((_req, res) => {
      n += 1;
      if (n === 1) {
        res.writeHead(503, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: 'busy', msg: 'busy', data: [] }));
      } else answer(res, []);
    });
    const c = new PlatformClient({ url: s.url, token: TOKEN, profile: 'spec', retry: { maxAttempts: 2, baseMs: 1, totalMs: 5_000 } });
    await sentAgainByTheRun(c, s);
  });

  it('one that got no answer (cut off) is sent again as the run’s own attempt, not counted against its attempts', async () => {
    let n = 0;
    const s = await server((req, res) => {
      n += 1;
      // The first request is cut off: the read sent early, left unanswered (or timed out while the run held the loop).
      if (n === 1) req.socket.destroy();
      else answer(res, []);
    });
    // One attempt only: a read that took the early failure as its own would fail here.
    const c = new PlatformClient({ url: s.url, token: TOKEN, profile: 'spec', retry: { maxAttempts: 1 } });
    await sentAgainByTheRun(c, s);
  });

  it('the profile’s first detection request goes out with them when the profile is to be detected', async () => {
    const s = await server((_req, res) => answer(res, [{}]));
    const c = new PlatformClient({ url: s.url, token: TOKEN });
    open.push(c);
    c.readAhead([ROUTES]);
    await c.readAheadOnTheWire(5_000);
    await expect.poll(() => paths(s).sort()).toEqual(['GET /api/v1/outboundroutes', 'GET /api/v1/proxy/stats']);
    expect(await c.profile()).toBe('spec');
    expect(s.seen).toHaveLength(2);
  });
});
