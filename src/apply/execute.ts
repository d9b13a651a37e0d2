import type { PlatformClient } from '../api/client.js';
import { InternalError } from '../model/errors.js';
import type { OutboundRoutePatch } from '../model/outbound-route.js';
import { executeCarrierGroupChange, type CarrierGroupContext } from './execute-carrier-group.js';
import { obtainLease, revokeLease, type LeaseContext } from './execute-lease.js';
import { mappingWithCreatedGroup, routeWithCreatedGroup, type CreatedGroups } from './created-groups.js';
import type { Change, LeaseChange, MappingChange, RouteChange, RouteFields } from '../model/plan.js';

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

function pick<T extends object>(after: T, fields: readonly string[]): Partial<T> {
  const out: Partial<T> = {};
  for (const f of fields) if (f in after) (out as Record<string, unknown>)[f] = (after as Record<string, unknown>)[f];
  return out;
}

function routePatch(after: RouteFields, fields: readonly string[]): OutboundRoutePatch {
  const { from_prefix, ...rest } = pick(after, fields);
  if (!fields.includes('from_prefix')) return rest;
  // "" demotes; a non-empty from_prefix needs prefix beside it on the deployed platform.
  return { ...rest, from_prefix: from_prefix ?? '', ...(from_prefix ? { prefix: after.prefix } : {}) };
}

/**
 * Carries out one change with the platform requests it needs; resolves to the ids the change
 * created or touched. Updates send only the changed fields. Throws `ApiError` on failure.
 */
export async function executeChange(change: Change, client: PlatformClient, ctx: ExecuteContext): Promise<ExecutedIds> {
  switch (change.kind) {
    case 'endpoint_lease':
      return { lease_id: await executeLeaseChange(change, client, ctx) };
    case 'inbound_mapping':
      return { ruleid: await executeMappingChange(withCreatedGroup(change, ctx.createdGroups), client) };
    case 'outbound_route':
      return { ruleid: await executeRouteChange(withCreatedGroup(change, ctx.createdGroups), client) };
    case 'carrier_group':
      return {
        gwgroupid: await executeCarrierGroupChange(change, client, {
          env: ctx.env ?? process.env,
          ...(ctx.createdGroups ? { createdGroups: ctx.createdGroups } : {}),
          ...(ctx.passwords ? { passwords: ctx.passwords } : {}),
        }),
      };
    default:
      return assertNever(change);
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
      return assertNever(change);
  }
}

async function executeMappingChange(change: MappingChange, client: PlatformClient): Promise<number> {
  switch (change.action) {
    case 'create': {
      const { did, servers, notes } = change.after;
      return client.createInboundMapping({ did, servers, notes });
    }
    case 'update':
      await client.updateInboundMapping({ ruleid: change.ruleid }, pick(change.after, change.fields));
      return change.ruleid;
    case 'replace': {
      // The DID is unique, so the old mapping must go first; the new one has a new rule id.
      const { did, servers, notes } = change.after;
      await client.deleteIfPresent({ kind: 'inbound_mapping', ruleid: change.ruleid });
      return client.createInboundMapping({ did, servers, notes });
    }
    case 'delete':
      await client.deleteIfPresent({ kind: 'inbound_mapping', ruleid: change.ruleid });
      return change.ruleid;
    default:
      return assertNever(change);
  }
}

async function executeRouteChange(change: RouteChange, client: PlatformClient): Promise<number> {
  switch (change.action) {
    case 'create': {
      // The name (carrier_group) is the plan's, not the platform's: only the id is sent.
      const { from_prefix, carrier_group: _name, ...rest } = change.after;
      return client.createOutboundRoute({ ...rest, ...(from_prefix ? { from_prefix } : {}) });
    }
    case 'update':
    case 'promote':
    case 'demote':
      await client.updateOutboundRoute(change.ruleid, routePatch(change.after, change.fields));
      return change.ruleid;
    case 'delete':
      await client.deleteIfPresent({ kind: 'outbound_route', ruleid: change.ruleid });
      return change.ruleid;
    default:
      return assertNever(change);
  }
}

/** A rule change whose `after` names a group this apply created, with its id filled in. */
function withCreatedGroup<C extends MappingChange | RouteChange>(change: C, created: CreatedGroups | undefined): C {
  if (!('after' in change)) return change;
  const after =
    change.kind === 'inbound_mapping' ? mappingWithCreatedGroup(change.after, created) : routeWithCreatedGroup(change.after, created);
  return after === change.after ? change : { ...change, after };
}

function assertNever(change: never): never {
  throw new InternalError(`unknown change action ${JSON.stringify(change)}`);
}
