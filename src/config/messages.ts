import type { Path } from './locate.js';
import { CARRIER_GROUP_HINTS } from '../model/carrier-group-normalize.js';
import { NUMBER_HINTS } from '../model/kinds/did-number/hints.js';

/** A path as the user reads it: `outbound_routes[2].priority`; the top level reads "the file". */
export function fieldPath(path: Path): string {
  let out = '';
  for (const seg of path) out += typeof seg === 'number' ? `[${seg}]` : out === '' ? seg : `.${seg}`;
  return out === '' ? 'the file' : out;
}

/** A path's shape with indexes dropped (`inbound_mappings[].servers[]`), to look hints up by. */
export function pathShape(path: Path): string {
  return fieldPath(path.map((seg) => (typeof seg === 'number' ? 0 : seg))).replace(/\[0\]/g, '[]');
}

const HINTS: Readonly<Record<string, string>> = {
  'the file':
    'start the file with "version: 1", then inbound_mappings, outbound_routes, endpoint_leases, carrier_groups, numbers, routing_tests, invariants, policy or proxy',
  version: 'put "version: 1" at the top of the file',
  inbound_mappings: 'write a list of mappings; inbound_mappings: [] manages none (live mappings get deleted)',
  'inbound_mappings[]': 'write each mapping as: - did: "15551230001" then servers: ["66"]',
  'inbound_mappings[].did': 'quote the DID: did: "0044123" (did: "" is the default mapping)',
  'inbound_mappings[].servers':
    'list one or two gateway ids, primary first (servers: ["66", "67"]), or one carrier group alone (servers: ["#22"])',
  'inbound_mappings[].servers[]': 'write a gateway id ("66") or a carrier group ("#22") in quotes',
  'inbound_mappings[].notes': 'write the notes as text: notes: "Main office"',
  outbound_routes: 'write a list of routes; outbound_routes: [] manages none (live routes get deleted)',
  'outbound_routes[]': 'write each route as: - name: "US domestic" then prefix: "1" and gwgroupid: "2"',
  'outbound_routes[].name': 'name the route with text: name: "US domestic"',
  'outbound_routes[].prefix': 'quote the prefix: prefix: "44" (prefix: "" matches every number)',
  'outbound_routes[].from_prefix': 'quote it: from_prefix: "1555"; leave it out for a simple route',
  'outbound_routes[].gwgroupid': 'quote the carrier-group id: gwgroupid: "5"',
  'outbound_routes[].priority': 'write a whole number: priority: 10',
  'outbound_routes[].timerec': 'write the time-recurrence pattern as text, or leave it out',
  'outbound_routes[].routeid': 'write the route id as text: routeid: "12", or leave it out',
  'outbound_routes[].ruleid': "write the live route's ruleid as a whole number: ruleid: 12",
  endpoint_leases: 'write a list of leases; endpoint_leases: [] manages none (leases dsipform obtained get revoked)',
  'endpoint_leases[]': 'write each lease as: - name: ci-softphone then email: ops@example.com and ttl: 15m',
  'endpoint_leases[].name': 'name the lease with text: name: ci-softphone',
  'endpoint_leases[].email': 'write the address as text: email: ops@example.com',
  'endpoint_leases[].ttl': 'write seconds (ttl: 900) or a whole number with s, m or h (ttl: 15m)',
  'endpoint_leases[].renew_before':
    'write seconds (renew_before: 120) or a whole number with s, m or h (renew_before: 2m); leave it out for 10% of the ttl',
  invariants: 'write a list of invariants: - name: premium never routed then never: { direction: outbound, to_prefix: "1900" }',
  'invariants[]': 'write each invariant with one of never:, always: (a set of calls) or builtin: (a built-in check)',
  'invariants[].name': 'name the invariant with text: name: premium numbers are never routed',
  'invariants[].builtin': 'write builtin: every_did_routed, no_dead_rule, no_unreached_group or inbound_never_to_carrier',
  'invariants[].never': 'write the calls as: never: { direction: outbound, to_prefix: "1900" }',
  'invariants[].always': 'write the calls as: always: { direction: inbound, to_prefix: "1555123", reaches: { group: Acme PBX } }',
  'invariants[].never.direction': 'write direction: outbound or direction: inbound',
  'invariants[].always.direction': 'write direction: outbound or direction: inbound',
  'invariants[].never.to_prefix': 'quote the number prefix: to_prefix: "1900"',
  'invariants[].always.to_prefix': 'quote the number prefix: to_prefix: "1900"',
  'invariants[].never.from_prefix': 'quote the caller prefix: from_prefix: "1312555"',
  'invariants[].always.from_prefix': 'quote the caller prefix: from_prefix: "1312555"',
  'invariants[].never.during': 'write a time recurrence as rules do: during: "20260105T090000|8H|weekly|||MO,TU,WE,TH,FR"',
  'invariants[].always.during': 'write a time recurrence as rules do: during: "20260105T090000|8H|weekly|||MO,TU,WE,TH,FR"',
  'invariants[].never.reaches': 'name one destination: reaches: { carrier_group: Carrier Y } (or group:, or gateways: [...])',
  'invariants[].always.reaches': 'name one destination: reaches: { group: Acme PBX } (or carrier_group:, or gateways: [...])',
  routing_tests: 'write a list of tests: - direction: outbound, to: "442071234567", expect: { route: UK }',
  'routing_tests[]': 'write each test as: - name: UK calls then direction: outbound, to: "442071234567" and expect: { route: UK }',
  'routing_tests[].name': 'name the test with text: name: UK calls go to carrier 5',
  'routing_tests[].direction': 'write direction: outbound (a call from a PBX) or direction: inbound (a call from a carrier)',
  'routing_tests[].to': 'quote the dialled number: to: "442071234567"',
  'routing_tests[].from': 'quote the caller\'s number: from: "15551234567"',
  'routing_tests[].at': 'write the call time as text: at: "2026-12-28T10:00:00"',
  'routing_tests[].tz': 'write an IANA zone name: tz: Europe/London',
  'routing_tests[].expect':
    'expect one or more of: route or gwgroupid (outbound), did or servers (inbound), carrier_group, group or gateways (either), result (routed, no_route, ambiguous): expect: { route: UK }',
  'routing_tests[].expect.route': 'name the route that should win: expect: { route: UK }',
  'routing_tests[].expect.gwgroupid': 'quote the carrier-group id: expect: { gwgroupid: "5" }',
  'routing_tests[].expect.carrier_group': 'name the carrier group: expect: { carrier_group: "Carrier A" }',
  'routing_tests[].expect.group': 'name the endpoint or carrier group: expect: { group: "Office PBX" }',
  'routing_tests[].expect.gateways': 'list the gateways in order, by id, name or address: expect: { gateways: ["61", "pbx-b"] }',
  'routing_tests[].expect.gateways[]': 'write a gateway id ("61"), name ("pbx-a") or address ("203.0.113.5:5060") in quotes',
  'routing_tests[].expect.did': 'quote the DID: expect: { did: "15551230001" } (did: "" is the default mapping)',
  'routing_tests[].expect.servers': 'list the servers in order: expect: { servers: ["66", "67"] }',
  'routing_tests[].expect.servers[]': 'write a gateway id ("66") or a carrier group ("#22") in quotes',
  'routing_tests[].expect.result': 'write result: routed, result: no_route or result: ambiguous',
  carrier_groups: 'write a list of carrier groups; carrier_groups: [] manages none (live carrier groups get deleted)',
  'carrier_groups[]': 'write each group as: - name: "Carrier A" then endpoints: [{name: gw1, hostname: "gw1.example.com"}]',
  'carrier_groups[].name': CARRIER_GROUP_HINTS.name,
  'carrier_groups[].lb_enabled': CARRIER_GROUP_HINTS.lb,
  'carrier_groups[].endpoints': CARRIER_GROUP_HINTS.endpoints,
  'carrier_groups[].endpoints[]': 'write each gateway as: - name: gw1 then hostname: "gw1.example.com"',
  'carrier_groups[].endpoints[].name': CARRIER_GROUP_HINTS.endpointName,
  'carrier_groups[].endpoints[].hostname': CARRIER_GROUP_HINTS.hostname,
  'carrier_groups[].endpoints[].strip': CARRIER_GROUP_HINTS.strip,
  'carrier_groups[].endpoints[].prefix': 'quote the prefix: prefix: "9"',
  'carrier_groups[].endpoints[].weight': CARRIER_GROUP_HINTS.weight,
  'carrier_groups[].auth': CARRIER_GROUP_HINTS.authType,
  'carrier_groups[].auth.type': 'write type: ip (by address) or type: userpwd (username and password)',
  'carrier_groups[].auth.r_username': CARRIER_GROUP_HINTS.text,
  'carrier_groups[].auth.auth_username': CARRIER_GROUP_HINTS.text,
  'carrier_groups[].auth.auth_password': CARRIER_GROUP_HINTS.password,
  'carrier_groups[].auth.auth_domain': CARRIER_GROUP_HINTS.text,
  'carrier_groups[].auth.auth_proxy': CARRIER_GROUP_HINTS.text,
  policy: 'write a mapping: policy: {max_deletes: 10, protect: [inbound_mappings]}',
  'policy.max_deletes': 'write a number (max_deletes: 10) or a percentage (max_deletes: "20%")',
  'policy.max_updates': 'write a number (max_updates: 50) or a percentage (max_updates: "30%")',
  'policy.protect': 'list collections: protect: [inbound_mappings, outbound_routes]',
  'policy.protect[]': 'use inbound_mappings, outbound_routes, endpoint_leases, carrier_groups or numbers, each once',
  'policy.allow_unrouting': 'write true or false: allow_unrouting: true',
  'policy.ignore': 'write ignore: {inbound_mappings: ["1800*"], outbound_routes: ["Default Outbound Route"]}',
  'policy.ignore.inbound_mappings': 'list DID globs: inbound_mappings: ["1800*"]',
  'policy.ignore.inbound_mappings[]': 'write the DID glob in quotes: "1800*"',
  'policy.ignore.outbound_routes': 'list route-name globs: outbound_routes: ["Default Outbound Route"]',
  'policy.ignore.outbound_routes[]': 'write the route-name glob in quotes: "Default*"',
  'policy.ignore.endpoint_leases': 'list lease-name globs: endpoint_leases: ["ci-*"]',
  'policy.ignore.endpoint_leases[]': 'write the lease-name glob in quotes: "ci-*"',
  proxy: 'write a mapping: proxy: {timezone: America/Chicago}',
  'proxy.timezone': 'write the IANA zone name of the proxy host as text: timezone: America/Chicago',
  'policy.ignore.carrier_groups': 'list carrier-group name globs: carrier_groups: ["legacy-*"]',
  'policy.ignore.carrier_groups[]': 'write the carrier-group name glob in quotes: "legacy-*"',
  ...NUMBER_HINTS,
};

/** What to do about a bad value at a path (schema errors); empty when nothing useful is known. */
export function hintFor(path: Path): string {
  return HINTS[pathShape(path)] ?? '';
}

/** The known key closest to an unknown one (edit distance ≤ 2, ignoring case), if any. */
export function suggestKey(unknown: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = 3;
  for (const candidate of known) {
    const d = editDistance(unknown.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance && d < Math.max(unknown.length, 2)) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
    }
    prev = row;
  }
  return prev[b.length] ?? 0;
}
