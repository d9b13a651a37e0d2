/**
 * A caller's horizon cut where one of its recurrences changes, each stretch decided once per
 * combination of matching recurrences (decide-class.ts), alike adjacent stretches merged. Where
 * every recurrence repeats with one period (model/time/repeat-segments.ts), one period is swept
 * and its stretches kept as a pattern repeated (model/time/stretch-runs.ts): one-minute daily
 * windows over four years were some 470,000 stretches built per caller, one day's now per stretch
 * between two clock changes. The result is the day-by-day sweep's, written shorter: the same
 * groups, in the same order, each decided at the same moment, standing for the same stretches.
 * Pure.
 */
import { InternalError } from '../model/errors.js';
import type { RouteDecision } from '../model/routing.js';
import type { StretchPiece } from '../model/time/stretch-runs.js';
import type { Timerec } from '../model/time/timerec.js';
import type { Examined } from '../model/time/windows.js';
import { commonPeriod } from '../model/time/repeat-segments.js';
import { timelineOf, type TimedSegment, type Timeline } from './combination-timeline.js';
import { flatStretchesOf } from './flat-sweep.js';

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

/** The sets' decisions of a call as one key: equal keys, one outcome. */
function outcomeKey(decisions: readonly RouteDecision[]): string {
  return decisions.map(decisionKey).join('\u0001');
}

/**
 * Whether two decisions have one {@link decisionKey}, read field by field: a caller's few
 * combinations are compared with its few outcomes, not each written as text (4,000 LCR callers
 * with a daily window each wrote two keys each, for two outcomes that differ by their rule).
 */
export function sameDecision(a: RouteDecision, b: RouteDecision): boolean {
  if (a === b) return true;
  if (a.result !== b.result || (a.gwlist ?? '') !== (b.gwlist ?? '')) return false;
  if ((a.rule?.kind ?? '') !== (b.rule?.kind ?? '') || (a.rule?.key ?? '') !== (b.rule?.key ?? '')) return false;
  if (a.result !== 'ambiguous') return true;
  if (a.candidates.length !== b.candidates.length) return false;
  for (let i = 0; i < a.candidates.length; i++) {
    const ca = a.candidates[i] as RouteDecision['candidates'][number];
    const cb = b.candidates[i] as RouteDecision['candidates'][number];
    const oa = a.outcomes?.[i];
    const ob = b.outcomes?.[i];
    if (ca.kind !== cb.kind || ca.key !== cb.key || (oa?.result ?? '') !== (ob?.result ?? '')) return false;
    if ((oa?.rule?.key ?? '') !== (ob?.rule?.key ?? '') || (oa?.gwlist ?? '') !== (ob?.gwlist ?? '')) return false;
  }
  return true;
}

/** Whether the sets' decisions of two calls are one outcome: {@link outcomeKey} equal, read field by field. */
function sameOutcome(a: readonly RouteDecision[], b: readonly RouteDecision[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!sameDecision(a[i] as RouteDecision, b[i] as RouteDecision)) return false;
  return true;
}

/** The sets' decisions of a call at `start`, where the recurrences matching are `active` (indexes into the sweep's `recs`). */
export type Decide = (start: number, active: Iterable<number>) => RouteDecision[];

/** One outcome over the horizon: its decisions and the stretches (as pieces) where the caller gets them. */
export interface SweptGroup {
  readonly decisions: RouteDecision[];
  readonly stretches: StretchPiece[];
}

/**
 * The horizon cut where one of `recs` changes, each stretch decided by `decide` at its start once
 * per combination of matching recurrences (told them, by index into `recs`: decision-memo.ts keys a
 * set's decision by its own), adjacent alike stretches merged, equal outcomes grouped (in order of
 * their first stretch).
 */
export function stretchesOf(recs: readonly Timerec[], examined: Examined, decide: Decide): SweptGroup[] {
  // Nothing to repeat: swept change point by change point, without the timeline's ids.
  if (commonPeriod(recs, examined.from, examined.to) === null) return flatStretchesOf(recs, examined, decide, sameOutcome);
  const timeline = timelineOf(recs, examined);
  const groups = new Outcomes(decide, timeline.members);
  // Each combination decided in the order the sweep meets it: which outcome each one has says
  // every stretch, so a timeline swept before with the same outcomes is not swept again.
  const shape = outcomeShape(timeline, examined.from, groups);
  let byShape = swept.get(timeline);
  if (!byShape) swept.set(timeline, (byShape = new Map<string, readonly StretchPiece[][]>()));
  const known = byShape.get(shape);
  if (known) return groups.all().map((g, i) => ({ decisions: g.decisions, stretches: [...(known[i] as StretchPiece[])] }));
  const out = new Emitter();
  for (const seg of timeline.segments) {
    if (seg.lo === examined.from) out.moveTo(seg.lo, groups.of(seg.entering, seg.lo));
    if (seg.period !== undefined) repeatPeriod(seg, seg.period, groups, out);
    else seg.at.forEach((at, k) => out.moveTo(at, groups.of(seg.combo[k] as number, at)));
  }
  out.close(examined.to);
  byShape.set(
    shape,
    groups.all().map((g) => [...g.stretches]),
  );
  return groups.all();
}

/**
 * A timeline's sweeps, by the shape of their outcomes: the classes and tables that meet the same
 * recurrences (the built-ins' `1` and the invariants' `1900`, the office hours' screen of `1`)
 * group the combinations alike whenever their other sets decide them alike at every moment, and
 * got the same stretches from a sweep each (issue 36 §2: three sweeps of 160 one-minute windows
 * over four years). Kept with the timeline (combination-timeline.ts keeps a bounded few).
 */
const swept = new WeakMap<Timeline, Map<string, readonly StretchPiece[][]>>();

/**
 * The outcome (its group's number, in order of first meeting) of each combination, in the order
 * the sweep meets them (at the horizon's start, then at each moment of each segment, a repeating
 * one's first period included), each decided there and then as the sweep would.
 */
function outcomeShape(timeline: Timeline, from: number, groups: Outcomes): string {
  const seen = new Set<number>();
  const numbers = new Map<SweptGroup, number>();
  const shape: number[] = [];
  const meet = (combo: number, at: number): void => {
    if (seen.has(combo)) return;
    seen.add(combo);
    const group = groups.of(combo, at);
    let n = numbers.get(group);
    if (n === undefined) numbers.set(group, (n = numbers.size));
    shape.push(n);
  };
  for (const seg of timeline.segments) {
    if (seg.lo === from) meet(seg.entering, seg.lo);
    seg.at.forEach((at, k) => meet(seg.combo[k] as number, at));
  }
  return shape.join(',');
}

/**
 * A segment whose combinations repeat with `period`: the group changes within (lo, lo + period]
 * are those of every later period moved on (see model/time/repeat-segments.ts), so each outcome's
 * stretches are one period's pattern repeated up to the last change before `hi`, whose stretch
 * stays open.
 */
function repeatPeriod(seg: TimedSegment, period: number, groups: Outcomes, out: Emitter): void {
  const { lo, hi } = seg;
  const changes: { at: number; group: SweptGroup }[] = [];
  let current = out.current();
  seg.at.forEach((at, k) => {
    const group = groups.of(seg.combo[k] as number, at);
    if (at === lo) out.moveTo(at, group);
    else if (group !== current) changes.push({ at, group });
    current = group;
  });
  if (changes.length === 0) return;
  // One change a period cannot repeat: the stretch before it would be the stretch after it.
  if (changes.length === 1) throw new InternalError('a repeating stretch of time changed once in its period');
  // The last change before hi: the latest start of each change's copies.
  let last = changes[0] as { at: number; group: SweptGroup };
  let lastAt = -Infinity;
  for (const c of changes) {
    const at = c.at + Math.floor((hi - 1 - c.at) / period) * period;
    if (at > lastAt) [last, lastAt] = [c, at];
  }
  const first = (changes[0] as { at: number }).at;
  out.close(first);
  const patterns = new Map<SweptGroup, { from: number; to: number }[]>();
  changes.forEach((c, i) => {
    const end = i + 1 < changes.length ? (changes[i + 1] as { at: number }).at : first + period;
    const list = patterns.get(c.group) ?? [];
    if (list.length === 0) patterns.set(c.group, list);
    list.push({ from: c.at, to: end });
  });
  for (const [group, pattern] of patterns)
    if ((pattern[0] as { from: number }).from < lastAt) group.stretches.push({ pattern, every: period, limit: lastAt });
  out.open(lastAt, last.group);
}

/** The stretch being written: extended while the group stays, closed into its group's pieces when it changes. */
class Emitter {
  #from = 0;
  #group: SweptGroup | null = null;

  current(): SweptGroup | null {
    return this.#group;
  }

  /** The group from `at` on: a new stretch if it differs from the open one's. */
  moveTo(at: number, group: SweptGroup): void {
    if (group === this.#group) return;
    this.close(at);
    this.open(at, group);
  }

  open(at: number, group: SweptGroup): void {
    this.#from = at;
    this.#group = group;
  }

  close(at: number): void {
    if (this.#group !== null && at > this.#from) this.#group.stretches.push({ from: this.#from, to: at });
    this.#group = null;
  }
}

/** The outcome of each combination met, decided at the first moment it is met; equal outcomes one group. */
class Outcomes {
  readonly #ofCombo: (SweptGroup | undefined)[] = [];
  readonly #byKey = new Map<string, SweptGroup>();

  constructor(
    private readonly decide: Decide,
    private readonly members: Timeline['members'],
  ) {}

  of(combo: number, at: number): SweptGroup {
    const known = this.#ofCombo[combo];
    if (known) return known;
    const decisions = this.decide(at, this.members(combo));
    const key = outcomeKey(decisions);
    let group = this.#byKey.get(key);
    if (!group) this.#byKey.set(key, (group = { decisions, stretches: [] }));
    this.#ofCombo[combo] = group;
    return group;
  }

  all(): SweptGroup[] {
    return [...this.#byKey.values()];
  }
}
