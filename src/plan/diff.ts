import type { CollectionName, DesiredMapping, DesiredRoute, DesiredState, Kind } from '../model/desired.js';
import type { InboundMapping } from '../model/inbound-mapping.js';
import { keyOf } from '../model/key.js';
import type { OutboundRoute } from '../model/outbound-route.js';
import { changedMappingFields, changedRouteFields, mappingFields, routeFields } from '../model/fields.js';
import { compileIgnore } from '../model/globs.js';
import { diffCarrierGroups, type PasswordCheck } from './diff-carrier-groups.js';
import { diffLeases } from './diff-leases.js';
import type { LiveState } from '../model/live.js';
import type { Change, PlanIssue } from '../model/plan.js';
import { INBOUND_MAPPING } from '../model/kinds/inbound-mapping.js';
import { OUTBOUND_ROUTE } from '../model/kinds/outbound-route.js';

/** What the differ found: changes in no particular order, plus counts and blocking issues. */
interface DiffResult {
  changes: Change[];
  readonly unchanged: Record<Kind, number>;
  /** Live objects of each managed collection that the plan governs (ignored ones excluded). */
  readonly governed: Partial<Record<CollectionName, number>>;
  readonly issues: PlanIssue[];
  /** Live objects paired with a desired entry (what `destroy` deletes). */
  readonly matched: Change[];
  /** Recorded leases that expired by themselves. */
  readonly expired_leases: string[];
  /** Sentences for the plan's reader (e.g. duplicate live routes the plan deletes). */
  readonly notes: string[];
}

/** How to diff. */
interface DiffOptions {
  /**
   * Whether to list the matched live objects (`matched`, what `destroy` deletes); default true.
   * A plan to apply does not need them, and leaving them out spares one object per live object.
   */
  readonly matched?: boolean;
  /** How each declared carrier group's password stands against the record of the one last sent, by name. */
  readonly passwords?: ReadonlyMap<string, PasswordCheck>;
}

/**
 * Compares desired with live, pairing objects by identity (`keyOf`: DID for mappings, route name
 * or pinned ruleid for routes) and then by normalized content. Pure: no I/O, no order.
 * A no-op is never a change; it only counts as unchanged. `now` (ms) decides lease renewals.
 */
export function diff(desired: DesiredState, live: LiveState, now: number, options: DiffOptions = {}): DiffResult {
  const result: DiffResult = {
    changes: [],
    unchanged: { inbound_mapping: 0, outbound_route: 0, endpoint_lease: 0, carrier_group: 0 },
    governed: {},
    issues: [],
    matched: [],
    expired_leases: [],
    notes: [],
  };
  const listMatched = options.matched ?? true;
  if (desired.inbound_mappings) {
    diffMappings(
      desired.inbound_mappings,
      live.inbound_mappings ?? [],
      compileIgnore(desired.policy.ignore.inbound_mappings),
      result,
      listMatched,
    );
  }
  if (desired.outbound_routes) {
    diffRoutes(
      desired.outbound_routes,
      live.outbound_routes ?? [],
      compileIgnore(desired.policy.ignore.outbound_routes),
      result,
      listMatched,
    );
  }
  if (desired.endpoint_leases) {
    const leases = diffLeases(
      desired.endpoint_leases,
      live.endpoint_leases ?? [],
      now,
      compileIgnore(desired.policy.ignore.endpoint_leases),
    );
    for (const c of leases.changes) result.changes.push(c);
    for (const c of leases.matched) result.matched.push(c);
    result.unchanged.endpoint_lease = leases.unchanged;
    result.governed.endpoint_leases = leases.governed;
    result.expired_leases.push(...leases.expired);
  }
  if (desired.carrier_groups) {
    const groups = diffCarrierGroups(
      desired.carrier_groups,
      live.carrier_groups ?? [],
      compileIgnore(desired.policy.ignore.carrier_groups ?? []),
      listMatched,
      options.passwords,
    );
    for (const c of groups.changes) result.changes.push(c);
    for (const c of groups.matched) result.matched.push(c);
    for (const i of groups.issues) result.issues.push(i);
    for (const n of groups.notes) result.notes.push(n);
    result.unchanged.carrier_group = groups.unchanged;
    result.governed.carrier_groups = groups.governed;
  }
  return result;
}

function diffMappings(
  desired: readonly DesiredMapping[],
  live: readonly InboundMapping[],
  ignored: (did: string) => boolean,
  out: DiffResult,
  listMatched: boolean,
): void {
  const byDid = new Map<string, InboundMapping>();
  for (const m of live) byDid.set(keyOf(INBOUND_MAPPING.kind, m), m);
  const claimed = new Set<number>();
  for (const want of desired) {
    const have = byDid.get(keyOf(INBOUND_MAPPING.kind, want));
    if (!have) {
      const after = mappingFields(want);
      out.changes.push({
        action: 'create',
        kind: INBOUND_MAPPING.kind,
        key: keyOf(INBOUND_MAPPING.kind, want),
        after,
        fields: Object.keys(after),
        ...originOf(want),
      });
      continue;
    }
    claimed.add(have.ruleid);
    if (listMatched)
      out.matched.push({
        action: 'delete',
        kind: INBOUND_MAPPING.kind,
        key: keyOf(INBOUND_MAPPING.kind, have),
        ruleid: have.ruleid,
        before: mappingFields(have),
        fields: [],
      });
    const fields = changedMappingFields(have, want);
    if (fields.length === 0) out.unchanged.inbound_mapping += 1;
    else
      out.changes.push({
        action: 'update',
        kind: INBOUND_MAPPING.kind,
        key: keyOf(INBOUND_MAPPING.kind, want),
        ruleid: have.ruleid,
        before: mappingFields(have),
        after: mappingFields(want),
        fields,
        ...originOf(want),
      });
  }
  let governed = 0;
  for (const have of live) {
    if (claimed.has(have.ruleid)) {
      governed += 1;
    } else if (!ignored(keyOf(INBOUND_MAPPING.kind, have))) {
      governed += 1;
      out.changes.push({
        action: 'delete',
        kind: INBOUND_MAPPING.kind,
        key: keyOf(INBOUND_MAPPING.kind, have),
        ruleid: have.ruleid,
        before: mappingFields(have),
        fields: [],
      });
    }
  }
  out.governed.inbound_mappings = governed;
}

function diffRoutes(
  desired: readonly DesiredRoute[],
  live: readonly OutboundRoute[],
  ignored: (name: string) => boolean,
  out: DiffResult,
  listMatched: boolean,
): void {
  const byId = new Map<number, OutboundRoute>();
  for (const r of live) byId.set(r.ruleid, r);
  const claimed = new Set<number>();
  // Pins first, so a pinned route is never also matched by name.
  for (const want of desired) {
    if (want.ruleid === undefined) continue;
    if (byId.has(want.ruleid)) claimed.add(want.ruleid);
    else {
      out.issues.push({
        message: `outbound route "${want.name}" pins ruleid ${want.ruleid}, but the platform has no outbound route with that ruleid`,
        hint: 'Remove the ruleid line to create the route anew, or correct the ruleid (dsipform export shows the live ones).',
        ...(want.origin ? { origin: want.origin } : {}),
      });
    }
  }
  const byName = new Map<string, OutboundRoute[]>();
  for (const r of live) {
    if (claimed.has(r.ruleid)) continue;
    const key = keyOf(OUTBOUND_ROUTE.kind, r);
    const list = byName.get(key);
    if (list) list.push(r);
    else byName.set(key, [r]);
  }
  for (const want of desired) {
    let have: OutboundRoute | undefined;
    if (want.ruleid !== undefined) {
      have = byId.get(want.ruleid);
      if (!have) continue;
    } else {
      const candidates = byName.get(keyOf(OUTBOUND_ROUTE.kind, want)) ?? [];
      if (candidates.length > 1 && allIdentical(candidates)) {
        have = keepOldest(candidates, out, listMatched);
        for (const c of candidates) claimed.add(c.ruleid); // the copies' deletes are planned already
        routeChange(want, have, out, listMatched);
        continue;
      }
      if (candidates.length > 1) {
        out.issues.push({
          message: `the platform has ${candidates.length} outbound routes named "${want.name}" (ruleids ${candidates.map((r) => r.ruleid).join(', ')}), so the entry cannot tell which one it means`,
          hint: `Pin the route you mean with "ruleid: ${candidates[0]!.ruleid}" in the entry; the others are then deleted unless an ignore rule keeps them.`,
          ...(want.origin ? { origin: want.origin } : {}),
        });
        for (const c of candidates) claimed.add(c.ruleid); // blocked: never delete what is ambiguous
        continue;
      }
      have = candidates[0];
      if (have) claimed.add(have.ruleid);
    }
    routeChange(want, have, out, listMatched);
  }
  let governed = 0;
  for (const have of live) {
    if (claimed.has(have.ruleid)) governed += 1;
    else if (!ignored(keyOf(OUTBOUND_ROUTE.kind, have))) {
      governed += 1;
      out.changes.push({
        action: 'delete',
        kind: OUTBOUND_ROUTE.kind,
        key: keyOf(OUTBOUND_ROUTE.kind, have),
        ruleid: have.ruleid,
        before: routeFields(have),
        fields: [],
      });
    }
  }
  out.governed.outbound_routes = governed;
}

/** Whether live routes are the same in every field but their ids (`ruleid`, and `groupid` for LCR). */
function allIdentical(routes: readonly OutboundRoute[]): boolean {
  const first = routes[0]!;
  return routes.every((r) => changedRouteFields(first, r).length === 0);
}

/**
 * Copies of one route, the same in every field, are what two runs applying the same files at once
 * leave behind. The oldest (lowest ruleid) stays; the newer copies are planned as ordinary deletes,
 * so the next apply recovers without editing any file.
 */
function keepOldest(copies: readonly OutboundRoute[], out: DiffResult, listMatched: boolean): OutboundRoute {
  const [kept, ...extra] = [...copies].sort((a, b) => a.ruleid - b.ruleid);
  for (const r of extra) {
    const change = {
      action: 'delete',
      kind: OUTBOUND_ROUTE.kind,
      key: keyOf(OUTBOUND_ROUTE.kind, r),
      ruleid: r.ruleid,
      before: routeFields(r),
      fields: [],
    } as const;
    out.changes.push(change);
    if (listMatched) out.matched.push(change);
  }
  const ids = extra.map((r) => r.ruleid).join(', ');
  out.notes.push(
    `The platform has ${copies.length} outbound routes named "${kept!.name}", identical in every field (ruleids ${copies
      .map((r) => r.ruleid)
      .sort((a, b) => a - b)
      .join(
        ', ',
      )}), as two runs applying at once leave behind: the files manage ruleid ${kept!.ruleid}, and the newer ${extra.length === 1 ? 'copy is' : 'copies are'} deleted (ruleid${extra.length === 1 ? '' : 's'} ${ids}).`,
  );
  return kept!;
}

function routeChange(want: DesiredRoute, have: OutboundRoute | undefined, out: DiffResult, listMatched: boolean): void {
  if (!have) {
    const after = routeFields(want);
    out.changes.push({
      action: 'create',
      kind: OUTBOUND_ROUTE.kind,
      key: keyOf(OUTBOUND_ROUTE.kind, want),
      after,
      fields: Object.keys(after),
      ...originOf(want),
    });
    return;
  }
  if (listMatched)
    out.matched.push({
      action: 'delete',
      kind: OUTBOUND_ROUTE.kind,
      key: keyOf(OUTBOUND_ROUTE.kind, have),
      ruleid: have.ruleid,
      before: routeFields(have),
      fields: [],
    });
  const fields = changedRouteFields(have, want);
  if (fields.length === 0) {
    out.unchanged.outbound_route += 1;
    return;
  }
  const before = routeFields(have);
  const after = routeFields(want);
  const action =
    before.from_prefix === null && after.from_prefix !== null
      ? 'promote'
      : before.from_prefix !== null && after.from_prefix === null
        ? 'demote'
        : 'update';
  out.changes.push({
    action,
    kind: OUTBOUND_ROUTE.kind,
    key: keyOf(OUTBOUND_ROUTE.kind, want),
    ruleid: have.ruleid,
    before,
    after,
    fields,
    ...originOf(want),
  });
}

/** Where an entry was declared, as the optional `origin` of its change. */
function originOf(want: DesiredMapping | DesiredRoute): { origin?: DesiredMapping['origin'] } {
  return want.origin ? { origin: want.origin } : {};
}
