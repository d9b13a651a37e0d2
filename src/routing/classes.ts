/**
 * Exact classes of calls (docs/routing-model.md "Classes of calls and time windows"): the numbers,
 * callers and moments that one or more rule sets route alike, each decided by the simulation
 * (match.ts `routeCall`) on one representative call, never by a second decision procedure. Number
 * classes come from the rule prefixes (a class is a prefix minus its longer prefixes holding rules:
 * every number in it meets the same rules, so the prefix itself stands for it), caller classes from
 * the LCR From parts that can meet the number (callers.ts), time windows from the recurrences of the
 * rules a class can meet (windows.ts). Pure.
 */
import { parseTimerec, type Timerec } from '../model/timerec.js';
import type { Direction, RouteDecision } from '../model/routing.js';
import { callerClasses, lcrIndex, lcrTo, type Caller, type LcrIndex } from './callers.js';
import { routeCall } from './match.js';
import type { CallTime, RoutingRule, RuleSet } from './types.js';
import {
  changePoints,
  horizonFor,
  instantHorizon,
  windowOf,
  windowWords,
  type Examined,
  type Horizon,
  type Stretch,
  type TimeWindow,
} from './windows.js';

export type { Horizon, TimeWindow } from './windows.js';

/** A class of calls the given rule sets route alike: digit numbers starting with `prefix` and with none of `except`, from a caller holding exactly `from_parts`. */
export interface CallClass {
  readonly direction: Direction;
  /** `''`: the numbers no rule prefix matches. */
  readonly prefix: string;
  /** The longer prefixes left out (those directly below `prefix`, sorted). */
  readonly except: readonly string[];
  /** A representative number of the class. */
  readonly to: string;
  /** A representative From (`''`: none of the LCR From parts). */
  readonly from: string;
  /** The LCR From parts the class's callers match (sorted; a From part `''` matches every caller and is not listed). */
  readonly from_parts: readonly string[];
}

/** One class and one stretch of time in which every set decides it alike; `decisions[i]` is `sets[i]`'s. */
export interface ClassSpan {
  readonly class: CallClass;
  readonly windows: readonly TimeWindow[];
  /** The windows in words: `always`, `Mon–Fri 18:00–24:00 America/New_York`. */
  readonly when: string;
  readonly decisions: readonly RouteDecision[];
}

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
}

const QUIET = { explain: false } as const;

/** The direction a rule routes. */
export function directionOf(rule: Pick<RoutingRule, 'kind'>): Direction {
  return rule.kind === 'inbound_mapping' ? 'inbound' : 'outbound';
}
const DIAL = /^[0-9*#+]*$/;
const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

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
  return classSpans([before, after], start, { ...options, differing: true });
}

/** A number class before its callers and times: its prefix, the rules it can meet, its recurrences. */
interface NumberClass {
  readonly direction: Direction;
  readonly prefix: string;
  readonly except: readonly string[];
  readonly to: string;
  readonly recs: readonly Timerec[];
  readonly callers: readonly Caller[];
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
  const directions: readonly Direction[] = options.directions ?? (options.direction ? [options.direction] : ['inbound', 'outbound']);
  const classes: NumberClass[] = [];
  for (const direction of directions) classes.push(...numberClasses(sets, direction, options.reach?.[direction]));
  const examined = options.pinned ? instantHorizon(start.local, start.tz) : horizonFor(uniqueRecs(classes), start.local, start.tz);
  const spans: ClassSpan[] = [];
  for (const nc of classes) spans.push(...decideClass(sets, nc, examined, options.differing === true));
  return { horizon: examined.horizon, spans };
}

function uniqueRecs(classes: readonly NumberClass[]): Timerec[] {
  const out = new Set<Timerec>();
  for (const c of classes) for (const r of c.recs) out.add(r);
  return [...out];
}

/** Rules of one direction of every set by prefix, and the prefixes. */
function rulesByPrefix(sets: readonly RuleSet[], direction: Direction): Map<string, RoutingRule[]> {
  const map = new Map<string, RoutingRule[]>();
  for (const set of sets)
    for (const rule of set.rules) {
      if (directionOf(rule) !== direction || !DIAL.test(rule.prefix)) continue;
      const list = map.get(rule.prefix);
      if (list) list.push(rule);
      else map.set(rule.prefix, [rule]);
    }
  if (direction === 'outbound')
    for (const set of sets)
      for (const r of set.lcr) {
        const to = lcrTo(r.pattern);
        if (DIAL.test(to) && !map.has(to)) map.set(to, []);
      }
  return map;
}

/** Whether `text` or one of its prefixes is in `reach`. */
function reached(text: string, reach: ReadonlySet<string> | undefined): boolean {
  if (reach === undefined) return true;
  for (let k = 0; k <= text.length; k++) if (reach.has(text.slice(0, k))) return true;
  return false;
}

/** The number classes of one direction: every rule prefix (the shortest-first tree gives each its children), and the numbers none matches. */
function numberClasses(sets: readonly RuleSet[], direction: Direction, reach: ReadonlySet<string> | undefined): NumberClass[] {
  const byPrefix = rulesByPrefix(sets, direction);
  const lcr: LcrIndex | null = direction === 'outbound' ? lcrIndex(sets) : null;
  const prefixes = [...byPrefix.keys()].filter((p) => p !== '').sort();
  const children = new Map<string, string[]>([['', []]]);
  const stack: string[] = [];
  for (const p of prefixes) {
    while (stack.length > 0 && !p.startsWith(stack[stack.length - 1] as string)) stack.pop();
    const parent = stack[stack.length - 1] ?? '';
    children.get(parent)?.push(p);
    children.set(p, []);
    stack.push(p);
  }
  const recsMemo = new Map<string, Timerec | null>();
  const recOf = (text: string): Timerec | null => {
    let r = recsMemo.get(text);
    if (r === undefined) {
      const parsed = parseTimerec(text);
      recsMemo.set(text, (r = 'value' in parsed ? parsed.value : null));
    }
    return r;
  };
  const out: NumberClass[] = [];
  const make = (prefix: string, to: string): void => {
    const met: RoutingRule[] = [];
    for (let k = 0; k <= prefix.length; k++) met.push(...(byPrefix.get(prefix.slice(0, k)) ?? []));
    const recs = new Set<Timerec>();
    for (const r of met) {
      const rec = r.timerec === '' ? null : recOf(r.timerec);
      if (rec) recs.add(rec);
    }
    const callers = lcr !== null ? callerClasses(lcr, to) : [{ from: '', from_parts: [] }];
    out.push({ direction, prefix, except: children.get(prefix) ?? [], to, recs: [...recs], callers });
  };
  if (reach === undefined || reach.has('')) {
    const none = unmatched(prefixes);
    if (none !== null) make('', none);
  }
  for (const p of prefixes) if (reached(p, reach)) make(p, p);
  return out;
}

/** Whether some prefix in the sorted list begins with `text`. */
function continued(sorted: readonly string[], text: string): boolean {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as string) < text) lo = mid + 1;
    else hi = mid;
  }
  return lo < sorted.length && (sorted[lo] as string).startsWith(text);
}

/**
 * The shortest digit string that no prefix begins and that begins with none (breadth first over
 * the prefixes' own stems, so it ends), or `null` when every digit number starts with a prefix.
 */
function unmatched(sorted: readonly string[]): string | null {
  const set = new Set(sorted);
  let level = [''];
  while (level.length > 0) {
    const next: string[] = [];
    for (const stem of level)
      for (const d of DIGITS) {
        const s = stem + d;
        if (!continued(sorted, s)) return s;
        if (!set.has(s)) next.push(s);
      }
    level = next;
  }
  return null;
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

/** The wall seconds at which a class's decisions may change: the horizon's start and its recurrences' change points. */
function segmentStarts(recs: readonly Timerec[], examined: Examined): number[] {
  const { from, to, horizon } = examined;
  if (examined.naming === 'instant' || recs.length === 0) return [from];
  const points = new Set<number>([from]);
  for (const rec of recs) for (const p of changePoints(rec, horizon.tz, from, to)) points.add(p);
  return [...points].sort((a, b) => a - b);
}

/** Each caller of a number class decided by every set at each segment, adjacent alike segments merged, equal outcomes grouped. */
function decideClass(sets: readonly RuleSet[], nc: NumberClass, examined: Examined, differing: boolean): ClassSpan[] {
  const starts = segmentStarts(nc.recs, examined);
  const tz = examined.horizon.tz;
  const locals = starts.map((s) => windowOf({ from: s, to: s }).start);
  const out: ClassSpan[] = [];
  for (const caller of nc.callers) {
    const groups = new Map<string, { decisions: RouteDecision[]; stretches: Stretch[] }>();
    let lastKey = '';
    let last: Stretch[] | null = null;
    starts.forEach((s, i) => {
      const at = { local: locals[i] as string, tz };
      const decisions = sets.map((set) => routeCall(set, { direction: nc.direction, from: caller.from, to: nc.to, at }, QUIET));
      const key = decisions.map(decisionKey).join('\u0001');
      const end = starts[i + 1] ?? examined.to;
      if (key === lastKey && last !== null) {
        const prev = last[last.length - 1] as Stretch;
        last[last.length - 1] = { from: prev.from, to: end };
        return;
      }
      let group = groups.get(key);
      if (!group) groups.set(key, (group = { decisions, stretches: [] }));
      group.stretches.push({ from: s, to: end });
      lastKey = key;
      last = group.stretches;
    });
    const cls: CallClass = {
      direction: nc.direction,
      prefix: nc.prefix,
      except: nc.except,
      to: nc.to,
      from: caller.from,
      from_parts: caller.from_parts,
    };
    for (const { decisions, stretches } of groups.values()) {
      if (differing && !differs(decisions)) continue;
      out.push({ class: cls, windows: stretches.map(windowOf), when: windowWords(stretches, examined), decisions });
    }
  }
  return out;
}

/** Whether the sets' decisions differ. */
function differs(decisions: readonly RouteDecision[]): boolean {
  const first = decisions[0];
  if (first === undefined) return false;
  const key = decisionKey(first);
  return decisions.some((d) => decisionKey(d) !== key);
}
