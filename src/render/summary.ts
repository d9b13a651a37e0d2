import { COLLECTION_OF, KINDS, type CollectionName, type Kind } from '../model/desired.js';
import { InternalError } from '../model/errors.js';
import type { ActionCounts, Plan } from '../model/plan.js';
import { count } from '../model/words.js';

/** The sentence of an empty plan. */
const NO_CHANGES = 'No changes. The platform matches the configuration.';

/** The kind a collection holds. */
export function kindOf(collection: CollectionName): Kind {
  const kind = KINDS.find((k) => COLLECTION_OF[k] === collection);
  if (kind === undefined) throw new InternalError(`unknown collection: ${String(collection)}`);
  return kind;
}

/**
 * The closing line of a plan with changes, e.g.
 * `Plan: 2 to create, 1 to update, 1 to demote, 3 to delete.`
 *
 * Rule: `create`, `update` and `delete` are always shown, even at 0, as Terraform always shows
 * add/change/destroy; the others only when non-zero. The order is create, update, promote, demote,
 * delete, obtain, renew, revoke. A plan without changes does not get this line but
 * {@link noChangesLines}.
 */
export function planSummaryLine(total: ActionCounts): string {
  const parts = [`${total.create} to create`, `${total.update} to update`];
  if (total.promote > 0) parts.push(`${total.promote} to promote`);
  if (total.demote > 0) parts.push(`${total.demote} to demote`);
  if (total.replace > 0) parts.push(`${total.replace} to replace`);
  parts.push(`${total.delete} to delete`);
  for (const action of ['obtain', 'renew', 'revoke'] as const) if (total[action] > 0) parts.push(`${total[action]} to ${action}`);
  return `Plan: ${parts.join(', ')}.`;
}

/**
 * The closing lines of a plan without changes: {@link NO_CHANGES}, then how many objects were
 * compared and found equal, per managed collection, e.g.
 * `12 objects unchanged (inbound_mappings: 5, outbound_routes: 7).`
 */
export function noChangesLines(plan: Plan): string[] {
  const per = plan.managed.map((c) => `${c}: ${plan.summary.by_kind[kindOf(c)].unchanged}`);
  const detail = per.length > 0 ? ` (${per.join(', ')})` : '';
  return [NO_CHANGES, '', `${count(plan.summary.unchanged, 'object')} unchanged${detail}.`];
}
