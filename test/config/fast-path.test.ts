import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toData } from '../../src/config/data.js';
import { readFast } from '../../src/config/fast-reader.js';
import { parseSource } from '../../src/config/source.js';
import { checkFile, type CheckedFile } from '../../src/config/check-file.js';
import { formatIssue } from '../../src/config/index.js';
import { desiredStateSchema, fileValidator, type SchemaNode } from '../../src/config/schema.js';

/*
 * Every key and value shape the schema allows, written in ordinary block style (and as a flow
 * entry), stays on the fast reader's path: a valid file falls back to the YAML parser only for
 * YAML syntax the fast reader leaves aside (anchors, tags, block scalars…), never for what it
 * says. A table gives each property of the schema its values; a second test walks the schema and
 * fails when a property has no row, so a key added to the schema must be added here too.
 */

const ENV: NodeJS.ProcessEnv = { DID: '15551230001', CARRIER_PASSWORD: 'pw-not-shown', LEASE_TTL: '15m', PROXY_TZ: 'America/Chicago' };

/** A scalar as written in the file (plain or quoted), kept as is by the writers below. */
class Raw {
  constructor(readonly text: string) {}
}
type Value = Raw | readonly Value[] | { readonly [key: string]: Value };
const r = (text: string): Raw => new Raw(text);

/** Names as users write them: spaces, punctuation, accents, emoji, digits first, `%`, `&`, `#` inside. */
const NAMES = [
  'US domestic',
  'Route 1 (night) & weekends',
  'Café — Zürich',
  'ops/backup-2',
  '50% off-peak',
  'a#b',
  '"UK: London"',
  "'it''s'",
  '"\\"quoted\\" and back\\\\slash"',
  '007',
  '🙂 test',
];

/** The base entry of each list, valid alone; a row replaces or adds one property. */
const BASE: Readonly<Record<string, Record<string, Value>>> = {
  inbound_mappings: { did: r('"15551230001"'), servers: [r('"66"')] },
  outbound_routes: { name: r('r'), prefix: r('"1"'), gwgroupid: r('"5"') },
  endpoint_leases: { name: r('desk'), email: r('ops@example.com'), ttl: r('900') },
  carrier_groups: { name: r('carrier-a') },
  endpoint_groups: { name: r('acme-pbx') },
  numbers: { did: r('"15557770001"') },
  routing_tests: { direction: r('outbound'), to: r('"15551230001"'), expect: { result: r('routed') } },
  invariants: { never: { direction: r('outbound'), to_prefix: r('"1900"') } },
};

/** Keys that exclude each other (the schema's oneOf): setting one drops the other from the base. */
const INSTEAD_OF: Readonly<Record<string, string>> = { group: 'servers', carrier_group: 'gwgroupid', always: 'never', builtin: 'never' };

interface Row {
  /** The schema path: `policy.max_deletes`, `carrier_groups[].auth.type`. */
  readonly path: string;
  readonly values: readonly Value[];
}

const ROWS: readonly Row[] = [
  { path: 'version', values: [r('1'), r('+1')] },
  ...[
    'inbound_mappings',
    'outbound_routes',
    'endpoint_leases',
    'carrier_groups',
    'endpoint_groups',
    'numbers',
    'routing_tests',
    'invariants',
  ].map((path) => ({
    path,
    values: [[]],
  })),
  { path: 'policy', values: [{}] },
  // inbound mappings
  { path: 'inbound_mappings[].did', values: [r('"15551230001"'), r('0044123'), r('""'), r("'1800*'"), r('${DID}'), r('+15551230001')] },
  { path: 'inbound_mappings[].servers', values: [[r('"66"')], [r('66'), r('"67"')], [r("'#22'")]] },
  { path: 'inbound_mappings[].group', values: NAMES.map(r) },
  { path: 'inbound_mappings[].notes', values: [...NAMES.map(r), r('""')] },
  // outbound routes
  { path: 'outbound_routes[].name', values: NAMES.map(r) },
  { path: 'outbound_routes[].prefix', values: [r('"1"'), r('1'), r('""'), r('"+44"'), r('"*9"')] },
  { path: 'outbound_routes[].gwgroupid', values: [r('"5"'), r('5'), r('"#5"')] },
  { path: 'outbound_routes[].carrier_group', values: NAMES.map(r) },
  { path: 'outbound_routes[].from_prefix', values: [r('"1555"'), r('""'), r('1555')] },
  { path: 'outbound_routes[].priority', values: [r('0'), r('10'), r('-5')] },
  {
    path: 'outbound_routes[].timerec',
    values: [
      r('20260101T090000|8H|weekly|||MO,TU,WE,TH,FR'),
      r('"20260101T090000|8H|weekly|||MO,TU,WE,TH,FR"'),
      r('20261225T000000|PT24H|yearly||1||25|||12'),
      r('20260101T090000|PT8H|monthly|20270101T000000||-1FR'),
      r('""'),
    ],
  },
  { path: 'outbound_routes[].routeid', values: [r('r1'), r('"007"'), r('""')] },
  { path: 'outbound_routes[].ruleid', values: [r('1'), r('42')] },
  // endpoint leases
  { path: 'endpoint_leases[].name', values: NAMES.map(r) },
  { path: 'endpoint_leases[].email', values: [r('ops@example.com'), r('"first.last+tag@example.co.uk"')] },
  { path: 'endpoint_leases[].ttl', values: [r('900'), r('15m'), r('"1h"'), r('3600s'), r('${LEASE_TTL}')] },
  { path: 'endpoint_leases[].renew_before', values: [r('0'), r('120'), r('2m'), r('"30s"')] },
  // numbers
  { path: 'numbers[].did', values: [r('"15557770001"'), r('"+15557770001"'), r("'0044123'")] },
  { path: 'numbers[].status', values: ['available', 'reserved', 'assigned'].map(r) },
  { path: 'numbers[].carrier', values: [...NAMES.map(r), r('""')] },
  { path: 'numbers[].pool', values: [...NAMES.map(r), r('"312"')] },
  // carrier groups
  { path: 'carrier_groups[].name', values: NAMES.map(r) },
  { path: 'carrier_groups[].lb_enabled', values: ['true', 'false', 'True', 'FALSE'].map(r) },
  { path: 'carrier_groups[].endpoints', values: [[], [{ name: r('gw1'), hostname: r('sip.example.com') }]] },
  { path: 'carrier_groups[].endpoints[].name', values: NAMES.map(r) },
  {
    path: 'carrier_groups[].endpoints[].hostname',
    values: [r('sip.example.com'), r('"sip.example.com:5080"'), r('203.0.113.7'), r('"[2001:db8::1]:5061"')],
  },
  { path: 'carrier_groups[].endpoints[].strip', values: [r('0'), r('2')] },
  { path: 'carrier_groups[].endpoints[].prefix', values: [r('"44"'), r('""'), r('"+1"')] },
  { path: 'carrier_groups[].endpoints[].weight', values: [r('0'), r('1'), r('10')] },
  { path: 'carrier_groups[].auth', values: [r('none'), r('"none"'), { type: r('ip') }] },
  { path: 'carrier_groups[].auth.type', values: [r('ip'), r('userpwd')] },
  { path: 'carrier_groups[].auth.r_username', values: [r('trunk-1'), r('"+15551230001"')] },
  { path: 'carrier_groups[].auth.auth_username', values: [r('trunk-1')] },
  { path: 'carrier_groups[].auth.auth_password', values: [r('${CARRIER_PASSWORD}'), r('"${CARRIER_PASSWORD}"')] },
  { path: 'carrier_groups[].auth.auth_domain', values: [r('sip.example.com')] },
  { path: 'carrier_groups[].auth.auth_proxy', values: [r('proxy.example.com:5060')] },
  // endpoint groups
  { path: 'endpoint_groups[].name', values: NAMES.map(r) },
  { path: 'endpoint_groups[].call_limit', values: [r('0'), r('30')] },
  { path: 'endpoint_groups[].strip', values: [r('0'), r('2')] },
  { path: 'endpoint_groups[].prefix', values: [r('"44"'), r('""'), r('"+1"')] },
  { path: 'endpoint_groups[].endpoints', values: [[], [{ name: r('pbx1'), hostname: r('203.0.113.10') }]] },
  { path: 'endpoint_groups[].endpoints[].name', values: NAMES.map(r) },
  { path: 'endpoint_groups[].endpoints[].hostname', values: [r('pbx.example.com'), r('"203.0.113.11:5080"')] },
  { path: 'endpoint_groups[].endpoints[].weight', values: [r('0'), r('1'), r('10')] },
  { path: 'endpoint_groups[].auth', values: [r('none'), { type: r('ip') }] },
  { path: 'endpoint_groups[].auth.type', values: [r('ip'), r('none')] },
  { path: 'endpoint_groups[].auth.auth_username', values: [r('acme')] },
  { path: 'endpoint_groups[].auth.auth_password', values: [r('${PBX_PASSWORD}')] },
  { path: 'endpoint_groups[].auth.auth_domain', values: [r('pbx.example.com')] },
  { path: 'endpoint_groups[].notifications', values: [{}] },
  { path: 'endpoint_groups[].notifications.over_max_call_limit', values: [r('noc@example.com')] },
  { path: 'endpoint_groups[].notifications.endpoint_failure', values: [r('noc@example.com')] },
  { path: 'endpoint_groups[].cdr', values: [{ email: r('b@example.com'), send_interval: r('"0 0 * * *"') }] },
  { path: 'endpoint_groups[].cdr.email', values: [r('b@example.com')] },
  { path: 'endpoint_groups[].cdr.send_interval', values: [r('"0 0 * * *"'), r('"@daily"')] },
  // routing tests
  { path: 'routing_tests[].name', values: NAMES.map(r) },
  { path: 'routing_tests[].direction', values: [r('outbound'), r('inbound')] },
  { path: 'routing_tests[].to', values: [r('"15551230001"'), r('442071234567')] },
  { path: 'routing_tests[].from', values: [r('"15551230001"'), r('""')] },
  { path: 'routing_tests[].at', values: [r('2026-12-28T10:00:00'), r('2026-12-28T10:00:00Z'), r('"2026-12-28T10:00:00+01:00"')] },
  { path: 'routing_tests[].tz', values: [r('Europe/London'), r('America/New_York'), r('UTC')] },
  { path: 'routing_tests[].expect', values: [{ result: r('no_route') }, { result: r('ambiguous') }] },
  { path: 'routing_tests[].expect.route', values: NAMES.map(r) },
  { path: 'routing_tests[].expect.gwgroupid', values: [r('"5"'), r('5')] },
  { path: 'routing_tests[].expect.did', values: [r('"15551230001"'), r('""')] },
  { path: 'routing_tests[].expect.servers', values: [[r('"66"')], [r('"#22"'), r('"67"')]] },
  { path: 'routing_tests[].expect.result', values: [r('routed'), r('no_route'), r('ambiguous')] },
  { path: 'routing_tests[].expect.carrier_group', values: NAMES.map(r) },
  { path: 'routing_tests[].expect.group', values: NAMES.map(r) },
  { path: 'routing_tests[].expect.gateways', values: [[r('"66"')], [r('pbx-a'), r('"10.0.0.5:5060"'), r('10.0.0.6')]] },
  // policy
  { path: 'policy.max_deletes', values: [r('0'), r('10'), r('20%'), r('"12.5%"')] },
  { path: 'policy.max_updates', values: [r('0'), r('100'), r('5%'), r("'50%'")] },
  { path: 'policy.protect', values: [[], [r('inbound_mappings'), r('outbound_routes'), r('endpoint_leases'), r('carrier_groups')]] },
  { path: 'policy.allow_unrouting', values: ['true', 'false', 'True', 'False', 'TRUE', 'FALSE'].map(r) },
  { path: 'policy.ignore', values: [{}] },
  { path: 'policy.ignore.inbound_mappings', values: [[r('"1800*"'), r("'155?'")], []] },
  { path: 'policy.ignore.outbound_routes', values: [[r('Default Outbound Route'), r('"legacy-*"')]] },
  { path: 'policy.ignore.endpoint_leases', values: [[r('ci-*')]] },
  { path: 'policy.ignore.carrier_groups', values: [[r('legacy-*'), r('"[ab]*"')]] },
  { path: 'policy.ignore.endpoint_groups', values: [[r('trial-*')]] },
  { path: 'policy.ignore.numbers', values: [[r('"1800*"')]] },
  { path: 'policy.accept', values: [[], [{ lint: r('ambiguous_lcr'), route: r('"cust-*"') }, { lint: r('no_default_inbound') }]] },
  { path: 'policy.accept[].lint', values: [r('ambiguous_lcr'), r('"midnight_cut"'), r('lcr_takes_simple'), r('no_default_outbound')] },
  { path: 'policy.accept[].route', values: [...NAMES.map(r), r('"cust-*"'), r('""')] },
  { path: 'policy.accept[].did', values: [r('"1800*"'), r('""'), r("'155?'")] },
  // routing invariants
  { path: 'invariants[].name', values: NAMES.map(r) },
  { path: 'invariants[].builtin', values: [r('every_did_routed'), r('no_dead_rule'), r('inbound_never_to_carrier')] },
  { path: 'invariants[].never', values: [{ direction: r('inbound'), to_prefix: r('"1555"') }] },
  { path: 'invariants[].never.direction', values: [r('outbound'), r('inbound')] },
  { path: 'invariants[].never.to_prefix', values: [r('"1900"'), r('1900'), r('""')] },
  { path: 'invariants[].never.from_prefix', values: [r('"1312555"'), r('1312555')] },
  { path: 'invariants[].never.during', values: [r('20260101T090000|8H|weekly|||MO,TU,WE,TH,FR')] },
  { path: 'invariants[].never.reaches', values: [{ carrier_group: r('Carrier Y') }] },
  { path: 'invariants[].never.reaches.carrier_group', values: NAMES.map(r) },
  { path: 'invariants[].never.reaches.group', values: NAMES.map(r) },
  { path: 'invariants[].never.reaches.gateways', values: [[r('"66"')], [r('pbx-a'), r('"10.0.0.5:5060"')]] },
  { path: 'invariants[].always', values: [{ direction: r('inbound'), to_prefix: r('"1555"') }] },
  { path: 'invariants[].always.direction', values: [r('outbound'), r('inbound')] },
  { path: 'invariants[].always.to_prefix', values: [r('"1900"'), r('1900'), r('""')] },
  { path: 'invariants[].always.from_prefix', values: [r('"1312555"'), r('1312555')] },
  { path: 'invariants[].always.during', values: [r('20260101T090000|8H|weekly|||MO,TU,WE,TH,FR')] },
  { path: 'invariants[].always.reaches', values: [{ carrier_group: r('Carrier Y') }] },
  { path: 'invariants[].always.reaches.carrier_group', values: NAMES.map(r) },
  { path: 'invariants[].always.reaches.group', values: NAMES.map(r) },
  { path: 'invariants[].always.reaches.gateways', values: [[r('"66"')], [r('pbx-a'), r('"10.0.0.5:5060"')]] },
  // the proxy
  { path: 'proxy', values: [{}] },
  {
    path: 'proxy.timezone',
    values: [r('America/Chicago'), r('"Europe/London"'), r('UTC'), r('America/Argentina/Buenos_Aires'), r('Etc/GMT+5'), r('${PROXY_TZ}')],
  },
];

/** Rows whose entry needs more than the base to be valid (the rules beyond the schema). */
function entryFor(list: string, rest: readonly string[], value: Value): Record<string, Value> {
  const entry: Record<string, Value> = { ...BASE[list] };
  const [key, ...deeper] = rest;
  if (key === undefined) return entry;
  const instead = INSTEAD_OF[key];
  if (instead) delete entry[instead];
  entry[key] = deeper.length === 0 ? value : nest(deeper, value, key);
  // An inbound test expects inbound things; an LCR route (from_prefix) needs a prefix that is not "".
  if (list === 'routing_tests' && key === 'expect' && (deeper[0] === 'did' || deeper[0] === 'servers')) {
    entry.direction = r('inbound');
  }
  if (list === 'outbound_routes' && key === 'prefix' && value instanceof Raw && value.text === '""') delete entry.from_prefix;
  return entry;
}

/** The value placed at `path` below a key, with what that key needs around it. */
function nest(path: readonly string[], value: Value, parent: string): Value {
  const [key, ...deeper] = path;
  if (key === '[]') {
    const inner = deeper.length === 0 ? value : nest(deeper, value, '');
    if (parent === 'accept') return [{ lint: r('ambiguous_lcr'), ...(inner as object) }];
    return [parent === 'endpoints' ? { name: r('gw1'), hostname: r('sip.example.com'), ...(inner as object) } : inner];
  }
  if (key === undefined) return value;
  const base: Record<string, Value> =
    parent === 'auth'
      ? { type: r('userpwd'), auth_username: r('acme'), auth_domain: r('sip.example.com'), auth_password: r('${CARRIER_PASSWORD}') }
      : parent === 'never' || parent === 'always'
        ? { direction: r('outbound'), to_prefix: r('"1900"') }
        : parent === 'cdr'
          ? { email: r('b@example.com'), send_interval: r('"0 0 * * *"') }
          : {};
  return { ...base, [key]: deeper.length === 0 ? value : nest(deeper, value, key) };
}

/** The whole document for one row and value. */
function documentFor(row: Row, value: Value): Record<string, Value> {
  const parts = row.path.replace(/\[\]/g, '.[]').split('.');
  const [top, ...rest] = parts as [string, ...string[]];
  if (top === 'version') return { version: value };
  if (rest.length === 0) return { version: r('1'), [top]: value };
  if (top === 'policy' || top === 'proxy') return { version: r('1'), [top]: nest(rest, value, top) };
  const [, ...inside] = rest; // rest[0] is '[]'
  return { version: r('1'), [top]: [entryFor(top, inside, value)] };
}

const isRaw = (v: Value): v is Raw => v instanceof Raw;
const isList = (v: Value): v is readonly Value[] => Array.isArray(v);

/** In a flow collection, YAML itself needs quotes around a plain scalar holding `,`, brackets or `${…}`. */
const FLOW_NEEDS_QUOTES = /[,[\]{}]/;

function flow(v: Value): string {
  if (isRaw(v)) return /^['"]/.test(v.text) || !FLOW_NEEDS_QUOTES.test(v.text) ? v.text : JSON.stringify(v.text);
  if (isList(v)) return `[${v.map(flow).join(', ')}]`;
  return `{${Object.entries(v)
    .map(([k, x]) => `${k}: ${flow(x)}`)
    .join(', ')}}`;
}

/** Block style throughout; `entries: 'flow'` writes each list entry as one flow mapping. */
function block(v: Value, indent: string, entries: 'block' | 'flow', out: string[], head: string): void {
  if (isRaw(v)) out.push(`${head} ${v.text}`);
  else if (isList(v)) {
    if (v.length === 0) return void out.push(`${head} []`);
    out.push(head);
    for (const item of v) {
      if (isRaw(item) || isList(item) || entries === 'flow') out.push(`${indent}  - ${flow(item)}`);
      else {
        const lines: string[] = [];
        blockMap(item, `${indent}    `, entries, lines);
        out.push(`${indent}  - ${(lines[0] ?? '').trimStart()}`, ...lines.slice(1));
      }
    }
  } else if (Object.keys(v).length === 0) out.push(`${head} {}`);
  else {
    out.push(head);
    blockMap(v, `${indent}  `, entries, out);
  }
}

function blockMap(v: { readonly [key: string]: Value }, indent: string, entries: 'block' | 'flow', out: string[]): void {
  for (const [k, x] of Object.entries(v)) block(x, indent, entries, out, `${indent}${k}:`);
}

function written(doc: Record<string, Value>, entries: 'block' | 'flow'): string {
  const out: string[] = ['# a file as users write it'];
  blockMap(doc, '', entries, out);
  return `${out.join('\n')}\n`;
}

const validate = await fileValidator();

function check(text: string, reader: 'fast' | 'yaml'): CheckedFile {
  return checkFile('case.yaml', text, ENV, validate, reader);
}

/** Fails with the issues and the text when the file is not valid; else says which reader kept it. */
function readerOf(text: string): CheckedFile['via'] {
  const fast = check(text, 'fast');
  expect(fast.issues.map(formatIssue), text).toEqual([]);
  const slow = check(text, 'yaml');
  expect(fast.file?.data.value, text).toStrictEqual(slow.file?.data.value);
  return fast.via;
}

const CASES = ROWS.flatMap((row) => row.values.map((value, i) => [row.path, i, value] as const));

describe('every construct the schema allows stays on the fast path', () => {
  it.each(CASES)('%s, value %i, in block style', (path, i) => {
    const row = ROWS.find((x) => x.path === path) as Row;
    expect(readerOf(written(documentFor(row, row.values[i] as Value), 'block'))).toBe('fast');
  });

  it.each(CASES)('%s, value %i, entries in flow style', (path, i) => {
    const row = ROWS.find((x) => x.path === path) as Row;
    expect(readerOf(written(documentFor(row, row.values[i] as Value), 'flow'))).toBe('fast');
  });

  it("a file shaped like a user's: every collection, a policy with a boolean, time recurrences, names", () => {
    const text = [
      'version: 1',
      'policy:',
      '  allow_unrouting: true',
      '  max_deletes: 20%',
      '  max_updates: 50',
      '  protect: [inbound_mappings]',
      '  ignore:',
      '    outbound_routes: ["Default Outbound Route"]',
      'carrier_groups:',
      '  - name: Carrier A (primary)',
      '    lb_enabled: false',
      '    auth: {type: userpwd, auth_username: trunk, auth_password: "${CARRIER_PASSWORD}"}',
      '    endpoints:',
      '      - {name: gw1, hostname: sip.example.com, weight: 2}',
      'inbound_mappings:',
      '  - did: "15551230001"',
      '    group: Carrier A (primary)',
      '    notes: Main office — reception',
      'outbound_routes:',
      '  - name: US & Canada (office hours)',
      '    prefix: "1"',
      '    carrier_group: Carrier A (primary)',
      '    timerec: 20260101T090000|8H|weekly|||MO,TU,WE,TH,FR',
      'routing_tests:',
      '  - name: a weekday call goes out',
      '    direction: outbound',
      '    to: "15551230001"',
      '    at: 2026-12-28T10:00:00',
      '    tz: Europe/London',
      '    expect: {route: "US & Canada (office hours)", result: routed}',
      '',
    ].join('\n');
    expect(readerOf(text)).toBe('fast');
  });

  it('the table has a row for every property of the schema', () => {
    const covered = new Set(ROWS.map((row) => row.path));
    const missing = schemaPaths(desiredStateSchema(), '').filter((p) => !covered.has(p));
    expect(missing, 'add a row to ROWS in test/config/fast-path.test.ts for each').toEqual([]);
  });
});

/** Every property path of the schema (`outbound_routes[].name`), following local `$ref`s and `anyOf` objects. */
function schemaPaths(schema: SchemaNode, prefix: string, seen: ReadonlySet<SchemaNode> = new Set()): string[] {
  const node = deref(schema);
  if (seen.has(node)) return [];
  const inside = new Set(seen).add(node);
  const out: string[] = [];
  if (node.items) out.push(...schemaPaths(node.items, `${prefix}[]`, inside));
  for (const alt of node.anyOf ?? []) out.push(...schemaPaths(alt, prefix, inside));
  for (const [key, child] of Object.entries(node.properties ?? {})) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    out.push(path, ...schemaPaths(child, path, inside));
  }
  return [...new Set(out)];
}

function deref(schema: SchemaNode): SchemaNode {
  const name = schema.$ref?.replace('#/$defs/', '');
  return name === undefined ? schema : { ...(desiredStateSchema().$defs?.[name] ?? {}), ...schema, $ref: undefined };
}

describe('plain scalars of several words in flow style', () => {
  // The fast reader reads `{name: US domestic}`; held to the parser on words of characters that matter to YAML.
  const word = fc.string({ unit: fc.constantFrom(...'aZ09-.:#&*!|>%@?,[]{}\'"é🙂_+/'.split(/(?:)/u)), minLength: 1, maxLength: 5 });
  const words = fc.array(word, { minLength: 1, maxLength: 4 }).map((ws) => ws.join(' '));
  it('read exactly as the YAML parser reads them, or left to it', () => {
    fc.assert(
      fc.property(words, words, (a, b) => {
        const text = `version: 1\nrouting_tests:\n  - {name: ${a}, direction: outbound, to: "1", expect: {route: ${b}}}\n`;
        const fast = readFast(text, ENV);
        if (fast === null) return;
        const parsed = parseSource('case.yaml', text);
        expect(parsed.issues, text).toEqual([]);
        expect(fast.data.value, text).toStrictEqual(toData(parsed.source as NonNullable<typeof parsed.source>, ENV).value);
      }),
      { numRuns: 3000 },
    );
  });
});
