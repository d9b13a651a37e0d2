/**
 * Where a routing finding is placed and how it names the rules it is about: shared by the lints of
 * one rule, of rules on one prefix and of LCR ties. Pure.
 */
import type { RoutingFinding, RoutingRule } from './types.js';
import { ruleName } from './words.js';

/** `route "A"`, with its place in the files when it has one, or `(live)`. */
export function named(rule: RoutingRule): string {
  const where = rule.origin ? ` (${rule.origin.file}:${rule.origin.line}:${rule.origin.col})` : rule.ruleid !== undefined ? ' (live)' : '';
  return `${ruleName(rule)}${where}`;
}

/** The key, kind and origin of a finding about `rule`. */
export function about(rule: RoutingRule): Pick<RoutingFinding, 'key' | 'kind' | 'origin'> {
  return { key: rule.key, kind: rule.kind, ...(rule.origin ? { origin: rule.origin } : {}) };
}

/** Of two rules, the one a finding is placed at: one from the files, the later one when both are. */
export function placedAt(a: RoutingRule, b: RoutingRule): [RoutingRule, RoutingRule] {
  if (b.origin || !a.origin) return [b, a];
  return [a, b];
}
