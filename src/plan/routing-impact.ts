import type { DesiredState, SourceLocation } from '../model/desired.js';
import type { InboundMapping } from '../model/inbound-mapping.js';
import type { LiveState } from '../model/live.js';
import type { OutboundRoute } from '../model/outbound-route.js';
import { isPendingMapping, isPendingRoute, type Change, type PlanIssue } from '../model/plan.js';
import type { Horizon, ImpactEntry } from '../model/routing.js';
import type { GatewayLabel } from '../model/group.js';
import { routingImpact } from '../routing/impact.js';
import { gatewayLabelsOf, inventoryOf, nameReference, ruleSetFromState } from '../routing/rule-set.js';
import { withPendingNames, type PendingNames } from '../routing/pending-names.js';
import { callTime, CLOCK_HINT, zoneFor } from '../model/time/call-time.js';
import type { RoutingState } from '../routing/types.js';
import { groupsAfter, type GroupsAfter } from './groups-after.js';
import { labelsAfter } from './test-names.js';
import type { PlatformEffect } from '../model/kinds/did-number/effects.js';
import { numberIdentity } from '../model/kinds/did-number/fields.js';

type AfterMapping = Omit<InboundMapping, 'ruleid'> & { readonly ruleid?: number };
type AfterRoute = Omit<OutboundRoute, 'ruleid' | 'groupid'> & { readonly ruleid?: number; readonly groupid?: number };

/**
 * The routing impact of a plan and the time it examined, with the rules after the plan it probed
 * (`after`, absent when the plan changes no rule or group: nothing was built), or why it cannot be
 * worked out.
 */
export type PlanImpact =
  | { readonly ok: true; readonly impact: ImpactEntry[]; readonly horizon?: Horizon; readonly after?: RulesAfter }
  | { readonly ok: false; readonly issue: PlanIssue };

/**
 * The classes of calls whose routing a plan's changes alter, and when: over one full period of
 * every time recurrence involved from the start of the day holding `now` in the proxy's zone `tz`
 * (routing/impact.ts), or at the one instant `at` (`plan --at`, wall clock in `tz` or with an
 * offset) when given. Before is every live mapping and route (ignored ones too: they still route
 * calls); after is the same with the plan's changes applied, so rules the plan leaves alone stay.
 * Before uses the live carrier and endpoint groups when they were read; after uses them as the plan
 * leaves them (groups-after.ts): a rule that names a carrier group this plan creates sends to its
 * stand-in id, and the impact shows that group by name (`gwlist: '#"New carrier"'`), its id being
 * known after apply. `read` names the gateways read beyond the live state before planning (the
 * endpoints of the live endpoint groups the impact names, groups-to-name.ts). A plan with no
 * mapping or route change has none, and no horizon. `tz` may be a
 * function, asked only when there is a change to examine and a time recurrence among the rules
 * (routing/time.ts `zoneFor`: the machine's zone costs ICU's start-up, tens of ms, which a plan
 * without changes does not need to pay, and without a recurrence the zone decides nothing).
 */
export function planRoutingImpact(
  live: LiveState,
  changes: readonly Change[],
  now: number,
  zone: string | (() => string),
  at?: string,
  built?: RulesAfter,
  read: readonly GatewayLabel[] = [],
): PlanImpact {
  if (!changes.some((c) => c.kind !== 'endpoint_lease')) return { ok: true, impact: [] };
  // The gateways of the groups read in full (the collections the files manage, and the endpoint
  // groups read before planning for these words: `read`) are named in the impact's words
  // (gwlist_words); after the plan, with the endpoints it adds, changes and removes.
  const labels = [...read, ...gatewayLabelsOf([...(live.carrier_groups ?? []), ...(live.endpoint_groups ?? [])])];
  const before = ruleSetFromState(liveRouting(live), live.groups ? inventoryOf(live.groups, undefined, labels) : undefined);
  // Built here once per plan and handed on (Plan result `after`): the lints and the tests read the same rules.
  const rules = built ?? rulesAfterPlan(live, changes);
  const { state, groups } = rules;
  const afterLabels = labelsAfter(live, changes, groups, read);
  const after = ruleSetFromState(state, groups.groups ? inventoryOf(groups.groups, undefined, afterLabels) : undefined);
  const timed = before.rules.some((r) => r.timerec !== '') || after.rules.some((r) => r.timerec !== '');
  const tz = zoneFor(zone, timed);
  const start = callTime(at, tz, now, { tz: 'the proxy time zone' });
  if ('problem' in start) {
    const what = at === undefined ? 'cannot work out the routing impact' : 'cannot work out the routing impact at the time asked';
    return { ok: false, issue: { message: `${what}: ${start.problem}`, hint: CLOCK_HINT } };
  }
  const pending: PendingNames = new Map([...groups.standIns].map(([name, id]) => [`#${id}`, nameReference(name)]));
  const { horizon, entries } = routingImpact(before, after, start, { pinned: at !== undefined });
  const impact = pending.size === 0 ? entries : entries.map((e) => namedAfter(e, pending));
  return { ok: true, impact, horizon, after: rules };
}

/**
 * An entry whose after side sends to a group the plan creates holds it by name (`#"Beta PBX"`: its
 * id is known after apply, the stand-in is never shown); its words, made with the groups after the
 * plan, already say so and name its endpoints.
 */
function namedAfter(e: ImpactEntry, pending: PendingNames): ImpactEntry {
  const after = withPendingNames(e.after, pending);
  return after === e.after ? e : { ...e, after };
}

function liveRouting(live: LiveState): RoutingState {
  return {
    ...(live.inbound_mappings ? { inbound_mappings: live.inbound_mappings } : {}),
    ...(live.outbound_routes ? { outbound_routes: live.outbound_routes } : {}),
  };
}

/**
 * A mapping the platform empties by itself (a number written available, effects.ts): its servers
 * wiped and renamed to the DID, or one created so: the first of the DID with or without a `+`.
 */
function emptied(mappings: Map<number | string, AfterMapping>, e: PlatformEffect & { on: 'inbound_mapping' }, i: number): void {
  const key = e.does === 'empty' ? e.ruleid : (findByIdentity(mappings, e.did) ?? `made ${i}`);
  const ruleid = typeof key === 'number' ? { ruleid: key } : {};
  mappings.set(key, { did: e.did, servers: [], notes: e.did, ...ruleid });
}

/** The key of the mapping of a DID (with or without one leading `+`), if any. */
function findByIdentity(mappings: ReadonlyMap<number | string, AfterMapping>, did: string): number | string | undefined {
  const bare = numberIdentity(did);
  for (const [key, m] of mappings) if (numberIdentity(m.did) === bare) return key;
  return undefined;
}

/** The key of a mapping the platform made for a number of this plan (not a live one) of the DID, if any. */
function madeFor(mappings: ReadonlyMap<number | string, AfterMapping>, did: string): string | undefined {
  const key = findByIdentity(mappings, did);
  return typeof key === 'string' && key.startsWith('made ') ? key : undefined;
}

/** The mappings and routes the platform holds once a plan is applied, and its groups then. */
export interface RulesAfter {
  readonly state: RoutingState;
  /** The carrier and endpoint groups after the plan, and the stand-in ids of the groups it creates. */
  readonly groups: GroupsAfter;
}

/**
 * The one statement of "the rules after the plan", for the routing impact, the routing lints and
 * the routing tests a plan is checked with: every live mapping and route (ignored ones too: they
 * still route calls) with the plan's changes made; a reference to a carrier group the plan creates
 * points at its stand-in id (groups-after.ts). A collection that was not read is left out.
 *
 * With `files` (the desired state the plan was made from), each rule the files declare carries its
 * origin and the rules come in the files' order, then the live ones the files do not declare (the
 * ones `policy.ignore` keeps): so a lint names the file and line of a rule, and lists them as the
 * files do. Without it (the impact), the rules stay in the platform's order. Pure.
 */
export function rulesAfterPlan(live: LiveState, changes: readonly Change[], files?: DesiredState): RulesAfter {
  const groups = groupsAfter(live, changes);
  const after = { state: applied(live, changes, groups.standIns), groups };
  return files ? inFilesOrderOf(after, files) : after;
}

/**
 * The rules after a plan (as {@link rulesAfterPlan} built them without files) placed in the files'
 * order, each declared one with its origin: the view the lints and the routing tests read, made from
 * the rules built once per plan instead of building them again. Pure.
 */
export function inFilesOrderOf(after: RulesAfter, files: DesiredState): RulesAfter {
  const { state, groups } = after;
  return {
    state: {
      ...(state.inbound_mappings
        ? {
            inbound_mappings: inFilesOrder(
              state.inbound_mappings,
              files.inbound_mappings ?? [],
              (m) => m.did,
              (m) => m.did,
            ),
          }
        : {}),
      ...(state.outbound_routes
        ? {
            outbound_routes: inFilesOrder(
              state.outbound_routes,
              files.outbound_routes ?? [],
              (r) => r.name,
              (r) => r.name,
            ),
          }
        : {}),
    },
    groups,
  };
}

/**
 * The rules in the files' order (each declared one with its origin), then the others in their own
 * order. One pass: a slot per declared entry (a plan checks some 15,000 rules).
 */
function inFilesOrder<R extends object, D extends { readonly origin?: SourceLocation }>(
  rules: readonly R[],
  declared: readonly D[],
  keyOfRule: (r: R) => string,
  keyOfDeclared: (d: D) => string,
): R[] {
  const place = new Map<string, number>();
  declared.forEach((d, i) => place.set(keyOfDeclared(d), i));
  const slots: (R | undefined)[] = new Array<R | undefined>(declared.length);
  const rest: R[] = [];
  for (const r of rules) {
    const i = place.get(keyOfRule(r));
    if (i === undefined || slots[i] !== undefined) {
      rest.push(r);
      continue;
    }
    const origin = declared[i]!.origin;
    // Object.assign, not `{ ...r, origin }`: V8 (Node 20) takes a slow path for a spread followed
    // by another key, and a plan places some 15,000 rules here.
    slots[i] = origin ? Object.assign({}, r, { origin }) : r;
  }
  const out: R[] = [];
  for (const r of slots) if (r !== undefined) out.push(r);
  for (const r of rest) out.push(r);
  return out;
}

/**
 * The live mappings and routes as they stand once every change is made; a reference to a carrier
 * group this plan creates (known after apply) points at its stand-in id.
 */
function applied(live: LiveState, changes: readonly Change[], standIns: ReadonlyMap<string, number>): RoutingState {
  // A plan that changes no rule (a no-change plan, or one of groups and leases only) leaves the live
  // lists as they are: a copy of each list, not three maps of some 15,000 rules built and read back.
  if (!changes.some(changesRules)) return liveRulesAsTheyAre(live);
  const mappings = new Map<number | string, AfterMapping>((live.inbound_mappings ?? []).map((m) => [m.ruleid, m]));
  const routes = new Map<number | string, AfterRoute>((live.outbound_routes ?? []).map((r) => [r.ruleid, r]));
  const liveRoutes = new Map((live.outbound_routes ?? []).map((r) => [r.ruleid, r]));
  changes.forEach((c, i) => {
    if (c.kind === 'inbound_mapping') {
      const id = c.action !== 'delete' && isPendingMapping(c.after) ? standIns.get(c.after.group!) : undefined;
      if (id !== undefined && c.action !== 'delete') c = { ...c, after: { ...c.after, servers: [`#${id}`] } };
      // A mapping the platform made for a number of this plan is the row this create writes (order.ts).
      const made = c.action === 'create' ? madeFor(mappings, c.after.did) : undefined;
      if (made !== undefined) mappings.delete(made);
      if (c.action === 'create') mappings.set(`new ${i}`, c.after);
      else if (c.action === 'delete') mappings.delete(c.ruleid);
      else mappings.set(c.ruleid, { ...c.after, ruleid: c.ruleid });
    } else if (c.kind === 'outbound_route') {
      const id = c.action !== 'delete' && isPendingRoute(c.after) ? standIns.get(c.after.carrier_group!) : undefined;
      if (id !== undefined && c.action !== 'delete') c = { ...c, after: { ...c.after, gwgroupid: String(id) } };
      if (c.action === 'create') routes.set(`new ${i}`, c.after);
      else if (c.action === 'delete') routes.delete(c.ruleid);
      else {
        // An LCR route that stays LCR keeps its group; a promoted one has none until the platform gives it one.
        const was = liveRoutes.get(c.ruleid);
        const group = c.after.from_prefix !== null && was && was.from_prefix !== null ? { groupid: was.groupid } : {};
        routes.set(c.ruleid, { ...c.after, ruleid: c.ruleid, ...group });
      }
    }
    for (const e of c.effects ?? []) if (e.on === 'inbound_mapping') emptied(mappings, e, i);
  });
  return {
    ...(live.inbound_mappings || mappings.size > 0 ? { inbound_mappings: [...mappings.values()] } : {}),
    ...(live.outbound_routes || routes.size > 0 ? { outbound_routes: [...routes.values()] } : {}),
  };
}

/** Whether a change alters a mapping or a route: its own, or a mapping the platform empties for it. */
function changesRules(c: Change): boolean {
  return c.kind === 'inbound_mapping' || c.kind === 'outbound_route' || (c.effects ?? []).some((e) => e.on === 'inbound_mapping');
}

/** The live mappings and routes in the platform's order, each list copied (the caller's lists are its own). */
function liveRulesAsTheyAre(live: LiveState): RoutingState {
  return {
    ...(live.inbound_mappings ? { inbound_mappings: live.inbound_mappings.slice() } : {}),
    ...(live.outbound_routes ? { outbound_routes: live.outbound_routes.slice() } : {}),
  };
}
