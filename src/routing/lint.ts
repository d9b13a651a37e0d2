/**
 * Routing lints (issue 16 point 3): rules the proxy drops (errors) and rules it routes by chance or
 * never uses (warnings). One finding per rule or per pair of rules, never per call. Pure.
 */
import { timerecWarning } from '../model/time/timerec.js';
import { timerecQuirks } from '../model/time/timerec-quirks.js';
import { about } from './finding-place.js';
import { inFindingOrder } from './finding-order.js';
import { lcrFindings } from './lcr-lints.js';
import { lcrTakesSimpleFindings } from './lcr-takes-simple.js';
import type { ReadRecurrence } from './load.js';
import { preparedRules, type PreparedRules } from './prepared.js';
import { proxyPriority } from './priority.js';
import { samePrefixFindings } from './same-prefix-lints.js';
import { INBOUND_GROUP, OUTBOUND_GROUP, type RoutingFinding, type RoutingRule, type RuleSet } from './types.js';
import { ruleName } from './words.js';

/** Which rule kinds the files manage (a missing catch-all is only worth a warning then). */
export interface ManagedKinds {
  readonly inbound: boolean;
  readonly outbound: boolean;
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
  return lintLoaded(set, preparedRules(set), manages);
}

/**
 * The lints of {@link lintRules} on a set already loaded (`loaded`: routing/prepared.ts, made by
 * the caller with the rules, as the planner makes the rules after a plan), read, not loaded again.
 */
export function lintLoaded(set: RuleSet, loaded: PreparedRules, manages: ManagedKinds): RoutingFinding[] {
  const { kept, dropped, recurrences } = loaded;
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
