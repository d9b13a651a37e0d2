/**
 * A rule set's sizes, for the decision memo (decision-memo.ts) to find a kept content of the same
 * rules without comparing them with every kept one. Pure.
 */
import type { RuleSet } from './types.js';

/**
 * A set's sizes, the same whatever its order: its rules and LCR records counted, and the lengths of
 * their fields summed. Two sets of one content have the same; two of other contents seldom do, and
 * are then told apart by their text.
 */
export function sizesOf(set: RuleSet): string {
  let sum = 0;
  for (const r of set.rules)
    sum =
      (sum + r.key.length + 7 * r.prefix.length + 13 * r.gwlist.length + 17 * r.timerec.length + 19 * (r.lcr_pattern?.length ?? 0)) %
      1_000_000_007;
  return `${set.rules.length}\u0000${set.lcr.length}\u0000${sum}`;
}
