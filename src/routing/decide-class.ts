/**
 * Deciding one number class for each of its callers over the horizon (classes.ts): the spans of
 * time each caller is decided alike. What keeps it linear at an ITSP's size:
 * - a caller's decision can change only where a recurrence of a rule of a group it can reach
 *   changes (match.ts `routingGroups`: the LCR choice never depends on the time), so each caller
 *   is cut at those moments only, not at every recurrence of the number's rules;
 * - between two such moments the decision is a function of which of those recurrences match, so
 *   it is decided once per combination met (one-minute windows every day of four years are a few
 *   hundred combinations, not half a million calls), the combination kept up to date from each
 *   recurrence's own change points;
 * - a tie class (callers.ts) is decided once, whatever the time, in every set that holds its parts.
 * Pure.
 */
import { InternalError } from '../model/errors.js';
import type { CallClass, ClassSpan, RouteDecision } from '../model/routing.js';
import type { Timerec } from '../model/time/timerec.js';
import { timerecMatches } from '../model/time/timerec-match.js';
import { callerRecs, recsByGroup } from './caller-recs.js';
import { comboOf, type SharedDecisions } from './decision-memo.js';
import { routeCall } from './match.js';
import type { NumberClass } from './number-classes.js';
import { tieDecision } from './tie-class.js';
import type { CallTime, RuleSet } from './types.js';
import { changePoints, windowOf, type Examined, type Stretch, type TimeWindow } from '../model/time/windows.js';
import { windowWords } from '../model/time/window-words.js';
import { compactWindows } from '../model/time/window-runs.js';

const QUIET = { explain: false } as const;

/** The one window of a class decided alike over the whole horizon, with its words, made once. */
export interface Whole {
  readonly windows: readonly TimeWindow[];
  readonly when: string;
  /** The horizon's start as a call time, shared by every call decided there. */
  readonly at: CallTime;
}

/** What tells two decisions apart for a call: result, winning rule, gateways, the candidates of an undefined order and their outcomes. */
export function decisionKey(d: RouteDecision): string {
  const head = `${d.result}\u0000${d.rule?.kind ?? ''}\u0000${d.rule?.key ?? ''}\u0000${d.gwlist ?? ''}`;
  if (d.result !== 'ambiguous') return head;
  const tail = d.candidates
    .map((c, i) => {
      const o = d.outcomes?.[i];
      return `${c.kind}\u0000${c.key}\u0000${o?.result ?? ''}\u0000${o?.rule?.key ?? ''}\u0000${o?.gwlist ?? ''}`;
    })
    .join('\n');
  return `${head}\n${tail}`;
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
    if (a.result === 'ambiguous' && decisionKey(a) !== decisionKey(b)) return true;
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
  const tz = examined.horizon.tz;
  const byGroup = recsByGroup(nc);
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
    const { recs, own } = examined.naming === 'instant' ? { recs: [], own: [] } : callerRecs(sets, nc, byGroup, caller, deciding, shared);
    // `active`: the recurrences of `recs` matching at `at`, by index; a set's decision depends on its own among them.
    const decideAt = (at: CallTime, active: Iterable<number>): RouteDecision[] =>
      sets.map(
        (set, i) =>
          fixed[i] ??
          (shared
            ? shared.decide(set, nc.direction, caller.from, nc.to, at, comboOf(recs, active, own[i]))
            : routeCall(set, { direction: nc.direction, from: caller.from, to: nc.to, at }, QUIET)),
      );
    if (recs.length === 0) {
      const decisions = decideAt(whole.at, []);
      if (!differing || differs(decisions, moved)) out.push({ class: cls, windows: whole.windows, when: whole.when, decisions });
      continue;
    }
    for (const { decisions, stretches } of stretchesOf(recs, examined, (s, active) =>
      decideAt({ local: windowOf({ from: s, to: s }).start, tz }, active),
    )) {
      if (differing && !differs(decisions, moved)) continue;
      out.push(
        lazy
          ? lazySpan(cls, decisions, stretches, examined)
          : { class: cls, windows: compactWindows(stretches), when: windowWords(stretches, examined), decisions },
      );
    }
  }
}

/**
 * The horizon cut where one of `recs` changes, each stretch decided by `decide` at its start once
 * per combination of matching recurrences, adjacent alike stretches merged, equal outcomes grouped
 * (in order of their first stretch).
 */
function stretchesOf(
  recs: readonly Timerec[],
  examined: Examined,
  decide: (start: number, active: ReadonlySet<number>) => RouteDecision[],
): { decisions: RouteDecision[]; stretches: Stretch[] }[] {
  const { from, to } = examined;
  const tz = examined.horizon.tz;
  const fromLocal = windowOf({ from, to: from }).start;
  // The recurrences matching now, by index: few at a time, so their list is the combination's key.
  const active = new Set<number>();
  const atStart = startAnswers(examined);
  recs.forEach((r, i) => {
    let matches = atStart.get(r);
    if (matches === undefined) atStart.set(r, (matches = timerecMatches(r, fromLocal, tz)));
    if (matches) active.add(i);
  });
  const events = eventsOf(recs, tz, from, to);
  const n = recs.length;
  // A stretch per change point (half a million for one-minute windows over four years): each finds
  // its combination's decisions and group without a string for none or one recurrence matching.
  type Known = { decisions: RouteDecision[]; group: { decisions: RouteDecision[]; stretches: Stretch[] } };
  const memo = new Map<string, Known>();
  const single: (Known | undefined)[] = new Array<Known | undefined>(n);
  let none: Known | undefined;
  const groups = new Map<string, Known['group']>();
  // The sum of the matching recurrences' indexes: the one matching, when one does.
  let sum = 0;
  for (const i of active) sum += i;
  let last: Known['group'] | null = null;
  const known = (s: number): Known => {
    const size = active.size;
    const found = size === 0 ? none : size === 1 ? single[sum] : memo.get(comboKey(active));
    if (found) return found;
    const decisions = decide(s, active);
    const key = decisions.map(decisionKey).join('\u0001');
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { decisions, stretches: [] }));
    const made = { decisions, group };
    if (size === 0) none = made;
    else if (size === 1) single[sum] = made;
    else memo.set(comboKey(active), made);
    return made;
  };
  const stretch = (s: number, end: number): void => {
    const { group } = known(s);
    if (group === last) {
      const prev = group.stretches[group.stretches.length - 1] as Stretch;
      group.stretches[group.stretches.length - 1] = { from: prev.from, to: end };
      return;
    }
    group.stretches.push({ from: s, to: end });
    last = group;
  };
  let start = from;
  // `v % n` and the division of what is left are exact on safe integers.
  const atOf = (v: number): number => (v - (v % n)) / n;
  for (let e = 0; e < events.length;) {
    const at = atOf(events[e] as number);
    stretch(start, at);
    for (; e < events.length && atOf(events[e] as number) === at; e++) {
      const i = (events[e] as number) % n;
      if (active.delete(i)) sum -= i;
      else {
        active.add(i);
        sum += i;
      }
    }
    start = at;
  }
  stretch(start, to);
  return [...groups.values()];
}

/**
 * Each recurrence's answer at the start of a horizon, asked once per analysis: the callers of a
 * class share its recurrences (K LCR callers and their ties each asked their route's again).
 */
const startAnswersOf = new WeakMap<Examined, Map<Timerec, boolean>>();

function startAnswers(examined: Examined): Map<Timerec, boolean> {
  let known = startAnswersOf.get(examined);
  if (!known) startAnswersOf.set(examined, (known = new Map<Timerec, boolean>()));
  return known;
}

/**
 * Every change point of every recurrence as one number, `at × recs + index`, sorted: the events of
 * one-minute windows over four years are half a million, and as objects sorted by a comparator
 * they cost more than deciding the calls. Exact while `to × recs` is a safe integer.
 */
function eventsOf(recs: readonly Timerec[], tz: string, from: number, to: number): Float64Array {
  const n = recs.length;
  if (!Number.isSafeInteger(to * n)) throw new InternalError(`too many recurrences to order their changes: ${n}`);
  const lists = recs.map((r) => changePoints(r, tz, from, to));
  const out = new Float64Array(lists.reduce((k, l) => k + l.length, 0));
  let k = 0;
  lists.forEach((list, i) => {
    for (const p of list) out[k++] = p * n + i;
  });
  return out.sort();
}

function comboKey(active: ReadonlySet<number>): string {
  return [...active].sort((a, b) => a - b).join(',');
}

/** A span whose `windows` and `when` are made on first read (then kept), enumerable as plain fields are. */
function lazySpan(cls: CallClass, decisions: RouteDecision[], stretches: Stretch[], examined: Examined): ClassSpan {
  let windows: ClassSpan['windows'] | undefined;
  let when: string | undefined;
  const span = { class: cls, decisions } as unknown as ClassSpan;
  Object.defineProperties(span, {
    windows: { enumerable: true, get: () => (windows ??= compactWindows(stretches)) },
    when: { enumerable: true, get: () => (when ??= windowWords(stretches, examined)) },
  });
  return span;
}
