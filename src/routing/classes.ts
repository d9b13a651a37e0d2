/**
 * Exact classes of calls (docs/routing-model.md "Classes of calls and time windows"): the numbers,
 * callers and moments that one or more rule sets route alike, each decided by the simulation
 * (match.ts `routeCall`) on one representative call, never by a second decision procedure. Number
 * classes come from the rule prefixes (a class is a prefix minus its longer prefixes holding rules:
 * every number in it meets the same rules, so the prefix itself stands for it), caller classes from
 * the LCR From parts that can meet the number (callers.ts), time windows from the recurrences of the
 * rules a class can meet (model/time/windows.ts). Pure.
 */
import { InternalError } from '../model/errors.js';
import { movedLists } from './moved-lists.js';
import type { ClassSpan, Direction, RouteDecision } from '../model/routing.js';
import type { Timerec } from '../model/time/timerec.js';
import { lcrTo, type Caller } from './callers.js';
import { numberClasses, type NumberClass } from './number-classes.js';
import type { CallTime, RuleSet } from './types.js';
import { decideClass, type Whole } from './decide-class.js';
import { sharedDecisions, type SharedDecisions } from './decision-memo.js';
import { keptOutcomes } from './horizon-outcomes.js';
import { horizonFor, instantHorizon, windowOf, type Examined, type Horizon } from '../model/time/windows.js';

import { windowWords } from '../model/time/window-words.js';

export type { Horizon, TimeWindow } from '../model/time/windows.js';
export type { CallClass, ClassSpan } from '../model/routing.js';

/** Which classes to examine and which spans to keep. */
export interface ClassOptions {
  /** One direction only; both when absent. */
  readonly direction?: Direction;
  /** These directions only (the impact's: those a changed rule holds); overrides `direction`. */
  readonly directions?: readonly Direction[];
  /** Only the classes of numbers starting with one of these prefixes (per direction); all when absent. */
  readonly reach?: { readonly [D in Direction]?: ReadonlySet<string> };
  /** Decide every class at `start` only (`plan --at`), not over a horizon. */
  readonly pinned?: boolean;
  /** Keep only the spans whose decisions differ between the sets. */
  readonly differing?: boolean;
  /**
   * Gateway lists the sets name alike whose destination differs (an endpoint group whose endpoints
   * change, impact.ts `movedLists`): a call sent to one of them differs too.
   */
  readonly moved?: ReadonlySet<string>;
  /** The callers to decide for a number class instead of all of its own (routing/invariants.ts: callers starting with a prefix). */
  readonly callers?: (nc: NumberClass) => readonly Caller[];
  /** Make a span's windows and words when first read (routing/invariant-table.ts reads those of a few spans only). */
  readonly lazyWords?: boolean;
  /**
   * Sets whose prefixes cut the number classes as the decided sets' do, but which are not decided
   * (routing/invariant-table.ts: the probes of a table without a window, which route every number
   * under their prefixes at every moment, so a class says their decision). Their rules have no
   * time recurrence: a class meets none of theirs.
   */
  readonly cutBy?: readonly RuleSet[];
}

/** The whole routing of one rule set as classes → decision, over the horizon its recurrences need. */
export function routingTable(
  set: RuleSet,
  start: CallTime,
  options: { direction?: Direction } = {},
): { horizon: Horizon; spans: ClassSpan[] } {
  return classSpans([set], start, options);
}

/** The call-level difference of two rule sets: only the spans whose two decisions differ. */
export function routingDifference(
  before: RuleSet,
  after: RuleSet,
  start: CallTime,
  options: { direction?: Direction } = {},
): { horizon: Horizon; spans: ClassSpan[] } {
  return classSpans([before, after], start, { ...options, differing: true, moved: movedLists(before, after) });
}

/**
 * The classes of calls of `sets` and how each set decides each in every window of the horizon
 * (or at `start` alone when pinned). Ordered by direction, prefix, From, then time.
 */
export function classSpans(
  sets: readonly RuleSet[],
  start: CallTime,
  options: ClassOptions = {},
): { horizon: Horizon; spans: ClassSpan[] } {
  const { classes, decided, examined, whole, shared } = classesOf(sets, start, options);
  const spans: ClassSpan[] = [];
  for (const nc of classes)
    decideClass(decided, nc, examined, whole, options.differing === true, spans, options.lazyWords === true, options.moved, shared);
  return { horizon: examined.horizon, spans };
}

/** The spans of one caller of one class. */
export interface CallerSpans {
  readonly nc: NumberClass;
  readonly caller: Caller;
  readonly spans: readonly ClassSpan[];
}

/**
 * {@link classSpans}, each caller of each class decided when its spans are first read, in the
 * same order: a reader that stops at its first finding (an invariant's first counterexample) does
 * not pay for the callers after it (a class of K LCR callers is most of the work). With `screen`,
 * a caller is first decided by the first set alone, and only when the screen says it can matter
 * by all of them; one it screens out has no spans.
 */
export function classSpansLazily(
  sets: readonly RuleSet[],
  start: CallTime,
  options: ClassOptions = {},
  screen?: Screen,
): { horizon: Horizon; callers: Iterable<CallerSpans> } {
  const { classes, decided, examined, whole, shared } = classesOf(sets, start, options);
  const first = decided.slice(0, 1);
  // Every outcome the first set gives a caller over the horizon.
  const firstOutcomes = (nc: NumberClass, caller: Caller): readonly RouteDecision[] => {
    // Another table of the check swept this call over the same horizon (the built-ins' decide
    // every class): its outcomes are the first set's, not swept again (horizon-outcomes.ts).
    const kept = caller.tie ? undefined : keptOutcomes(decided[0] as RuleSet, nc.direction, caller.from, nc.to, examined);
    if (kept !== undefined) return kept;
    // The first set alone is cut at its own recurrences only: a few stretches where the
    // others' windows (an invariant's `during`) cut thousands.
    const alone: ClassSpan[] = [];
    // The memo is keyed by set and by the set's own recurrences: the joint decision below takes the first set's from it.
    decideClass(first, { ...nc, met: firstMet(nc), callers: [caller] }, examined, whole, false, alone, true, options.moved, shared);
    return alone.map((s) => s.decisions[0] as RouteDecision);
  };
  const decide = (nc: NumberClass, caller: Caller): ClassSpan[] => {
    if (screen && decided.length > 1 && !screen(nc, firstOutcomes(nc, caller))) return [];
    return decideCaller(decided, nc, caller, examined, whole, options, shared);
  };
  function* each(): Generator<CallerSpans> {
    for (const nc of classes) for (const caller of nc.callers) yield lazyCaller(nc, caller, () => decide(nc, caller));
  }
  return { horizon: examined.horizon, callers: each() };
}

/**
 * {@link classSpans} for the classes `later` does not name (given every class), decided now
 * (`now`, in order), and every class's callers in order (`all`), the others decided when first
 * read: a reader of every span but those classes' (an invariant table's built-in checks) and one
 * that stops at its first finding (its sets) share one horizon and the decisions made now.
 */
export function classSpansSplit(
  sets: readonly RuleSet[],
  start: CallTime,
  options: ClassOptions,
  later: (nc: NumberClass, classes: readonly NumberClass[]) => boolean,
): { horizon: Horizon; now: ClassSpan[]; all: Iterable<CallerSpans> } {
  const { classes, decided, examined, whole, shared } = classesOf(sets, start, options);
  const now: ClassSpan[] = [];
  const made = new Map<NumberClass, (readonly ClassSpan[])[]>();
  for (const nc of classes) {
    if (later(nc, classes)) continue;
    const each = nc.callers.map((caller) => decideCaller(decided, nc, caller, examined, whole, options, shared));
    made.set(nc, each);
    for (const spans of each) for (const span of spans) now.push(span);
  }
  function* all(): Generator<CallerSpans> {
    for (const nc of classes)
      for (let i = 0; i < nc.callers.length; i++) {
        const caller = nc.callers[i] as Caller;
        const known = made.get(nc)?.[i];
        yield known
          ? { nc, caller, spans: known }
          : lazyCaller(nc, caller, () => decideCaller(decided, nc, caller, examined, whole, options, shared));
      }
  }
  return { horizon: examined.horizon, now, all: all() };
}

/** The spans of one caller of a class. */
function decideCaller(
  sets: readonly RuleSet[],
  nc: NumberClass,
  caller: Caller,
  examined: Examined,
  whole: Whole,
  o: ClassOptions,
  shared: SharedDecisions,
): ClassSpan[] {
  const spans: ClassSpan[] = [];
  decideClass(sets, { ...nc, callers: [caller] }, examined, whole, o.differing === true, spans, o.lazyWords === true, o.moved, shared);
  return spans;
}

/** A caller whose spans are decided when first read, then kept. */
function lazyCaller(nc: NumberClass, caller: Caller, decide: () => readonly ClassSpan[]): CallerSpans {
  let spans: readonly ClassSpan[] | undefined;
  return {
    nc,
    caller,
    get spans() {
      return (spans ??= decide());
    },
  };
}

/** A class's recurrences of the first set's rules only: the others' would cut its horizon for nothing. Made once per class. */
const firstMets = new WeakMap<NumberClass['met'], NumberClass['met']>();
function firstMet(nc: NumberClass): NumberClass['met'] {
  let met = firstMets.get(nc.met);
  if (!met) firstMets.set(nc.met, (met = nc.met.filter((m) => (m.sets & 1) !== 0)));
  return met;
}

/**
 * Whether a caller of a class can matter to the reader, given every outcome the first set gives it
 * over the horizon (each at least once, as decided at some moment; one another analysis kept may
 * name a call of the same stem and From, horizon-outcomes.ts): when not, {@link classSpansLazily}
 * gives it no spans. The joint decisions of the first set are among those it makes alone.
 */
export type Screen = (nc: NumberClass, first: readonly RouteDecision[]) => boolean;

/** The number classes to decide, the sets to decide them with, the horizon and its one whole window. */
function classesOf(
  sets: readonly RuleSet[],
  start: CallTime,
  options: ClassOptions,
): { classes: NumberClass[]; decided: readonly RuleSet[]; examined: Examined; whole: Whole; shared: SharedDecisions } {
  const directions: readonly Direction[] = options.directions ?? (options.direction ? [options.direction] : ['inbound', 'outbound']);
  // Appended one by one, never spread as arguments: tens of thousands of classes.
  const classes: NumberClass[] = [];
  const narrow = options.callers;
  const cutBy = options.cutBy ?? [];
  if (cutBy.some((c) => c.rules.some((r) => r.timerec !== '')))
    throw new InternalError('a set that only cuts the number classes has a time recurrence');
  const cutting = cutBy.length > 0 ? [...sets, ...cutBy] : sets;
  for (const direction of directions)
    for (const c of numberClasses(cutting, direction, options.reach?.[direction])) classes.push(narrow ? { ...c, callers: narrow(c) } : c);
  const examined = options.pinned ? instantHorizon(start.local, start.tz) : horizonFor(uniqueRecs(classes), start.local, start.tz);
  // A few classes of many rules: the sets narrowed to the rules those calls can meet, so the
  // simulation loads a few rules, not 15,000 twice. The decisions are the same (see narrowed).
  const decided =
    options.reach !== undefined && classes.length * 4 < sets.reduce((n, s) => n + s.rules.length, 0) ? narrowedSets(sets, classes) : sets;
  // One memo per analysis: classes a set routes alike share its decisions (decision-memo.ts).
  return { classes, decided, examined, whole: wholeHorizon(examined), shared: sharedDecisions() };
}

/**
 * Each set with only the rules and LCR records a call to one of the classes' numbers can meet: those
 * at a prefix of the number (in any group: an LCR route's rule sits at its To-part), and the LCR
 * records whose To-part begins it. A digit number's decision depends on nothing else (the prefix
 * tree's other nodes steer only numbers holding a character the proxy does not dial, model/dial.ts),
 * so it is the same.
 */
function narrowedSets(sets: readonly RuleSet[], classes: readonly NumberClass[]): RuleSet[] {
  const stems = new Set<string>();
  for (const c of classes) for (let k = 0; k <= c.to.length; k++) stems.add(c.to.slice(0, k));
  return sets.map((set) => {
    const rules = set.rules.filter((r) => stems.has(r.prefix));
    const lcr = set.lcr.filter((r) => stems.has(lcrTo(r.pattern)));
    // Every rule kept (K LCR routes on the classes' own prefix): the set itself, whose preparation
    // and decisions are made already, not a copy to prepare and key again.
    if (rules.length === set.rules.length && lcr.length === set.lcr.length) return set;
    return set.inventory ? { rules, lcr, inventory: set.inventory } : { rules, lcr };
  });
}

function uniqueRecs(classes: readonly NumberClass[]): Timerec[] {
  const out = new Set<Timerec>();
  for (const c of classes) for (const r of c.recs) out.add(r);
  return [...out];
}

function wholeHorizon(examined: Examined): Whole {
  const stretch = { from: examined.from, to: examined.to };
  return {
    windows: Object.freeze([windowOf(stretch)]),
    when: windowWords([stretch], examined),
    at: Object.freeze({ local: examined.horizon.start, tz: examined.horizon.tz }),
  };
}
