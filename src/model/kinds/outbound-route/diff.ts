import type { DesiredRoute } from '../../desired.js';
import type { KindDiff, KindDiffContext } from '../../kind-spec.js';
import type { OutboundRoute } from '../../outbound-route.js';
import type { PlanIssue } from '../../plan.js';
import type { RouteChange } from './change.js';
import { changedRouteFields, routeFields } from './fields.js';

/** The kind, as its changes carry it. */
const KIND = 'outbound_route';

/** What the route differ gathers as it goes. */
interface RouteDiff {
  readonly changes: RouteChange[];
  readonly matched: RouteChange[];
  unchanged: number;
  readonly issues: PlanIssue[];
  readonly notes: string[];
}

/**
 * The outbound-route differ: declared routes against live ones, paired by a pinned ruleid first,
 * then by name; copies of one route (the same in every field) keep the oldest; a name the platform
 * holds twice, different, is an issue (never a guess). A live route no entry declares is deleted
 * unless an ignore glob matches its name. Pure.
 */
export function routeDiff(
  desired: readonly DesiredRoute[],
  live: readonly OutboundRoute[],
  { ignored, listMatched }: KindDiffContext,
): KindDiff<'outbound_route'> {
  const out: RouteDiff = { changes: [], matched: [], unchanged: 0, issues: [], notes: [] };
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
    const key = r.name;
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
      const candidates = byName.get(want.name) ?? [];
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
    else if (!ignored(have.name)) {
      governed += 1;
      out.changes.push({
        action: 'delete',
        kind: KIND,
        key: have.name,
        ruleid: have.ruleid,
        before: routeFields(have),
        fields: [],
      });
    }
  }
  return { ...out, governed, expired: [] };
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
function keepOldest(copies: readonly OutboundRoute[], out: RouteDiff, listMatched: boolean): OutboundRoute {
  const [kept, ...extra] = [...copies].sort((a, b) => a.ruleid - b.ruleid);
  for (const r of extra) {
    const change = {
      action: 'delete',
      kind: KIND,
      key: r.name,
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

function routeChange(want: DesiredRoute, have: OutboundRoute | undefined, out: RouteDiff, listMatched: boolean): void {
  if (!have) {
    const after = routeFields(want);
    out.changes.push({
      action: 'create',
      kind: KIND,
      key: want.name,
      after,
      fields: Object.keys(after),
      ...originOf(want),
    });
    return;
  }
  if (listMatched)
    out.matched.push({
      action: 'delete',
      kind: KIND,
      key: have.name,
      ruleid: have.ruleid,
      before: routeFields(have),
      fields: [],
    });
  const fields = changedRouteFields(have, want);
  if (fields.length === 0) {
    out.unchanged += 1;
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
    kind: KIND,
    key: want.name,
    ruleid: have.ruleid,
    before,
    after,
    fields,
    ...originOf(want),
  });
}

/** Where an entry was declared, as the optional `origin` of its change. */
function originOf(want: DesiredRoute): { origin?: DesiredRoute['origin'] } {
  return want.origin ? { origin: want.origin } : {};
}
