/**
 * Routing lints (issue 16 point 3): rules the proxy drops (errors) and rules it routes by chance or
 * never uses (warnings). One finding per rule or per pair of rules, never per call. Pure.
 */
import { timerecWarning } from '../model/time/timerec.js';
import { lcrEntries, lcrPartners, type LcrEntry } from './lcr-ties.js';
import { lcrTakesSimpleFindings } from './lcr-takes-simple.js';
import { lcrTie, timesMayOverlap } from './overlap.js';
import type { ReadRecurrence } from './load.js';
import { preparedRules } from './prepared.js';
import { byProxyPriority, proxyPriority } from './priority.js';
import { timerecQuirks } from '../model/time/timerec-quirks.js';
import { INBOUND_GROUP, OUTBOUND_GROUP, type RoutingFinding, type RoutingRule, type RuleSet } from './types.js';
import { ruleName } from './words.js';

/** Which rule kinds the files manage (a missing catch-all is only worth a warning then). */
export interface ManagedKinds {
  readonly inbound: boolean;
  readonly outbound: boolean;
}

/** `route "A"`, with its place in the files when it has one, or `(live)`. */
function named(rule: RoutingRule): string {
  const where = rule.origin ? ` (${rule.origin.file}:${rule.origin.line}:${rule.origin.col})` : rule.ruleid !== undefined ? ' (live)' : '';
  return `${ruleName(rule)}${where}`;
}

function about(rule: RoutingRule): Pick<RoutingFinding, 'key' | 'kind' | 'origin'> {
  return { key: rule.key, kind: rule.kind, ...(rule.origin ? { origin: rule.origin } : {}) };
}

/** Of two rules, the one a finding is placed at: one from the files, the later one when both are. */
function placedAt(a: RoutingRule, b: RoutingRule): [RoutingRule, RoutingRule] {
  if (b.origin || !a.origin) return [b, a];
  return [a, b];
}

/** The kept rules of each group, by prefix, in set order (lists in the order first seen; a map per group: no key string per rule). */
function byGroupAndPrefix(rules: readonly RoutingRule[]): RoutingRule[][] {
  const groups = new Map<number, Map<string, RoutingRule[]>>();
  const lists: RoutingRule[][] = [];
  for (const rule of rules) {
    let byPrefix = groups.get(rule.groupid);
    if (!byPrefix) groups.set(rule.groupid, (byPrefix = new Map<string, RoutingRule[]>()));
    const list = byPrefix.get(rule.prefix);
    if (list) list.push(rule);
    else {
      const fresh = [rule];
      byPrefix.set(rule.prefix, fresh);
      lists.push(fresh);
    }
  }
  return lists;
}

/**
 * The rules of one group and prefix that can tie: the same priority, and time recurrences that may
 * overlap (a rule with none overlaps every other). Two that tie: one warning naming both. More:
 * one warning per priority naming each once, so 500 routes on one prefix and priority are one
 * warning, not 124,750.
 */
function ambiguousFindings(list: readonly RoutingRule[]): RoutingFinding[] {
  const byPriority = new Map<number, RoutingRule[]>();
  for (const rule of list) {
    const same = byPriority.get(rule.priority);
    if (same) same.push(rule);
    else byPriority.set(rule.priority, [rule]);
  }
  const out: RoutingFinding[] = [];
  for (const [priority, rules] of byPriority) {
    if (rules.length < 2) continue;
    // A rule without a time recurrence overlaps every other, so all of them tie (no pair to look at).
    const tying = rules.some((r) => r.timerec === '')
      ? rules
      : rules.filter((r, i) => rules.some((o, j) => j !== i && timesMayOverlap(r.timerec, o.timerec)));
    if (tying.length < 2) continue;
    const prefix = tying[0]!.prefix === '' ? 'no prefix' : `prefix "${tying[0]!.prefix}"`;
    const untimed = tying.every((r) => r.timerec === '');
    if (tying.length === 2) {
      const [here, other] = placedAt(tying[0]!, tying[1]!);
      out.push({
        severity: 'warning',
        code: 'ambiguous_rules',
        message: `${ruleName(here)} and ${named(other)} share ${prefix} and priority ${priority}, and ${untimed ? 'neither has a time recurrence' : 'their time recurrences can overlap'}: the proxy picks one in an undefined order`,
        hint: 'give one of them a higher priority, or time recurrences that do not overlap',
        keys: [here.key, other.key],
        ...about(here),
      });
      continue;
    }
    const here = [...tying].reverse().find((r) => r.origin) ?? tying[tying.length - 1]!;
    out.push({
      severity: 'warning',
      code: 'ambiguous_rules',
      message: `${tying.length} rules share ${prefix} and priority ${priority}, and ${untimed ? 'none has a time recurrence' : 'their time recurrences can overlap'}: where two of them match, the proxy picks one in an undefined order. The rules: ${tying.map(ruleName).join(', ')}`,
      hint: 'give each a priority of its own, or time recurrences that do not overlap',
      keys: tying.map((r) => r.key),
      ...about(here),
    });
  }
  return out;
}

function samePrefixFindings(rules: readonly RoutingRule[]): RoutingFinding[] {
  const out: RoutingFinding[] = [];
  for (const list of byGroupAndPrefix(rules)) {
    // One rule alone is neither ambiguous nor shadowed.
    if (list.length < 2) continue;
    for (const f of ambiguousFindings(list)) out.push(f);
    // Ranked as the proxy ranks them: unsigned, so a negative priority is the highest.
    const shadower = list.filter((r) => r.timerec === '').sort(byProxyPriority)[0];
    if (!shadower) continue;
    for (const rule of list) {
      if (proxyPriority(rule.priority) >= proxyPriority(shadower.priority)) continue;
      out.push({
        severity: 'warning',
        code: 'shadowed',
        message: `${ruleName(rule)} never routes a call: ${named(shadower)} has the same ${rule.prefix === '' ? 'empty prefix' : `prefix "${rule.prefix}"`}, ${higher(shadower.priority, rule.priority)} and no time recurrence`,
        hint: `give ${ruleName(rule)} a higher priority than ${shadower.priority}, give ${ruleName(shadower)} a time recurrence, or remove one of them`,
        ...about(rule),
      });
    }
  }
  return out;
}

/** `a higher priority (10 > 1)`, saying how the proxy reads a negative one. */
function higher(winner: number, loser: number): string {
  if (winner >= 0 && loser >= 0) return `a higher priority (${winner} > ${loser})`;
  const read = (p: number): string => (p < 0 ? `${p} read as ${proxyPriority(p)}` : String(p));
  return `a higher priority as the proxy reads it (${read(winner)}, above ${read(loser)})`;
}

/**
 * A rule with a negative priority: the API stores it, but the proxy holds priority unsigned, so
 * the rule ranks above every rule of priority 0 or more (the opposite of what a negative number suggests).
 */
function negativePriorityFindings(rules: readonly RoutingRule[]): RoutingFinding[] {
  return rules
    .filter((r) => r.priority < 0)
    .map((rule) => ({
      severity: 'warning',
      code: 'negative_priority',
      message: `${ruleName(rule)} has priority ${rule.priority}: the proxy holds priority unsigned and reads it as ${proxyPriority(rule.priority)}, so this ${rule.kind === 'inbound_mapping' ? 'mapping' : 'route'} ranks above every ${rule.kind === 'inbound_mapping' ? 'mapping' : 'route'} of priority 0 or more`,
      hint: 'use a priority of 0 or more: a higher number ranks first',
      ...about(rule),
    }));
}

/**
 * A rule whose time recurrence has a duration the proxy reads as 0 (a bare day count such as `1D`,
 * which it takes only after `P`): it keeps the rule, which then matches at every moment from
 * dtstart on. Loud, since the rule looks limited in time and is not.
 */
function zeroDurationFindings(rules: readonly RoutingRule[]): RoutingFinding[] {
  const out: RoutingFinding[] = [];
  for (const rule of rules) {
    const warning = rule.timerec === '' ? null : timerecWarning(rule.timerec);
    if (warning === null) continue;
    out.push({
      severity: 'warning',
      code: 'zero_duration',
      message: `${ruleName(rule)}: ${warning}`,
      hint: 'write the duration as the proxy reads it: P1D for one day, P2W for two weeks, PT8H or 8H for eight hours',
      ...about(rule),
    });
  }
  return out;
}

/**
 * A rule whose time recurrence has by-fields the proxy reads other than they say (model/time/timerec-quirks.ts:
 * bymonth 2 is March, byday SA under monthly never matches): the rule routes at other times than
 * the file suggests, silently. One finding per quirk, each saying what the proxy will do.
 */
function timerecQuirkFindings(rules: readonly RoutingRule[], recurrences: ReadonlyMap<string, ReadRecurrence>): RoutingFinding[] {
  const out: RoutingFinding[] = [];
  // Thousands of rules share a few recurrences: the quirks of each text are found once.
  const quirksOf = new Map<string, ReturnType<typeof timerecQuirks>>();
  for (const rule of rules) {
    if (rule.timerec === '') continue;
    let quirks = quirksOf.get(rule.timerec);
    if (quirks === undefined) {
      // A kept rule's recurrence was parsed by the loader (prepared.ts): read, not parsed again.
      const parsed = recurrences.get(rule.timerec)?.parsed;
      quirks = parsed ? timerecQuirks(parsed, rule.timerec) : [];
      quirksOf.set(rule.timerec, quirks);
    }
    for (const quirk of quirks) {
      out.push({
        severity: 'warning',
        code: quirk.code,
        message: `${ruleName(rule)}: timerec "${rule.timerec}": ${quirk.message}`,
        hint: quirk.hint,
        ...about(rule),
      });
    }
  }
  return out;
}

/** The criterion of a tie, in the words of every `ambiguous_lcr` warning. */
const CALLERS_MEET = 'one caller can match (a From of at most 15 digits, a leading + allowed, can hold both From-prefixes)';

/** `route "A" (LCR "1555-44")`. */
function lcrNamed(e: LcrEntry): string {
  return `${ruleName(e.rule)} (LCR "${e.rule.lcr_pattern ?? e.record.pattern}")`;
}

/**
 * Two LCR patterns of one length in two groups that one caller can match (lcr-ties.ts): one
 * warning per prefix, naming every route there that can tie (each route is named once, so the
 * output grows with the routes, not with the pairs), with one tie shown as a call both match. A
 * route that ties only with routes on a shorter prefix is named at that prefix.
 */
function lcrFindings(set: RuleSet, kept: readonly RoutingRule[]): RoutingFinding[] {
  const ruleOf = new Map(kept.filter((r) => r.lcr_pattern !== undefined).map((r) => [r.key, r]));
  const partner = lcrPartners(lcrEntries(set.lcr, ruleOf));
  // prefix (the shorter To-prefix of a route and its partner) -> the routes named there, in record order.
  const byPrefix = new Map<string, LcrEntry[]>();
  for (const [e, p] of partner) {
    const at = p.to.length < e.to.length ? p.to : e.to;
    const list = byPrefix.get(at);
    if (list) list.push(e);
    else byPrefix.set(at, [e]);
  }
  const out: RoutingFinding[] = [];
  for (const [prefix, list] of byPrefix) {
    list.sort((x, y) => x.order - y.order);
    const first = list[0]!;
    const other = partner.get(first)!;
    // Placed at the last route of the files (the later of a pair), as the pair lints are.
    const here = [...list].reverse().find((e) => e.rule.origin) ?? list[list.length - 1]!;
    const call = lcrTie(first.record.pattern, other.record.pattern);
    const same = first.record.pattern === other.record.pattern;
    const example = call ? `a call from ${call.from} to ${call.to}… matches both` : 'both match one call';
    const pairOnly = list.length === 2 && list.includes(other);
    const [a, b] = pairOnly ? [here, list.find((e) => e !== here)!] : [first, other];
    const message = pairOnly
      ? `${lcrNamed(a)} and ${lcrNamed(b)}${b.rule.origin ? ` (${b.rule.origin.file}:${b.rule.origin.line}:${b.rule.origin.col})` : ''} ${same ? 'have the same LCR pattern' : `have LCR patterns of the same length that ${CALLERS_MEET}; ${example}`}: the proxy picks one in hash-table order`
      : `${list.length} LCR routes on prefix "${prefix}" can each tie with another LCR route whose pattern has the same length and that ${CALLERS_MEET}: the proxy picks one in hash-table order. For example ${lcrNamed(a)} and ${lcrNamed(b)}: ${same ? 'the same pattern' : example}. The routes: ${list.map((e) => JSON.stringify(e.rule.key)).join(', ')}`;
    out.push({
      severity: 'warning',
      code: 'ambiguous_lcr',
      message,
      hint:
        same && pairOnly
          ? 'merge the two routes, or change the from_prefix or prefix of one'
          : 'make one pattern longer (a longer from_prefix or prefix) so that it wins where both match, or acknowledge the ties in policy.accept (lint: ambiguous_lcr, route: a glob naming these routes)',
      keys: list.map((e) => e.rule.key),
      ...about(here.rule),
    });
  }
  return out;
}

/** Where a catch-all finding is placed: the first rule of that kind from the files, if any. */
function firstOrigin(rules: readonly RoutingRule[], kind: RoutingRule['kind']): Pick<RoutingFinding, 'origin'> {
  const origin = rules.find((r) => r.kind === kind && r.origin)?.origin;
  return origin ? { origin } : {};
}

function catchAllFindings(all: readonly RoutingRule[], kept: readonly RoutingRule[], manages: ManagedKinds): RoutingFinding[] {
  const out: RoutingFinding[] = [];
  const catchAll = (group: number): boolean => kept.some((r) => r.groupid === group && r.prefix === '' && r.timerec === '');
  if (manages.outbound && !catchAll(OUTBOUND_GROUP)) {
    out.push({
      severity: 'warning',
      code: 'no_default_outbound',
      message:
        'no outbound route without a prefix (and without a time recurrence): outbound calls to numbers no prefix matches (and no LCR route takes) fail',
      hint: 'add a catch-all route (prefix: "") to a carrier group, or keep the platform\'s "Default Outbound Route" (policy.ignore.outbound_routes)',
      ...firstOrigin(all, 'outbound_route'),
    });
  }
  if (manages.inbound && !catchAll(INBOUND_GROUP)) {
    out.push({
      severity: 'warning',
      code: 'no_default_inbound',
      message: 'no default inbound mapping (did: ""): inbound calls to DIDs that no mapping matches fail',
      hint: 'add a default mapping: - did: "" with servers: ["#<group>"] to send every other DID somewhere',
      ...firstOrigin(all, 'inbound_mapping'),
    });
  }
  return out;
}

/**
 * The routing lints of a rule set. Errors: each rule the proxy drops at load time (`dropped`, from
 * the set as loaded once for the lints and the matcher alike, prepared.ts). Warnings, on the rules it keeps: two rules of one group with the same prefix and
 * priority whose time recurrences can overlap (`ambiguous_rules`; overlap is judged conservatively
 * by `timesMayOverlap`: a pair it cannot prove apart is warned about); two LCR patterns of equal
 * length in two groups that one caller (an E.164 From) can match (`ambiguous_lcr`, one per prefix); a rule that never routes because a rule of the
 * same group and prefix with a higher priority has no time recurrence (`shadowed`); a negative
 * priority (`negative_priority`); a duration the proxy reads as 0 (`zero_duration`); a time
 * recurrence's by-field the proxy reads other than it says (`bymonth_from_zero`,
 * `byyearday_from_zero`, `bymonthday_wraps`, `byday_never`, `byday_ordinal`, `byweekno_ignored`,
 * `interval_digits`, `midnight_cut`, from `timerecQuirks`); an LCR route that takes its callers'
 * calls to numbers a simple route with a longer prefix was meant for (`lcr_takes_simple`, one per
 * LCR prefix); no prefixless
 * outbound route, or no default inbound mapping (`no_default_outbound`, `no_default_inbound`), each
 * only when `manages` says the files manage that kind, placed at the first rule of that kind from
 * the files). One finding per rule or pair; each names the
 * rules, carries the origin of the rule it is placed at (one from the files when there is one) and a
 * hint. Sorted: errors first, then by file, line and column; findings without a place last.
 */
export function lintRules(set: RuleSet, manages: ManagedKinds): RoutingFinding[] {
  const { kept, dropped, recurrences } = preparedRules(set);
  const findings: RoutingFinding[] = dropped.map((d) => ({
    severity: 'error',
    code: 'dropped',
    message: `${ruleName(d.rule)}: ${d.reason}`,
    hint: d.hint,
    ...about(d.rule),
  }));
  // Appended one by one: spread as call arguments, a list of some 100,000 findings overflows the stack.
  for (const list of [
    negativePriorityFindings(kept),
    zeroDurationFindings(kept),
    timerecQuirkFindings(kept, recurrences),
    samePrefixFindings(kept),
    lcrFindings(set, kept),
    lcrTakesSimpleFindings(kept),
    catchAllFindings(set.rules, kept, manages),
  ])
    for (const f of list) findings.push(f);
  return inFindingOrder(findings);
}

/**
 * Findings in the order every front end shows them: errors first, then by file, line and column,
 * findings without a place last; otherwise as found. Stable.
 */
export function inFindingOrder(findings: readonly RoutingFinding[]): RoutingFinding[] {
  return findings
    .map((f, i) => ({ f, i }))
    .sort((x, y) => rank(x.f) - rank(y.f) || place(x.f, y.f) || x.i - y.i)
    .map(({ f }) => f);
}

function rank(f: RoutingFinding): number {
  return f.severity === 'error' ? 0 : 1;
}

function place(a: RoutingFinding, b: RoutingFinding): number {
  if (!a.origin || !b.origin) return (a.origin ? 0 : 1) - (b.origin ? 0 : 1);
  const { file: fa, line: la, col: ca } = a.origin;
  const { file: fb, line: lb, col: cb } = b.origin;
  return (fa < fb ? -1 : fa > fb ? 1 : 0) || la - lb || ca - cb;
}
