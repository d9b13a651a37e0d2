import type { InboundMappingInput, InboundMappingPatch, InboundSelector } from '../../model/inbound-mapping.js';
import { conflict, notFound, success, type Outcome } from './outcome.js';
import type { Ledger, StoredMapping } from './records.js';
import { snapshotError } from './snapshot.js';

const DUPLICATE_DID = "Duplicate DID's are not allowed";

/**
 * Inbound DID mappings, indexed by ruleid and by DID so that every lookup is O(1). Inputs are
 * assumed to be validated already (the handlers check values); this table guards only the
 * invariants that need the whole table: one mapping per DID.
 */
export class MappingTable {
  /** Insertion order is ruleid order, because ruleids only grow. */
  private readonly byId = new Map<number, StoredMapping>();
  private readonly byDid = new Map<string, number>();

  constructor(private readonly ledger: Ledger) {}

  /** All mappings, in ruleid order. */
  list(): StoredMapping[] {
    return [...this.byId.values()];
  }

  /** How many mappings there are. */
  get size(): number {
    return this.byId.size;
  }

  /** The mapping a selector names, or `undefined`. */
  find(selector: InboundSelector): StoredMapping | undefined {
    const ruleid = 'ruleid' in selector ? selector.ruleid : this.byDid.get(selector.did);
    return ruleid === undefined ? undefined : this.byId.get(ruleid);
  }

  /**
   * Creates a mapping; a DID that is already mapped (including `""`) is a conflict. `noteless`: the
   * deployed platform was sent no note (see StoredMapping).
   */
  create(input: InboundMappingInput, noteless = false): Outcome<StoredMapping> {
    if (this.byDid.has(input.did)) return conflict(DUPLICATE_DID);
    const mapping: StoredMapping = {
      ruleid: this.ledger.allocateRuleid(),
      did: input.did,
      servers: [...input.servers],
      notes: input.notes ?? '',
      ...(noteless ? { noteless: true as const } : {}),
    };
    this.insert(mapping);
    this.ledger.recordWrite();
    return success(mapping);
  }

  /** Applies a patch; `did` renames, and renaming onto another mapping's DID is a conflict. */
  update(selector: InboundSelector, patch: InboundMappingPatch): Outcome<StoredMapping> {
    const current = this.find(selector);
    if (!current) return notFound(notFoundMessage(selector));
    if (patch.did !== undefined && patch.did !== current.did && this.byDid.has(patch.did)) {
      return conflict(DUPLICATE_DID);
    }
    const next: StoredMapping = {
      ruleid: current.ruleid,
      did: patch.did ?? current.did,
      servers: patch.servers ? [...patch.servers] : current.servers,
      notes: patch.notes ?? current.notes,
      // A note sent now gives the row a description.
      ...(current.noteless && patch.notes === undefined ? { noteless: true as const } : {}),
    };
    this.byDid.delete(current.did);
    this.insert(next);
    this.ledger.recordWrite();
    return success(next);
  }

  /** Deletes the selected mapping and returns it. */
  delete(selector: InboundSelector): Outcome<StoredMapping> {
    const current = this.find(selector);
    if (!current) return notFound(notFoundMessage(selector));
    this.byId.delete(current.ruleid);
    this.byDid.delete(current.did);
    this.ledger.recordWrite();
    return success(current);
  }

  /**
   * `_sync_available_inbound_route` of gui/modules/numbers/api/routes.py (v0.79-rel): the mapping
   * of an available number's DID (`bare`: without its leading `+`) is made to route nowhere. The
   * first mapping (by ruleid) of `bare` or `+bare` is rewritten as `bare`, with no servers and the
   * note `bare`; without one, such a mapping is created. The Numbers module never raises
   * `kamreload`, so neither does this write. Where both `bare` and `+bare` are mapped and `+bare`
   * comes first, the platform renames it onto `bare` (two rows for one DID); this table holds one
   * mapping per DID and rewrites `bare` instead.
   */
  writeForNumber(bare: string): void {
    const first = this.list().find((m) => m.did === bare || m.did === `+${bare}`);
    const target = first && first.did !== bare && this.byDid.has(bare) ? this.find({ did: bare }) : first;
    const mapping: StoredMapping = { ruleid: target?.ruleid ?? this.ledger.allocateRuleid(), did: bare, servers: [''], notes: bare };
    if (target) this.byDid.delete(target.did);
    this.insert(mapping);
    this.ledger.recordQuietChange();
  }

  /** Puts records back from a data file; throws on a duplicate, which means the file is corrupt. */
  load(records: readonly StoredMapping[]): void {
    for (const record of records) {
      if (this.byId.has(record.ruleid) || this.byDid.has(record.did)) {
        throw snapshotError(`duplicate inbound mapping (ruleid ${record.ruleid}, did "${record.did}")`);
      }
      this.insert(record);
    }
  }

  private insert(mapping: StoredMapping): void {
    this.byId.set(mapping.ruleid, mapping);
    this.byDid.set(mapping.did, mapping.ruleid);
  }
}

/** The platform names the selector that missed: a DID selector gets its own sentence. */
export function notFoundMessage(selector: InboundSelector): string {
  return 'did' in selector ? 'No Matching DID Found' : 'No Matching Rule Found';
}
