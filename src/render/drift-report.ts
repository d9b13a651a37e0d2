import type { EmptiedMappingFinding } from '../model/coexistence.js';
import type { CollectionName, Kind, SourceLocation } from '../model/desired.js';
import type { PlanNames } from '../model/group.js';
import { KIND_SPECS } from '../model/kinds.js';
import type { CarrierGroupFields, Change, ChangeAction, ObjectFields, Plan } from '../model/plan.js';
import type { Horizon, ImpactEntry } from '../model/routing.js';
import { fieldValue } from './values.js';

/**
 * How one object differs from the files. `changed`: both hold it, with different values (edited on
 * the platform by hand); `missing`: the files hold it and the platform does not (deleted by hand, or
 * never applied); `extra`: the platform holds it and the files do not (created by hand).
 */
export type DriftCause = 'changed' | 'missing' | 'extra';

/** One field of a changed object: its value on the platform and in the files. */
export interface DriftField {
  readonly name: string;
  /** The platform's value; `null` when the platform does not show it (`live_shown: false`). */
  readonly live: unknown;
  readonly file: unknown;
  /** False when the platform does not show this field (a carrier group's auth): its live value is unknown. */
  readonly live_shown: boolean;
}

/** One drifted object, with the change an apply of the files would make to undo the drift. */
export interface DriftedObject {
  readonly kind: Kind;
  readonly key: string;
  readonly drift: DriftCause;
  /** The plan's action that undoes it: `create`, `update`, `delete`, … */
  readonly action: ChangeAction;
  /** The platform's id of the object (a rule's ruleid, a carrier group's gwgroupid, a lease's id), when it has one. */
  readonly id?: number;
  /** The fields that differ (changed objects only), in the kind's field order. */
  readonly fields: readonly DriftField[];
  /** The object as the platform holds it (changed and extra objects): the kind's fields only. */
  readonly live?: ObjectFields;
  /** The object as the files declare it (changed and missing objects): the kind's fields only. */
  readonly file?: ObjectFields;
  /** Where the files declare it. */
  readonly origin?: SourceLocation;
}

/** Counts of a drift report. */
export interface DriftSummary {
  readonly changed: number;
  readonly missing: number;
  readonly extra: number;
  /** Objects the platform holds as the files say. */
  readonly unchanged: number;
}

/**
 * What `dsipform drift` found on one platform: every object that differs from the files, and the
 * calls the drift affects (the plan's routing impact: `before` is how the platform routes them now,
 * `after` how it routes them once an apply of the files undoes the drift). Plain data, no secret:
 * values are the kinds' fields only, and neither a lease's nor a carrier group's password is one.
 */
export interface DriftReport {
  readonly format_version: 1;
  readonly target: string;
  readonly api_profile?: 'spec' | 'current';
  readonly managed: readonly CollectionName[];
  /** Whether anything differs (the command exits 2 when it does). */
  readonly drift: boolean;
  readonly summary: DriftSummary;
  /** In the plan's order. */
  readonly objects: readonly DriftedObject[];
  /** The classes of calls whose routing undoing the drift changes (the plan's `routing_impact`). */
  readonly routing_impact: readonly ImpactEntry[];
  /** The time the routing impact examined; present when the drift touches a mapping or a route. */
  readonly horizon?: Horizon;
  /** sha256 of the live state read (the plan's `live_checksum`): two runs with one checksum saw one platform. */
  readonly live_checksum: string;
  /** Names of the groups and gateways the values refer to by id, as the platform held them. */
  readonly names?: PlanNames;
  /** The platform reported writes the proxy has not loaded yet (`kamreload`): it may still route by older rules. */
  readonly pending_reload?: true;
  /** Managed inbound mappings the Numbers module emptied (the plan's `coexistence`), when any. */
  readonly coexistence?: readonly EmptiedMappingFinding[];
}

const CAUSE: Readonly<Record<ChangeAction, DriftCause>> = {
  create: 'missing',
  obtain: 'missing',
  update: 'changed',
  promote: 'changed',
  demote: 'changed',
  replace: 'changed',
  renew: 'changed',
  delete: 'extra',
  revoke: 'extra',
};

/**
 * The drift a plan shows: each change of the plan is an object where the platform differs from the
 * files (an apply of the plan would undo it). Pure; the plan's routing impact is carried as it is.
 */
export function driftOf(plan: Plan): DriftReport {
  const objects = plan.changes.map(driftedObject);
  const counted = (cause: DriftCause): number => objects.filter((o) => o.drift === cause).length;
  return {
    format_version: 1,
    target: plan.target,
    ...(plan.api_profile !== undefined ? { api_profile: plan.api_profile } : {}),
    managed: plan.managed,
    drift: objects.length > 0,
    summary: { changed: counted('changed'), missing: counted('missing'), extra: counted('extra'), unchanged: plan.summary.unchanged },
    objects,
    routing_impact: plan.routing_impact ?? [],
    ...(plan.horizon !== undefined ? { horizon: plan.horizon } : {}),
    live_checksum: plan.live_checksum,
    ...(plan.names !== undefined ? { names: plan.names } : {}),
    ...(plan.pending_reload ? { pending_reload: true as const } : {}),
    ...(plan.coexistence ? { coexistence: plan.coexistence } : {}),
  };
}

function driftedObject(change: Change): DriftedObject {
  const before = 'before' in change ? known(change.kind, change.before) : undefined;
  const after = 'after' in change ? known(change.kind, change.after) : undefined;
  const id =
    'ruleid' in change ? change.ruleid : 'gwgroupid' in change ? change.gwgroupid : 'lease_id' in change ? change.lease_id : undefined;
  return {
    kind: change.kind,
    key: change.key,
    drift: CAUSE[change.action],
    action: change.action,
    ...(id !== undefined ? { id } : {}),
    fields: 'before' in change && 'after' in change ? differing(change) : [],
    ...(before ? { live: before } : {}),
    ...(after ? { file: after } : {}),
    ...(change.origin ? { origin: change.origin } : {}),
  };
}

// A kind whose values could hold a secret that wrongly reached a change (a lease's password) keeps
// only its own fields; the others keep what the plan shows (a rule's group name beside its id), but
// never the carrier group's list of fields the platform does not show (said per field instead).
function known(kind: Kind, fields: ObjectFields): ObjectFields {
  const spec = KIND_SPECS[kind];
  const values = fields as unknown as Readonly<Record<string, unknown>>;
  const keys = spec.onlyKnownFields ? spec.fields.filter((k) => k in values) : Object.keys(values).filter((k) => k !== 'unreadable');
  return Object.fromEntries(keys.map((k) => [k, values[k]])) as unknown as ObjectFields;
}

// The fields the change lists, and any other whose values differ or whose live value is not shown;
// a promote or demote is about from_prefix.
function differing(change: Change & { readonly before: ObjectFields; readonly after: ObjectFields }): DriftField[] {
  const unread = new Set<string>((change.before as Partial<CarrierGroupFields>).unreadable ?? []);
  const listed = new Set(change.fields);
  if (change.action === 'promote' || change.action === 'demote') listed.add('from_prefix');
  const order = KIND_SPECS[change.kind].fields;
  const names = order.filter((name) => {
    const [a, b] = [fieldValue(change.before, name), fieldValue(change.after, name)];
    return listed.has(name) || unread.has(name) || JSON.stringify(a) !== JSON.stringify(b);
  });
  return names.map((name) => ({
    name,
    live: unread.has(name) ? null : (fieldValue(change.before, name) ?? null),
    file: fieldValue(change.after, name) ?? null,
    live_shown: !unread.has(name),
  }));
}
