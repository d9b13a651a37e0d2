import type { PlatformClient } from '../api/client.js';
import { readLive } from '../apply/read-live.js';
import type { UnreadableCarrierField } from '../model/carrier-group.js';
import { KINDS } from '../model/desired.js';
import { sharedGroupNames } from '../model/kind-export.js';
import { KIND_SPECS } from '../model/kinds.js';
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

/** The collections `dsipform export` writes: each kind's whose module says how (`export`). */
const EXPORTED = KINDS.filter((k) => KIND_SPECS[k].export !== undefined).map((k) => KIND_SPECS[k].collection);

/**
 * Reads the platform (one list request per collection an export writes, and the groups, in
 * parallel, as a plan reads them: `readLive`; numbers only from a platform with the Numbers module,
 * read as the checks read them, so a platform without it is no error) and makes the export document
 * of what it holds (`exportLive`: `numbers:` only when the platform holds some).
 */
export async function readExport(client: PlatformClient): Promise<ExportRead> {
  const live = await readLive(
    client,
    EXPORTED.filter((c) => c !== 'numbers'),
    undefined,
    { groups: true, readOnly: EXPORTED.filter((c) => c === 'numbers') },
  );
  const { doc, left } = exportLive(live, live.groups);
  const carrierGroups = live.carrier_groups ?? [];
  return {
    doc,
    leftNumbers: left.did_number ?? new Map(),
    shared: sharedGroupNames(carrierGroups),
    dropped: { mappings: left.inbound_mapping ?? new Map(), routes: left.outbound_route ?? new Map() },
    unread: unreadCarrierFields(carrierGroups),
  };
}
