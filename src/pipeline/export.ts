import type { PlatformClient } from '../api/client.js';
import { readCarrierGroups, readEndpointGroups } from '../apply/read-carrier-groups.js';
import type { UnreadableCarrierField } from '../model/carrier-group.js';
import { exportNumbers, type ExportedNumbers } from '../plan/export-numbers.js';
import { droppedRules, exportDocument, literalGlob, sharedGroupNames, unreadCarrierFields, type DroppedRules } from '../plan/export.js';

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
  /** Numbers the file cannot declare as the platform holds them (left out; `policy.ignore.numbers` keeps them), with why. */
  readonly leftNumbers: ReadonlyMap<string, string>;
}

/**
 * Reads the platform (five requests, in parallel; and its numbers when it has the Numbers module)
 * and makes the export document of what it holds (`numbers:` only when the platform holds some).
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
  const groups = [...carriers, ...endpoints];
  // No numbers, no `numbers:`: the file then leaves the inventory alone, as a file that never named it does.
  const exported = numbers && numbers.length > 0 ? exportNumbers(numbers) : undefined;
  const doc = exportDocument(mappings, routes, carrierGroups, groups, endpointGroups);
  return {
    doc: exported ? withNumbers(doc, exported) : doc,
    leftNumbers: exported?.left ?? new Map(),
    shared: sharedGroupNames(carrierGroups),
    dropped: droppedRules(mappings, routes, groups),
    unread: unreadCarrierFields(carrierGroups),
  };
}

/** The document with the numbers after the other collections, and those left out in `policy.ignore.numbers`. */
function withNumbers(doc: ReturnType<typeof exportDocument>, exported: ExportedNumbers): ReturnType<typeof exportDocument> {
  const { policy, ...rest } = doc;
  const ignore = { ...policy?.ignore, ...(exported.left.size > 0 ? { numbers: [...exported.left.keys()].sort().map(literalGlob) } : {}) };
  return { ...rest, numbers: exported.numbers, ...(Object.keys(ignore).length > 0 ? { policy: { ignore } } : {}) };
}
