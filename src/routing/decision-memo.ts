/**
 * Decisions shared by the number classes, the analyses and the copies of one content of rules
 * that route alike. A digit number meets only the rules at its prefixes and the LCR patterns whose
 * To-part begins it (classes.ts `narrowedSets`), so two numbers with the same longest such prefix
 * in a set (their stem, `ruleStem`) are decided alike by that set for the same From and the same
 * recurrences matching. The invariants' tables cut the rule set's classes by their probes (a
 * `to_prefix` of 1900 makes 1900 a class beside 1): the set's decision of each caller of 1900 is
 * then the one of 1, and it is copied, with its own number and moment, instead of simulated again
 * (K LCR callers each decided twice). A set's decision depends on the recurrences of its own rules
 * only (a probe set's not on a customer's window), and on the From only through its LCR patterns
 * (a probe set has none, so it decides once for every caller).
 *
 * The decisions are kept by what decides a call, not by the set object: the rules after a plan are
 * built several times (the impact's in the platform's order, the invariants' in the files' order
 * with origins, an invariant table's narrowed copy holding the same rules), and a plan's impact
 * decides every caller of the classes it changes, which its invariant check then decided again
 * (issue 36 §2). Rules in another order decide every call alike but for the order an ambiguous
 * decision lists its candidates in, and other groups' words name the same gateways otherwise: a
 * decision is copied to each set in its order and with its words (decision-copy.ts). Each decision
 * still comes from the simulation (match.ts), once per content. Pure, apart from the memo.
 */
import { isDialString } from '../model/dial.js';
import type { Direction, RouteDecision } from '../model/routing.js';
import type { Timerec } from '../model/time/timerec.js';
import { answersAt } from './start-answers.js';
import { sizesOf } from './content-sizes.js';
import { routeCall, routingGroups, type RouteOptions } from './match.js';
import type { KnownAnswers } from './known-answers.js';
import { sameUnorderedContent } from './prepared-share.js';
import { asDecidedBy } from './decision-copy.js';
import { ruleStem } from './number-classes.js';
import type { Call, CallTime, RuleSet } from './types.js';

const QUIET = { explain: false } as const;

/** A recurrence's number in the keys of combinations: recurrences are compared by identity. */
const recIds = new WeakMap<Timerec, number>();
let nextRecId = 0;

/**
 * The key of a combination of matching recurrences (indexes into `recs`), those of `only` alone
 * when given (a set's own, the only ones its decision depends on): their numbers, sorted.
 */
export function comboOf(recs: readonly Timerec[], active: Iterable<number>, only?: ReadonlySet<Timerec>): string {
  // Most combinations are none or one recurrence (a customer's window shut or open): their key is
  // written without a list to sort and join (four per customer, each decision of the sweep).
  let one: number | undefined;
  let ids: number[] | undefined;
  for (const i of active) {
    const rec = recs[i] as Timerec;
    if (only !== undefined && !only.has(rec)) continue;
    let id = recIds.get(rec);
    if (id === undefined) recIds.set(rec, (id = nextRecId++));
    if (one === undefined) one = id;
    else (ids ??= [one]).push(id);
  }
  if (ids !== undefined) return ids.sort((a, b) => a - b).join(',');
  return one === undefined ? '' : String(one);
}

/** One set's decisions of a caller of a number class, shared with the classes and sets that route alike. */
export interface SharedDecisions {
  /** The groups the call may be routed in (match.ts `routingGroups`), whatever its time. */
  groups(set: RuleSet, direction: Direction, from: string, to: string): readonly number[];
  /**
   * The set's decision of the call at `at`, where the recurrences matching are `combo`
   * (`comboOf`), every recurrence the decision can depend on among those the key was made of;
   * `undefined`: at `at` alone (an analysis of one instant, `plan --at`, which asks no recurrence).
   * With `combo`, `own` are the recurrences it was made of (the set's own the caller can meet): a
   * decision made at an instant where the same of them match is that combination's (see `atInstant`).
   * `answers`, when given, are which recurrences match at `at` (the sweep's combination): a call
   * simulated here is told them, not asked each rule's recurrence again (known-answers.ts).
   */
  decide(
    set: RuleSet,
    direction: Direction,
    from: string,
    to: string,
    at: CallTime,
    combo: string | undefined,
    own?: ReadonlySet<Timerec>,
    answers?: KnownAnswers,
  ): RouteDecision;
}

/** A decision with the set that made it (its words, its order of candidates). */
interface Decided {
  readonly decision: RouteDecision;
  readonly by: RuleSet;
  /** For an instant's decision, the combination of the caller's recurrences matching there, once asked (`atInstant`). */
  combo?: string;
}

/**
 * One call of a content (its stem and, with LCR patterns, its From: `callIdentity`) and what was
 * decided for it, its key written once: a caller's groups, decisions, instant and kept outcomes
 * each wrote and hashed it again (some twelve texts per caller of an invariant table).
 */
interface CallMemo {
  /** `stem \0 caller`: the call's identity (`callIdentity`). */
  readonly key: string;
  /** The groups the call may be routed in (`SharedDecisions.groups`), once asked. */
  groups: readonly number[] | undefined;
  /** Each decision with the set that made it (its words, its order of candidates), by combination (`comboOf`) or instant (`@local tz`). */
  readonly decided: Map<string, Decided>;
}

/** What one content of rules has decided (prepared-share.ts `sameUnorderedContent`), for every set holding it. */
interface ContentMemo {
  /** Each number's stem (`stemOf`), by direction. */
  readonly stems: { readonly [D in Direction]: Map<string, string> };
  /** The calls decided, by stem and caller (`callerOf`): read with texts the call holds already, none written. */
  readonly calls: Map<string, Map<string, CallMemo>>;
  /**
   * The first set of this content asked: every other copy's calls are simulated on it (prepared
   * already) and copied (decision-copy.ts), so a copy whose calls the impact decided is not
   * prepared for the simulation again (4,000 LCR patterns indexed again).
   */
  readonly first: RuleSet;
  /** {@link sizesOf} the content. */
  readonly sizes: string;
  /** The instants decided without recurrences (`plan --at`), by their key's suffix: a plan has one. */
  readonly instants: Map<string, (rec: Timerec) => boolean>;
}

/**
 * How many rule contents keep their decisions: a plan holds a few (before, after, an invariant's
 * probes); `watch` and the library plan again and again, and must not grow.
 */
const KEPT = 8;
/**
 * How many instants one content keeps decisions for: a plan decides at one (`plan --at`); a
 * process that decides the same rules at instant after instant (the library in a loop) must not
 * grow, so past this the content's decisions start again.
 */
const INSTANTS_KEPT = 4;
/** The contents kept, most recently used last. */
const kept: ContentMemo[] = [];
const bySet = new WeakMap<RuleSet, ContentMemo>();
/** The ties of a set whose candidates its content's first set cannot place (decision-copy.ts). */
const ownAmbiguous = new WeakMap<RuleSet, Map<string, RouteDecision>>();
const untimed = new WeakMap<RuleSet, boolean>();

/**
 * The decisions of `set`'s content: the rules after a plan are built more than once (the impact's
 * in the platform's order, the invariants' in the files' order, an invariant table's narrowed copy
 * holding the same rules), and each of them decided the same callers again (issue 36 §2: 4,000
 * per-customer LCR callers decided by the impact, then again by the check). Kept for the last
 * {@link KEPT} contents. A set is compared with a kept content's first set only when it has its sizes
 * (`sizesOf`), rule by rule (prepared-share.ts `sameUnorderedContent`), never written as text: a
 * plan without a second copy (no invariants) compares nothing.
 */
function memoOf(set: RuleSet): ContentMemo {
  let memo = bySet.get(set);
  if (memo) return memo;
  const sizes = sizesOf(set);
  memo = kept.find((m) => m.sizes === sizes && sameUnorderedContent(m.first, set));
  if (memo === undefined) {
    memo = {
      stems: { inbound: new Map<string, string>(), outbound: new Map<string, string>() },
      calls: new Map<string, Map<string, CallMemo>>(),
      instants: new Map<string, (rec: Timerec) => boolean>(),
      first: set,
      sizes,
    };
    if (kept.length >= KEPT) kept.shift();
  } else kept.splice(kept.indexOf(memo), 1);
  kept.push(memo);
  bySet.set(set, memo);
  return memo;
}

/** Whether no rule of `set` has a time recurrence: its decisions are the same at every moment. */
function timeless(set: RuleSet): boolean {
  let known = untimed.get(set);
  if (known === undefined) untimed.set(set, (known = set.rules.every((r) => r.timerec === '')));
  return known;
}

/**
 * The memo every analysis (classes.ts) decides through: one per content of rules, whoever asks
 * first fills it (the plan's impact, then its invariants' tables), whoever asks next reads it.
 */
export function sharedDecisions(): SharedDecisions {
  return SHARED;
}

const SHARED: SharedDecisions = {
  groups(set, direction, from, to) {
    // The groups of a call do not depend on the rules' order: tied patterns are listed by length
    // and text, and callers read them as a set (caller-recs.ts).
    const memo = memoOf(set);
    const call = callOf(memo, set, direction, from, to);
    return (call.groups ??= routingGroups(memo.first, { direction, from, to }));
  },
  decide(set, direction, from, to, at, combo, own, answers) {
    const memo = memoOf(set);
    // One instant (no recurrence asked) names its moment, unless no rule of the set has a time:
    // a decision at 00:00 is not the one of every moment no recurrence of the caller matches.
    let when = combo;
    if (when === undefined && !timeless(set)) {
      when = `@${at.local} ${at.tz}`;
      if (!memo.instants.has(when)) {
        if (memo.instants.size >= INSTANTS_KEPT) {
          memo.instants.clear();
          memo.calls.clear();
        }
        // Each recurrence asked once there (start-answers.ts): callers sharing a window ask it alike.
        memo.instants.set(when, answersAt(at.local, at.tz));
      }
    }
    const call = callOf(memo, set, direction, from, to);
    const slot = when ?? '';
    let made = call.decided.get(slot);
    if (made === undefined && combo !== undefined && own !== undefined) {
      made = atInstant(memo, call, combo, own);
      if (made !== undefined) call.decided.set(slot, made);
    }
    const options = answers === undefined ? QUIET : { explain: false, answers };
    if (made === undefined) {
      // Simulated on the content's first set (prepared already), then copied for this one.
      const d = routeCall(memo.first, { direction, from, to, at }, options);
      call.decided.set(slot, { decision: d, by: memo.first });
      return memo.first === set
        ? d
        : (asDecidedBy(d, memo.first, set, from, to, at) ?? ownOrder(set, call, slot, { direction, from, to, at }, options));
    }
    return asDecidedBy(made.decision, made.by, set, from, to, at) ?? ownOrder(set, call, slot, { direction, from, to, at }, options);
  },
};

/**
 * What tells `set`'s calls to `to` apart: its content's memo (an identity kept as long as the
 * content's decisions are, `KEPT`), the number's key there (its stem) and whether the From tells
 * them apart too (`byFrom`: the set has LCR patterns and the call is outbound). Two calls of one
 * key, and of one From when `byFrom`, are decided alike by every set of that content at every
 * moment where the same of its recurrences match (horizon-outcomes.ts keeps a horizon's outcomes
 * by it). Asked per number, not per call: the K callers of a class share it.
 */
export function callIdentity(
  set: RuleSet,
  direction: Direction,
  to: string,
): { readonly content: object; readonly key: string; readonly byFrom: boolean } {
  const memo = memoOf(set);
  return { content: memo, key: stemOf(memo, direction, to), byFrom: fromDecides(set, direction) };
}

/**
 * A decision an analysis of one instant made (`plan --at`: the impact decides each caller there,
 * asking no recurrence) that is `combo`'s: the recurrences of `own` matching at that instant, as
 * the simulation asks them (`timerecMatches` on the call's local time), are those `combo` was made
 * of. The decision depends on no other (see `SharedDecisions.decide`), so a horizon's stretch with
 * that combination reads it instead of simulating the call again: the invariants' horizon of a
 * caller whose window is shut at the plan's instant (issue 36 §2: a daily window each, K callers).
 */
function atInstant(memo: ContentMemo, call: CallMemo, combo: string, own: ReadonlySet<Timerec>): Decided | undefined {
  for (const [when, matches] of memo.instants) {
    const made = call.decided.get(when);
    if (made === undefined) continue;
    // Kept with the decision: a caller's horizon asks each of its combinations, and every miss asked again.
    if (made.combo === undefined) {
      const matching: Timerec[] = [];
      for (const rec of own) if (matches(rec)) matching.push(rec);
      made.combo = comboOf(matching, matching.keys());
    }
    if (made.combo === combo) return made;
  }
  return undefined;
}

function stemOf(memo: ContentMemo, direction: Direction, to: string): string {
  const stems = memo.stems[direction];
  let stem = stems.get(to);
  // A number holding a character the proxy does not dial is walked otherwise (model/dial.ts): its own.
  if (stem === undefined) stems.set(to, (stem = `${direction}\u0000${isDialString(to) ? ruleStem(memo.first, direction, to) : to}`));
  return stem;
}

/** The call of `memo` from `from` to `to` as `set` tells calls apart (`callIdentity`), made on first ask. */
function callOf(memo: ContentMemo, set: RuleSet, direction: Direction, from: string, to: string): CallMemo {
  const stem = stemOf(memo, direction, to);
  const caller = callerOf(set, direction, from);
  let byCaller = memo.calls.get(stem);
  if (!byCaller) memo.calls.set(stem, (byCaller = new Map<string, CallMemo>()));
  let call = byCaller.get(caller);
  if (!call) byCaller.set(caller, (call = { key: `${stem}\u0000${caller}`, groups: undefined, decided: new Map<string, Decided>() }));
  return call;
}

/** The From matters only to the LCR step: not inbound, nor in a set without LCR patterns. */
function callerOf(set: RuleSet, direction: Direction, from: string): string {
  return fromDecides(set, direction) ? from : '';
}

function fromDecides(set: RuleSet, direction: Direction): boolean {
  return direction !== 'inbound' && set.lcr.length > 0;
}

/** A tie whose candidates cannot be placed in `set` by key (decision-copy.ts): decided on `set` itself, once. */
function ownOrder(set: RuleSet, of: CallMemo, slot: string, call: Call, options: RouteOptions): RouteDecision {
  const key = `${of.key}\u0000${slot}`;
  let mine = ownAmbiguous.get(set);
  if (!mine) ownAmbiguous.set(set, (mine = new Map<string, RouteDecision>()));
  let known = mine.get(key);
  if (known === undefined) mine.set(key, (known = routeCall(set, call, options)));
  return asDecidedBy(known, set, set, call.from, call.to, call.at) as RouteDecision;
}
