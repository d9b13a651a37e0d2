import type { DeletedNumber, NumberFilters, NumberInput, NumberPatch, NumberRecord } from '../../number.js';
import type { WireReader } from '../../wire-reader.js';

/**
 * Wire ↔ model mapping of the Numbers module (release 0.79): its records hold every column as
 * text (`rowToDict` puts each through Python's `str()`), so `"1"` is the id 1 and `"None"` is
 * NULL. A column that really holds the text `None` reads as null too: the platform's answer cannot
 * tell them apart.
 */

/** The record's text columns. */
type TextField = 'did' | 'status' | 'carrier' | 'pool' | 'assigned_length' | 'assigned_reference_id' | 'assigned_date' | 'date_created';

/** A number record → model. */
export function numberFromWire(value: unknown, read: WireReader): NumberRecord {
  const rec = read.record(value);
  const text = (key: TextField): string | null => {
    const v = rec[key];
    if (v === undefined || v === null || v === 'None') return null;
    if (typeof v !== 'string') throw read.fail(`${key} is ${JSON.stringify(v)}, not text`);
    return v;
  };
  const did = text('did');
  if (did === null) throw read.fail('a number without its did');
  return {
    id: read.int(rec, 'id'),
    did,
    status: text('status'),
    carrier: text('carrier'),
    pool: text('pool'),
    assigned_length: text('assigned_length'),
    assigned_reference_id: text('assigned_reference_id'),
    assigned_date: text('assigned_date'),
    date_created: text('date_created'),
  };
}

/** An entry of a bulk delete's answer (`{did, id}`, either as sent) → model. */
export function deletedFromWire(value: unknown, read: WireReader): DeletedNumber {
  const rec = read.record(value);
  if (typeof rec.did !== 'string') throw read.fail('a deleted number without its did');
  return { id: read.int(rec, 'id'), did: rec.did };
}

/** Model input → create body: the DID and the fields given (absent ones are not sent: NULL). */
export function numberToWire(input: NumberInput | NumberPatch): Record<string, string | null> {
  const body: Record<string, string | null> = {};
  for (const [key, value] of Object.entries(input) as [string, string | null | undefined][]) if (value !== undefined) body[key] = value;
  return body;
}

/** `LIKE` text that matches `text` literally: the platform puts the filters into LIKE patterns unescaped. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Model filters → the list's query arguments (`carrier` is the platform's `source`). */
export function filtersToWire(filters: NumberFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.carrier !== undefined) query.source = filters.carrier;
  if (filters.pool !== undefined) query.pool = filters.pool;
  if (filters.status !== undefined) query.status = filters.status;
  for (const key of ['starts_with', 'contains', 'ends_with'] as const) {
    const text = filters[key];
    if (text !== undefined) query[key] = likeLiteral(text);
  }
  return query;
}
