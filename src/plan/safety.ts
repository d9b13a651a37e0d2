import type { CollectionName, DeleteLimit } from '../model/desired.js';
import { COLLECTION_OF } from '../model/desired.js';
import type { Change, PlanPolicy, SafetyFinding } from '../model/plan.js';

/** The default limit: more than 25% of a managed live collection of 8 or more objects. */
const DEFAULT_PERCENT = 25;
const DEFAULT_MIN_SIZE = 8;

function over(limit: DeleteLimit | undefined, deletes: number, live: number): { exceeded: boolean; text: string } {
  if (limit && 'count' in limit) return { exceeded: deletes > limit.count, text: `${limit.count}` };
  if (limit && 'percent' in limit) return { exceeded: deletes > (live * limit.percent) / 100, text: `${limit.percent}%` };
  return {
    exceeded: live >= DEFAULT_MIN_SIZE && deletes > (live * DEFAULT_PERCENT) / 100,
    text: `${DEFAULT_PERCENT}% of a collection of ${DEFAULT_MIN_SIZE} or more`,
  };
}

/**
 * What refuses a plan unless `--force`: deleting (or revoking) anything of a protected kind, or deleting more
 * than the limit (`policy.max_deletes`, else 25% of a managed collection of 8 or more).
 */
export function assessSafety(
  changes: readonly Change[],
  governed: Partial<Record<CollectionName, number>>,
  policy: PlanPolicy,
): SafetyFinding[] {
  const deletes = new Map<CollectionName, string[]>();
  for (const c of changes) {
    if (c.action !== 'delete' && c.action !== 'revoke') continue;
    const col = COLLECTION_OF[c.kind];
    deletes.set(col, [...(deletes.get(col) ?? []), c.key]);
  }
  const findings: SafetyFinding[] = [];
  for (const [collection, keys] of [...deletes].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const live = governed[collection] ?? keys.length;
    const base = { collection, deletes: keys.length, live, keys };
    if (policy.protect.includes(collection)) {
      findings.push({
        ...base,
        rule: 'protected',
        limit: '0 (protected)',
        message: `${collection} is protected by policy.protect, and the plan deletes ${keys.length} of them`,
      });
    }
    const limit = over(policy.max_deletes, keys.length, live);
    if (limit.exceeded) {
      findings.push({
        ...base,
        rule: 'threshold',
        limit: limit.text,
        message: `the plan deletes ${keys.length} of ${live} ${collection}, more than the limit of ${limit.text}`,
      });
    }
  }
  return findings;
}
