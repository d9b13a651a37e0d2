import { InternalError } from '../../model/errors.js';
import type { NumberRecord } from '../../model/number.js';
import type { Ledger } from './records.js';
import { snapshotError } from './snapshot.js';

/**
 * A row of the Numbers module's `dsip_number` table (gui/modules/numbers/db/dsip_number.py,
 * v0.79-rel), as the database holds it: the fields of the record the client reads (text columns,
 * NULL when unset; `did` NOT NULL, at most 64 characters), with the two DATETIMEs as MariaDB returns
 * them (`YYYY-MM-DD HH:MM:SS`, fractions cut off); the database always sets `date_created`.
 */
export interface StoredNumber extends Omit<NumberRecord, 'date_created'> {
  readonly date_created: string;
}

/** The columns a write gives (`id` and `date_created` are the database's). */
export type NumberFields = Omit<StoredNumber, 'id' | 'date_created'>;

/** The Numbers table as the data file holds it. */
export interface NumbersSnapshot {
  /** The next auto-increment id: never reused, as MariaDB's. */
  readonly nextId: number;
  readonly numbers: readonly StoredNumber[];
}

/** How MariaDB's default collations compare text with `=`: case aside, trailing spaces aside. */
export function sqlTextEquals(a: string, b: string): boolean {
  const fold = (s: string): string => s.replace(/ +$/, '').toLowerCase();
  return fold(a) === fold(b);
}

/**
 * The Numbers module's DID inventory. None of its writes raises `kamreload`: the module never sets
 * the platform's reload flag, not even when it rewrites an inbound mapping.
 */
export class NumberTable {
  private readonly rows = new Map<number, StoredNumber>();
  private nextId = 1;

  constructor(private readonly ledger: Ledger) {}

  /** Every number, by id (the order the platform's unordered reads give). */
  list(): StoredNumber[] {
    return [...this.rows.values()].sort((a, b) => a.id - b.id);
  }

  /** One number by id. */
  get(id: number): StoredNumber | undefined {
    return this.rows.get(id);
  }

  /** The first number (by id) whose DID is `did` or `+did`, as the module's lookups ask, skipping the ids in `skip`. */
  findDid(did: string, skip: ReadonlySet<number> = new Set()): StoredNumber | undefined {
    return this.list().find((n) => !skip.has(n.id) && (sqlTextEquals(n.did, did) || sqlTextEquals(n.did, `+${did}`)));
  }

  /** Inserts a row; `date_created` is now (the database's `NOW()`). */
  insert(fields: NumberFields): StoredNumber {
    const row: StoredNumber = { ...fields, id: this.nextId++, date_created: this.timestamp() };
    this.rows.set(row.id, row);
    this.ledger.recordQuietChange();
    return row;
  }

  /** Rewrites a row's columns. */
  update(id: number, fields: Partial<NumberFields>): StoredNumber {
    const current = this.rows.get(id);
    if (!current) throw new InternalError(`emulator: no number ${id} to update`);
    const next = { ...current, ...fields };
    this.rows.set(id, next);
    this.ledger.recordQuietChange();
    return next;
  }

  /** Deletes a row (if present). */
  delete(id: number): void {
    if (this.rows.delete(id)) this.ledger.recordQuietChange();
  }

  /** Uses up ids a rolled-back insert took (InnoDB does not give auto-increment values back). */
  burnIds(count: number): void {
    if (count <= 0) return;
    this.nextId += count;
    this.ledger.recordQuietChange();
  }

  /**
   * `_sync_number_status_from_inbound_route` of gui/modules/api/api_routes.py (v0.79-rel): the
   * number of a mapping's DID (without its leading `+`s, or with one) becomes `assigned` when the
   * mapping has servers and `available` when it has none or was deleted.
   */
  syncFromMapping(did: string, gwlist: string): void {
    const bare = did.replace(/^\++/, '');
    if (bare === '') return;
    const number = this.findDid(bare);
    if (number) this.update(number.id, { status: gwlist === '' ? 'available' : 'assigned' });
  }

  /** The clock as MariaDB's DATETIME shows it (UTC; the emulated host runs in UTC). */
  timestamp(): string {
    return new Date(this.ledger.now()).toISOString().slice(0, 19).replace('T', ' ');
  }

  /** The state for the data file. */
  snapshot(): NumbersSnapshot {
    return { nextId: this.nextId, numbers: this.list() };
  }

  /** Loads a data file's numbers (shape checked by the snapshot parser). */
  load(snapshot: NumbersSnapshot): void {
    this.rows.clear();
    for (const n of snapshot.numbers) {
      if (this.rows.has(n.id) || n.id >= snapshot.nextId)
        throw snapshotError(`number ${n.id} is duplicated or not below nextId ${snapshot.nextId}`);
      this.rows.set(n.id, n);
    }
    this.nextId = snapshot.nextId;
  }
}
