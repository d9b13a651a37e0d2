import type { CollectionName, DeleteLimit } from '../model/desired.js';
import { COLLECTION_OF } from '../model/desired.js';
import type { Change, ChangeAction, PlanPolicy, SafetyFinding } from '../model/plan.js';
import { policySetting } from '../model/policy-words.js';

/** The default limit: more than 25% of a managed live collection of 8 or more objects. */
const DEFAULT_PERCENT = 25;
const DEFAULT_MIN_SIZE = 8;

/**
 * Actions that delete a live object. A replace deletes it before creating it again (a mapping
 * change on the deployed platform), so for as long as it takes the object is gone: it counts. A
 * lease renewal does not: it revokes credentials the lease's own ttl retires anyway, on a schedule.
 */
const DELETING: ReadonlySet<ChangeAction> = new Set(['delete', 'revoke', 'replace']);

/**
 * Actions that change a live object the files still declare (octoDNS's "updates"): `max_updates`
 * counts them. A replace is the update the files asked for, whatever the platform makes of it, so
 * a limit on updates means the same on both API profiles.
 */
const UPDATING: ReadonlySet<ChangeAction> = new Set(['update', 'promote', 'demote', 'replace']);

function over(limit: DeleteLimit | undefined, changes: number, live: number): { exceeded: boolean; text: string } {
  if (limit && 'count' in limit) return { exceeded: changes > limit.count, text: `${limit.count}` };
  if (limit && 'percent' in limit) return { exceeded: changes > (live * limit.percent) / 100, text: `${limit.percent}%` };
  return {
    exceeded: live >= DEFAULT_MIN_SIZE && changes > (live * DEFAULT_PERCENT) / 100,
    text: `${DEFAULT_PERCENT}% of a collection of ${DEFAULT_MIN_SIZE} or more`,
  };
}

/** The changes of `actions`, as their keys per collection (in plan order), collections sorted. */
function keysByCollection(changes: readonly Change[], actions: ReadonlySet<ChangeAction>): [CollectionName, Change[]][] {
  const found = new Map<CollectionName, Change[]>();
  for (const c of changes) {
    if (!actions.has(c.action)) continue;
    const col = COLLECTION_OF[c.kind];
    const list = found.get(col);
    if (list) list.push(c);
    else found.set(col, [c]);
  }
  return [...found].sort(([a], [b]) => (a < b ? -1 : 1));
}

/**
 * What refuses a plan unless `--force`: deleting (revoking, or replacing) anything of a protected
 * kind; deleting more than the limit (`policy.max_deletes`, else 25% of a managed collection of 8
 * or more); changing more than `policy.max_updates`, when set.
 */
export function assessSafety(
  changes: readonly Change[],
  governed: Partial<Record<CollectionName, number>>,
  policy: PlanPolicy,
): SafetyFinding[] {
  const findings: SafetyFinding[] = [];
  for (const [collection, deleting] of keysByCollection(changes, DELETING)) {
    const keys = deleting.map((c) => c.key);
    const replaces = deleting.filter((c) => c.action === 'replace').length;
    const live = governed[collection] ?? keys.length;
    const base = { collection, deletes: keys.length, ...(replaces > 0 ? { replaces } : {}), live, keys };
    // A replace is named as such, so that a plan which only edits objects reads as it should.
    const replaced = replaces > 0 ? ` (${replaces} of them replaced: deleted, then created)` : '';
    if (policy.protect.includes(collection)) {
      findings.push({
        ...base,
        rule: 'protected',
        limit: '0 (protected)',
        message: `${collection} is protected by ${policySetting('protect', policy.place)}, and the plan deletes ${keys.length} of them${replaced}`,
      });
    }
    const limit = over(policy.max_deletes, keys.length, live);
    if (limit.exceeded) {
      findings.push({
        ...base,
        rule: 'threshold',
        limit: limit.text,
        message: `the plan deletes ${keys.length} of ${live} ${collection}${replaced}, more than the limit of ${limit.text}`,
      });
    }
  }
  if (policy.max_updates) {
    for (const [collection, updating] of keysByCollection(changes, UPDATING)) {
      const keys = updating.map((c) => c.key);
      const live = governed[collection] ?? keys.length;
      const limit = over(policy.max_updates, keys.length, live);
      if (!limit.exceeded) continue;
      findings.push({
        collection,
        rule: 'update_threshold',
        updates: keys.length,
        live,
        limit: limit.text,
        keys,
        message: `the plan updates ${keys.length} of ${live} ${collection}, more than the limit of ${limit.text}`,
      });
    }
  }
  return findings;
}
