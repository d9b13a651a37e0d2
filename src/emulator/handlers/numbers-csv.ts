/**
 * `POST /api/numbers/v1/number/bulk` (gui/modules/numbers/api/routes.py:295-355, v0.79-rel): a
 * CSV file in the multipart field `file`, read as UTF-8 with universal newlines by Python's
 * `csv.reader`. The first row is skipped as the header; each later row is `did, status, carrier,
 * pool, assigned_length, assigned_reference_id`, every cell stripped (a missing cell is NULL, an
 * empty one `""`). A DID already held (as itself or with one `+`) is skipped. Unlike a single
 * create, the upload never writes an inbound mapping, whatever the status. All rows or none.
 */
import { badRequest, ok, serverError, type Reply } from '../envelope.js';
import type { Handler } from '../router.js';
import { sqlTextEquals, type NumberFields } from '../store/numbers.js';
import { isReply } from './args.js';
import { columnText, numberRecord } from './numbers-values.js';
import { pyTruthy } from './python.js';

const CELLS = ['did', 'status', 'carrier', 'pool', 'assigned_length', 'assigned_reference_id'] as const;

/** The upload handler. */
export const uploadNumbers: Handler = (store, req) => {
  const file = req.files?.get('file');
  // Werkzeug's FileStorage is false without a file name.
  if (!file || file.filename === '') return badRequest('CSV file is required');
  const text = decodeUtf8(file.bytes);
  if (typeof text !== 'string') return text;
  const rows = parseCsv(text.replace(/\r\n?/g, '\n'));
  // `next(csv_input)` of an empty file raises StopIteration, whose text is empty.
  if (rows.length === 0) return serverError('Unknown Error Occurred');
  const pending: NumberFields[] = [];
  for (const row of rows.slice(1)) {
    if (row.length < 1) continue;
    const did = pyStrip(row[0] ?? '');
    const held = (d: string): boolean => sqlTextEquals(d, did) || sqlTextEquals(d, `+${did}`);
    if (store.numbers.findDid(did) || pending.some((p) => held(p.did))) continue;
    const fields: Record<string, string | null> = {};
    for (const [i, column] of CELLS.entries()) {
      const cell = i === 0 ? did : row.length > i ? pyStrip(row[i] ?? '') : null;
      const stored = columnText(cell, column);
      if (isReply(stored)) {
        // The rows before were inserted (their ids used up) and are rolled back.
        store.numbers.burnIds(pending.length);
        return stored;
      }
      fields[column] = stored;
    }
    fields['assigned_date'] = pyTruthy(fields['assigned_length']) ? store.numbers.timestamp() : null;
    pending.push(fields as unknown as NumberFields);
  }
  const made = pending.map((fields) => numberRecord(store.numbers.insert(fields)));
  return ok(`${made.length} Numbers created`, made);
};

/**
 * Python's `csv.reader` (the excel dialect, not strict) over text whose line ends are `\n`: an
 * empty line is an empty row, quotes open a field only at its start, `""` inside quotes is one
 * quote, and text after a closing quote joins the field.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let state: 'start-record' | 'start-field' | 'field' | 'quoted' | 'quote-in-quoted' = 'start-record';
  const endField = (): void => {
    row.push(field);
    field = '';
  };
  const endRow = (): void => {
    rows.push(row);
    row = [];
  };
  for (const c of text) {
    if (state === 'start-record' && c === '\n') {
      endRow();
      continue;
    }
    if (state === 'start-record') state = 'start-field';
    if (state === 'quoted') {
      if (c === '"') state = 'quote-in-quoted';
      else field += c;
    } else if (state === 'quote-in-quoted' && c === '"') {
      field += c;
      state = 'quoted';
    } else if (state === 'start-field' && c === '"') {
      state = 'quoted';
    } else if (c === ',') {
      endField();
      state = 'start-field';
    } else if (c === '\n') {
      endField();
      endRow();
      state = 'start-record';
    } else {
      field += c;
      state = 'field';
    }
  }
  if (state !== 'start-record') {
    endField();
    endRow();
  }
  return rows;
}

/** Python's `str.strip()`: the characters `str.isspace()` calls white space, at both ends. */
function pyStrip(text: string): string {
  const space = '[\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
  return text.replace(new RegExp(`^${space}+|${space}+$`, 'gu'), '');
}

/** `bytes.decode("UTF8")`: the text, or the 500 Python's UnicodeDecodeError gives, in its words. */
function decodeUtf8(bytes: Buffer): string | Reply {
  for (let i = 0; i < bytes.length;) {
    const b = bytes[i] ?? 0;
    const need = b < 0x80 ? 0 : b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1;
    if (need < 0) return decodeError(bytes, i, i + 1, 'invalid start byte');
    for (let k = 1; k <= need; k++) {
      if (i + k >= bytes.length) return decodeError(bytes, i, bytes.length, 'unexpected end of data');
      const c = bytes[i + k] ?? 0;
      const low = k === 1 && b === 0xe0 ? 0xa0 : k === 1 && b === 0xf0 ? 0x90 : 0x80;
      const high = k === 1 && b === 0xed ? 0x9f : k === 1 && b === 0xf4 ? 0x8f : 0xbf;
      if (c < low || c > high) return decodeError(bytes, i, i + k, 'invalid continuation byte');
    }
    i += need + 1;
  }
  return bytes.toString('utf8');
}

function decodeError(bytes: Buffer, start: number, end: number, reason: string): Reply {
  const where =
    end - start === 1
      ? `byte 0x${(bytes[start] ?? 0).toString(16).padStart(2, '0')} in position ${start}`
      : `bytes in position ${start}-${end - 1}`;
  return serverError(`'utf-8' codec can't decode ${where}: ${reason}`);
}
