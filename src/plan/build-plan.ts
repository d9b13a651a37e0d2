import type { EmptiedMappingFinding } from '../model/coexistence.js';
import { emptiedMappings } from './emptied-mappings.js';
import type { DesiredState, Kind } from '../model/desired.js';
import { KINDS, managedCollections } from '../model/desired.js';
import { KIND_SPECS } from '../model/kinds.js';
import { count, plural } from '../model/words.js';
import { checksumOf } from './checksum.js';
import { diff } from './diff.js';
import type { PasswordCheck } from '../model/kind-spec.js';
import type { LiveState } from '../model/live.js';
import type { GatewayLabel } from '../model/group.js';
import { groupsChecksum, withLiveChecksums } from './live-checksum.js';
import { orderChanges } from './order.js';
import { planRoutingImpact, type RulesAfter } from './routing-impact.js';
import { checkedRules, type CheckedRules } from './checked-rules.js';
import { assessSafety } from './safety.js';
import { danglingReferences, deletedGroupIds, groupsWithoutRemovedGateways } from './check-refs.js';
import { resolveGroupNames } from './resolve-groups.js';
import { assessUnrouting } from './unrouting.js';
import { planNames } from './plan-names.js';
import { emptiedBy, emptiesMappings } from '../model/kinds/did-number/effects.js';
import { settleNumbers } from './settle-numbers.js';
import { readOnlyNote } from './read-only-note.js';
import type { ActionCounts, Change, ChangeAction, Plan, PlanIssue, PlanSummary, SavedPlan } from '../model/plan.js';

/** The collections the desired state manages (model/desired.ts; here too for the package's API). */
export { managedCollections };

function zero(): Record<ChangeAction, number> {
  return { create: 0, update: 0, promote: 0, demote: 0, replace: 0, delete: 0, obtain: 0, renew: 0, revoke: 0 };
}

/** The plan's summary: counts per action in total and per kind of `changes`, and the `unchanged` objects per kind. */
export function summarize(changes: readonly Change[], unchanged: Record<Kind, number>): PlanSummary {
  const total = zero();
  const byKind = Object.fromEntries(KINDS.map((k) => [k, { ...zero(), unchanged: unchanged[k] }])) as Record<
    Kind,
    ActionCounts & { unchanged: number }
  >;
  for (const c of changes) {
    total[c.action] += 1;
    (byKind[c.kind] as Record<ChangeAction, number>)[c.action] += 1;
  }
  return { total, by_kind: byKind, unchanged: KINDS.reduce((n, k) => n + unchanged[k], 0) };
}

/** Deep-freezes a plain-JSON value, so a plan cannot be changed after it was made. */
function freeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) freezeObject(value);
  return value;
}

/**
 * Freezes an object that is not frozen yet, and every unfrozen object under it. Objects already
 * frozen are not walked again (decisions share their rule objects). `for...in` over a plain object
 * (no prototype keys) walks it without building a list of its keys: a big plan has some 100,000.
 */
function freezeObject(value: object): void {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (item !== null && typeof item === 'object' && !Object.isFrozen(item)) freezeObject(item);
    }
  } else {
    const record = value as Record<string, unknown>;
    for (const key in record) {
      const item = record[key];
      if (item !== null && typeof item === 'object' && !Object.isFrozen(item)) freezeObject(item);
    }
  }
  Object.freeze(value);
}

/** The inputs of a plan. */
export interface PlanInput {
  readonly desired: DesiredState;
  readonly live: LiveState;
  /** The platform base URL (or an emulator label): never the token. */
  readonly target: string;
  /** The instant (ms) lease renewals are decided at. */
  readonly now: number;
  /** The API profile; under `current` a mapping update is planned as a replace. Default `spec`. */
  readonly profile?: 'spec' | 'current';
  /** Whether the platform has the Numbers module, when detection found out (the plan says so). */
  readonly numbersModule?: boolean;
  /** The state file (absolute) whose lock an apply takes, and where leases are recorded. */
  readonly stateFile?: string;
  /** The platform reported `kamreload: true`: writes not live yet, so apply reloads even with no change. */
  readonly pendingReload?: boolean;
  /**
   * A reference to a group or gateway that does not exist (or holds no gateway) is a warning in the
   * plan's notes instead of an issue that stops it (`--allow-dangling`). Default false. References
   * are checked only when `live.groups` was read.
   */
  readonly allowDangling?: boolean;
  /**
   * The proxy's IANA time zone, for the routing impact's probe time (`now` as the proxy's clock
   * shows it; time recurrences are local time there). Default `UTC`; the CLI gives the machine's zone,
   * as a function: it is asked only when the plan has a call to probe.
   */
  readonly tz?: string | (() => string);
  /** Whether to work out the routing impact (default true); false only to measure its cost. */
  readonly routingImpact?: boolean;
  /** Whether to make the rules after the plan ready for its checks (`checked`; default true): `routes` reads the rules without them. */
  readonly checks?: boolean;
  /**
   * `plan --at`: the one instant the routing impact is decided at (wall clock in `tz`, or with an
   * offset), instead of one full period of every time recurrence involved from the start of today.
   */
  readonly at?: string;
  /**
   * How each declared carrier group's password stands against the record of the one last sent to
   * it, by name (`plan/password-checks.ts`); a group without a check is not compared.
   */
  readonly passwords?: ReadonlyMap<string, PasswordCheck>;
  /**
   * The names and addresses of gateways read beyond the live state before planning (the endpoints
   * of the live endpoint groups the routing impact names, plan/groups-to-name.ts): its words name them.
   */
  readonly labels?: readonly GatewayLabel[];
}

/** The note a plan carries when the platform holds writes that are not live yet. */
const PENDING_RELOAD_NOTE = 'The platform has changes that are not live yet (kamreload: true); apply will reload the proxy.';

/** A plan, or the issues that stop one from being made. */
export type PlanResult =
  | {
      readonly ok: true;
      readonly plan: Plan;
      /**
       * The rules after the plan the routing impact was worked out on (routing-impact.ts
       * `rulesAfterPlan`), in the platform's order; absent when the impact built none (no rule or
       * group changes, or no impact asked for). The checks read `checked`, made from them.
       */
      readonly after?: RulesAfter;
      /** The rules after the plan made ready for its checks, once, here (checked-rules.ts); absent for a destroy or `checks: false`. */
      readonly checked?: CheckedRules;
      /** The references the proxy would drop that `allowDangling` let through (the plan notes them in words); absent when none. */
      readonly references?: readonly PlanIssue[];
    }
  | { readonly ok: false; readonly issues: readonly PlanIssue[] };

/**
 * Makes a plan: diff, order, summarize, work out the routing impact (when the files manage mappings
 * or routes), assess safety (deletes, and calls left without a route). Pure.
 */
export function buildPlan(input: PlanInput): PlanResult {
  return assemble(input, 'apply');
}

/**
 * Makes a destroy plan: deletes every live object that an entry of the files pairs with (by DID,
 * name or pinned ruleid), and nothing else. Same safety rules as any plan.
 */
export function buildDestroyPlan(input: PlanInput): PlanResult {
  return assemble(input, 'destroy');
}

function assemble(
  {
    desired: declared,
    live,
    target,
    now,
    stateFile,
    profile = 'spec',
    numbersModule,
    pendingReload = false,
    allowDangling = false,
    tz = 'UTC',
    routingImpact = true,
    checks = true,
    at,
    passwords,
    labels,
  }: PlanInput,
  mode: 'apply' | 'destroy',
): PlanResult {
  const managed = managedCollections(declared);
  // A destroy pairs by DID and name only: group names and references do not matter to it.
  const resolved = mode === 'apply' ? resolveGroupNames(declared, live.groups) : { desired: declared, issues: [] };
  const desired = resolved.desired;
  const found = diff(desired, live, now, { matched: mode === 'destroy', ...(passwords ? { passwords } : {}) });
  found.changes = found.changes.map((c) => replacedUpdate(c, profile));
  // Judged against the groups as the plan leaves them: an endpoint it removes takes its gateway id with it.
  const groups = live.groups ? groupsWithoutRemovedGateways(live.groups, found.changes) : undefined;
  const dangling = mode === 'apply' && groups ? danglingReferences(desired, groups, deletedGroupIds(found.changes)) : [];
  const blocking = [...resolved.issues, ...found.issues, ...(allowDangling ? [] : dangling)];
  if (blocking.length > 0) return { ok: false, issues: blocking };
  if (mode === 'destroy') {
    found.changes = found.matched;
    for (const k of KINDS) found.unchanged[k] = 0;
  }
  const order = orderChanges(found.changes);
  if (order.issues.length > 0) return { ok: false, issues: order.issues };
  // What the platform does by itself, worked out along the apply order (a number before a mapping).
  const settled = settleNumbers(order.changes, live, mode === 'apply' ? desired.numbers : undefined);
  const ordered = { ...order, changes: settled.changes };
  const policy = {
    ...(desired.policy.max_deletes ? { max_deletes: desired.policy.max_deletes } : {}),
    ...(desired.policy.max_updates ? { max_updates: desired.policy.max_updates } : {}),
    protect: [...desired.policy.protect],
    ...(desired.policy.allow_unrouting ? { allow_unrouting: true as const } : {}),
    ...(desired.policy.place === 'stack' ? { place: 'stack' as const } : {}),
  };
  // The routing impact is the calls of managed mappings and routes; a plan of leases alone has none.
  const probed =
    routingImpact && (managed.includes('inbound_mappings') || managed.includes('outbound_routes') || emptiesMappings(ordered.changes));
  const impact = probed ? planRoutingImpact(live, ordered.changes, now, tz, at, undefined, labels) : undefined;
  if (impact && !impact.ok) return { ok: false, issues: [impact.issue] };
  const notes: string[] = [...found.notes, ...settled.notes];
  if (allowDangling) for (const d of dangling) notes.push(danglingNote(d));
  const { moved } = ordered;
  if (moved > 0)
    notes.push(
      `${count(moved, 'change')} ${plural(moved, 'runs', 'run')} earlier than ${plural(moved, 'its', 'their')} stage because ${plural(moved, 'it frees', 'they free')} an LCR pattern another change needs.`,
    );
  for (const name of found.expired_leases) notes.push(`Lease "${name}" expired by itself; it is dropped from the state without a request.`);
  for (const kind of KINDS) {
    const replaces = KIND_SPECS[kind].updateReplaces;
    if (replaces?.on(profile) && found.changes.some((c) => c.kind === kind && c.action === 'replace')) notes.push(replaces.note);
  }
  const groupNote = groupOrderNote(ordered.changes);
  if (groupNote) notes.push(groupNote);
  if (pendingReload) notes.push(PENDING_RELOAD_NOTE);
  const readOnly = readOnlyNote(live, managed);
  if (readOnly) notes.push(readOnly);
  const head = {
    format_version: 1 as const,
    target,
    api_profile: profile,
    ...(numbersModule !== undefined ? { numbers_module: numbersModule } : {}),
    managed,
  };
  const rest = {
    ...(mode === 'apply' && live.groups ? { groups_checksum: groupsChecksum(live.groups) } : {}),
    policy,
    summary: summarize(ordered.changes, found.unchanged),
    changes: ordered.changes,
    ...namesOf(ordered.changes, live),
    ...(impact ? { routing_impact: impact.impact } : {}),
    ...(impact?.ok && impact.horizon ? { horizon: impact.horizon } : {}),
    // Destroy is asked to unroute what it deletes: only its deletes are checked.
    safety: [
      ...assessSafety(ordered.changes, found.governed, policy),
      ...assessUnrouting(impact?.impact ?? [], mode === 'destroy' || policy.allow_unrouting === true, emptiedBy(ordered.changes)),
    ],
    ...coexistenceOf(mode === 'apply' ? emptiedMappings(desired, live, ordered.changes) : []),
    notes,
    expired_leases: found.expired_leases,
    ...(stateFile ? { state_file: stateFile } : {}),
    ...(pendingReload ? { pending_reload: true as const } : {}),
  };
  // The live checksums come between `managed` and the rest, worked out when first read (live-checksum.ts).
  const plan = Object.freeze(withLiveChecksums(freeze(head), live, managed, freeze(rest))) satisfies Plan;
  return {
    ok: true,
    plan,
    ...(impact?.ok && impact.after ? { after: impact.after } : {}),
    ...(mode === 'apply' && checks
      ? { checked: checkedRules(live, ordered.changes, declared, allowDangling, impact?.ok ? impact.after : undefined) }
      : {}),
    ...(allowDangling && dangling.length > 0 ? { references: dangling } : {}),
  };
}

/** The coexistence findings (MAPPING_EMPTIED_BY_NUMBERS), when there are any (`Plan.coexistence`). */
function coexistenceOf(found: readonly EmptiedMappingFinding[]): Pick<Plan, 'coexistence'> {
  return found.length > 0 ? { coexistence: found } : {};
}

/** The names of the groups and gateways the changes show by id, when the plan read any (`Plan.names`). */
function namesOf(changes: readonly Change[], live: LiveState): Pick<Plan, 'names'> {
  const names = planNames(changes, live);
  return names ? { names } : {};
}

/** The plan with the sha256 of its canonical JSON (octoDNS's `--checksum`). */
export function savePlan(plan: Plan): SavedPlan {
  return freeze({ ...plan, checksum: checksumOf(plan) });
}

/** Whether a plan has anything to do. */
export function hasChanges(plan: Plan): boolean {
  return plan.changes.length > 0;
}

/** A dangling reference allowed by `--allow-dangling`, as a warning among the plan's notes. */
function danglingNote(issue: PlanIssue): string {
  const at = issue.origin ? `${issue.origin.file}:${issue.origin.line}:${issue.origin.col}: ` : '';
  return `Warning (allowed by --allow-dangling): ${at}${issue.message}.`;
}

/**
 * An update the platform cannot make in place (its kind's `updateReplaces`, on this profile)
 * becomes delete + create.
 */
function replacedUpdate(c: Change, profile: 'spec' | 'current'): Change {
  const replaces = KIND_SPECS[c.kind].updateReplaces;
  if (c.action !== 'update' || replaces === undefined || !replaces.on(profile)) return c;
  return { ...c, action: 'replace', reason: replaces.reason } as Change;
}

/** Why group changes sit where they do, when the plan also changes rules; named by the groups' kind. */
function groupOrderNote(changes: readonly Change[]): string | null {
  const groups = changes.filter((c) => KIND_SPECS[c.kind].groupType !== undefined);
  const rules = changes.some((c) => KIND_SPECS[c.kind].isRule);
  if (groups.length === 0 || !rules) return null;
  const nouns = new Set(groups.map((c) => KIND_SPECS[c.kind].noun));
  const noun = nouns.size === 1 ? [...nouns][0]! : 'group';
  const made = groups.filter((c) => c.action !== 'delete').length;
  const gone = groups.length - made;
  const parts = [
    ...(made > 0 ? [`${plural(made, `the ${noun} is`, `the ${noun}s are`)} created or updated before any rule changes`] : []),
    ...(gone > 0
      ? [`${plural(gone, `the ${noun} is`, `the ${noun}s are`)} deleted after the rules that referred to ${plural(gone, 'it', 'them')}`]
      : []),
  ];
  return `Make before break: ${parts.join(', and ')}, so no rule refers to a missing group partway through.`;
}
