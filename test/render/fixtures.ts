import type { Kind } from '../../src/model/desired.js';
import { summarize } from '../../src/plan/build-plan.js';
import type { Change, LeaseFields, MappingFields, Plan, RouteFields, SafetyFinding, SavedPlan } from '../../src/model/plan.js';
import type { ApplyEvent, ApplyReport, ChangeOutcome } from '../../src/model/apply-report.js';

/** Fixed fake checksums: 64 hex digits, as sha256 would give. */
export const LIVE_CHECKSUM = '5d1e0c3a9b7f4e2d8c6a1b3f5e7d9c0b2a4f6e8d0c1b3a5f7e9d2c4b6a8f0e1d';
export const PLAN_CHECKSUM = 'c0ffee00deadbeef0123456789abcdef0123456789abcdef0123456789abcdef';

const TARGET = 'https://pbx.example.com:5000';

const mapping = (did: string, servers: string[], notes = ''): MappingFields => ({ did, servers, notes });
const route = (name: string, prefix: string, gwgroupid: string, more: Partial<RouteFields> = {}): RouteFields => ({
  name,
  prefix,
  from_prefix: null,
  gwgroupid,
  priority: 0,
  timerec: '',
  routeid: '',
  ...more,
});

/** A lease as the files declare it, and as the state holds it when `held` is given. */
const lease = (name: string, email: string, ttl: number, renew_before: number, held: Partial<LeaseFields> = {}): LeaseFields => ({
  name,
  email,
  ttl,
  renew_before,
  ...held,
});

/** No unchanged objects of any kind; spread a count over it for the kinds that have some. */
export const NONE_UNCHANGED: Record<Kind, number> = {
  inbound_mapping: 0,
  outbound_route: 0,
  endpoint_lease: 0,
  carrier_group: 0,
  endpoint_group: 0,
  did_number: 0,
};

function plan(changes: Change[], unchanged: Partial<Record<Kind, number>>, more: Partial<Plan> = {}): Plan {
  return {
    format_version: 1,
    target: TARGET,
    managed: ['inbound_mappings', 'outbound_routes'],
    live_checksum: LIVE_CHECKSUM,
    policy: { protect: ['inbound_mappings'] },
    summary: summarize(changes, { ...NONE_UNCHANGED, ...unchanged }),
    changes,
    safety: [],
    notes: [],
    expired_leases: [],
    ...more,
  };
}

/** Every action of every kind, the default mapping, DIDs with `+ # *`, a rename, reasons, a note, a safety finding. */
export const MIXED_CHANGES: Change[] = [
  {
    action: 'create',
    kind: 'inbound_mapping',
    key: '15551230001',
    fields: ['did', 'servers', 'notes'],
    after: mapping('15551230001', ['66', '67'], 'Main office'),
    origin: { file: 'dsip/inbound.yaml', line: 3, col: 5 },
  },
  { action: 'create', kind: 'inbound_mapping', key: '', fields: ['did', 'servers', 'notes'], after: mapping('', ['#2']) },
  {
    action: 'create',
    kind: 'outbound_route',
    key: 'UK from our 1555 numbers',
    fields: ['name', 'prefix', 'from_prefix', 'gwgroupid', 'priority', 'timerec', 'routeid'],
    after: route('UK from our 1555 numbers', '44', '5', { from_prefix: '1555' }),
  },
  {
    action: 'obtain',
    kind: 'endpoint_lease',
    key: 'ci-softphone',
    fields: ['name', 'email', 'ttl', 'renew_before'],
    after: lease('ci-softphone', 'ops@example.com', 900, 120),
    origin: { file: 'dsip/leases.yaml', line: 2, col: 5 },
  },
  {
    action: 'update',
    kind: 'inbound_mapping',
    key: '+442071234567',
    ruleid: 7,
    fields: ['servers', 'notes'],
    before: mapping('+442071234567', ['66'], 'London'),
    after: mapping('+442071234567', ['66', '67'], 'London office'),
  },
  {
    action: 'update',
    kind: 'outbound_route',
    key: 'US domestic',
    ruleid: 12,
    fields: ['priority'],
    before: route('US domestic', '1', '2'),
    after: route('US domestic', '1', '2', { priority: 10 }),
  },
  {
    action: 'update',
    kind: 'outbound_route',
    key: 'Canada',
    ruleid: 16,
    fields: ['name'],
    before: route('CA', '1204', '2'),
    after: route('Canada', '1204', '2'),
    reason: 'renamed from "CA": the file pins ruleid 16',
  },
  {
    action: 'promote',
    kind: 'outbound_route',
    key: 'DE mobile',
    ruleid: 14,
    fields: ['from_prefix'],
    before: route('DE mobile', '4915', '3'),
    after: route('DE mobile', '4915', '3', { from_prefix: '1555' }),
  },
  {
    action: 'demote',
    kind: 'outbound_route',
    key: 'FR',
    ruleid: 15,
    fields: ['from_prefix', 'gwgroupid'],
    before: route('FR', '33', '5', { from_prefix: '1666' }),
    after: route('FR', '33', '6'),
  },
  {
    action: 'renew',
    kind: 'endpoint_lease',
    key: 'desk-phone',
    lease_id: 41,
    fields: ['ttl'],
    before: lease('desk-phone', 'desk@example.com', 900, 180, {
      lease_id: 41,
      username: 'dsip_u41',
      domain: 'sip.example.com',
      expires_at: '2025-06-01T12:15:00Z',
    }),
    after: lease('desk-phone', 'desk@example.com', 5400, 180),
  },
  {
    action: 'renew',
    kind: 'endpoint_lease',
    key: 'lobby-phone',
    lease_id: 43,
    fields: ['expires_at'],
    before: lease('lobby-phone', 'lobby@example.com', 3600, 300, {
      lease_id: 43,
      username: 'dsip_u43',
      domain: 'sip.example.com',
      expires_at: '2025-06-01T12:04:00Z',
    }),
    after: lease('lobby-phone', 'lobby@example.com', 3600, 300),
    reason: 'expires at 2025-06-01T12:04:00Z, within renew_before (300 s)',
  },
  {
    action: 'delete',
    kind: 'inbound_mapping',
    key: '*99#',
    ruleid: 9,
    fields: [],
    before: mapping('*99#', ['#3'], 'Voicemail'),
  },
  { action: 'delete', kind: 'inbound_mapping', key: '#31#1555', ruleid: 10, fields: [], before: mapping('#31#1555', ['68']) },
  {
    action: 'delete',
    kind: 'outbound_route',
    key: 'Old US',
    ruleid: 3,
    fields: [],
    before: route('Old US', '1', '2', { priority: 5 }),
    reason: 'deleted last, after "US domestic" takes prefix 1, so calls to 1 are never unrouted',
  },
  {
    action: 'revoke',
    kind: 'endpoint_lease',
    key: 'old-softphone',
    lease_id: 17,
    fields: [],
    before: lease('old-softphone', 'ops@example.com', 600, 0, {
      lease_id: 17,
      username: 'dsip_u17',
      domain: 'sip.example.com',
      expires_at: '2025-06-01T12:09:30Z',
    }),
  },
];

const PROTECTED: SafetyFinding = {
  collection: 'inbound_mappings',
  rule: 'protected',
  deletes: 2,
  live: 6,
  limit: '0 (protected)',
  keys: ['*99#', '#31#1555'],
  message: 'inbound_mappings is protected by policy.protect, and the plan deletes 2 of them',
};

/** A plan with every kind of change. */
export const MIXED_PLAN: Plan = plan(
  MIXED_CHANGES,
  { inbound_mapping: 3, outbound_route: 4, endpoint_lease: 1 },
  {
    managed: ['inbound_mappings', 'outbound_routes', 'endpoint_leases'],
    safety: [PROTECTED],
    notes: [
      'Creates run first and deletes last, so no DID or prefix is left without a route partway through.',
      'Lease "kiosk-phone" expired by itself; it is dropped from the state without a request.',
    ],
    expired_leases: ['kiosk-phone'],
    state_file: '/srv/dsip/.dsipform/state.json',
  },
);

/** The mixed plan as `--out` saves it. */
export const MIXED_SAVED: SavedPlan = { ...MIXED_PLAN, checksum: PLAN_CHECKSUM };

/** A plan that finds the platform as configured. */
export const EMPTY_PLAN: Plan = plan([], { inbound_mapping: 5, outbound_route: 7 });

/** A plan of `n` changes (60% mapping creates, 20% route updates, 20% route deletes) refused by a threshold. */
export function bigPlan(n: number): Plan {
  const changes: Change[] = [];
  const creates = Math.floor(n * 0.6);
  const updates = Math.floor(n * 0.2);
  for (let i = 0; i < creates; i++) {
    const did = `1555${String(i).padStart(7, '0')}`;
    changes.push({
      action: 'create',
      kind: 'inbound_mapping',
      key: did,
      fields: ['did', 'servers', 'notes'],
      after: mapping(did, ['66', '67'], `Line ${i}`),
    });
  }
  for (let i = 0; i < updates; i++) {
    const name = `Route ${i}`;
    changes.push({
      action: 'update',
      kind: 'outbound_route',
      key: name,
      ruleid: 100 + i,
      fields: ['priority'],
      before: route(name, `44${i}`, '2'),
      after: route(name, `44${i}`, '2', { priority: 1 }),
    });
  }
  const deletes: string[] = [];
  for (let i = 0; changes.length < n; i++) {
    const name = `Legacy ${i}`;
    deletes.push(name);
    changes.push({
      action: 'delete',
      kind: 'outbound_route',
      key: name,
      ruleid: 50_000 + i,
      fields: [],
      before: route(name, `33${i}`, '4'),
    });
  }
  const live = updates + deletes.length + 10;
  const finding: SafetyFinding = {
    collection: 'outbound_routes',
    rule: 'threshold',
    deletes: deletes.length,
    live,
    limit: '25%',
    keys: deletes,
    message: `the plan deletes ${deletes.length} of ${live} outbound_routes, more than the limit of 25%`,
  };
  return plan(changes, { inbound_mapping: 0, outbound_route: 10 }, { safety: [finding] });
}

/** Outcomes of applying the mixed plan: one failure stops the routes that depend on it; leases name their lease ids. */
export const OUTCOMES: ChangeOutcome[] = [
  { action: 'create', kind: 'inbound_mapping', key: '15551230001', status: 'applied', ruleid: 21, attempts: 2 },
  { action: 'create', kind: 'inbound_mapping', key: '', status: 'applied', ruleid: 22, attempts: 1 },
  {
    action: 'create',
    kind: 'outbound_route',
    key: 'UK from our 1555 numbers',
    status: 'failed',
    error: { code: 'API_BAD_REQUEST', message: 'POST /outboundroutes: 400 rejected: "Duplicate LCR pattern"' },
    attempts: 1,
  },
  { action: 'obtain', kind: 'endpoint_lease', key: 'ci-softphone', status: 'applied', lease_id: 42, attempts: 1 },
  { action: 'update', kind: 'inbound_mapping', key: '+442071234567', status: 'applied', ruleid: 7, attempts: 1 },
  { action: 'promote', kind: 'outbound_route', key: 'DE mobile', status: 'applied', ruleid: 14, attempts: 1 },
  {
    action: 'demote',
    kind: 'outbound_route',
    key: 'FR',
    status: 'failed',
    ruleid: 15,
    error: { code: 'API_TIMEOUT', message: 'PUT /outboundroutes/15: no answer within 30 s' },
    attempts: 3,
  },
  { action: 'renew', kind: 'endpoint_lease', key: 'desk-phone', status: 'applied', lease_id: 44, attempts: 2 },
  { action: 'delete', kind: 'inbound_mapping', key: '*99#', status: 'applied', ruleid: 9, attempts: 1 },
  {
    action: 'delete',
    kind: 'outbound_route',
    key: 'Old US',
    status: 'not_attempted',
    ruleid: 3,
    reason: 'an earlier outbound_route change failed',
    attempts: 0,
  },
  {
    action: 'revoke',
    kind: 'endpoint_lease',
    key: 'old-softphone',
    status: 'failed',
    lease_id: 17,
    error: { code: 'API_SERVER_ERROR', message: 'PUT /endpoint/lease/17/revoke: 500' },
    attempts: 3,
  },
];

/** The report of {@link OUTCOMES}, reloaded. */
export const REPORT: ApplyReport = {
  target: TARGET,
  outcomes: OUTCOMES,
  reloaded: true,
  counts: { applied: 7, failed: 3, not_attempted: 1 },
};

/** A clean apply without reload (`--no-reload`). */
export const REPORT_CLEAN: ApplyReport = {
  target: TARGET,
  outcomes: OUTCOMES.filter((o) => o.status === 'applied'),
  reloaded: false,
  counts: { applied: 7, failed: 0, not_attempted: 0 },
};

/** A clean apply whose reload failed. */
export const REPORT_RELOAD_FAILED: ApplyReport = {
  ...REPORT_CLEAN,
  reloaded: false,
  reload_error: 'API_SERVER_ERROR: POST /reload/kamailio: 500',
};

/** The `--format json` events of {@link REPORT}. */
export const EVENTS: ApplyEvent[] = [
  ...OUTCOMES.map((o): ApplyEvent => ({ event: 'change', ...o })),
  { event: 'reload', ok: true },
  { event: 'summary', counts: REPORT.counts, reloaded: true },
];

/**
 * An apply interrupted (Ctrl-C) after 3 changes: 2,050 changes never started, and one failure held
 * back 12 route deletes and 2 lease revokes.
 */
export const REPORT_INTERRUPTED: ApplyReport = (() => {
  const interrupted = (action: ChangeOutcome['action'], kind: ChangeOutcome['kind'], n: number): ChangeOutcome[] =>
    Array.from({ length: n }, (_, i) => ({
      action,
      kind,
      key: `${kind}-${action}-${i}`,
      status: 'not_attempted',
      reason: 'interrupted before it started',
      attempts: 0,
    }));
  const held = (action: ChangeOutcome['action'], kind: ChangeOutcome['kind'], n: number): ChangeOutcome[] =>
    Array.from({ length: n }, (_, i) => ({
      action,
      kind,
      key: `old-${i}`,
      status: 'not_attempted',
      reason: 'an earlier create of outbound_route "UK from our 1555 numbers" failed',
      attempts: 0,
    }));
  const outcomes: ChangeOutcome[] = [
    OUTCOMES[0]!,
    OUTCOMES[1]!,
    OUTCOMES[2]!,
    ...interrupted('create', 'inbound_mapping', 1980),
    ...interrupted('update', 'inbound_mapping', 1),
    ...interrupted('create', 'outbound_route', 68),
    ...interrupted('obtain', 'endpoint_lease', 1),
    ...held('delete', 'outbound_route', 12),
    OUTCOMES[9]!,
  ];
  return { target: TARGET, outcomes, reloaded: true, counts: { applied: 2, failed: 1, not_attempted: 2063 } };
})();
