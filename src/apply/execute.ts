import type { PlatformClient } from '../api/client.js';
import { InternalError } from '../model/errors.js';
import type { KindModule } from '../model/kind-spec.js';
import { KIND_SPECS } from '../model/kinds.js';
import type { LeaseChange } from '../model/kinds/endpoint-lease/change.js';
import type { Change } from '../model/plan.js';
import { obtainLease, revokeLease, type LeaseContext } from './execute-lease.js';
import { deleteInBulk, writeChange, type WriteContext } from './write-change.js';
import { confirmEffects } from './confirm-effects.js';

/** The ids a change created or touched. */
interface ExecutedIds {
  readonly ruleid?: number;
  readonly lease_id?: number;
  readonly gwgroupid?: number;
  readonly id?: number;
}

/**
 * What carrying out a change needs besides the client: the lease state and clock, and for the
 * kinds written by requests the environment their passwords come from, the map of groups this
 * apply created and the ledger of passwords sent.
 */
export type ExecuteContext = LeaseContext & WriteContext;

/**
 * Carries out one change the way its kind's module says (`execution`): a lease obtained or
 * revoked and recorded in the state; any other kind by the generic executor (apply/write-change.ts),
 * its module's requests sent and read back. Resolves to the ids the change created or touched,
 * under the module's `idField`. Then reads back what the platform did by itself
 * (`effects`, confirm-effects.ts). Throws `ApiError` (or the kind's error) on failure
 * (NUMBER_EFFECT_NOT_SEEN when an effect is not there).
 */
export async function executeChange(change: Change, client: PlatformClient, ctx: ExecuteContext): Promise<ExecutedIds> {
  const ids = await executeOwn(change, client, ctx);
  // What the platform did by itself is read back too: the plan's later changes count on it.
  await confirmEffects(change, client);
  return ids;
}

/** The change's own requests, by its kind's execution. */
async function executeOwn(change: Change, client: PlatformClient, ctx: ExecuteContext): Promise<ExecutedIds> {
  const mod = KIND_SPECS[change.kind] as KindModule;
  switch (mod.execution) {
    case 'requests':
      return { [mod.idField ?? 'id']: await writeChange(mod, change, client, ctx) };
    case 'lease':
      return { lease_id: await executeLeaseChange(change as LeaseChange, client, ctx) };
    default:
      throw new InternalError(`unknown execution ${JSON.stringify(mod.execution satisfies never)}`);
  }
}

async function executeLeaseChange(change: LeaseChange, client: PlatformClient, ctx: LeaseContext): Promise<number> {
  switch (change.action) {
    case 'obtain':
      return obtainLease(change.after, client, ctx);
    case 'renew':
      // Revoke, then obtain anew: between the two the state holds no record, so a crash there
      // leads to an obtain on the next run, never to a revoked lease taken for a live one.
      await revokeLease(change.key, change.lease_id, client, ctx);
      return obtainLease(change.after, client, ctx);
    case 'revoke':
      await revokeLease(change.key, change.lease_id, client, ctx);
      return change.lease_id;
    default:
      throw new InternalError(`unknown change action ${JSON.stringify(change satisfies never)}`);
  }
}

/**
 * Carries out the deletes of one kind whose module deletes many in one request (`bulkDelete`), as
 * that one request and its read-back. Throws `ApiError` (or the kind's not-written error) when it
 * fails: then every one of them failed, the platform's bulk delete being all or none.
 */
export async function executeBulkDelete(changes: readonly Change[], client: PlatformClient): Promise<void> {
  await deleteInBulk(KIND_SPECS[changes[0]!.kind] as KindModule, changes, client);
}
