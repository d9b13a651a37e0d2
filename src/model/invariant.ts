import type { SourceLocation } from './desired.js';
import type { Direction, RouteDecision } from './routing.js';
import { dialHint, dialProblem } from './dial.js';
import { timerecProblem } from './time/timerec.js';

/**
 * Routing invariants as the files declare them (`invariants:`): a property of every call of a set
 * (`never` routed, `always` routed, or reaching a destination), or a built-in check switched on by
 * name. Decided by routing/invariants.ts over the classes of calls and time windows. Pure data.
 */

/** The built-in checks, switched on by name (`- builtin: every_did_routed`). */
export const BUILTIN_INVARIANTS = ['every_did_routed', 'no_dead_rule', 'no_unreached_group', 'inbound_never_to_carrier'] as const;

/** One of {@link BUILTIN_INVARIANTS}. */
export type BuiltinInvariant = (typeof BUILTIN_INVARIANTS)[number];

/** A destination, named as routing tests name it (model/routing-test.ts): exactly one key. */
export interface InvariantDestination {
  readonly carrier_group?: string;
  readonly group?: string;
  /** Gateways by id, name or address, in the order tried. */
  readonly gateways?: readonly string[];
}

/** The calls an invariant is about: a direction, number and caller prefixes, and a time window. */
export interface CallSet {
  readonly direction: Direction;
  /** The dialled numbers starting with this (`""`: every number). */
  readonly to_prefix: string;
  /** The callers whose From-user starts with this (`""`: every caller). */
  readonly from_prefix: string;
  /** A time recurrence in the proxy's zone, written as routing rules write `timerec` (`""`: always). */
  readonly during: string;
  /** The destination the calls must (always) or may not (never) reach; absent: routed at all. */
  readonly reaches?: InvariantDestination;
}

/** One invariant, checked and with its place in the files. */
export type Invariant =
  | { readonly name: string; readonly kind: 'never' | 'always'; readonly set: CallSet; readonly origin?: SourceLocation }
  | { readonly name: string; readonly kind: 'builtin'; readonly builtin: BuiltinInvariant; readonly origin?: SourceLocation };

/**
 * One invariant as a plan carries it (a plan's `invariants`, saved and checksummed with it),
 * decided against the rules after the plan: held, or violated with why and, when a call shows it,
 * that call and the `dsipform route` command that replays it. `apply --plan` judges a saved plan
 * by these, never by deciding the invariants again.
 */
export interface PlanInvariant {
  readonly name: string;
  readonly origin?: SourceLocation;
  readonly status: 'held' | 'violated';
  /** Why it is violated, in words; absent when it held. */
  readonly message?: string;
  /** The call that breaks it; absent when it held, or when no call shows it (a group nothing reaches). */
  readonly counterexample?: PlanCounterexample;
}

/** A call that breaks an invariant, as a plan records it. */
export interface PlanCounterexample {
  readonly direction: Direction;
  readonly to: string;
  /** `""`: no caller given. */
  readonly from: string;
  /** The wall-clock instant in the proxy's zone (`tz`), `YYYY-MM-DDTHH:MM:SS`. */
  readonly at: string;
  readonly tz: string;
  /** Every moment of the horizon this class of calls is decided alike, in words. */
  readonly when: string;
  /** What the proxy does, in words (the rule path). */
  readonly took: string;
  /** The `dsipform route` command that replays the call with the same answer. */
  readonly replay: string;
  /** The decision, as `dsipform route --format json` writes it. */
  readonly decision: RouteDecision;
}

/** One problem of an invariant beyond its schema: the field inside the entry, the words, what to do. */
export interface InvariantProblem {
  readonly field: readonly string[];
  readonly message: string;
  readonly hint: string;
}

/**
 * The problems the schema cannot see: a prefix outside the proxy's dial characters, a `during`
 * that is not a time recurrence. Values of the wrong type are left to the schema. Pure.
 */
export function invariantProblems(entry: Readonly<Record<string, unknown>>): InvariantProblem[] {
  const out: InvariantProblem[] = [];
  const given = (['never', 'always', 'builtin'] as const).filter((k) => entry[k] !== undefined);
  if (given.length !== 1)
    out.push({
      field: given.length > 1 ? [given[1] as string] : [],
      message:
        given.length > 1
          ? `an invariant is one of never:, always: or builtin:, but this one has ${given.join(' and ')}`
          : 'an invariant needs never:, always: or builtin:',
      hint: 'split it into one invariant per check: - never: { direction: outbound, to_prefix: "1900" }',
    });
  for (const kind of ['never', 'always'] as const) {
    const set = entry[kind];
    if (set === null || typeof set !== 'object' || Array.isArray(set)) continue;
    const s = set as Record<string, unknown>;
    for (const key of ['to_prefix', 'from_prefix'] as const) {
      const v = s[key];
      const problem = typeof v === 'string' ? dialProblem(`${kind}.${key}`, v) : null;
      if (problem !== null) out.push({ field: [kind, key], message: problem, hint: dialHint('prefix', key, '1900') });
    }
    if (typeof s.during === 'string') {
      const problem = timerecProblem(s.during);
      if (problem)
        out.push({
          field: [kind, 'during'],
          message: `${kind}.during: ${problem}`,
          hint: 'write a time recurrence as routing rules do: during: "20260105T090000|8H|weekly|||MO,TU,WE,TH,FR"',
        });
    }
  }
  return out;
}

/** An invariant as the checks admitted it (schema and `invariantProblems` found nothing), with its place. */
export function toInvariant(entry: Readonly<Record<string, unknown>>, origin?: SourceLocation): Invariant {
  const e = entry as { name?: string; builtin?: BuiltinInvariant; never?: Record<string, unknown>; always?: Record<string, unknown> };
  const place = origin ? { origin } : {};
  if (e.builtin !== undefined) return { name: e.name ?? e.builtin, kind: 'builtin', builtin: e.builtin, ...place };
  const kind = e.never !== undefined ? 'never' : 'always';
  const s = (e.never ?? e.always) as {
    direction: Direction;
    to_prefix?: string;
    from_prefix?: string;
    during?: string;
    reaches?: InvariantDestination;
  };
  const r = s.reaches;
  const reaches: InvariantDestination | undefined = r
    ? {
        ...(r.carrier_group !== undefined ? { carrier_group: r.carrier_group } : {}),
        ...(r.group !== undefined ? { group: r.group } : {}),
        ...(r.gateways !== undefined ? { gateways: [...r.gateways] } : {}),
      }
    : undefined;
  const set: CallSet = {
    direction: s.direction,
    to_prefix: s.to_prefix ?? '',
    from_prefix: s.from_prefix ?? '',
    during: s.during ?? '',
    ...(reaches ? { reaches } : {}),
  };
  return { name: e.name ?? `${kind} ${s.direction} calls to ${set.to_prefix || 'any number'}`, kind, set, ...place };
}

/** The `dsipform route` command that replays a counterexample with the same answer. */
export function replayCommand(c: {
  readonly direction: string;
  readonly to: string;
  readonly from: string;
  readonly at: { readonly local: string; readonly tz: string };
}): string {
  return `dsipform route --direction ${c.direction} --to ${c.to}${c.from !== '' ? ` --from ${c.from}` : ''} --at ${c.at.local} --tz ${c.at.tz}`;
}
