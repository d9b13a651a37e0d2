// How the invariant tests compare results across builds: each result as its status, or with its
// counterexample's number, caller and instant and whether `route` (the simulation) gives its answer.
import type { checkInvariants } from '../../src/routing/invariants.js';
import { routeCall } from '../../src/routing/match.js';
import type { RuleSet } from '../../src/routing/types.js';

/** Each result as status or [status, number, caller, instant, whether `route` gives the counterexample's answer]. */
export function shown(set: RuleSet, results: ReturnType<typeof checkInvariants>): unknown[] {
  return results.map((r) => {
    const c = r.counterexample;
    if (!c) return r.status;
    const again = routeCall(set, { direction: c.direction, from: c.from, to: c.to, at: c.at });
    const same = again.result === c.decision.result && again.rule?.key === c.decision.rule?.key && again.gwlist === c.decision.gwlist;
    return [r.status, c.to, c.from, c.at.local, same];
  });
}
