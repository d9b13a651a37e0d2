import { FLT_FWD_MIN, FLT_LCR_MIN } from '../../model/constants.js';
import { InternalError } from '../../model/errors.js';
import type { LcrRecord } from './records.js';
import { snapshotError } from './snapshot.js';

/**
 * The LCR records paired with LCR routes, indexed by groupid and by pattern. Allocation follows the
 * platform: the next groupid is the largest one in use plus one (FLT_LCR_MIN when none), so a freed
 * groupid comes back only once every larger one is gone. The largest groupid is cached and rescanned
 * only when the record holding it goes away.
 */
export class LcrTable {
  private readonly byGroup = new Map<number, LcrRecord>();
  private readonly byPattern = new Map<string, number>();
  private maxGroupid: number | null = null;

  /** All records, in insertion order. */
  list(): LcrRecord[] {
    return [...this.byGroup.values()];
  }

  /** The record of a groupid, or `undefined`. */
  get(groupid: number): LcrRecord | undefined {
    return this.byGroup.get(groupid);
  }

  /** The groupid whose record holds this pattern, or `undefined`. */
  groupOf(pattern: string): number | undefined {
    return this.byPattern.get(pattern);
  }

  private taken(record: LcrRecord): boolean {
    return this.byGroup.has(record.groupid) || this.byPattern.has(record.pattern);
  }

  /** The groupid the next LCR route gets, or `null` when that would leave the LCR range. */
  nextGroupid(): number | null {
    const next = this.maxGroupid === null ? FLT_LCR_MIN : this.maxGroupid + 1;
    return next < FLT_FWD_MIN ? next : null;
  }

  /** Puts records back from a data file; throws on a duplicate, which means the file is corrupt. */
  load(records: readonly LcrRecord[]): void {
    for (const record of records) {
      if (this.taken(record)) throw snapshotError(`duplicate LCR record (groupid ${record.groupid}, pattern "${record.pattern}")`);
      this.add(record);
    }
  }

  /** Adds a record; callers have checked that neither its groupid nor its pattern is taken. */
  add(record: LcrRecord): void {
    if (this.taken(record)) throw new InternalError(`duplicate LCR record (groupid ${record.groupid}, pattern "${record.pattern}")`);
    this.byGroup.set(record.groupid, record);
    this.byPattern.set(record.pattern, record.groupid);
    if (this.maxGroupid === null || record.groupid > this.maxGroupid) this.maxGroupid = record.groupid;
  }

  /** Changes a record's pattern and from-prefix in place, keeping its groupid. */
  repattern(groupid: number, pattern: string, fromPrefix: string): void {
    const current = this.byGroup.get(groupid);
    if (!current) throw new InternalError(`no LCR record with groupid ${groupid}`);
    this.byPattern.delete(current.pattern);
    this.byGroup.set(groupid, { pattern, from_prefix: fromPrefix, groupid });
    this.byPattern.set(pattern, groupid);
  }

  /** Removes a record, if present. */
  remove(groupid: number): void {
    const current = this.byGroup.get(groupid);
    if (!current) return;
    this.byGroup.delete(groupid);
    this.byPattern.delete(current.pattern);
    if (groupid === this.maxGroupid) this.maxGroupid = this.scanMax();
  }

  private scanMax(): number | null {
    let max: number | null = null;
    for (const groupid of this.byGroup.keys()) if (max === null || groupid > max) max = groupid;
    return max;
  }
}
