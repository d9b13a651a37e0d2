import type { PlatformClient } from '../api/client.js';
import { readCarrierGroups, readEndpointGroups } from '../apply/read-carrier-groups.js';
import type { UnreadableCarrierField } from '../model/carrier-group.js';
import { sharedGroupNames } from '../model/kind-export.js';
import { unreadCarrierFields } from '../model/kinds/carrier-group/export.js';
import { exportLive, type ExportDocument } from '../plan/export.js';

/** Live rules a desired-state file cannot hold: the proxy drops them, and validate or plan refuses them. */
export interface DroppedRules {
  /** Mappings by DID, each with why. */
  readonly mappings: ReadonlyMap<string, string>;
  /** Routes by name (every route of that name: an ignore entry keeps them all), each with why. */
  readonly routes: ReadonlyMap<string, string>;
}

/** What `dsipform export` writes, before it is written as YAML: the document and what it leaves out, and why. */
export interface ExportRead {
  /** The live state as a desired-state document, rules referring to groups by name where the name is unique. */
  readonly doc: ExportDocument;
  /** Carrier groups that share a name, which an entry cannot tell apart (left out; `policy.ignore` keeps them). */
  readonly shared: ReadonlyMap<string, number[]>;
  /** Rules the proxy drops, left out and kept by `policy.ignore`, with why. */
  readonly dropped: DroppedRules;
  /** Per carrier group, the fields the platform's API does not show. */
  readonly unread: ReadonlyMap<string, readonly UnreadableCarrierField[]>;
  /** Numbers the file cannot declare as the platform holds them (left out; `policy.ignore.numbers` keeps them), with why. */
  readonly leftNumbers: ReadonlyMap<string, string>;
}

/**
 * Reads the platform (five requests, in parallel; and its numbers when it has the Numbers module)
 * and makes the export document of what it holds (`exportLive`: `numbers:` only when the platform
 * holds some).
 */
export async function readExport(client: PlatformClient): Promise<ExportRead> {
  const [mappings, routes, carrierGroups, carriers, endpoints, endpointGroups, numbers] = await Promise.all([
    client.listInboundMappings(),
    client.listOutboundRoutes(),
    readCarrierGroups(client),
    client.listCarrierGroups(),
    client.listEndpointGroups(),
    readEndpointGroups(client),
    client.numbersModule().then((has) => (has ? client.listNumbers() : undefined)),
  ]);
  const live = {
    inbound_mappings: mappings,
    outbound_routes: routes,
    carrier_groups: carrierGroups,
    endpoint_groups: endpointGroups,
    ...(numbers ? { numbers } : {}),
  };
  const { doc, left } = exportLive(live, [...carriers, ...endpoints]);
  return {
    doc,
    leftNumbers: left.did_number ?? new Map(),
    shared: sharedGroupNames(carrierGroups),
    dropped: { mappings: left.inbound_mapping ?? new Map(), routes: left.outbound_route ?? new Map() },
    unread: unreadCarrierFields(carrierGroups),
  };
}
