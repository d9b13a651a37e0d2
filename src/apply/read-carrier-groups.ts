import type { CarrierGroup } from '../model/carrier-group.js';
import type { EndpointGroup } from '../model/endpoint-group.js';

/** The client's carrier-group reads. */
export interface CarrierGroupReader {
  /** One request: every carrier group, without endpoints. */
  listCarrierGroups(): Promise<readonly { readonly gwgroupid: number }[]>;
  /** One request: a group with its endpoints, or null when it is gone. */
  getCarrierGroup(gwgroupid: number): Promise<CarrierGroup | null>;
}

/** How many group reads are in flight at once: the list answers no endpoints, so each group is one GET. */
export const CARRIER_GROUP_READS = 4;

/**
 * Every carrier group with its endpoints: one list request, then one GET per group, at most
 * `CARRIER_GROUP_READS` at once, in gwgroupid order. A group deleted between the two reads is left out.
 */
export function readCarrierGroups(client: CarrierGroupReader): Promise<CarrierGroup[]> {
  return readGroups(
    () => client.listCarrierGroups(),
    (id) => client.getCarrierGroup(id),
  );
}

/** The client's endpoint-group reads. */
export interface EndpointGroupReader {
  /** One request: every endpoint group, without endpoints. */
  listEndpointGroups(): Promise<readonly { readonly gwgroupid: number }[]>;
  /** One request: a group with its endpoints and registration, or null when it is gone. */
  getEndpointGroup(gwgroupid: number): Promise<EndpointGroup | null>;
}

/** Every endpoint group with its endpoints, read as carrier groups are (`readGroups`). */
export function readEndpointGroups(client: EndpointGroupReader): Promise<EndpointGroup[]> {
  return readGroups(
    () => client.listEndpointGroups(),
    (id) => client.getEndpointGroup(id),
  );
}

/**
 * One list request, then one GET per group, at most `CARRIER_GROUP_READS` at once, in gwgroupid
 * order. A group deleted between the two reads is left out.
 */
async function readGroups<G>(
  list: () => Promise<readonly { readonly gwgroupid: number }[]>,
  get: (id: number) => Promise<G | null>,
): Promise<G[]> {
  const ids = [...new Set((await list()).map((g) => g.gwgroupid))].sort((a, b) => a - b);
  const found = new Array<G | null>(ids.length).fill(null);
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let i = next++; i < ids.length; i = next++) found[i] = await get(ids[i]!);
  };
  await Promise.all(Array.from({ length: Math.min(CARRIER_GROUP_READS, ids.length) }, worker));
  return found.filter((g): g is G => g !== null);
}
