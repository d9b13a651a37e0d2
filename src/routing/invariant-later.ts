/**
 * The classes of an invariant table (invariant-table.ts) its built-in checks need not read: those
 * of a direction no built-in check reads, and those only a probe made. A probe at a set's
 * `to_prefix` (`never 1900`) cuts the numbers under it out of the class of the rule set's longest
 * prefix above it (`1`); the rule set meets the same rules and LCR patterns for both, so it decides
 * the calls of either alike at every moment: every rule it takes, every group it reaches and every
 * way it breaks a built-in check there shows in that class, which comes first. Deciding the probe's
 * class for the built-ins decided every caller of `1` twice (4,000 per-customer LCR routes). Such a
 * class is decided only when a set reads it. Pure.
 */
import { lcrTo } from './callers.js';
import { directionOf, type NumberClass } from './number-classes.js';
import type { Direction, RuleSet } from './types.js';

/**
 * For `set` and the directions the built-in checks read whole (`whole`), whether the built-ins may
 * leave a class of the table undecided (given every class of the table, to find the class above).
 */
export function laterForBuiltins(
  set: RuleSet,
  whole: ReadonlySet<Direction>,
): (nc: NumberClass, classes: readonly NumberClass[]) => boolean {
  const held: Record<Direction, Set<string>> = { inbound: new Set(), outbound: new Set() };
  for (const r of set.rules) held[directionOf(r)].add(r.prefix.toLowerCase());
  for (const r of set.lcr) held.outbound.add(lcrTo(r.pattern));
  let present: Set<string> | null = null;
  return (nc, classes) => {
    if (!whole.has(nc.direction)) return true;
    const prefix = nc.prefix.toLowerCase();
    if (prefix === '' || held[nc.direction].has(prefix)) return false;
    // The rule set's longest prefix above it, whose class stands for its calls (the numbers no
    // prefix begins when there is none); only when the table holds that class.
    let above = prefix.slice(0, -1);
    while (above !== '' && !held[nc.direction].has(above)) above = above.slice(0, -1);
    present ??= new Set(classes.map((c) => `${c.direction}\u0000${c.prefix.toLowerCase()}`));
    return present.has(`${nc.direction}\u0000${above}`);
  };
}
