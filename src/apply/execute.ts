import type { PlatformClient } from '../api/client.js';
import type { OutboundRoutePatch } from '../model/outbound-route.js';
import { ApiError } from '../api/errors.js';
import { obtainLease, revokeLease, type LeaseContext } from './execute-lease.js';
import type { Change, LeaseFields, MappingFields, RouteFields } from '../model/plan.js';

/** The ids a change created or touched. */
export interface ExecutedIds {
  readonly ruleid?: number;
  readonly lease_id?: number;
}

function pick<T extends object>(after: T, fields: readonly string[]): Partial<T> {
  const out: Partial<T> = {};
  for (const f of fields) if (f in after) (out as Record<string, unknown>)[f] = (after as Record<string, unknown>)[f];
  return out;
}

function routePatch(after: RouteFields, fields: readonly string[]): OutboundRoutePatch {
  const { from_prefix, ...rest } = pick(after, fields);
  const patch: Record<string, unknown> = { ...rest };
  if (fields.includes('from_prefix')) {
    // "" demotes; a non-empty from_prefix needs prefix beside it on the deployed platform.
    patch.from_prefix = from_prefix ?? '';
    if (from_prefix) patch.prefix = after.prefix;
  }
  return patch as OutboundRoutePatch;
}

/**
 * Carries out one change with the platform requests it needs; resolves to the ids the change
 * created or touched. Updates send only the changed fields. Throws `ApiError` on failure.
 */
export async function executeChange(change: Change, client: PlatformClient, ctx: LeaseContext): Promise<ExecutedIds> {
  switch (change.action) {
    case 'obtain':
      return { lease_id: await obtainLease(change.after, client, ctx) };
    case 'renew':
      // Revoke, then obtain anew: between the two the state holds no record, so a crash there
      // leads to an obtain on the next run, never to a revoked lease taken for a live one.
      await revokeLease(change.key, change.lease_id, client, ctx);
      return { lease_id: await obtainLease(change.after as LeaseFields, client, ctx) };
    case 'revoke':
      await revokeLease(change.key, change.lease_id, client, ctx);
      return { lease_id: change.lease_id };
    default:
      return { ruleid: await executeRuleChange(change, client) };
  }
}

type RuleChange = Exclude<Change, { action: 'obtain' | 'renew' | 'revoke' }>;

async function executeRuleChange(change: RuleChange, client: PlatformClient): Promise<number | undefined> {
  if (change.kind === 'inbound_mapping') {
    switch (change.action) {
      case 'create': {
        const after = change.after as MappingFields;
        return client.createInboundMapping({ did: after.did, servers: after.servers, notes: after.notes });
      }
      case 'update':
      case 'promote':
      case 'demote':
        await client.updateInboundMapping({ ruleid: change.ruleid }, pick(change.after as MappingFields, change.fields));
        return change.ruleid;
      case 'replace': {
        // The DID is unique, so the old mapping must go first; the new one has a new rule id.
        const after = change.after as MappingFields;
        await goneIsDone(client.deleteInboundMapping({ ruleid: change.ruleid }));
        return client.createInboundMapping({ did: after.did, servers: after.servers, notes: after.notes });
      }
      case 'delete':
        await goneIsDone(client.deleteInboundMapping({ ruleid: change.ruleid }));
        return change.ruleid;
      default:
        return assertNever(change);
    }
  }
  switch (change.action) {
    case 'create': {
      const { from_prefix, ...rest } = change.after as RouteFields;
      return client.createOutboundRoute({ ...rest, ...(from_prefix ? { from_prefix } : {}) });
    }
    case 'update':
    case 'promote':
    case 'demote':
    case 'replace':
      await client.updateOutboundRoute(change.ruleid, routePatch(change.after as RouteFields, change.fields));
      return change.ruleid;
    case 'delete':
      await goneIsDone(client.deleteOutboundRoute(change.ruleid));
      return change.ruleid;
    default:
      return assertNever(change);
  }
}

/** A delete that finds its object already gone has reached its goal. */
async function goneIsDone(request: Promise<void>): Promise<void> {
  try {
    await request;
  } catch (err) {
    if (!(err instanceof ApiError && err.isNotFound)) throw err;
  }
}

function assertNever(change: never): never {
  throw new Error(`unknown change action ${JSON.stringify(change)}`);
}
