import { InternalError } from '../errors.js';
import type { KindRequest } from '../kind-execution.js';
import { gwidsByName } from '../gateway-ids.js';

/** The gateway ids an update keeps, by endpoint name: one function for the apply of a plan and the Terraform resource. */
export { gwidsByName, type GroupUpdate } from '../gateway-ids.js';

/** `after the update of gwgroupid 7, a; b`: what a gateway group's read-back found, in one wording for both group kinds. */
export function afterWrite(verb: string, gwgroupid: number, details: readonly string[]): string {
  return `after the ${verb} of gwgroupid ${gwgroupid}, ${details.join('; ')}`;
}

/** A gateway group's change as its requests need it: a create, an update with the live gateway ids, or a delete. */
type GroupChange<F extends { readonly endpoints: readonly { readonly name: string }[] }> =
  | { readonly action: 'create'; readonly after: F }
  | { readonly action: 'update'; readonly gwgroupid: number; readonly gwids: readonly number[]; readonly before: F; readonly after: F }
  | { readonly action: 'delete'; readonly gwgroupid: number; readonly before: F };

/**
 * The requests of one gateway-group change, either kind: a create or an update sends the whole
 * group (the platform's update replaces the gateway set), an update with the live gateway of each
 * endpoint kept by name, so those keep their ids; a delete the group's id. `content` is the group as
 * the kind sends it.
 */
export function groupRequests<F extends { readonly endpoints: readonly { readonly name: string }[] }>(
  change: GroupChange<F>,
  content: (after: F) => object,
): readonly KindRequest[] {
  switch (change.action) {
    case 'create':
      return [{ op: 'create', input: content(change.after) }];
    case 'update':
      return [{ op: 'update', id: change.gwgroupid, patch: content(change.after), members: gwidsByName(change) }];
    case 'delete':
      return [{ op: 'delete', id: change.gwgroupid }];
    default:
      throw new InternalError(`unknown gateway-group change ${JSON.stringify(change satisfies never)}`);
  }
}
