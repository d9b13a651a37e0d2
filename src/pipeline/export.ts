import type { PlatformClient } from '../api/client.js';
import { readCarrierGroups } from '../apply/read-carrier-groups.js';
import type { UnreadableCarrierField } from '../model/carrier-group.js';
import { droppedRules, exportDocument, sharedGroupNames, unreadCarrierFields, type DroppedRules } from '../plan/export.js';

/** What `dsipform export` writes, before it is written as YAML: the document and what it leaves out, and why. */
export interface ExportRead {
  /** The live state as a desired-state document, rules referring to groups by name where the name is unique. */
  readonly doc: ReturnType<typeof exportDocument>;
  /** Carrier groups that share a name, which an entry cannot tell apart (left out; `policy.ignore` keeps them). */
  readonly shared: ReadonlyMap<string, number[]>;
  /** Rules the proxy drops, left out and kept by `policy.ignore`, with why. */
  readonly dropped: DroppedRules;
  /** Per carrier group, the fields the platform's API does not show. */
  readonly unread: ReadonlyMap<string, readonly UnreadableCarrierField[]>;
}

/** Reads the platform (five requests, in parallel) and makes the export document of what it holds. */
export async function readExport(client: PlatformClient): Promise<ExportRead> {
  const [mappings, routes, carrierGroups, carriers, endpoints] = await Promise.all([
    client.listInboundMappings(),
    client.listOutboundRoutes(),
    readCarrierGroups(client),
    client.listCarrierGroups(),
    client.listEndpointGroups(),
  ]);
  const groups = [...carriers, ...endpoints];
  return {
    doc: exportDocument(mappings, routes, carrierGroups, groups),
    shared: sharedGroupNames(carrierGroups),
    dropped: droppedRules(mappings, routes, groups),
    unread: unreadCarrierFields(carrierGroups),
  };
}
