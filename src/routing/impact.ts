/**
 * The routing impact of a change of rules: which calls go elsewhere after it (docs/routing-model.md).
 * Pure: the planner gives the live rules and the rules after the plan.
 */
import type { ImpactEntry, RouteDecision } from '../model/routing.js';
import { routeCall } from './match.js';
import { probeIndex, probesOf, type Probe } from './probes.js';
import type { CallTime, RoutingRule, RuleSet } from './types.js';

const QUIET = { explain: false } as const;

/**
 * The probed calls whose decision differs between `before` and `after`, at `at`. Every rule that
 * is created, changed (prefix, priority, time recurrence, gateways, LCR pattern) or deleted, paired
 * by kind and key, is probed in both its versions (see probes.ts); each probe is decided against
 * both sets and kept when the result, the winning rule or its gateway list differs (for ambiguous
 * decisions, the candidates). Each call once, ordered by direction, to, from. Each side is a
 * decision in the `route --format json` shape without its words (`steps: []`): a plan probes
 * thousands of calls, and `dsipform route` explains any one of them.
 */
export function routingImpact(before: RuleSet, after: RuleSet, at: CallTime): ImpactEntry[] {
  const changed = changedRules(before, after);
  if (changed.length === 0) return [];
  const index = probeIndex([before, after]);
  const probes = new Map<string, Probe>();
  for (const rule of changed) for (const p of probesOf(rule, index)) probes.set(`${p.direction}\u0000${p.to}\u0000${p.from}`, p);
  const entries: ImpactEntry[] = [];
  for (const p of [...probes.values()].sort(byCall)) {
    const call = { direction: p.direction, from: p.from, to: p.to, at };
    // Thousands of calls: the decisions leave out their explanation (`dsipform route` gives it).
    const was = routeCall(before, call, QUIET);
    const will = routeCall(after, call, QUIET);
    if (!differs(was, will)) continue;
    // Written out, not spread: tens of thousands of entries in a big plan.
    entries.push(
      p.from !== ''
        ? { direction: p.direction, from: p.from, to: p.to, before: was, after: will }
        : { direction: p.direction, to: p.to, before: was, after: will },
    );
  }
  return entries;
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

function byCall(a: Probe, b: Probe): number {
  return cmp(a.direction, b.direction) || cmp(a.to, b.to) || cmp(a.from, b.from);
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Whether two decisions send a call differently: result, winning rule, gateways, or the candidates of an undefined order and their outcomes. */
function differs(a: RouteDecision, b: RouteDecision): boolean {
  if (a.result !== b.result || a.gwlist !== b.gwlist) return true;
  if (a.rule?.kind !== b.rule?.kind || a.rule?.key !== b.rule?.key) return true;
  if (a.result !== 'ambiguous') return false;
  // The candidates and what each does with the call: one that starts (or stops) failing is a change.
  const keys = (d: RouteDecision) =>
    d.candidates
      .map((c, i) => {
        const o = d.outcomes?.[i];
        return `${c.kind}\u0000${c.key}\u0000${o?.result ?? ''}\u0000${o?.rule?.key ?? ''}\u0000${o?.gwlist ?? ''}`;
      })
      .join('\n');
  return keys(a) !== keys(b);
}
