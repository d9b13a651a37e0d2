import type { PlatformClient, RuleKind } from '../api/client.js';
import { InternalError } from '../model/errors.js';
import type { KindModule } from '../model/kind-spec.js';
import { KIND_SPECS } from '../model/kinds.js';
import type { LeaseChange } from '../model/kinds/endpoint-lease/change.js';
import type { Change } from '../model/plan.js';
import { executeCarrierGroupChange, type CarrierGroupContext } from './execute-carrier-group.js';
import { executeEndpointGroupChange } from './execute-endpoint-group.js';
import { obtainLease, revokeLease, type LeaseContext } from './execute-lease.js';
import { executeNumberChange, executeNumberDeletes } from './execute-number.js';
import type { NumberChange } from '../model/kinds/did-number/change.js';
import { createdGroupIds, type CreatedGroups } from './created-groups.js';
import { confirmEffects } from './confirm-effects.js';

/** The ids a change created or touched. */
interface ExecutedIds {
  readonly ruleid?: number;
  readonly lease_id?: number;
  readonly gwgroupid?: number;
}

/**
 * What carrying out a change needs besides the client: the lease state and clock, and for carrier
 * groups the environment their passwords come from and the map of groups this apply created.
 */
export type ExecuteContext = LeaseContext & Partial<CarrierGroupContext>;

/**
 * Carries out one change with the platform requests it needs, the way its kind's module says
 * (`execution`); resolves to the ids the change created or touched. Updates send only the changed
 * fields. Then reads back what the platform did by itself (`effects`, confirm-effects.ts). Throws
 * `ApiError` on failure (NUMBER_EFFECT_NOT_SEEN when an effect is not there).
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
      return { ruleid: await sendRequests(mod, change, client, ctx.createdGroups) };
    case 'lease':
      return { lease_id: await executeLeaseChange(change as LeaseChange, client, ctx) };
    case 'group':
      if (change.kind === ENDPOINT_GROUP_KIND) {
        const env = ctx.env ?? process.env;
        return {
          gwgroupid: await executeEndpointGroupChange(change, client, {
            env,
            ...(ctx.createdGroups ? { createdGroups: ctx.createdGroups } : {}),
          }),
        };
      }
      if (change.kind !== CARRIER_GROUP_KIND) throw new InternalError(`no group executor for ${change.kind}`);
      return {
        gwgroupid: await executeCarrierGroupChange(change, client, {
          env: ctx.env ?? process.env,
          ...(ctx.createdGroups ? { createdGroups: ctx.createdGroups } : {}),
          ...(ctx.passwords ? { passwords: ctx.passwords } : {}),
        }),
      };
    case 'number':
      await executeNumberChange(change as NumberChange, client);
      return {};
    default:
      throw new InternalError(`unknown execution ${JSON.stringify(mod.execution satisfies never)}`);
  }
}

/** The kinds the group executors (execute-carrier-group.ts, execute-endpoint-group.ts) write. */
const CARRIER_GROUP_KIND = KIND_SPECS.carrier_group.kind;
const ENDPOINT_GROUP_KIND = KIND_SPECS.endpoint_group.kind;

/**
 * Sends the requests the kind's module maps a change to, in order, after filling in the ids of
 * groups this apply created; resolves to the rule id the last create answered, else the change's.
 */
async function sendRequests(mod: KindModule, change: Change, client: PlatformClient, created: CreatedGroups | undefined): Promise<number> {
  const filled = withCreatedGroups(mod, change, created);
  let id = 'ruleid' in change ? change.ruleid : undefined;
  for (const request of mod.requests?.(filled) ?? []) {
    const answered = await client.sendRuleRequest(change.kind as RuleKind, request);
    if (request.op === 'create') id = answered;
  }
  if (id === undefined) throw new InternalError(`a ${change.kind} ${change.action} created no rule`);
  return id;
}

/** A change whose `after` names a group this apply created, with its id filled in by the kind's module. */
function withCreatedGroups(mod: KindModule, change: Change, created: CreatedGroups | undefined): Change {
  if (!('after' in change) || mod.withCreatedGroups === undefined) return change;
  const after = mod.withCreatedGroups(change.after, createdGroupIds(created));
  return after === change.after ? change : ({ ...change, after } as Change);
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
 * that one request and its read-back. Throws `ApiError` (or NUMBER_NOT_WRITTEN) when it fails: then
 * every one of them failed, the platform's bulk delete being all or none.
 */
export async function executeBulkDelete(changes: readonly Change[], client: PlatformClient): Promise<void> {
  const mod = KIND_SPECS[changes[0]!.kind] as KindModule;
  if (!mod.bulkDelete || mod.execution !== 'number') throw new InternalError(`no bulk delete for ${mod.kind}`);
  await executeNumberDeletes(changes as readonly NumberChange[], client);
}
