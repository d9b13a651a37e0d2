/**
 * Where the proxy sends a call (docs/routing-model.md "Matching within a group", "Inbound and outbound"): loads the
 * rules as the proxy would, then decides, explaining each step in words. Ambiguous outcomes (two
 * rules the proxy orders by chance) are reported as such, never picked. Pure.
 */
import { DIAL_CHARACTERS, DIALLED } from '../model/dial.js';
import { canonicalText, lcrLookup, lcrMatches, lcrMatchesUsers, lcrParts, lcrRegex, type LcrParts } from './lcr-match.js';
import { lcrCandidates } from './lcr-index.js';
import { decisionTables, type DecisionTables as Prepared, type DroppedEntry, type LcrEntry, type PreparedRule } from './prepared.js';
import { lcrUsers } from './sip-user.js';
import { priorityWords } from './priority.js';
import { decisionWords, describeGateways, ruleName } from './words.js';
import { compiledPattern } from './prepared-share.js';
import { holds, mayHold, type KnownAnswers } from './known-answers.js';
import type { CandidateOutcome } from '../model/routing.js';
import {
  INBOUND_GROUP,
  OUTBOUND_GROUP,
  type Call,
  type CallTime,
  type DecidedRule,
  type GatewayInventory,
  type RouteDecision,
  type RoutingRule,
  type RuleSet,
} from './types.js';

/** A rule as a decision names it. */
export function decidedRule(rule: RoutingRule): DecidedRule {
  // Written out (a plan's impact makes tens of thousands): the same keys in the same order as
  // { kind, key, ruleid?, group, prefix, lcr_pattern?, priority }.
  const { kind, key, ruleid, groupid: group, prefix, lcr_pattern, priority } = rule;
  if (ruleid === undefined)
    return lcr_pattern === undefined ? { kind, key, group, prefix, priority } : { kind, key, group, prefix, lcr_pattern, priority };
  return lcr_pattern === undefined
    ? { kind, key, ruleid, group, prefix, priority }
    : { kind, key, ruleid, group, prefix, lcr_pattern, priority };
}

type GroupOutcome = { kind: 'routed'; rule: RoutingRule } | { kind: 'ambiguous'; rules: RoutingRule[] } | { kind: 'none' };

/**
 * Whether the proxy's prefix tree goes on below `prefix`: some loaded rule of any group (the tree
 * is one for all groups) has a longer prefix starting with it, or a rule dropped for an odd
 * character left nodes that deep. Built once per rule set, on first use.
 */
function treeGoesOn(p: Prepared, prefix: string): boolean {
  if (!p.continued) {
    const continued = new Set<string>();
    for (const byPrefix of p.groups.values())
      for (const key of byPrefix.keys()) for (let k = 1; k < key.length; k++) continued.add(key.slice(0, k));
    for (const stem of p.stems) for (let k = 1; k <= stem.length; k++) continued.add(stem.slice(0, k));
    p.continued = continued;
  }
  return p.continued.has(prefix);
}

/**
 * How deep the proxy's prefix walk goes along a number holding an odd character at `odd`
 * (drouting's `get_prefix`): down the tree while it goes on, stopping at the deepest node before
 * that character (the length returned); `-1` when the walk reaches the character, which ends the
 * search by prefix.
 */
function walkDepth(p: Prepared, rU: string, odd: number, steps: string[] | null): number {
  const shown = `"${rU}" holds "${rU[odd]}" (outside ${DIAL_CHARACTERS}) at position ${odd + 1}`;
  for (let k = 1; k <= odd; k++) {
    if (treeGoesOn(p, rU.slice(0, k))) continue;
    steps?.push(
      `${shown}: the prefix walk stops at "${rU.slice(0, k)}", the deepest node of the rule tree (shared by every group) before it, and backs off from there`,
    );
    return k;
  }
  steps?.push(
    odd === 0
      ? `${shown}: the prefix walk meets it first and gives up on prefixes; the prefixless rules still run`
      : `${shown}, and the rule tree (shared by every group) goes on past "${rU.slice(0, odd)}": the prefix walk reaches "${rU[odd]}" and gives up on prefixes; the prefixless rules still run`,
  );
  return -1;
}

/** `do_routing(group)` on `rU`: longest prefix first, then shorter, then prefixless; descending priority; the first matching time wins. */
function doRouting(p: Prepared, group: number, rU: string, at: CallTime, steps: string[] | null, answers?: KnownAnswers): GroupOutcome {
  const { local, tz } = at;
  const byPrefix = p.groups.get(group);
  if (!byPrefix || byPrefix.size === 0) {
    steps?.push(`group ${group} holds no rule the proxy loaded`);
    return { kind: 'none' };
  }
  // The proxy's tree has a child for each dial character only (model/dial.ts `DIALLED`, the one
  // predicate): a number of dial characters reaches every prefix of it the tree holds; one with
  // another character only as deep as the walk goes (and no prefix at all when the walk reaches it).
  let odd = 0;
  while (odd < rU.length && DIALLED[rU.charCodeAt(odd)] === 1) odd++;
  const depth = odd === rU.length ? odd : walkDepth(p, rU, odd, steps);
  // Longest prefix first: only the lengths the group holds can match.
  for (const len of p.lengths.get(group) ?? []) {
    if (len > depth && len > 0) continue;
    const prefix = rU.slice(0, len);
    const rules = byPrefix.get(prefix);
    if (!rules) continue;
    if (steps) {
      const where = prefix === '' ? `no prefix matched; the prefixless rules of group ${group}` : `prefix "${prefix}" of group ${group}`;
      steps.push(`${where}: ${rules.length} rule${rules.length === 1 ? '' : 's'}, tried by descending priority`);
    }
    // Told which recurrences match (known-answers.ts), a walk without words tries only the rules that may hold.
    const tried = steps === null && answers !== undefined ? mayHold(rules, answers) : undefined;
    for (let k = 0, n = tried?.length ?? rules.length; k < n; k++) {
      const i = tried === undefined ? k : (tried[k] as number);
      const { rule } = rules[i] as PreparedRule;
      if (!holds(rules[i] as PreparedRule, local, tz, answers)) {
        steps?.push(
          `${ruleName(rule)} (priority ${priorityWords(rule.priority)}) skipped: its time recurrence "${rule.timerec}" does not match ${local}`,
        );
        continue;
      }
      // Sorted by priority: ties follow the winner directly.
      const ties =
        rules[i + 1]?.rule.priority === rule.priority
          ? rules
              .slice(i + 1)
              .filter((r) => r.rule.priority === rule.priority && holds(r, local, tz, answers))
              .map((r) => r.rule)
          : [];
      if (ties.length > 0) {
        const all = [rule, ...ties];
        steps?.push(
          `ambiguous: ${all.map(ruleName).join(' and ')} share prefix "${prefix}" and priority ${priorityWords(rule.priority)} and all match the time; the proxy picks one in an undefined order`,
        );
        return { kind: 'ambiguous', rules: all };
      }
      steps?.push(
        `${ruleName(rule)} wins: priority ${priorityWords(rule.priority)}, ${rule.timerec === '' ? 'no time recurrence (always)' : `time recurrence "${rule.timerec}" matches ${local}`}`,
      );
      return { kind: 'routed', rule };
    }
    steps?.push(
      `no rule at ${prefix === '' ? 'the prefixless level' : `prefix "${prefix}"`} matches the time; backing off to shorter prefixes`,
    );
  }
  steps?.push(`no rule of group ${group} matches "${rU}": the proxy answers 500 No rules defined for number`);
  return { kind: 'none' };
}

/**
 * Lookups longer than this are tested in linear time (lcr-match.ts); shorter ones by the regular
 * expression, whose backtracking costs at most the square of this.
 */
const REGEX_LOOKUP_MAX = 256;

/** An LCR pattern's regular expression and parts: the same for every rule set holding it. */
function compileLcr(pattern: string): { readonly regex: RegExp; readonly parts: LcrParts } {
  return { regex: lcrRegex(pattern), parts: lcrParts(pattern) };
}

/** The LCR records of `candidates` whose pattern the proxy matches against `lookup`, `From-To` of `users`. */
function lcrMatching(candidates: readonly LcrEntry[], users: { from: string; to: string }, lookup: string): LcrEntry[] {
  if (!users.from.includes('-') && !users.to.includes('-')) {
    // The lookup's one `-`: a string test, no expression compiled per pattern (lcr-match.ts).
    const from = canonicalText(users.from);
    const to = canonicalText(users.to);
    return candidates.filter((r) => lcrMatchesUsers(r.texts, from, to));
  }
  if (lookup.length <= REGEX_LOOKUP_MAX)
    return candidates.filter((r) => (r.regex ??= compiledPattern(r.pattern, compileLcr).regex).test(lookup));
  const prepared = lcrLookup(lookup);
  return candidates.filter((r) => lcrMatches((r.parts ??= compiledPattern(r.pattern, compileLcr).parts), prepared));
}

/** The dropped rules at a prefix of `to` (the empty one included), in load order. */
function droppedAt(p: Prepared, to: string): DroppedEntry[] {
  const out: DroppedEntry[] = [];
  for (let len = 0; len <= to.length; len++) out.push(...(p.droppedByPrefix.get(to.slice(0, len)) ?? []));
  return out.sort((a, b) => a.order - b.order);
}

/** An LCR record an outbound call selects: its group, its route, its pattern. */
interface LcrPick {
  readonly groupid: number;
  readonly key: string;
  readonly pattern: string;
}

/**
 * What the call does when the proxy takes one of tied LCR patterns: `do_routing` on that
 * candidate's group, with no fallback, so the call fails when that group does not route the
 * number at that time.
 */
function lcrOutcome(
  p: Prepared,
  candidate: RoutingRule,
  pick: LcrPick,
  call: Call,
  steps: string[] | null,
  inventory: GatewayInventory | undefined,
  declared: RuleSet['declared'] | undefined,
  answers: KnownAnswers | undefined,
): CandidateOutcome {
  const taken = `if the proxy takes "${pick.pattern}" (${ruleName(candidate)})`;
  const outcome = doRouting(p, pick.groupid, call.ruri ?? call.to, call.at, null, answers);
  const named = decidedRule(candidate);
  if (outcome.kind === 'routed') {
    steps?.push(`${taken}: ${ruleName(outcome.rule)} of group ${pick.groupid} routes it to ${outcome.rule.gwlist}`);
    const { gwlist } = outcome.rule;
    const rule = decidedRule(outcome.rule);
    const words = decisionWords(gwlist, inventory, declared);
    return words !== undefined
      ? { candidate: named, result: 'routed', rule, gwlist, gwlist_words: words }
      : { candidate: named, result: 'routed', rule, gwlist };
  }
  if (outcome.kind === 'ambiguous') {
    steps?.push(`${taken}: ${outcome.rules.map(ruleName).join(' and ')} of group ${pick.groupid} tie again`);
    return { candidate: named, result: 'ambiguous' };
  }
  steps?.push(
    `${taken}: no rule of group ${pick.groupid} routes "${call.ruri ?? call.to}" at ${call.at.local}, so the call fails (no fallback)`,
  );
  return { candidate: named, result: 'no_route' };
}

/** Tied rules of one prefix: each candidate routes by itself. */
function selfOutcomes(
  rules: readonly RoutingRule[],
  inventory: GatewayInventory | undefined,
  declared?: RuleSet['declared'],
): CandidateOutcome[] {
  return rules.map((r) => {
    const named = decidedRule(r);
    const words = decisionWords(r.gwlist, inventory, declared);
    return words !== undefined
      ? { candidate: named, result: 'routed', rule: named, gwlist: r.gwlist, gwlist_words: words }
      : { candidate: named, result: 'routed', rule: named, gwlist: r.gwlist };
  });
}

/** What LCR chooses for a call: a group, none (`null`), or tied groups. */
type LcrChoice = LcrPick | null | { tied: LcrPick[] };

/**
 * The choices of unexplained calls, per prepared rules and by From and To: a caller of a number is
 * chosen for again and again, whatever the time (the impact decides it at the plan's instant, then
 * the invariant check asks the groups it reaches and decides it with its window open and shut:
 * issue 36 §2, 4,000 customers each matched against the LCR patterns three times). The choice
 * depends on the rules and the two users alone; a choice explained is made again for its words.
 */
const choices = new WeakMap<Prepared, Map<string, LcrChoice>>();
/** Past this many calls of one set, its choices start again: a process deciding calls for ever must not grow. */
const CHOICES_KEPT = 100_000;

/** Which LCR group an outbound call selects; `null` when none matches, `ambiguous` records when two tie. */
function lcrChoice(p: Prepared, call: Call, steps: string[] | null): LcrChoice {
  if (steps !== null || p.lcr.length === 0) return chooseLcr(p, call, steps);
  let known = choices.get(p);
  if (!known) choices.set(p, (known = new Map<string, LcrChoice>()));
  const key = `${call.from}\u0000${call.to}`;
  let choice = known.get(key);
  if (choice === undefined) {
    if (known.size >= CHOICES_KEPT) known.clear();
    known.set(key, (choice = chooseLcr(p, call, null)));
  }
  return choice;
}

function chooseLcr(p: Prepared, call: Call, steps: string[] | null): LcrChoice {
  if (p.lcr.length === 0) {
    steps?.push('LCR: no LCR routes; the simple routes (group 8000) decide');
    return null;
  }
  const users = lcrUsers(call, steps);
  const lookup = `${users.from}-${users.to}`;
  const matching = lcrMatching(lcrCandidates(p.lcrIndex, users), users, lookup).map((r) => ({
    ...r,
    distance: Math.abs(lookup.length - r.pattern.length),
  }));
  steps?.push(
    `LCR: lookup "${lookup}" (From-To) tested against ${p.lcr.length} LCR pattern${p.lcr.length === 1 ? '' : 's'} (To starts with the prefix, From contains the From-prefix followed only by digits)`,
  );
  if (matching.length === 0) {
    steps?.push(
      call.from === ''
        ? 'LCR: no From given, so no LCR pattern matches; group 8000 (simple routes)'
        : 'LCR: no pattern matches; group 8000 (simple routes)',
    );
    return null;
  }
  matching.sort((a, b) => a.distance - b.distance || a.pattern.localeCompare(b.pattern));
  steps?.push(`LCR: matching ${matching.map((m) => `"${m.pattern}" (length difference ${m.distance})`).join(', ')}`);
  const best = matching[0] as (typeof matching)[number];
  const tied = matching.filter((m) => m.distance === best.distance);
  if (tied.length > 1) {
    steps?.push(
      `ambiguous: LCR patterns ${tied.map((t) => `"${t.pattern}"`).join(' and ')} have the same length; the proxy picks one in hash-table order`,
    );
    return { tied: tied.map(({ groupid, key, pattern }) => ({ groupid, key, pattern })) };
  }
  steps?.push(`LCR winner "${best.pattern}" (route "${best.key}"): the smallest length difference to the lookup; group ${best.groupid}`);
  return { groupid: best.groupid, key: best.key, pattern: best.pattern };
}

/**
 * The groups `do_routing` may run on for a call, whatever its time: the one LCR chooses (or each
 * of tied ones), 8000 when no pattern matches, 9000 inbound. The LCR choice never depends on the
 * time, so only the rules of these groups can change the call's decision over time.
 */
export function routingGroups(set: RuleSet, call: Omit<Call, 'at'>): number[] {
  if (call.direction === 'inbound') return [INBOUND_GROUP];
  const choice = lcrChoice(decisionTables(set), call as Call, null);
  if (choice === null) return [OUTBOUND_GROUP];
  return 'tied' in choice ? choice.tied.map((t) => t.groupid) : [choice.groupid];
}

/** How to decide a call. */
export interface RouteOptions {
  /**
   * Whether to explain the decision in `steps` (default true). The routing impact of a plan decides
   * thousands of calls and leaves the words out (`steps: []`); `dsipform route` explains any one.
   */
  readonly explain?: boolean;
  /** The recurrences' answers at the call's moment where the caller knows them (known-answers.ts); the others are asked. */
  readonly answers?: KnownAnswers;
}

/**
 * The steps of a decision, or `[]` for an unexplained one. An unexplained decision has no steps
 * list at all (`null`): every \`steps?.push(...)\` then skips building its words, which would be
 * most of the work of deciding a call (the impact of a plan decides tens of thousands).
 */
function explained(steps: string[] | null): string[] {
  return steps ?? [];
}

/** An ambiguous decision: the proxy commits to one of `outcomes`, in an order it does not define. */
function ambiguous(
  direction: RouteDecision['direction'],
  from: string,
  to: string,
  at: RouteDecision['at'],
  outcomes: CandidateOutcome[],
  steps: string[] | null,
): RouteDecision {
  return { direction, from, to, at, result: 'ambiguous', candidates: outcomes.map((o) => o.candidate), outcomes, steps: explained(steps) };
}

/**
 * The proxy's decision for a call: inbound on group 9000; outbound LCR first, then group 8000 when
 * no LCR pattern matches (and no fallback when the chosen LCR group does not route the number).
 */
export function routeCall(set: RuleSet, call: Call, options: RouteOptions = {}): RouteDecision {
  const p = decisionTables(set);
  const steps: string[] | null = options.explain === false ? null : [];
  const { answers } = options;
  const at = `${call.at.local} ${call.at.tz}`;
  const { direction, from, to } = call;
  steps?.push(`${call.direction} call${call.from ? ` from ${call.from}` : ''} to ${call.to} at ${at}`);
  // Only the dropped rules this call could have met: its direction, a prefix of the number.
  if (steps) {
    const numbers =
      call.ruri === undefined || call.ruri === call.to ? droppedAt(p, call.to) : [...droppedAt(p, call.ruri), ...droppedAt(p, call.to)];
    const relevant = [...new Set(numbers)].filter((d) => (call.direction === 'inbound') === (d.rule.groupid === INBOUND_GROUP));
    for (const d of relevant) steps.push(`${ruleName(d.rule)} is not loaded: ${d.reason}`);
  }
  let outcome: GroupOutcome;
  const rU = call.ruri ?? call.to;
  const same = rU === call.to;
  const ruWords = same ? `rU = ${rU} (the To-user)` : `rU = ${rU}`;
  if (call.direction === 'inbound') {
    steps?.push(
      `inbound: group ${INBOUND_GROUP} (DID mappings) on the request user ${ruWords}; call-forwarding groups (20000 and up) are not managed by dsipform and not simulated`,
    );
    outcome = doRouting(p, INBOUND_GROUP, rU, call.at, steps, answers);
    if (outcome.kind === 'none') {
      if (same)
        steps?.push(
          'the proxy retries once with rU set to the To-user; here rU is the To-user already, so the retry gives the same answer',
        );
      else {
        steps?.push(`the proxy retries once with rU set to the To-user ${call.to}`);
        outcome = doRouting(p, INBOUND_GROUP, call.to, call.at, steps, answers);
      }
    }
  } else {
    const choice = lcrChoice(p, call, steps);
    if (choice !== null && 'tied' in choice) {
      const picks = new Map(choice.tied.map((t) => [t.key, t]));
      // In the set's order, as a scan of its rules would list them.
      const candidates = [...picks.keys()]
        .flatMap((key) => p.lcrRoutes.get(key) ?? [])
        .sort((a, b) => a.order - b.order)
        .map((e) => e.rule);
      // The proxy commits to whichever it meets first: say what the call does with each.
      const outcomes = candidates.map((c) => lcrOutcome(p, c, picks.get(c.key)!, call, steps, set.inventory, set.declared, answers));
      return ambiguous(direction, from, to, at, outcomes, steps);
    }
    const group = choice?.groupid ?? OUTBOUND_GROUP;
    steps?.push(`do_routing(${group}) on the request user ${ruWords}`);
    outcome = doRouting(p, group, rU, call.at, steps, answers);
    if (outcome.kind === 'none' && choice !== null) {
      steps?.push(
        `no fallback: the call chose LCR group ${group}, so the simple routes of group ${OUTBOUND_GROUP} are not tried and the call fails`,
      );
    }
  }
  // Each decision written out, not spread from a common part: a plan's impact makes tens of thousands.
  if (outcome.kind === 'none') return { direction, from, to, at, result: 'no_route', candidates: [], steps: explained(steps) };
  if (outcome.kind === 'ambiguous')
    return ambiguous(direction, from, to, at, selfOutcomes(outcome.rules, set.inventory, set.declared), steps);
  const rule = decidedRule(outcome.rule);
  const { gwlist } = outcome.rule;
  steps?.push(...describeGateways(gwlist, set.inventory, set.declared));
  // The words only when the groups were read, or the files declare the group named (the files alone know no group's id).
  const gwlist_words = decisionWords(gwlist, set.inventory, set.declared);
  if (gwlist_words === undefined)
    return { direction, from, to, at, result: 'routed', rule, gwlist, candidates: [rule], steps: explained(steps) };
  return { direction, from, to, at, result: 'routed', rule, gwlist, gwlist_words, candidates: [rule], steps: explained(steps) };
}
