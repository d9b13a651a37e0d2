import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { EmulatorStore } from '../../src/emulator/store/store.js';
import { rawRequest, serveStore, type StoreServer } from './raw.js';

/**
 * Hostile input: whatever the method, target, headers, framing and body, the emulator (faults off)
 * answers within 5 s, never with a 5xx, and a refused request (status ≥ 400) changes nothing: not
 * the records, counters or `kamreload` (the whole store snapshot, with a frozen clock so no lease
 * expires between two looks).
 */
const TOKEN = 'prop-token';
const KNOWN_PATHS = [
  '/api/v1/inboundmapping',
  '/api/v1/outboundroutes',
  '/api/v1/outboundroutes/1',
  '/api/v1/outboundroutes/2',
  '/api/v1/endpoint/lease',
  '/api/v1/endpoint/lease/1/revoke',
  '/api/v1/proxy/stats',
  '/api/v1/kamailio/stats',
  '/api/v1/reload/kamailio',
  '/api/v1/reload/proxy',
];

const method = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE') },
  { weight: 2, arbitrary: fc.constantFrom('HEAD', 'OPTIONS', 'PATCH', 'TRACE', 'CONNECT', 'PROPFIND', 'M-SEARCH', 'get', 'Post') },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z!#$%&'*+.^_`|~-]{1,12}$/) },
);

const segment = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9._~-]{0,8}$/),
  fc.uint8Array({ maxLength: 6 }).map((bytes) => [...bytes].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')),
  fc.constantFrom('%', '%zz', '%E0%A4', '..', '.', '%2F', '%00', '1', '999999999999999999999', '-1', '1e3'),
);

const queryPart = fc.oneof(
  fc.tuple(fc.constantFrom('ruleid', 'did', 'ttl', 'email', 'name', 'x', ''), segment).map(([k, v]) => `${k}=${v}`),
  segment,
  fc.constantFrom('did', 'did=', 'did=%2B4420', 'ruleid=1&ruleid=1', 'ttl=60&email=a%40b', 'ttl=5m&email=x'),
);
const query = fc.oneof(
  fc.constant(''),
  fc.array(queryPart, { maxLength: 4 }).map((parts) => `?${parts.join('&')}`),
);

const path = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...KNOWN_PATHS) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.constantFrom(...KNOWN_PATHS), fc.array(segment, { minLength: 1, maxLength: 3 }))
      .map(([p, junk]) => `${p}/${junk.join('/')}`),
  },
  { weight: 2, arbitrary: fc.array(segment, { maxLength: 6 }).map((segs) => `/${segs.join('/')}`) },
  { weight: 1, arbitrary: fc.constantFrom('*', '', 'http://127.0.0.1/api/v1/proxy/stats', '//api/v1/proxy/stats', '/api/v1', '/api/v1/') },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 20_000 }).map((n) => `/api/v1/${'a'.repeat(n)}`) },
);
const target = fc.tuple(path, query).map(([p, q]) => p + q);

const auth = fc.constantFrom<string | undefined>(
  `Bearer ${TOKEN}`,
  `Bearer ${TOKEN}`,
  `bearer ${TOKEN}`,
  'Bearer wrong',
  'Bearer',
  `Basic ${TOKEN}`,
  `Bearer ${TOKEN} x`,
  undefined,
);
const accept = fc.constantFrom<string | undefined>(
  'application/json',
  'application/json',
  undefined,
  '*/*',
  'text/html',
  'application/json, text/html;q=0.1',
  'image/png',
);
const contentType = fc.constantFrom<string | undefined>(
  'application/json',
  undefined,
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/json; charset=latin1',
);
const extraHeader = fc.tuple(fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,15}$/), fc.stringMatching(/^[\x20-\x7e]{0,40}$/));

const text = fc.oneof(fc.string({ maxLength: 12 }), fc.stringMatching(/^[0-9+#*]{0,12}$/));
const apiValue = fc.oneof(
  text,
  fc.integer(),
  fc.constant(null),
  fc.boolean(),
  fc.array(text, { maxLength: 3 }),
  fc.object({ maxDepth: 1 }),
);
const apiObject = fc.dictionary(
  fc.constantFrom(
    'did',
    'servers',
    'notes',
    'name',
    'prefix',
    'from_prefix',
    'gwgroupid',
    'priority',
    'timerec',
    'routeid',
    'ruleid',
    'groupid',
    'x',
  ),
  apiValue,
  { maxKeys: 6 },
);
const body = fc.oneof(
  { weight: 4, arbitrary: apiObject.map((o) => Buffer.from(JSON.stringify(o))) },
  { weight: 2, arbitrary: fc.json({ maxDepth: 4 }).map((j) => Buffer.from(j)) },
  { weight: 2, arbitrary: fc.uint8Array({ maxLength: 2_000 }).map((b) => Buffer.from(b)) },
  { weight: 1, arbitrary: fc.constant(Buffer.alloc(0)) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.integer({ min: 50_000, max: 400_000 }),
        fc.constantFrom('did', 'notes', 'name', 'prefix'),
        fc.constantFrom('1', 'x', '\\u00e9', ','),
      )
      .map(([n, key, ch]) => Buffer.from(`{"${key}":"${ch.repeat(Math.floor(n / ch.length))}"}`)),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 100, max: 100_000 }), fc.constantFrom('[', '{"did":'))
      .map(([depth, open]) => Buffer.from(open.repeat(depth) + (open === '[' ? ']' : '1}').repeat(depth))),
  },
);

/** How the body is framed: honest, absent, chunked, or a Content-Length that lies. */
const framing = fc.constantFrom(
  'length',
  'length',
  'length',
  'none',
  'chunked',
  'declared-more',
  'declared-less',
  'bad-length',
  'te-and-length',
);

const hostile = fc.record({ method, target, auth, accept, contentType, extra: fc.array(extraHeader, { maxLength: 3 }), body, framing });

/** What a client that read the spec might send: right headers and paths, values from near the edges. */
const digits = fc.stringMatching(/^[0-9+#*]{0,8}$/);
const mappingBody = fc.record(
  {
    did: digits,
    servers: fc.constantFrom(['1'], ['1'], ['1', '#5'], ['66'], [], ['x'], ['1', '2', '3'], '1'),
    notes: fc.constantFrom('a', 'a', '', 'b,c'),
  },
  { requiredKeys: ['did'] },
);
const routeBody = fc.record(
  {
    name: fc.constantFrom('r', 'a,b', ''),
    prefix: digits,
    from_prefix: fc.oneof(digits, fc.constant(null)),
    gwgroupid: fc.constantFrom('5', '0', '', '#7'),
    priority: fc.oneof(fc.integer({ min: -5, max: 5 }), fc.constant(1.5)),
  },
  { requiredKeys: ['name'] },
);
const jsonBytes = (a: fc.Arbitrary<unknown>): fc.Arbitrary<Buffer> => a.map((o) => Buffer.from(JSON.stringify(o)));
const mappingOps = fc.constantFrom<[string, string]>(
  ['GET', '/api/v1/inboundmapping'],
  ['POST', '/api/v1/inboundmapping'],
  ['POST', '/api/v1/inboundmapping'],
  ['PUT', '/api/v1/inboundmapping'],
  ['DELETE', '/api/v1/inboundmapping'],
);
const routeOps = fc.constantFrom<[string, string]>(
  ['GET', '/api/v1/outboundroutes'],
  ['POST', '/api/v1/outboundroutes'],
  ['POST', '/api/v1/outboundroutes'],
  ['PUT', '/api/v1/outboundroutes/'],
  ['DELETE', '/api/v1/outboundroutes/'],
);
const otherOps = fc.constantFrom<[string, string]>(
  ['GET', '/api/v1/endpoint/lease'],
  ['PUT', '/api/v1/endpoint/lease/'],
  ['GET', '/api/v1/proxy/stats'],
  ['POST', '/api/v1/reload/kamailio'],
);
const plausibleOp = fc.oneof(
  fc.tuple(mappingOps, fc.oneof(jsonBytes(mappingBody), jsonBytes(mappingBody), body)),
  fc.tuple(routeOps, fc.oneof(jsonBytes(routeBody), jsonBytes(routeBody), body)),
  fc.tuple(otherOps, fc.oneof(fc.constant(Buffer.alloc(0)), body)),
);
const plausible = fc
  .record({
    op: plausibleOp,
    id: fc.constantFrom('1', '2', '3', '4', '99', 'x', ''),
    query: fc.oneof(
      { weight: 4, arbitrary: fc.constant('') },
      {
        weight: 1,
        arbitrary: fc.constantFrom('?ruleid=2', '?did=1', '?did=', '?did=%2B1', '?ttl=60&email=a%40b', '?ttl=0&email=a', '?x=1'),
      },
    ),
    framing: fc.constantFrom('length', 'length', 'length', 'chunked', 'none'),
  })
  .map(({ op: [[m, p], b], id, query: q, framing: f }) => ({
    method: m,
    target: (p.endsWith('/') ? (p.includes('lease') ? `${p}${id}/revoke` : `${p}${id}`) : p) + q,
    auth: `Bearer ${TOKEN}` as string | undefined,
    accept: 'application/json',
    contentType: 'application/json',
    extra: [] as [string, string][],
    body: b,
    framing: f,
  }));

/** One request as the generators describe it. */
interface Request {
  method: string;
  target: string;
  auth: string | undefined;
  accept: string | undefined;
  contentType: string | undefined;
  extra: [string, string][];
  body: Buffer;
  framing: string;
}
const request: fc.Arbitrary<Request> = fc.oneof(hostile, plausible);

/** The request as bytes on the wire, and whether a client would half-close after sending it. */
function wire(r: Request): Buffer[] {
  const headers = ['Host: 127.0.0.1'];
  if (r.auth !== undefined) headers.push(`Authorization: ${r.auth}`);
  if (r.accept !== undefined) headers.push(`Accept: ${r.accept}`);
  if (r.contentType !== undefined) headers.push(`Content-Type: ${r.contentType}`);
  for (const [name, value] of r.extra) headers.push(`X-${name}: ${value}`);
  let payload: Buffer[] = [r.body];
  switch (r.framing) {
    case 'length':
      headers.push(`Content-Length: ${r.body.length}`);
      break;
    case 'none':
      payload = [];
      break;
    case 'chunked':
      headers.push('Transfer-Encoding: chunked');
      payload = r.body.length
        ? [Buffer.from(`${r.body.length.toString(16)}\r\n`), r.body, Buffer.from('\r\n0\r\n\r\n')]
        : [Buffer.from('0\r\n\r\n')];
      break;
    case 'declared-more':
      headers.push(`Content-Length: ${r.body.length + 100}`);
      break;
    case 'declared-less':
      headers.push(`Content-Length: ${Math.floor(r.body.length / 2)}`);
      break;
    case 'bad-length':
      headers.push('Content-Length: twelve');
      break;
    case 'te-and-length':
      headers.push('Transfer-Encoding: chunked', `Content-Length: ${r.body.length}`);
      break;
  }
  headers.push('Connection: close');
  return [Buffer.from(`${r.method} ${r.target} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n`, 'latin1'), ...payload];
}

/** A well-formed request with the right token. */
function proper(method: string, target: string, json?: unknown, token: string | null = TOKEN): Request {
  return {
    method,
    target,
    auth: token === null ? undefined : `Bearer ${token}`,
    accept: 'application/json',
    contentType: 'application/json',
    extra: [],
    body: Buffer.from(json === undefined ? '' : typeof json === 'string' ? json : JSON.stringify(json)),
    framing: 'length',
  };
}

/**
 * Run first, so the store holds a mapping, an LCR route and a lease before the random requests, and
 * so every status the coverage check names is reached whatever the seed: the random requests reach a
 * 405 about three times in 200 (a run without one was seen in CI), so chance alone cannot hold it.
 */
const EXAMPLES: Request[] = [
  proper('POST', '/api/v1/inboundmapping', { did: '4420', servers: ['1'] }),
  proper('POST', '/api/v1/outboundroutes', { name: 'lcr', prefix: '44', from_prefix: '1', gwgroupid: '5' }),
  proper('GET', '/api/v1/endpoint/lease?ttl=60&email=a%40b'),
  proper('POST', '/api/v1/inboundmapping', '{"did": '),
  proper('GET', '/api/v1/inboundmapping', undefined, null),
  proper('GET', '/api/v1/no-such-collection'),
  proper('PATCH', '/api/v1/inboundmapping', { did: '4421' }),
];

describe('emulator under hostile requests (property-based)', () => {
  let server: StoreServer;
  beforeAll(async () => {
    // A frozen clock: leases never expire by themselves, so any change is the request's doing.
    const store = new EmulatorStore({ now: () => 1_750_000_000_000 });
    server = await serveStore(store, TOKEN);
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers every request within 5 s, never with a 5xx, and a refused request changes nothing', async () => {
    const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const before = JSON.stringify(server.store.snapshot());
        const revision = server.store.revision;
        const answer = await rawRequest(server.port, wire(r), { timeoutMs: 5000 });
        expect(answer.status, `no answer; got ${JSON.stringify(answer.text.slice(0, 200))}`).not.toBeNull();
        const status = answer.status ?? 0;
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        expect(status, answer.text.slice(0, 300)).toBeLessThan(500);
        // With a short Content-Length the bytes past it reach the server as a second, malformed
        // request: Node's HTTP parser may refuse that one (a bare 400, no body) before the first
        // one's answer is written, while the first one was served. That 400 is not this request's.
        const parserRefusal = r.framing === 'declared-less' && /^HTTP\/1\.1 400 Bad Request\r\n(?:[^\r\n]+\r\n)*\r\n$/.test(answer.text);
        if (status >= 400 && !parserRefusal) {
          expect(server.store.revision).toBe(revision);
          expect(JSON.stringify(server.store.snapshot())).toBe(before);
        }
      }),
      { numRuns: 200, seed, examples: EXAMPLES.map((r) => [r]) },
    );
    // The requests must reach the handlers, not only the early refusals.
    expect([...statuses.keys()], `FC_SEED=${seed}`).toEqual(expect.arrayContaining([200, 400, 401, 404, 405]));
    expect(server.store.revision).toBeGreaterThan(0);
  }, 60_000);
});
