/**
 * Deciding one number class for each of its callers over the horizon (classes.ts): the spans of
 * time each caller is decided alike. What keeps it linear at an ITSP's size:
 * - a caller's decision can change only where a recurrence of a rule of a group it can reach
 *   changes (match.ts `routingGroups`: the LCR choice never depends on the time), so each caller
 *   is cut at those moments only, not at every recurrence of the number's rules;
 * - between two such moments the decision is a function of which of those recurrences match, so
 *   it is decided once per combination met (one-minute windows every day of four years are a few
 *   hundred combinations, not half a million calls), the combination kept up to date from each
 *   recurrence's own change points; where they all repeat with one period (between clock
 *   changes), one period is swept and repeated (stretch-sweep.ts), its stretches kept as a
 *   pattern and made only when a span's windows or words are read;
 * - a tie class (callers.ts) is decided once, whatever the time, in every set that holds its parts.
 * Pure, apart from the call times kept per horizon.
 */
import type { CallClass, ClassSpan, RouteDecision } from '../model/routing.js';
import type { Timerec } from '../model/time/timerec.js';
import { callerRecs, recsByGroup } from './caller-recs.js';
import { comboOf, type SharedDecisions } from './decision-memo.js';
import { routeCall } from './match.js';
import type { NumberClass } from './number-classes.js';
import { tieDecision } from './tie-class.js';
import type { CallTime, RuleSet } from './types.js';
import { windowOf, type Examined, type TimeWindow } from '../model/time/windows.js';
import { expandStretches, type StretchPiece } from '../model/time/stretch-runs.js';
import { sameDecision, stretchesOf } from './stretch-sweep.js';
import { keepOutcomes } from './horizon-outcomes.js';
import { windowWords } from '../model/time/window-words.js';
import { compactWindows } from '../model/time/window-runs.js';

export { decisionKey } from './stretch-sweep.js';

const QUIET = { explain: false } as const;

/** The one window of a class decided alike over the whole horizon, with its words, made once. */
export interface Whole {
  readonly windows: readonly TimeWindow[];
  readonly when: string;
  /** The horizon's start as a call time, shared by every call decided there. */
  readonly at: CallTime;
}

/**
 * Whether the sets' decisions differ: result, winning rule, gateways (the list, or where a list in
 * `moved` leads: an endpoint group whose endpoints change), or (ambiguous) the candidates and their outcomes.
 */
export function differs(decisions: readonly RouteDecision[], moved?: ReadonlySet<string>): boolean {
  const a = decisions[0];
  if (a === undefined) return false;
  for (let i = 1; i < decisions.length; i++) {
    const b = decisions[i] as RouteDecision;
    if (a.result !== b.result || a.gwlist !== b.gwlist || a.rule?.kind !== b.rule?.kind || a.rule?.key !== b.rule?.key) return true;
    if (a.gwlist !== undefined && moved?.has(a.gwlist) === true) return true;
    if (a.result === 'ambiguous' && !sameDecision(a, b)) return true;
  }
  return false;
}

/**
 * Each caller of a number class decided by every set over the horizon, adjacent alike stretches
 * merged, equal outcomes grouped; the spans (only those whose decisions differ when `differing`)
 * appended to `out`. With `lazy`, a span's windows and words are made when first read: a reader
 * that looks at a few spans of many (the invariants) does not pay for the words of the others.
 * With `shared`, a set's decision of a caller is taken from another class the set routes alike
 * (decision-memo.ts) when one was decided in the same analysis.
 */
export function decideClass(
  sets: readonly RuleSet[],
  nc: NumberClass,
  examined: Examined,
  whole: Whole,
  differing: boolean,
  out: ClassSpan[],
  lazy = false,
  moved?: ReadonlySet<string>,
  shared?: SharedDecisions,
): void {
  const byGroup = recsByGroup(nc);
  // One instant (`plan --at`) asks no recurrence: its decisions hold at that moment only (decision-memo.ts).
  const instant = examined.naming === 'instant';
  for (const caller of nc.callers) {
    const cls: CallClass = {
      direction: nc.direction,
      prefix: nc.prefix,
      except: nc.except,
      to: nc.to,
      from: caller.from,
      from_parts: caller.from_parts,
      ...(caller.from_holds ? { from_holds: caller.from_holds } : {}),
      ...(caller.from_except ? { from_except: caller.from_except } : {}),
    };
    // The sets whose decision a tie class fixes whatever the time; the others are decided by the simulation.
    const tie = caller.tie;
    const parts = tie ? new Set(caller.from_parts) : null;
    const fixed = sets.map((set, i) =>
      tie && parts && (tie.sets & (1 << i)) !== 0
        ? tieDecision(set, { from: caller.from, to: nc.to, at: whole.at }, parts, tie.length)
        : null,
    );
    const deciding = fixed.map((f) => f === null);
    const { recs, own } = instant ? { recs: [], own: [] } : callerRecs(sets, nc, byGroup, caller, deciding, shared);
    const known = recs.length === 0 ? undefined : knownOf(recs);
    // `active`: the recurrences of `recs` matching at `at`, by index; a set's decision depends on its own among them.
    const decideAt = (at: CallTime, active: Iterable<number>): RouteDecision[] => {
      // The sweep knows which of `recs` match at `at`: the simulation is told, not asking each rule's again.
      const answers = known === undefined ? undefined : { known, matching: matchingOf(recs, active) };
      return sets.map(
        (set, i) =>
          fixed[i] ??
          (shared
            ? shared.decide(set, nc.direction, caller.from, nc.to, at, instant ? undefined : comboOf(recs, active, own[i]), own[i], answers)
            : routeCall(set, { direction: nc.direction, from: caller.from, to: nc.to, at }, answers ? { explain: false, answers } : QUIET)),
      );
    };
    if (recs.length === 0) {
      const decisions = decideAt(whole.at, []);
      if (shared) keep(sets, deciding, nc, caller.from, examined, [decisions]);
      if (!differing || differs(decisions, moved)) out.push({ class: cls, windows: whole.windows, when: whole.when, decisions });
      continue;
    }
    const groups = stretchesOf(recs, examined, (s, active) => decideAt(callTimeAt(examined, s), active));
    if (shared)
      keep(
        sets,
        deciding,
        nc,
        caller.from,
        examined,
        groups.map((g) => g.decisions),
      );
    for (const { decisions, stretches } of groups) {
      if (differing && !differs(decisions, moved)) continue;
      out.push(lazy ? new LazySpan(cls, decisions, stretches, examined) : eagerSpan(cls, decisions, stretches, examined));
    }
  }
}

/**
 * The first set's outcomes of the caller over the horizon (an invariant table's rules, the set a
 * screen reads alone: classes.ts `classSpansLazily`), when simulated, for an analysis that needs
 * them (horizon-outcomes.ts): the sweep was cut at every recurrence the set's decisions depend on,
 * so its groups meet every outcome the set gives the caller.
 */
function keep(
  sets: readonly RuleSet[],
  deciding: readonly boolean[],
  nc: NumberClass,
  from: string,
  examined: Examined,
  groups: readonly (readonly RouteDecision[])[],
): void {
  const first = sets[0];
  if (first === undefined || deciding[0] !== true) return;
  keepOutcomes(
    first,
    nc.direction,
    from,
    nc.to,
    examined,
    groups.map((d) => d[0] as RouteDecision),
  );
}

/**
 * The one-recurrence sets, by recurrence: a caller decided by its own window alone (a customer's
 * LCR route) tells the simulation it knows that window, and that it matches or not. A set made per
 * caller and decision (4,000 customers, two decisions each) was garbage at once, and the simulation
 * keeps, per set of known recurrences, which rules it does not know (known-answers.ts): one weak
 * table per caller, not per window.
 */
const singles = new WeakMap<Timerec, ReadonlySet<Timerec>>();
const NONE: ReadonlySet<Timerec> = new Set<Timerec>();

/** The set of `recs`: shared per recurrence when one. */
function knownOf(recs: readonly Timerec[]): ReadonlySet<Timerec> {
  if (recs.length !== 1) return new Set<Timerec>(recs);
  const rec = recs[0] as Timerec;
  let one = singles.get(rec);
  if (one === undefined) singles.set(rec, (one = new Set<Timerec>([rec])));
  return one;
}

/** The recurrences of `recs` at the indexes `active`; none and one of one shared (`knownOf`). */
function matchingOf(recs: readonly Timerec[], active: Iterable<number>): ReadonlySet<Timerec> {
  if (recs.length === 1) return active[Symbol.iterator]().next().done === true ? NONE : knownOf(recs);
  let out: Set<Timerec> | undefined;
  for (const i of active) (out ??= new Set<Timerec>()).add(recs[i] as Timerec);
  return out ?? NONE;
}

/** The call times of a horizon's moments, by wall second: dropped with the horizon. */
const callTimes = new WeakMap<Examined, Map<number, CallTime>>();

/**
 * The call time at wall second `s` of the horizon, made once per horizon and second: the callers
 * of a class are decided at the same few moments (its start, where a window shared by several
 * opens), and each wrote the moment's wall time again.
 */
function callTimeAt(examined: Examined, s: number): CallTime {
  let known = callTimes.get(examined);
  if (!known) callTimes.set(examined, (known = new Map<number, CallTime>()));
  let at = known.get(s);
  if (at === undefined) known.set(s, (at = Object.freeze({ local: windowOf({ from: s, to: s }).start, tz: examined.horizon.tz })));
  return at;
}

/** A span with its windows and words made now (the routing table and the impact read every span's). */
function eagerSpan(cls: CallClass, decisions: RouteDecision[], pieces: readonly StretchPiece[], examined: Examined): ClassSpan {
  const stretches = expandStretches(pieces);
  return { class: cls, windows: compactWindows(stretches), when: windowWords(stretches, examined), decisions };
}

/**
 * A span whose `windows` and `when` are made on first read (then kept); its stretches, written as
 * repeated patterns, are made only then too. An invariant table holds one per caller and outcome
 * (8,000 for 4,000 customers with a window each), all alive until the check has read them: getters
 * defined on each span (closures, a context and a dictionary of properties each) were most of what a
 * caller's spans weighed, and their copying most of the check's garbage collections. The getters
 * are the class's, so `windows` and `when` are read as fields are but are not own properties; a
 * span is written out (`JSON.stringify`) with them, in the order its fields had when each span
 * defined its own.
 */
class LazySpan implements ClassSpan {
  readonly class: CallClass;
  readonly decisions: RouteDecision[];
  readonly #pieces: readonly StretchPiece[];
  readonly #examined: Examined;
  #stretches: ReturnType<typeof expandStretches> | undefined;
  #windows: ClassSpan['windows'] | undefined;
  #when: string | undefined;

  constructor(cls: CallClass, decisions: RouteDecision[], pieces: readonly StretchPiece[], examined: Examined) {
    this.class = cls;
    this.decisions = decisions;
    this.#pieces = pieces;
    this.#examined = examined;
  }

  get windows(): ClassSpan['windows'] {
    return (this.#windows ??= compactWindows(this.#made()));
  }

  get when(): string {
    return (this.#when ??= windowWords(this.#made(), this.#examined));
  }

  toJSON(): ClassSpan {
    return { class: this.class, decisions: this.decisions, windows: this.windows, when: this.when };
  }

  #made(): ReturnType<typeof expandStretches> {
    return (this.#stretches ??= expandStretches(this.#pieces));
  }
}
