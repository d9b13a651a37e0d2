/**
 * The tables of calls the invariants of a check are decided from (routing/invariants.ts): the rule
 * set's classes of calls and time windows, decided once per table, beside one probe set per
 * never/always invariant (a rule at its `to_prefix` with its `during` as time recurrence, which
 * makes the prefix a class of its own and cuts the windows where `during` starts and ends).
 * Deciding each invariant over a table of its own decided the same classes again for every
 * invariant: with four built-ins and a few sets, the check cost several times the plan it guards.
 * Pure.
 */
import { KIND_SPECS } from '../model/kinds.js';
import type { CallSet, Invariant } from '../model/invariant.js';
import type { RouteDecision } from '../model/routing.js';
import type { Caller } from './callers.js';
import { classSpans, classSpansLazily, classSpansSplit, type CallerSpans, type ClassSpan } from './classes.js';
import { laterForBuiltins } from './invariant-later.js';
import { classKey, sharedCallers, type SharedCallers } from './invariant-shared.js';
import { callersStarting } from './invariant-callers.js';
import { firstBreaking, fromInSet, type SetInvariant, type SetSpan } from './invariant-read.js';
import { tieFolder, type TieFolder } from './invariant-ties.js';
import type { NumberClass } from './number-classes.js';
import { INBOUND_GROUP, OUTBOUND_GROUP, type CallTime, type Direction, type RoutingRule, type RuleSet } from './types.js';

/** The key the probe rules are known by: no rule of the files can have it. */
const PROBE_KEY = '\u0000invariant';

/**
 * The decided tables: the spans each invariant is decided over. Decision 0 of a span is the rule
 * set's; decision 1, in a table of never/always invariants with a window, is its probe set's (see `inSet`).
 */
export interface InvariantTable {
  /**
   * A built-in check reads every span of its table, decided at once, but those of the classes only
   * a probe made (invariant-later.ts) and those of a caller another stands for (invariant-shared.ts:
   * it routes as that one, which comes first, so no built-in check finds anything new there); a set
   * reads its table as far as its first counterexample, each caller decided when first read.
   */
  readonly spans: (invariant: Invariant) => Iterable<ClassSpan>;
  /**
   * A never/always invariant's first counterexample: the first span of its table that breaks it
   * (`breaksAt`), read with the table's other sets in one walk (invariant-read.ts), or `undefined`.
   */
  readonly first: (invariant: SetInvariant) => SetSpan | undefined;
}

/**
 * Decides `set` for every invariant of `invariants`, one table per distinct `during` (the built-in
 * checks with the sets that have none): a table's windows are cut by its own probes only, so a
 * set with a window does not multiply the windows of the others. A table holds the directions and
 * numbers its invariants reach (a whole direction for a built-in check; the `to_prefix` numbers for
 * a set), each class's own callers when one of them needs every caller, and for each `from_prefix`
 * the callers starting with it (`callersStarting`). `breaks` says whether a decision of a call of a
 * set breaks it (the screen of a table without built-ins), `breaksAt` whether a span does as the
 * caller from `from` (its calls are the set's, `inSet`, and `breaks` its decision 0).
 */
export function invariantTable(
  set: RuleSet,
  invariants: readonly Invariant[],
  start: CallTime,
  breaks: (invariant: Invariant, d: RouteDecision) => boolean,
  breaksAt: (invariant: SetInvariant, span: ClassSpan, from: string) => boolean,
): InvariantTable {
  const byDuring = new Map<string, Invariant[]>();
  for (const inv of invariants) {
    const during = inv.kind === 'builtin' ? '' : inv.set.during;
    byDuring.set(during, [...(byDuring.get(during) ?? []), inv]);
  }
  const tables = new Map<Invariant, Iterable<ClassSpan>>();
  const reads = new Map<Invariant, () => Map<Invariant, SetSpan>>();
  // The folder reads the rule set alone (its LCR patterns reaching each number), so the tables of
  // one check share it: the patterns indexed and gathered once, not once per `during`.
  const ties = tieFolder(set);
  for (const [during, members] of byDuring) {
    const views = oneTable(set, members, during, start, ties, breaks);
    const sets = members.filter((m): m is SetInvariant => m.kind !== 'builtin');
    // Walked once, when the first of the table's sets is asked, for all of them.
    let found: Map<Invariant, SetSpan> | undefined;
    const walk = (): Map<Invariant, SetSpan> => (found ??= firstBreaking(views.sets, views.sharing, sets, breaksAt));
    for (const inv of members) {
      if (inv.kind === 'builtin') tables.set(inv, views.builtins);
      else reads.set(inv, walk);
    }
  }
  return { spans: (inv) => tables.get(inv) ?? [], first: (inv) => reads.get(inv)?.().get(inv) };
}

/**
 * One table for `members`, the invariants of one `during`. Their probes are one set: a rule at each
 * `to_prefix` with `during` as time recurrence, so the set routes a call exactly when its number
 * starts with one of them and the moment is inside `during`; which prefix is the span's class's.
 * `ties` folds the surely tied callers of `set` (shared by the check's tables).
 */
function oneTable(
  set: RuleSet,
  members: readonly Invariant[],
  during: string,
  start: CallTime,
  ties: TieFolder,
  breaks?: (invariant: Invariant, d: RouteDecision) => boolean,
): { builtins: Iterable<ClassSpan>; sets: Iterable<CallerSpans>; sharing: ReadonlyMap<string, SharedCallers> } {
  const probes: RoutingRule[] = [];
  const whole = new Set<Direction>();
  const reach: Record<Direction, Set<string>> = { inbound: new Set(), outbound: new Set() };
  const prefixes = new Set<string>();
  let everyCaller = false;
  for (const inv of members) {
    if (inv.kind === 'builtin') {
      whole.add('inbound');
      if (inv.builtin === 'no_dead_rule' || inv.builtin === 'no_unreached_group') whole.add('outbound');
      everyCaller = true;
      continue;
    }
    const s = inv.set;
    if (!reach[s.direction].has(s.to_prefix)) probes.push(probeRule(s.direction, s.to_prefix, during, probes.length));
    reach[s.direction].add(s.to_prefix);
    if (inv.set.from_prefix === '') everyCaller = true;
    else prefixes.add(inv.set.from_prefix);
  }
  const directions = (['inbound', 'outbound'] as const).filter((d) => whole.has(d) || reach[d].size > 0);
  const narrowed = Object.fromEntries(directions.filter((d) => !whole.has(d)).map((d) => [d, reach[d]]));
  const sharing = new Map<string, SharedCallers>();
  // The callers of a class depend on its own callers' list (one per LCR To-part, number-classes.ts)
  // and the patterns reaching its number: class 1 and the class 1900 a probe cuts under it share
  // them, made once, not K callers started, folded and shared out again for each.
  const lists = new WeakMap<readonly Caller[], Map<string, { all: Caller[]; shared: SharedCallers | null }>>();
  const listOf = (nc: NumberClass): { all: Caller[]; shared: SharedCallers | null } => {
    let byReach = lists.get(nc.callers);
    if (!byReach) lists.set(nc.callers, (byReach = new Map<string, { all: Caller[]; shared: SharedCallers | null }>()));
    const key = `${nc.direction}\u0000${nc.direction === 'outbound' ? ties.reachOf(nc.to) : ''}`;
    let made = byReach.get(key);
    if (!made) {
      const all = callersOf(nc, everyCaller, prefixes, ties);
      byReach.set(key, (made = { all, shared: sharedCallers(all) }));
    }
    return made;
  };
  // Probes without a window route every number under their prefixes at every moment: a class says
  // their decision (`inSet`), so they only cut the classes and are never decided (a yearly
  // recurrence per prefix: two copies of one decision per class, for every caller).
  const probeSet: RuleSet = { rules: probes, lcr: [] };
  const windowed = during !== '' && probes.length > 0;
  const sets = windowed ? [set, probeSet] : [set];
  const options = {
    directions,
    ...(!windowed && probes.length > 0 ? { cutBy: [probeSet] } : {}),
    lazyWords: true,
    ...(Object.keys(narrowed).length > 0 ? { reach: narrowed } : {}),
    ...(prefixes.size > 0
      ? {
          callers: (nc: NumberClass) => {
            const { all, shared } = listOf(nc);
            if (shared === null) return all;
            sharing.set(classKey(nc), shared);
            return shared.decided;
          },
        }
      : {}),
  };
  // A built-in check reads every span; a set stops at its first counterexample, so a table of sets
  // only decides a caller when a set reads that far (an area's first tie, not K of them).
  if (members.some((m) => m.kind === 'builtin')) {
    if (probes.length === 0) {
      return { builtins: classSpans(sets, start, options).spans, sets: [], sharing };
    }
    // The classes the built-ins need decided now, the others (a probe's) as the sets read them.
    const split = classSpansSplit(sets, start, options, laterForBuiltins(set, whole));
    return { builtins: split.now, sets: split.all, sharing };
  }
  // A caller none of whose decisions breaks a set, whenever and from whoever, holds for every set:
  // it is not decided with the probes, whose windows would cut its horizon (a weekly `during`
  // thousands of times per class).
  const screen = breaks && ((nc: NumberClass, first: readonly RouteDecision[]) => members.some((m) => mayBreak(m, nc, first, breaks)));
  return { builtins: [], sets: classSpansLazily(sets, start, options, screen).callers, sharing };
}

/**
 * Whether a set may be broken by a caller of `nc` deciding `first` (in the rule set, at some
 * moments): by direction and number only. Not by caller, as the caller decided may stand for
 * others (invariant-shared.ts), and not by `during`: the screen only keeps callers out that cannot.
 */
function mayBreak(
  m: Invariant,
  nc: NumberClass,
  first: readonly RouteDecision[],
  breaks: (invariant: Invariant, d: RouteDecision) => boolean,
): boolean {
  if (m.kind === 'builtin') return true;
  if (nc.direction !== m.set.direction || !nc.prefix.startsWith(m.set.to_prefix)) return false;
  return first.some((d) => breaks(m, d));
}

/**
 * Whether a span of a set's table holds calls of the set: its direction, its numbers under
 * `to_prefix` (the probe made the prefix a class boundary), inside `during` (the probe set routes
 * it: decision 1; without a window the probes are not decided, `oneTable`, and the moment is
 * always inside), and its caller (`from`: the span's own, or one it stands for) starting with
 * `from_prefix` (a tie class stands for callers of every kind).
 */
export function inSet(span: ClassSpan, s: CallSet, from = span.class.from): boolean {
  const c = span.class;
  if (c.direction !== s.direction || !c.prefix.startsWith(s.to_prefix)) return false;
  if (s.during !== '' && span.decisions[1]?.result !== 'routed') return false;
  return fromInSet(s, from, c.from_holds);
}

/**
 * The callers starting with each prefix (those the rule set surely ties folded into the first,
 * invariant-ties.ts), and a class's own callers when `own`, each kind once.
 */
function callersOf(nc: NumberClass, own: boolean, prefixes: ReadonlySet<string>, ties: TieFolder): Caller[] {
  const out = new Map<string, Caller>();
  const add = (c: Caller): void => {
    const key = `${c.from}\u0000${c.from_holds ?? ''}\u0000${c.tie ? 'tie' : ''}`;
    if (!out.has(key)) out.set(key, c);
  };
  if (own) for (const c of nc.callers) add(c);
  for (const p of prefixes) for (const c of ties.fold(nc, p, callersStarting(nc, p), prefixes, own)) add(c);
  return [...out.values()];
}

function probeRule(direction: Direction, prefix: string, during: string, n: number): RoutingRule {
  const inbound = direction === 'inbound';
  return {
    kind: inbound ? KIND_SPECS.inbound_mapping.kind : KIND_SPECS.outbound_route.kind,
    key: `${PROBE_KEY}${n}`,
    groupid: inbound ? INBOUND_GROUP : OUTBOUND_GROUP,
    prefix,
    priority: 0,
    timerec: during,
    gwlist: '1',
  };
}
