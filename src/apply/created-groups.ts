import { DsipformError } from '../model/errors.js';
import { isPendingMapping, isPendingRoute, type MappingFields, type RouteFields } from '../model/plan.js';

/**
 * The carrier groups an apply created, by name → gwgroupid. The carrier-group executor fills it as
 * each create is confirmed (read back); the rule executors read it for a rule that names a group
 * this plan creates (`servers: []` / `gwgroupid: ""` beside the name in the plan: "known after
 * apply"). Groups are created in an earlier step than the rules that refer to them.
 */
export type CreatedGroups = Map<string, number>;

function lookup(name: string, created: ReadonlyMap<string, number> | undefined, who: string): number {
  const id = created?.get(name);
  if (id !== undefined) return id;
  throw new DsipformError(
    'APPLY_GROUP_NOT_CREATED',
    `${who} refers to the carrier group ${JSON.stringify(name)}, which this apply was to create, but it was not created`,
    'See the carrier group change above for why it failed; fix that, then plan and apply again.',
  );
}

/** A mapping's fields with the id of a group this apply created filled in (unchanged otherwise). */
export function mappingWithCreatedGroup(after: MappingFields, created: ReadonlyMap<string, number> | undefined): MappingFields {
  if (!isPendingMapping(after)) return after;
  return { ...after, servers: [`#${lookup(after.group!, created, `inbound mapping ${JSON.stringify(after.did)}`)}`] };
}

/** A route's fields with the id of a carrier group this apply created filled in (unchanged otherwise). */
export function routeWithCreatedGroup(after: RouteFields, created: ReadonlyMap<string, number> | undefined): RouteFields {
  if (!isPendingRoute(after)) return after;
  return { ...after, gwgroupid: String(lookup(after.carrier_group!, created, `outbound route ${JSON.stringify(after.name)}`)) };
}
