/**
 * The routing impact of a change of rules: every class of calls that goes elsewhere after it, and
 * when (docs/routing-model.md "Classes of calls and time windows"). Exact: the classes of numbers,
 * callers and time a changed rule can reach are each decided by the simulation (classes.ts). Pure:
 * the planner gives the live rules and the rules after the plan.
 */
import type { Horizon, ImpactEntry } from '../model/routing.js';
import { classSpans, type ClassSpan } from './classes.js';
import { directionOf } from './number-classes.js';
import { lcrTo } from './callers.js';
import { movedLists } from './moved-lists.js';
import type { CallTime, Direction, RoutingRule, RuleSet } from './types.js';

/** The impact of a change of rules: the time examined and the classes whose outcome changes. */
export interface RoutingImpact {
  readonly horizon: Horizon;
  readonly entries: ImpactEntry[];
}

/**
 * The classes of calls whose decision differs between `before` and `after`, over one full period
 * of every time recurrence involved from the start of the day holding `at` (or at `at` alone when
 * `pinned`, as `plan --at` asks). Only the classes a changed rule can reach are decided: every rule
 * created, changed (prefix, priority, time recurrence, gateways, LCR pattern) or deleted, paired
 * by kind and key, and every rule sending to an endpoint group whose endpoints change (moved-lists.ts), reaches the numbers starting with its prefix (and its LCR To-part), in both its
 * versions: a longer prefix's rules back off to shorter ones when their time does not match, so a
 * class below the prefix can change too. A class is kept, in the windows where it differs, when the
 * result, the winning rule or its gateway list differs (for ambiguous decisions, the candidates and
 * their outcomes). Ordered by direction, prefix, From, then time. Each side is a decision in the
 * `route --format json` shape without its words (`steps: []`): `dsipform route` explains any one.
 */
export function routingImpact(before: RuleSet, after: RuleSet, at: CallTime, options: { pinned?: boolean } = {}): RoutingImpact {
  // A rule left alone whose endpoint group's endpoints change sends its calls elsewhere too.
  const moved = movedLists(before, after);
  const changed = changedRules(before, after);
  if (moved.size > 0) for (const r of [...before.rules, ...after.rules]) if (moved.has(r.gwlist)) changed.push(r);
  const reach: Record<Direction, Set<string>> = { inbound: new Set(), outbound: new Set() };
  for (const rule of changed) {
    const direction = directionOf(rule);
    reach[direction].add(rule.prefix);
    if (rule.lcr_pattern !== undefined) reach[direction].add(lcrTo(rule.lcr_pattern));
  }
  const directions = (['inbound', 'outbound'] as const).filter((d) => reach[d].size > 0);
  // One horizon for both directions: the recurrences of both count.
  const { horizon, spans } = classSpans([before, after], at, {
    directions,
    reach,
    pinned: options.pinned === true,
    differing: true,
    moved,
  });
  return { horizon, entries: spans.map(entryOf) };
}

/** A span of two decisions as an impact entry (written out: a big plan has thousands). */
function entryOf(span: ClassSpan): ImpactEntry {
  const c = span.class;
  const [was, will] = span.decisions as [ImpactEntry['before'], ImpactEntry['after']];
  const { direction, prefix, except, from_parts, from, to } = c;
  const { when, windows } = span;
  if (c.from_holds) {
    const left = c.from_except ? { from_except: c.from_except } : {};
    return { direction, prefix, except, from_parts, from_holds: c.from_holds, ...left, from, to, when, windows, before: was, after: will };
  }
  return from !== ''
    ? { direction, prefix, except, from_parts, from, to, when, windows, before: was, after: will }
    : { direction, prefix, except, from_parts, to, when, windows, before: was, after: will };
}

/** The rules (every version) whose kind and key pair up differently in the two sets. */
function changedRules(before: RuleSet, after: RuleSet): RoutingRule[] {
  const was = byIdentity(before.rules);
  const will = byIdentity(after.rules);
  const changed: RoutingRule[] = [];
  for (const kind of ['inbound_mapping', 'outbound_route'] as const) {
    const a = was[kind];
    const b = will[kind];
    for (const [key, rules] of a) if (!sameRules(rules, b.get(key))) changed.push(...listOf(rules));
    for (const [key, rules] of b) if (!sameRules(rules, a.get(key))) changed.push(...listOf(rules));
  }
  return changed;
}

type Entry = RoutingRule | RoutingRule[];

/** The rules of each kind by key: one rule, or the list when several share a key. */
function byIdentity(rules: readonly RoutingRule[]): Record<RoutingRule['kind'], Map<string, Entry>> {
  const maps = { inbound_mapping: new Map<string, Entry>(), outbound_route: new Map<string, Entry>() };
  for (const r of rules) {
    const map = maps[r.kind];
    const had = map.get(r.key);
    if (had === undefined) map.set(r.key, r);
    else if (Array.isArray(had)) had.push(r);
    else map.set(r.key, [had, r]);
  }
  return maps;
}

function listOf(entry: Entry): RoutingRule[] {
  return Array.isArray(entry) ? entry : [entry];
}

/**
 * Whether two versions of one identity route alike: the same prefix, priority, time recurrence,
 * gateways and LCR pattern. Not the group (an LCR route not created yet has a stand-in one), nor
 * the ids or origin.
 */
function sameRules(a: Entry, b: Entry | undefined): boolean {
  if (b === undefined) return false;
  if (!Array.isArray(a) && !Array.isArray(b)) return sameRule(a, b);
  return signature(listOf(a)) === signature(listOf(b));
}

function sameRule(a: RoutingRule, b: RoutingRule): boolean {
  return (
    a.prefix === b.prefix &&
    a.priority === b.priority &&
    a.timerec === b.timerec &&
    a.gwlist === b.gwlist &&
    a.lcr_pattern === b.lcr_pattern
  );
}

function signature(rules: readonly RoutingRule[]): string {
  return rules
    .map((r) => JSON.stringify([r.prefix, r.priority, r.timerec, r.gwlist, r.lcr_pattern ?? null]))
    .sort()
    .join('\n');
}
