/**
 * The differential table of issue 14: one row per behaviour of the deployed platform (release 0.79
 * plus the outbound-routes extension, merge f721389c), each citing the upstream file and line it
 * reproduces, probed over real HTTP on a fresh emulator. Rows marked for both profiles (point 1)
 * run against `spec` too. docs/platform-profiles.md is the readable version of this table.
 *
 * Sources: "routes.py" and "functions.py" are gui/modules/api/outboundroutes/ at f721389c;
 * "api_routes.py", "api_functions.py", "shared.py" and "settings.py" are gui/modules/api/ and gui/
 * at v0.79-rel. A fresh install holds route 1, so the first rule a row creates is ruleid 2.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UNLICENSED_MSG } from '../../src/emulator/auth.js';
import { startEmulator, type ApiProfileName, type EmulatorOptions, type RunningEmulator } from '../../src/emulator/index.js';
import { call } from './helpers.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Step = readonly [Method, string, unknown?];

interface Expected {
  readonly status: number;
  readonly error?: string;
  readonly msg?: string;
  readonly data?: unknown;
  readonly kamreload?: boolean;
}

interface Row {
  /** The point of issue 14; 0 for a further row of docs/platform-profiles.md. */
  readonly point: number;
  readonly behaviour: string;
  readonly source: string;
  readonly profiles?: readonly ApiProfileName[];
  readonly options?: EmulatorOptions;
  readonly setup?: readonly Step[];
  readonly request: Step;
  readonly expect: Expected;
  /** A read afterwards and what it must answer. */
  readonly then?: readonly [Step, Expected];
}

const EMAIL = 'email=ops%40example.com';
const ROUTE = { name: 'r', prefix: '44', gwgroupid: '5' };
const LCR_ROUTE = { name: 'l', prefix: '44', from_prefix: '1', gwgroupid: '5' };
const NOTED = { did: '555', servers: ['1'], name: 'n' };
const NOTELESS = { did: '555', servers: ['1'] };
const NO_DICT = 'dictionary update sequence element #0 has length 1; 2 is required';
const RULE = (fields: Record<string, unknown>) => [expect.objectContaining(fields)];

const ROWS: readonly Row[] = [
  // 1. gwgroupid: one leading # stripped on read, in both profiles
  {
    point: 1,
    behaviour: 'a route created with gwgroupid "2" reads "2"',
    source: 'functions.py:59, :84',
    profiles: ['spec', 'current'],
    setup: [['POST', '/outboundroutes', { ...ROUTE, gwgroupid: '2' }]],
    request: ['GET', '/outboundroutes/2'],
    expect: { status: 200, data: RULE({ gwgroupid: '2' }) },
  },
  {
    point: 1,
    behaviour: 'a route created with "#2" is stored as ##2 and reads "#2"',
    source: 'functions.py:59, :84',
    profiles: ['spec', 'current'],
    setup: [['POST', '/outboundroutes', { ...ROUTE, gwgroupid: '#2' }]],
    request: ['GET', '/outboundroutes/2'],
    expect: { status: 200, data: RULE({ gwgroupid: '#2' }) },
  },
  {
    point: 1,
    behaviour: 'a number 2 is accepted like "2"',
    source: 'functions.py:84 ("#{}".format)',
    profiles: ['spec', 'current'],
    request: ['POST', '/outboundroutes', { ...ROUTE, gwgroupid: 2 }],
    expect: { status: 200 },
    then: [['GET', '/outboundroutes/2'], { status: 200, data: RULE({ gwgroupid: '2' }) }],
  },
  {
    point: 1,
    behaviour: 'the fresh install\'s default route reads "2"',
    source: 'functions.py:59',
    profiles: ['spec', 'current'],
    request: ['GET', '/outboundroutes/1'],
    expect: { status: 200, data: RULE({ gwgroupid: '2' }) },
  },
  {
    point: 1,
    behaviour: 'an update with gwgroupid "7" reads "7"',
    source: 'functions.py:117-119',
    profiles: ['spec', 'current'],
    setup: [['POST', '/outboundroutes', ROUTE]],
    request: ['PUT', '/outboundroutes/2', { gwgroupid: '7' }],
    expect: { status: 200 },
    then: [['GET', '/outboundroutes/2'], { status: 200, data: RULE({ gwgroupid: '7' }) }],
  },
  // 2. messages
  {
    point: 2,
    behaviour: 'list: "Rules Found"',
    source: 'routes.py:116',
    request: ['GET', '/outboundroutes'],
    expect: { status: 200, error: '', msg: 'Rules Found' },
  },
  {
    point: 2,
    behaviour: 'empty list: "No Rules Found"',
    source: 'routes.py:116',
    options: { empty: true },
    request: ['GET', '/outboundroutes'],
    expect: { status: 200, msg: 'No Rules Found', data: [] },
  },
  {
    point: 2,
    behaviour: 'one: "Rule Found"',
    source: 'routes.py:112',
    request: ['GET', '/outboundroutes?ruleid=1'],
    expect: { status: 200, msg: 'Rule Found' },
  },
  {
    point: 2,
    behaviour: 'a miss: 404 "No Matching Rule Found"',
    source: 'routes.py:112-114',
    request: ['GET', '/outboundroutes/99'],
    expect: { status: 404, error: '', msg: 'No Matching Rule Found' },
  },
  {
    point: 2,
    behaviour: 'create: "Rule Created" with the ruleid',
    source: 'routes.py:126-127',
    request: ['POST', '/outboundroutes', ROUTE],
    expect: { status: 200, msg: 'Rule Created', data: [{ ruleid: 2 }] },
  },
  {
    point: 2,
    behaviour: 'delete: "Rule Deleted"',
    source: 'routes.py:168',
    setup: [['POST', '/outboundroutes', ROUTE]],
    request: ['DELETE', '/outboundroutes/2'],
    expect: { status: 200, msg: 'Rule Deleted' },
  },
  // 3. PUT answers data: []
  {
    point: 3,
    behaviour: 'update: "Rule Updated" with data []',
    source: 'routes.py:145-149',
    setup: [['POST', '/outboundroutes', ROUTE]],
    request: ['PUT', '/outboundroutes/2', { name: 'x' }],
    expect: { status: 200, msg: 'Rule Updated', data: [] },
    then: [['GET', '/outboundroutes/2'], { status: 200, data: RULE({ name: 'x' }) }],
  },
  // 4. PUT {} is a no-op 200 (and still raises kamreload: the row is rewritten and committed)
  {
    point: 4,
    behaviour: 'PUT {} is a no-op 200',
    source: 'functions.py:17-42 (no emptiness check), routes.py:140-149',
    setup: [
      ['POST', '/outboundroutes', ROUTE],
      ['POST', '/reload/kamailio'],
    ],
    request: ['PUT', '/outboundroutes/2', {}],
    expect: { status: 200, msg: 'Rule Updated', kamreload: true },
    then: [['GET', '/outboundroutes/2'], { status: 200, data: RULE({ ...ROUTE, from_prefix: null }) }],
  },
  // 5. POST needs only gwgroupid
  {
    point: 5,
    behaviour: 'POST with only gwgroupid: name and prefix ""',
    source: 'functions.py:25-29, :78, :83',
    request: ['POST', '/outboundroutes', { gwgroupid: '5' }],
    expect: { status: 200, data: [{ ruleid: 2 }] },
    then: [['GET', '/outboundroutes/2'], { status: 200, data: RULE({ name: '', prefix: '', gwgroupid: '5', groupid: '8000' }) }],
  },
  {
    point: 5,
    behaviour: 'POST without gwgroupid: 400',
    source: 'functions.py:26-29',
    request: ['POST', '/outboundroutes', { name: 'r', prefix: '1' }],
    expect: { status: 400, error: 'http', msg: 'gwgroupid is required (and cannot be "0")' },
  },
  {
    point: 5,
    behaviour: 'POST with gwgroupid "0": 400',
    source: 'functions.py:28-29',
    request: ['POST', '/outboundroutes', { prefix: '1', gwgroupid: '0' }],
    expect: { status: 400, msg: 'gwgroupid is required (and cannot be "0")' },
  },
  // 6. from_prefix without prefix
  {
    point: 6,
    behaviour: 'PUT from_prefix without prefix on an LCR route: 400',
    source: 'functions.py:38-41',
    setup: [['POST', '/outboundroutes', LCR_ROUTE]],
    request: ['PUT', '/outboundroutes/2', { from_prefix: '9' }],
    expect: { status: 400, error: 'http', msg: 'To Prefix is required when From Prefix is provided' },
    then: [['GET', '/outboundroutes/2'], { status: 200, data: RULE({ from_prefix: '1' }) }],
  },
  {
    point: 6,
    behaviour: 'PUT from_prefix without prefix on a simple route: 400',
    source: 'functions.py:38-41',
    setup: [['POST', '/outboundroutes', ROUTE]],
    request: ['PUT', '/outboundroutes/2', { from_prefix: '9', name: 'n' }],
    expect: { status: 400, msg: 'To Prefix is required when From Prefix is provided' },
  },
  {
    point: 6,
    behaviour: 'PUT from_prefix with an empty prefix: 400',
    source: 'functions.py:38-41',
    setup: [['POST', '/outboundroutes', LCR_ROUTE]],
    request: ['PUT', '/outboundroutes/2', { from_prefix: '9', prefix: '' }],
    expect: { status: 400, msg: 'To Prefix is required when From Prefix is provided' },
  },
  {
    point: 6,
    behaviour: 'POST from_prefix without prefix: 400',
    source: 'functions.py:38-41',
    request: ['POST', '/outboundroutes', { from_prefix: '313', gwgroupid: '5' }],
    expect: { status: 400, msg: 'To Prefix is required when From Prefix is provided' },
  },
  // 7. DELETE ?ruleid=
  {
    point: 7,
    behaviour: 'DELETE ?ruleid=N deletes',
    source: 'routes.py:153-169',
    setup: [['POST', '/outboundroutes', ROUTE]],
    request: ['DELETE', '/outboundroutes?ruleid=2'],
    expect: { status: 200, msg: 'Rule Deleted' },
    then: [['GET', '/outboundroutes/2'], { status: 404 }],
  },
  {
    point: 7,
    behaviour: 'DELETE checks no query argument',
    source: 'routes.py:152-169 (no args loop)',
    setup: [['POST', '/outboundroutes', ROUTE]],
    request: ['DELETE', '/outboundroutes/2?bogus=1'],
    expect: { status: 200, msg: 'Rule Deleted' },
  },
  {
    point: 7,
    behaviour: 'DELETE without an id: 400',
    source: 'routes.py:153-156',
    request: ['DELETE', '/outboundroutes'],
    expect: { status: 400, msg: 'ruleid is required' },
  },
  {
    point: 7,
    behaviour: 'PUT ?ruleid=N: the merged query is an unknown data argument',
    source: 'shared.py:495-499, functions.py:22-24',
    setup: [['POST', '/outboundroutes', ROUTE]],
    request: ['PUT', '/outboundroutes?ruleid=2', { name: 'x' }],
    expect: { status: 400, msg: 'Request data argument not recognized' },
  },
  // 8. priority through int()
  {
    point: 8,
    behaviour: 'POST priority "abc": 500',
    source: 'functions.py:80',
    request: ['POST', '/outboundroutes', { ...ROUTE, priority: 'abc' }],
    expect: { status: 500, error: 'server', msg: "invalid literal for int() with base 10: 'abc'" },
    then: [['GET', '/outboundroutes/2'], { status: 404 }],
  },
  {
    point: 8,
    behaviour: 'PUT priority "abc": 500',
    source: 'functions.py:115',
    setup: [['POST', '/outboundroutes', ROUTE]],
    request: ['PUT', '/outboundroutes/2', { priority: 'abc' }],
    expect: { status: 500, error: 'server', msg: "invalid literal for int() with base 10: 'abc'" },
  },
  {
    point: 8,
    behaviour: 'POST priority "7": stored as 7',
    source: 'functions.py:80',
    request: ['POST', '/outboundroutes', { ...ROUTE, priority: '7' }],
    expect: { status: 200 },
    then: [['GET', '/outboundroutes/2'], { status: 200, data: RULE({ priority: 7 }) }],
  },
  // 9. servers not checked
  {
    point: 9,
    behaviour: 'servers ["abc","efg"] are stored',
    source: 'api_routes.py:582-588',
    request: ['POST', '/inboundmapping', { did: '000', servers: ['abc', 'efg'], name: 'm' }],
    expect: { status: 200, msg: 'Rule Created', data: [] },
    then: [['GET', '/inboundmapping?did=000'], { status: 200, data: RULE({ servers: ['abc', 'efg'] }) }],
  },
  {
    point: 9,
    behaviour: 'servers ["",""] are stored',
    source: 'api_routes.py:582-588, :595',
    request: ['POST', '/inboundmapping', { did: '00', servers: ['', ''], name: 'm' }],
    expect: { status: 200 },
    then: [['GET', '/inboundmapping?did=00'], { status: 200, data: RULE({ servers: ['', ''] }) }],
  },
  {
    point: 9,
    behaviour: 'three servers: 400',
    source: 'api_routes.py:577-578',
    request: ['POST', '/inboundmapping', { did: '0', servers: ['1', '2', '3'], name: 'm' }],
    expect: { status: 400, msg: 'Primary Server missing or More than 2 Servers Provided' },
  },
  // 10. ?ruleid=abcdef
  {
    point: 10,
    behaviour: 'GET ?ruleid=abcdef: 404',
    source: 'api_routes.py:513-527 (MySQL compares, finds nothing)',
    setup: [['POST', '/inboundmapping', NOTED]],
    request: ['GET', '/inboundmapping?ruleid=abcdef'],
    expect: { status: 404, error: '', msg: 'No Matching Rule Found' },
  },
  // 11. ?did= message
  {
    point: 11,
    behaviour: 'GET ?did=: "DID Found"',
    source: 'api_routes.py:542',
    setup: [['POST', '/inboundmapping', NOTED]],
    request: ['GET', '/inboundmapping?did=555'],
    expect: { status: 200, msg: 'DID Found', data: [{ ruleid: '2', did: '555', name: 'n', servers: ['1'] }] },
  },
  {
    point: 11,
    behaviour: 'GET ?did= miss: 404 "No Matching DID Found"',
    source: 'api_routes.py:544-545',
    request: ['GET', '/inboundmapping?did=9'],
    expect: { status: 404, msg: 'No Matching DID Found' },
  },
  // 12. a mapping without a note breaks its reads
  {
    point: 12,
    behaviour: 'noteless: GET ?did= is 500',
    source: 'api_routes.py:597, :538; shared.py:78-81',
    setup: [['POST', '/inboundmapping', NOTELESS]],
    request: ['GET', '/inboundmapping?did=555'],
    expect: { status: 500, error: 'server', msg: NO_DICT },
  },
  {
    point: 12,
    behaviour: 'noteless: GET ?ruleid= is 500',
    source: 'api_routes.py:597, :520; shared.py:78-81',
    setup: [['POST', '/inboundmapping', NOTELESS]],
    request: ['GET', '/inboundmapping?ruleid=2'],
    expect: { status: 500, error: 'server', msg: NO_DICT },
  },
  {
    point: 12,
    behaviour: 'noteless: the list is 500',
    source: 'api_routes.py:597, :554; shared.py:78-81',
    setup: [
      ['POST', '/inboundmapping', NOTED],
      ['POST', '/inboundmapping', { ...NOTELESS, did: '556' }],
    ],
    request: ['GET', '/inboundmapping'],
    expect: { status: 500, error: 'server', msg: NO_DICT },
  },
  {
    point: 12,
    behaviour: 'an empty name is a note: reads work',
    source: 'api_routes.py:597 ("name:")',
    setup: [['POST', '/inboundmapping', { ...NOTED, name: '' }]],
    request: ['GET', '/inboundmapping'],
    expect: { status: 200, data: RULE({ name: '' }) },
  },
  {
    point: 12,
    behaviour: 'deleting the noteless mapping heals the list',
    source: 'api_routes.py:549-558',
    setup: [
      ['POST', '/inboundmapping', NOTELESS],
      ['DELETE', '/inboundmapping?did=555'],
    ],
    request: ['GET', '/inboundmapping'],
    expect: { status: 200, msg: 'No Rules Found' },
  },
  // 13. DELETE miss
  {
    point: 13,
    behaviour: 'DELETE ?ruleid= miss: 404 "Rule Deleted", kamreload raised',
    source: 'api_routes.py:716-718, :739-742',
    request: ['DELETE', '/inboundmapping?ruleid=99'],
    expect: { status: 404, error: '', msg: 'Rule Deleted', kamreload: true },
  },
  {
    point: 13,
    behaviour: 'DELETE ?did= miss: 404 "Rule Deleted"',
    source: 'api_routes.py:729-731, :742',
    request: ['DELETE', '/inboundmapping?did=99'],
    expect: { status: 404, msg: 'Rule Deleted' },
  },
  {
    point: 13,
    behaviour: 'DELETE ?did= hit: 200 "Rule Deleted"',
    source: 'api_routes.py:724-742',
    setup: [['POST', '/inboundmapping', NOTED]],
    request: ['DELETE', '/inboundmapping?did=555'],
    expect: { status: 200, msg: 'Rule Deleted' },
  },
  // 14. PUT with a query
  {
    point: 14,
    behaviour: 'PUT ?did=… with a body: 400 "DID improperly formatted"',
    source: 'shared.py:495-499, api_routes.py:644-649',
    setup: [['POST', '/inboundmapping', NOTED]],
    request: ['PUT', '/inboundmapping?did=555', { servers: ['2'] }],
    expect: { status: 400, error: 'http', msg: 'DID improperly formatted. Allowed characters: 0,1,2,3,4,5,6,7,8,9,+,#,*' },
    then: [['GET', '/inboundmapping?did=555'], { status: 200, data: RULE({ servers: ['1'] }) }],
  },
  {
    point: 14,
    behaviour: 'PUT ?doesntexist=: "Request argument not recognized"',
    source: 'api_routes.py:618-620',
    request: ['PUT', '/inboundmapping?doesntexist=123', { name: 'x' }],
    expect: { status: 400, msg: 'Request argument not recognized' },
  },
  {
    point: 14,
    behaviour: 'PUT ?ruleid=: an unknown data argument',
    source: 'shared.py:495-499, api_routes.py:626-628',
    setup: [['POST', '/inboundmapping', NOTED]],
    request: ['PUT', '/inboundmapping?ruleid=2', { name: 'x' }],
    expect: { status: 400, msg: 'Request data argument not recognized' },
  },
  {
    point: 14,
    behaviour: 'PUT without a selector: 400',
    source: 'api_routes.py:678-679',
    request: ['PUT', '/inboundmapping', { name: 'x' }],
    expect: { status: 400, msg: 'One of the following is required: {ruleid, or did}' },
  },
  // 15. leases ignore unknown arguments
  {
    point: 15,
    behaviour: 'GET /lease/endpoint ignores type and auth_ip',
    source: 'api_routes.py:304-377 (no args loop)',
    request: ['GET', `/lease/endpoint?ttl=15&${EMAIL}&type=ip&auth_ip=10.0.0.1`],
    expect: { status: 200, msg: 'Lease created' },
  },
  // 16. ttl and email
  {
    point: 16,
    behaviour: 'no ttl: 400',
    source: 'api_routes.py:323-325',
    request: ['GET', `/lease/endpoint?${EMAIL}`],
    expect: { status: 400, error: 'http', msg: 'time to live (ttl) parameter is missing' },
  },
  {
    point: 16,
    behaviour: 'ttl=0 is accepted',
    source: 'api_routes.py:355, :363',
    request: ['GET', `/lease/endpoint?ttl=0&${EMAIL}`],
    expect: { status: 200, data: [expect.objectContaining({ ttl: '0' })] },
  },
  {
    point: 16,
    behaviour: 'no email: 500',
    source: 'api_routes.py:319-321',
    request: ['GET', '/lease/endpoint?ttl=15'],
    expect: { status: 500, error: 'server', msg: 'email parameter is missing' },
  },
  // 17. proxy messages
  {
    point: 17,
    behaviour: 'stats message',
    source: 'api_routes.py:224',
    request: ['GET', '/kamailio/stats'],
    expect: { status: 200, msg: 'Successfully retrieved kamailio stats' },
  },
  {
    point: 17,
    behaviour: 'reload message',
    source: 'api_routes.py:243-244',
    request: ['POST', '/reload/kamailio'],
    expect: { status: 200, msg: 'Kamailio reload succeeded', kamreload: false },
  },
  // Beyond the issue's points, rows of docs/platform-profiles.md
  {
    point: 0,
    behaviour: 'a route name holding "," breaks every read of the routes',
    source: 'functions.py:57, :85; shared.py:78-81',
    setup: [['POST', '/outboundroutes', { ...ROUTE, name: 'a,b' }]],
    request: ['GET', '/outboundroutes'],
    expect: { status: 500, error: 'server', msg: 'dictionary update sequence element #1 has length 1; 2 is required' },
  },
  {
    point: 0,
    behaviour: 'a note holding "," breaks the reads of its mapping',
    source: 'api_routes.py:597; shared.py:78-81',
    setup: [['POST', '/inboundmapping', { ...NOTED, name: 'a,b' }]],
    request: ['GET', '/inboundmapping?did=555'],
    expect: { status: 500, error: 'server', msg: 'dictionary update sequence element #1 has length 1; 2 is required' },
  },
  {
    point: 0,
    behaviour: 'prefix characters: "improperly formatted"',
    source: 'functions.py:30-37',
    request: ['POST', '/outboundroutes', { ...ROUTE, prefix: 'abc' }],
    expect: { status: 400, msg: 'prefix improperly formatted. Allowed chars: #,*,+,0,1,2,3,4,5,6,7,8,9' },
  },
  {
    point: 0,
    behaviour: 'ttl=5m echoes 300, ttl=15 echoes "15"',
    source: 'api_routes.py:328-330, :363',
    request: ['GET', `/lease/endpoint?ttl=5m&${EMAIL}`],
    expect: { status: 200, data: [expect.objectContaining({ ttl: 300 })] },
    then: [['GET', `/lease/endpoint?ttl=15&${EMAIL}`], { status: 200, data: [expect.objectContaining({ ttl: '15' })] }],
  },
  {
    point: 0,
    behaviour: 'the spec profile keeps its contract: PUT {} is 400',
    source: 'docs/platform-contract.md §6',
    profiles: ['spec'],
    setup: [['POST', '/outboundroutes', ROUTE]],
    request: ['PUT', '/outboundroutes/2', {}],
    expect: { status: 400, msg: 'No data to update' },
  },
  {
    point: 0,
    behaviour: 'the spec profile keeps its messages: "Route Created"',
    source: 'docs/platform-contract.md §6',
    profiles: ['spec'],
    request: ['POST', '/outboundroutes', ROUTE],
    expect: { status: 200, msg: 'Route Created', data: [{ ruleid: 2 }] },
  },
  // 18. no licence
  {
    point: 18,
    behaviour: 'unlicensed: every call is 401 "Core Subscription Required"',
    source: 'api_functions.py:103-112',
    profiles: ['spec', 'current'],
    options: { unlicensed: true },
    request: ['GET', '/outboundroutes'],
    expect: { status: 401, error: 'http', msg: UNLICENSED_MSG, data: [] },
  },
  {
    point: 18,
    behaviour: 'unlicensed: a write is 401 too, and changes nothing',
    source: 'api_functions.py:103-112',
    options: { unlicensed: true },
    request: ['POST', '/outboundroutes', ROUTE],
    expect: { status: 401, msg: UNLICENSED_MSG },
  },
];

const running: RunningEmulator[] = [];
afterEach(async () => {
  for (const emu of running.splice(0)) await emu.close();
});

async function send(emu: RunningEmulator, [method, path, body]: Step, token?: string) {
  return call(token ? { url: emu.url, token } : emu, method, path, body === undefined ? {} : { body });
}

function check(res: Awaited<ReturnType<typeof send>>, want: Expected): void {
  expect(res.status, res.text).toBe(want.status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const picked: Record<string, unknown> = {};
  for (const key of ['error', 'msg', 'data', 'kamreload'] as const) if (want[key] !== undefined) picked[key] = want[key];
  expect(res.json).toMatchObject(picked);
}

const CASES = ROWS.flatMap((row) => (row.profiles ?? ['current']).map((profile) => ({ ...row, profile })));

describe('the current profile answers as the deployed platform (issue 14)', () => {
  for (const row of CASES) {
    it(`${row.point ? `point ${row.point}` : 'docs table'} (${row.profile}): ${row.behaviour}  [${row.source}]`, async () => {
      const emu = await startEmulator({ port: 0, token: 'diff-token', profile: row.profile, ...row.options });
      running.push(emu);
      for (const step of row.setup ?? []) expect((await send(emu, step)).status, `setup ${step[0]} ${step[1]}`).toBe(200);
      check(await send(emu, row.request), row.expect);
      if (row.then) check(await send(emu, row.then[0]), row.then[1]);
    });
  }

  it('point 18: the licence is checked before the token [api_functions.py:103-119]', async () => {
    const emu = await startEmulator({ port: 0, token: 'diff-token', profile: 'current', unlicensed: true });
    running.push(emu);
    check(await send(emu, ['GET', '/kamailio/stats'], 'not-the-token'), { status: 401, msg: UNLICENSED_MSG });
  });
});

describe('point 12 survives a restart [api_routes.py:597; the --data file]', () => {
  it('keeps "created without a note" in the data file: the reads still break after a restart, in the current profile only', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dsipform-diff-'));
    try {
      const dataFile = join(dir, 'state.json');
      const first = await startEmulator({ port: 0, token: 'diff-token', profile: 'current', dataFile });
      running.push(first);
      await send(first, ['POST', '/inboundmapping', NOTELESS]);
      await send(first, ['POST', '/inboundmapping', { ...NOTED, did: '556' }]);
      await first.close();
      const saved = JSON.parse(await readFile(dataFile, 'utf8'));
      expect(saved.mappings).toEqual([
        { ruleid: 2, did: '555', servers: ['1'], notes: '', noteless: true },
        { ruleid: 3, did: '556', servers: ['1'], notes: 'n' },
      ]);
      const again = await startEmulator({ port: 0, token: 'diff-token', profile: 'current', dataFile });
      running.push(again);
      for (const path of ['/inboundmapping', '/inboundmapping?did=555', '/inboundmapping?ruleid=2']) {
        check(await send(again, ['GET', path]), { status: 500, error: 'server', msg: NO_DICT });
      }
      check(await send(again, ['GET', '/inboundmapping?did=556']), { status: 200, msg: 'DID Found' });
      await again.close();
      const spec = await startEmulator({ port: 0, token: 'diff-token', profile: 'spec', dataFile });
      running.push(spec);
      check(await send(spec, ['GET', '/inboundmapping?did=555']), {
        status: 200,
        data: [{ ruleid: '2', did: '555', servers: ['1'], notes: '' }],
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
