/**
 * Routing invariants (docs/invariants.md), decided exactly over the classes of calls and time
 * windows the impact uses (classes.ts): every number class of the invariant's prefix, every caller
 * class of its From prefix (invariant-callers.ts), every window of its `during`, each decided by
 * the simulation. A violation carries one concrete call (number, caller, an instant in the proxy's
 * zone) that `dsipform route` reproduces with the same answer. Pure.
 */
import type { RouteDecision } from '../model/routing.js';
import type { CallSet, Invariant } from '../model/invariant.js';
import type { RoutingTest } from '../model/routing-test.js';
import type { DsipformError } from '../model/errors.js';
import type { ClassSpan } from './classes.js';
import { meetsExpectation, tookWords } from './expect.js';
import { withPendingNames, type PendingNames } from './pending-names.js';
import type { NameBook } from './expect-names.js';
import { planInvariant, violatedRefusal } from './invariant-record.js';
import { inSet, invariantTable } from './invariant-table.js';
import type { SetInvariant, SetSpan } from './invariant-read.js';
import { asCaller } from './invariant-shared.js';
import { nameReference, referencedName } from './rule-set.js';
import { routeCall } from './match.js';
import type { CallTime, Direction, RuleSet } from './types.js';

/** A call that breaks an invariant, as `dsipform route --direction D --to TO --from FROM --at AT --tz TZ` replays it. */
export interface Counterexample {
  readonly direction: Direction;
  readonly to: string;
  /** `""`: no caller given. */
  readonly from: string;
  /** An instant in the proxy's zone inside `when`. */
  readonly at: CallTime;
  /** Every moment of the horizon this class of calls is decided alike, in words. */
  readonly when: string;
  /** What the proxy does, in words (the rule path). */
  readonly took: string;
  readonly decision: RouteDecision;
}

/** One invariant decided: held, or violated with one call that shows it. */
export interface InvariantResult {
  readonly invariant: Invariant;
  readonly status: 'held' | 'violated';
  /** Why it is violated, in words; absent when it held. */
  readonly message?: string;
  readonly counterexample?: Counterexample;
}

/**
 * Decides each invariant against `set`, over the horizon from the day holding `start` (the proxy's
 * zone is `start.tz`), destinations judged with `book` (what the place knows of groups and gateways).
 * A counterexample sending to a group the plan creates (`pending`) shows it by name, as the impact does.
 */
export function checkInvariants(
  set: RuleSet,
  invariants: readonly Invariant[],
  start: CallTime,
  book: NameBook,
  pending: PendingNames = new Map(),
): InvariantResult[] {
  if (invariants.length === 0) return [];
  // Tables shared by invariants (one per `during`): each class of calls and window decided once, not once per invariant.
  const breaksOf = breaksOnce(book);
  // A span breaks a set when it holds calls of the set and its decision breaks it.
  const breaksAt = (invariant: SetInvariant, span: ClassSpan, from: string): boolean =>
    inSet(span, invariant.set, from) && breaksOf(invariant, span.decisions[0] as RouteDecision);
  const { spans: spansOf, first } = invariantTable(set, invariants, start, breaksOf, breaksAt);
  return invariants.map((invariant) => {
    if (invariant.kind !== 'builtin') return decideSet(first(invariant), invariant, invariant.set, start, pending);
    // A built-in check's table is decided whole (invariant-table.ts).
    const table = spansOf(invariant);
    const spans: readonly ClassSpan[] = Array.isArray(table) ? (table as readonly ClassSpan[]) : [...table];
    if (invariant.builtin === 'every_did_routed') return everyDidRouted(set, spans, invariant, start, pending);
    if (invariant.builtin === 'inbound_never_to_carrier') return inboundNeverToCarrier(spans, invariant, start, book, pending);
    if (invariant.builtin === 'no_unreached_group') return noUnreachedGroup(set, spans, invariant, book);
    return noDeadRule(set, spans, invariant, start, pending);
  });
}

/**
 * A never/always invariant, given the first span of its table (invariant-table.ts) that holds calls
 * of its set (`inSet`) and breaks it, read as the caller from `from`; none: it held.
 */
function decideSet(first: SetSpan | undefined, invariant: Invariant, s: CallSet, start: CallTime, pending: PendingNames): InvariantResult {
  if (first === undefined) return { invariant, status: 'held' };
  const { span, from } = first;
  const never = invariant.kind === 'never';
  const what = s.reaches ? `${never ? 'reaches' : 'does not reach'} ${destinationWords(s)}` : never ? 'is routed' : 'is not routed';
  // A caller read through the one that stands for it is shown as itself.
  const shown = from === span.class.from ? span : asCaller(span, from);
  return violated(invariant, shown, start, `an ${s.direction} call ${what}`, pending);
}

/** Whether a call of a never/always invariant's set decided `d` breaks it (a built-in check: never). */
function breaks(invariant: Invariant, d: RouteDecision, book: NameBook): boolean {
  if (invariant.kind === 'builtin') return false;
  const s = invariant.set;
  const never = invariant.kind === 'never';
  const test = s.reaches ? ({ expect: s.reaches } as unknown as RoutingTest) : null;
  const hit = test ? meetsExpectation(test, d, book) : never ? d.result !== 'no_route' : d.result === 'routed';
  return hit === never;
}

/**
 * {@link breaks}, kept per invariant by what it reads of a decision: the result, whether a rule
 * took the call and the gateway list (a destination, `reaches`, names a group or gateways only).
 * A set by caller read every span of its table, and a failed expectation's words were written
 * for each (a yearly recurrence per prefix: thousands for two answers).
 */
function breaksOnce(book: NameBook): (invariant: Invariant, d: RouteDecision) => boolean {
  const known = new Map<Invariant, Map<string, boolean>>();
  return (invariant, d) => {
    if (invariant.kind === 'builtin') return false;
    let mine = known.get(invariant);
    if (!mine) known.set(invariant, (mine = new Map<string, boolean>()));
    const key = `${d.result}\u0000${d.rule === undefined ? '' : 'rule'}\u0000${d.gwlist ?? '\u0001'}`;
    let hit = mine.get(key);
    if (hit === undefined) mine.set(key, (hit = breaks(invariant, d, book)));
    return hit;
  };
}

function destinationWords(s: CallSet): string {
  const r = s.reaches ?? {};
  if (r.carrier_group !== undefined) return `carrier group ${JSON.stringify(r.carrier_group)}`;
  if (r.group !== undefined) return `group ${JSON.stringify(r.group)}`;
  return `gateways ${JSON.stringify(r.gateways ?? [])}`;
}

/** A violation shown by the first call of a span: its number, caller and the first instant of its first window. */
function violated(invariant: Invariant, span: ClassSpan, start: CallTime, why: string, pending: PendingNames): InvariantResult {
  const c = span.class;
  const first = span.windows[0];
  const at: CallTime = { local: first ? first.start : start.local, tz: start.tz };
  const decision = withPendingNames(span.decisions[0] as RouteDecision, pending);
  const counterexample: Counterexample = {
    direction: c.direction,
    to: c.to,
    from: c.from,
    at,
    when: span.when,
    took: tookWords(decision),
    decision,
  };
  const caller = c.from !== '' ? ` from ${c.from}` : '';
  const message = `${why}: the call to ${c.to}${caller} at ${at.local} (${at.tz}) took ${counterexample.took}; so does every such call ${span.when}`;
  return { invariant, status: 'violated', message, counterexample };
}

/** Every DID of an inbound mapping is routed at every moment. */
function everyDidRouted(
  set: RuleSet,
  spans: readonly ClassSpan[],
  invariant: Invariant,
  start: CallTime,
  pending: PendingNames,
): InvariantResult {
  const dids = new Set(set.rules.filter((r) => r.kind === 'inbound_mapping' && r.key !== '').map((r) => r.prefix));
  if (dids.size === 0) return { invariant, status: 'held' };
  const bad = spans.find(
    (s) => s.class.direction === 'inbound' && dids.has(s.class.to) && (s.decisions[0] as RouteDecision).result !== 'routed',
  );
  return bad ? violated(invariant, bad, start, 'a DID of an inbound mapping is not routed', pending) : { invariant, status: 'held' };
}

/** No inbound call is sent to a carrier group. */
function inboundNeverToCarrier(
  spans: readonly ClassSpan[],
  invariant: Invariant,
  start: CallTime,
  book: NameBook,
  pending: PendingNames,
): InvariantResult {
  const carrier = (part: string): boolean => {
    const name = referencedName(part);
    // A name known by name only is a carrier group unless the files declare it as an endpoint group.
    if (name !== null)
      return (
        (book.unnumbered.has(name) && book.endpointGroups?.has(name) !== true) ||
        [...book.groups.values()].some((g) => g.name === name && g.type === 'carrier')
      );
    return part.startsWith('#') && book.groups.get(part.slice(1))?.type === 'carrier';
  };
  const bad = spans.find((s) => {
    const d = s.decisions[0] as RouteDecision;
    return s.class.direction === 'inbound' && d.result === 'routed' && (d.gwlist ?? '').split(',').some(carrier);
  });
  return bad ? violated(invariant, bad, start, 'an inbound call is sent to a carrier group', pending) : { invariant, status: 'held' };
}

/**
 * Every group the book holds (the files' declared carrier groups, and with live rules every group
 * of the platform) is the destination of some call at some moment, in either direction: a rule
 * whose gateway list names it (`#id` or by name) is taken, or may be taken in an undefined order.
 * Reaching a group's gateways one by one does not count: the group itself is never used. A
 * violation names every such group; there is no call to show, since none reaches it.
 */
function noUnreachedGroup(set: RuleSet, spans: readonly ClassSpan[], invariant: Invariant, book: NameBook): InvariantResult {
  const reached = new Set<string>();
  const note = (gwlist: string | undefined): void => {
    for (const part of (gwlist ?? '').split(',')) reached.add(part.trim());
  };
  // A candidate's rule by kind and key, looked up: a scan of every rule per tie was quadratic.
  const firstRule = new Map<string, string | undefined>();
  for (const r of set.rules) if (!firstRule.has(`${r.kind}\u0000${r.key}`)) firstRule.set(`${r.kind}\u0000${r.key}`, r.gwlist);
  for (const s of spans) {
    const d = s.decisions[0] as RouteDecision;
    if (d.result === 'routed') note(d.gwlist);
    for (const c of d.result === 'ambiguous' ? d.candidates : []) note(firstRule.get(`${c.kind}\u0000${c.key}`));
  }
  const unreached = [
    ...[...book.groups].filter(([id, g]) => !reached.has(`#${id}`) && !reached.has(nameReference(g.name))).map(([, g]) => g.name),
    ...[...book.unnumbered]
      .filter(([name, endpoints]) => endpoints !== undefined && !reached.has(nameReference(name)))
      .map(([name]) => name),
  ];
  if (unreached.length === 0) return { invariant, status: 'held' };
  const names = [...new Set(unreached)].map((n) => JSON.stringify(n)).join(', ');
  return {
    invariant,
    status: 'violated',
    message: `${unreached.length} group(s) that no call reaches at any moment: ${names}; route a call to each, or remove it`,
  };
}

/** Every rule is taken by some call at some moment (one taken in an undefined order counts). */
function noDeadRule(
  set: RuleSet,
  spans: readonly ClassSpan[],
  invariant: Invariant,
  start: CallTime,
  pending: PendingNames,
): InvariantResult {
  const taken = new Set<string>();
  const id = (r: { kind: string; key: string }): string => `${r.kind}\u0000${r.key}`;
  for (const s of spans) {
    const d = s.decisions[0] as RouteDecision;
    if (d.rule) taken.add(id(d.rule));
    for (const c of d.result === 'ambiguous' ? d.candidates : []) taken.add(id(c));
  }
  const dead = set.rules.filter((r) => !taken.has(id(r)));
  const first = dead[0];
  if (!first) return { invariant, status: 'held' };
  const direction: Direction = first.kind === 'inbound_mapping' ? 'inbound' : 'outbound';
  const at = { local: start.local, tz: start.tz };
  const decision = withPendingNames(routeCall(set, { direction, from: '', to: first.prefix, at }, { explain: false }), pending);
  const took = tookWords(decision);
  const names = dead.map((r) => JSON.stringify(r.key === '' ? '(default)' : r.key)).join(', ');
  return {
    invariant,
    status: 'violated',
    message: `${dead.length} rule(s) no call ever takes (${names}): the call to ${first.prefix} at ${at.local} (${at.tz}) took ${took}`,
    counterexample: { direction, to: first.prefix, from: '', at, when: 'at every moment examined', took, decision },
  };
}

/**
 * The refusal a plan gives when an invariant is violated after it (`PLAN_INVARIANT_FAILED`, naming
 * each violation with its call and replay command), or null when every invariant held. The plan's
 * gate gives the same refusal from the plan's own record (invariant-record.ts).
 */
export function invariantsRefusal(results: readonly InvariantResult[]): DsipformError | null {
  return violatedRefusal(results.map(planInvariant)) ?? null;
}
