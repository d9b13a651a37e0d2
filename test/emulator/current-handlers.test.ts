/**
 * Issue 34: the `current` twin answers as the platform's own v0.79 handlers do, where a probe of
 * those handlers (Flask 2.2) and of the twin differed; the `spec` profile keeps the contract's
 * answer. One row per difference, each run over real HTTP against both profiles, with its
 * upstream source (docs/platform-profiles.md, "Requests and answers", is the readable version).
 * Endpoint groups: endpoint-group-extras.test.ts; the Numbers module: numbers.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type ApiProfileName, type RunningEmulator } from '../../src/emulator/index.js';
import { call, type Answer } from './helpers.js';

const WERKZEUG_400 = 'The browser (or proxy) sent a request that this server could not understand.';
const TOKEN = 'handlers-token-0123456789';
const running: RunningEmulator[] = [];
afterEach(async () => {
  for (const e of running.splice(0)) await e.close();
});

async function start(profile: ApiProfileName): Promise<RunningEmulator> {
  const emu = await startEmulator({ port: 0, token: TOKEN, profile, empty: true });
  running.push(emu);
  return emu;
}

type Probe = (emu: RunningEmulator) => Promise<Answer>;

interface Row {
  readonly behaviour: string;
  readonly source: string;
  readonly probe: Probe;
  /** What each profile answers: status, and the envelope's msg (or a check of the whole answer). */
  readonly current: readonly [number, string | ((a: Answer) => void)];
  readonly spec: readonly [number, string | ((a: Answer) => void)];
}

const PLUS_DID = { did: '+15551239999', servers: ['1'], name: 'plus' };
const htmlPage = (a: Answer): void => {
  expect(a.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(a.text).toContain('<title>404 Not Found</title>');
};

const ROWS: readonly Row[] = [
  {
    behaviour: '`Authorization: Token <token>`: the scheme word is never read',
    source: 'gui/util/security.py APIToken.__init__ (split on " ", two words)',
    probe: (e) => call(e, 'GET', '/inboundmapping', { headers: { authorization: `Token ${TOKEN}` } }),
    current: [200, 'No Rules Found'],
    spec: [401, 'Unauthorized'],
  },
  {
    behaviour: '`Bearer  <token>` (two spaces) is three words: refused, with no WWW-Authenticate',
    source: 'gui/util/security.py APIToken.__init__; api_functions.py api_security (createApiResponse)',
    probe: (e) => call(e, 'GET', '/inboundmapping', { headers: { authorization: `Bearer  ${TOKEN}` } }),
    current: [401, (a) => expect([a.json.msg, a.headers['www-authenticate']]).toEqual(['Unauthorized', undefined])],
    spec: [200, 'No Rules Found'],
  },
  {
    behaviour: 'a raw `+` in `?did=` is a space (Werkzeug decodes the query as a form)',
    source: 'api_routes.py handleInboundMapping (request.args.get("did"))',
    probe: async (e) => {
      await call(e, 'POST', '/inboundmapping', { body: e.profile === 'spec' ? { ...PLUS_DID, name: undefined, notes: 'plus' } : PLUS_DID });
      return call(e, 'GET', '/inboundmapping?did=+15551239999');
    },
    current: [404, 'No Matching DID Found'],
    spec: [200, 'Rule Found'],
  },
  {
    behaviour: '`%2B` in `?did=` is a `+` under both',
    source: 'api_routes.py handleInboundMapping',
    probe: async (e) => {
      await call(e, 'POST', '/inboundmapping', { body: e.profile === 'spec' ? { ...PLUS_DID, name: undefined, notes: 'plus' } : PLUS_DID });
      return call(e, 'GET', '/inboundmapping?did=%2B15551239999');
    },
    current: [200, 'DID Found'],
    spec: [200, 'Rule Found'],
  },
  {
    behaviour: 'a repeated query argument: the first value (`request.args.get`)',
    source: 'api_routes.py handleInboundMapping; werkzeug MultiDict.get',
    probe: async (e) => {
      await call(e, 'POST', '/inboundmapping', {
        body: e.profile === 'spec' ? { did: '5', servers: ['1'] } : { did: '5', servers: ['1'], name: '' },
      });
      return call(e, 'GET', '/inboundmapping?did=5&did=6');
    },
    current: [200, 'DID Found'],
    spec: [400, 'Request argument repeated: did'],
  },
  {
    behaviour: "`GET /outboundroutes/abc`: not the `<int:ruleid>` path, Flask's HTML 404",
    source: 'outboundroutes/routes.py:35 (f721389c)',
    probe: (e) => call(e, 'GET', '/outboundroutes/abc'),
    current: [404, htmlPage],
    spec: [400, 'ruleid must be an integer'],
  },
  {
    behaviour: "`GET /endpointgroups/abc`: not the `<int:gwgroupid>` path, Flask's HTML 404",
    source: 'api_routes.py:942 getEndpointGroup',
    probe: (e) => call(e, 'GET', '/endpointgroups/abc'),
    current: [404, htmlPage],
    spec: [404, 'Endpoint Group Does Not Exist'],
  },
  {
    behaviour: "malformed JSON: Werkzeug's BadRequest",
    source: 'shared.py getRequestData (request.get_json); flask Request.on_json_loading_failed',
    probe: (e) => call(e, 'POST', '/inboundmapping', { raw: '{bad json' }),
    current: [400, WERKZEUG_400],
    spec: [400, 'Malformed JSON body'],
  },
  {
    behaviour: 'an empty body sent as `application/json` to a handler that reads one: the same 400',
    source: 'shared.py getRequestData (get_json of "")',
    probe: (e) => call(e, 'POST', '/outboundroutes', { raw: '' }),
    current: [400, WERKZEUG_400],
    spec: [400, 'name is required'],
  },
  {
    behaviour: 'malformed JSON without `application/json` is no data (get_json(force=True, silent=True))',
    source: 'shared.py getRequestData',
    probe: (e) => call(e, 'POST', '/inboundmapping', { raw: '{bad json', contentType: null }),
    current: [400, 'Servers to map DID to are required'],
    spec: [400, 'Malformed JSON body'],
  },
  {
    behaviour: 'a JSON list is merged with the query: TypeError, 500',
    source: 'shared.py getRequestData (data | request.args)',
    probe: (e) => call(e, 'POST', '/inboundmapping', { raw: '[1, 2]' }),
    current: [500, "unsupported operand type(s) for |: 'list' and 'dict'"],
    spec: [400, 'Malformed JSON body'],
  },
  {
    behaviour: 'a handler that reads no body ignores a malformed one',
    source: 'api_routes.py handleReloadKamailio',
    probe: (e) => call(e, 'POST', '/reload/kamailio', { raw: '{bad json' }),
    current: [200, 'Kamailio reload succeeded'],
    spec: [400, 'Malformed JSON body'],
  },
];

describe('issue 34: the current twin answers as the v0.79 handlers; spec as specified', () => {
  for (const row of ROWS) {
    for (const profile of ['current', 'spec'] as const) {
      it(`${profile}: ${row.behaviour}  [${row.source}]`, async () => {
        const answer = await row.probe(await start(profile));
        const [status, check] = row[profile];
        expect(answer.status, answer.text).toBe(status);
        if (typeof check === 'string') expect(answer.json?.msg).toBe(check);
        else check(answer);
      });
    }
  }
});

describe('issue 34: leases and the JSON of the answers', () => {
  it('current: a lease registers in the default auth domain as lease<1-200>, no two live ones alike [api_routes.py getEndpointLease]', async () => {
    const emu = await start('current');
    const names = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const lease = (await call(emu, 'GET', '/lease/endpoint?ttl=60&email=a%40example.com')).json.data[0];
      expect(lease.domain).toBe('sip.dsiprouter.org');
      expect(lease.username).toMatch(/^lease([1-9]|[1-9][0-9]|1[0-9][0-9]|200)$/);
      names.add(lease.username);
    }
    expect(names.size).toBe(40);
  });

  it('current: with all 200 names held, the next lease fails on the subscriber key (500 db) [kamailio subscriber account_idx]', async () => {
    const emu = await start('current');
    for (let i = 0; i < 200; i++) expect((await call(emu, 'GET', '/lease/endpoint?ttl=60&email=a%40example.com')).status).toBe(200);
    const full = await call(emu, 'GET', '/lease/endpoint?ttl=60&email=a%40example.com');
    expect([full.status, full.json.error]).toEqual([500, 'db']);
    expect(full.json.msg).toMatch(
      /^\(MySQLdb\.IntegrityError\) \(1062, "Duplicate entry 'lease\d+-sip\.dsiprouter\.org' for key 'account_idx'"\)$/,
    );
  });

  it('spec: the lease is lease<id> in a domain that cannot resolve', async () => {
    const emu = await start('spec');
    const lease = (await call(emu, 'GET', '/endpoint/lease?ttl=60&email=a%40example.com')).json.data[0];
    expect([lease.username, lease.domain]).toEqual(['lease1', 'emulator.dsipform.invalid']);
  });

  it("current: jsonify's bytes: keys sorted at every level, no spaces, non-ASCII escaped, a final newline [flask DefaultJSONProvider]", async () => {
    const emu = await start('current');
    await call(emu, 'POST', '/inboundmapping', { body: { did: '7', servers: ['1'], name: 'Zürich' } });
    const read = await call(emu, 'GET', '/inboundmapping');
    expect(read.text).toBe(
      '{"data":[{"did":"7","name":"Z\\u00fcrich","ruleid":"1","servers":["1"]}],"dsipreload":false,"error":"","kamreload":true,"msg":"Rules Found"}\n',
    );
  });

  it('spec: the envelope in its own order, as JSON.stringify writes it', async () => {
    const emu = await start('spec');
    await call(emu, 'POST', '/inboundmapping', { body: { did: '7', servers: ['1'], notes: 'Zürich' } });
    const read = await call(emu, 'GET', '/inboundmapping');
    expect(read.text).toBe(
      '{"data":[{"ruleid":"1","did":"7","servers":["1"],"notes":"Zürich"}],"error":"","msg":"Rules Found","kamreload":true,"dsipreload":false}',
    );
  });
});
