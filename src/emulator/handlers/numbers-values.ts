/**
 * How the Numbers module's values meet its database: the module passes request values to
 * SQLAlchemy unchecked, and the deployed platform runs MariaDB through mysqlclient, which writes a
 * list as a parenthesised tuple (`('x')` is just `'x'`; two items are an error) and compares a text
 * column with a number as numbers. A failure is the `db` answer showApiError gives, with the
 * driver's first line (SQLAlchemy appends the statement and its parameters, which the twin leaves out).
 */
import { serverError, type Reply } from '../envelope.js';
import { sqlTextEquals, type StoredNumber } from '../store/numbers.js';
import { mysqlNumber, pyRepr, pyType } from './python.js';

/** A text column's most characters (dsip_number.py): longer values fail in MariaDB's strict mode. */
export const COLUMN_LENGTHS = {
  did: 64,
  status: 64,
  carrier: 128,
  pool: 128,
  assigned_length: 256,
  assigned_reference_id: 256,
} as const;

/** A text column of `dsip_number`. */
export type TextColumn = keyof typeof COLUMN_LENGTHS;

/** The 500 `db` answer of a MariaDB error `code` with its message. */
export function dbError(kind: 'DataError' | 'OperationalError' | 'ProgrammingError' | 'IntegrityError', code: number, msg: string): Reply {
  return serverError(`(MySQLdb.${kind}) (${code}, ${pyRepr(msg)})`, 'db');
}

const OPERAND = (): Reply => dbError('OperationalError', 1241, 'Operand should contain 1 column(s)');
const SYNTAX = (): Reply =>
  dbError(
    'ProgrammingError',
    1064,
    "You have an error in your SQL syntax; check the manual that corresponds to your MariaDB server version for the right syntax to use near ')' at line 1",
  );

/** A value as a text column stores it (`null`: NULL), or the database's refusal. */
export function columnText(value: unknown, column: TextColumn): string | null | Reply {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.length === 1 ? columnText(value[0], column) : value.length === 0 ? SYNTAX() : OPERAND();
  if (typeof value === 'object') return SYNTAX();
  const text = typeof value === 'boolean' ? (value ? '1' : '0') : String(value);
  if ([...text].length > COLUMN_LENGTHS[column]) return dbError('DataError', 1406, `Data too long for column '${column}' at row 1`);
  return text;
}

/** Whether a text column (`null`: NULL) equals a bound value in a WHERE clause, or the database's refusal. */
export function textMatches(column: string | null, bound: unknown): boolean | Reply {
  if (Array.isArray(bound)) return bound.length === 1 ? textMatches(column, bound[0]) : bound.length === 0 ? SYNTAX() : OPERAND();
  if (bound === null || bound === undefined) return column === null;
  if (typeof bound === 'object') return SYNTAX();
  if (column === null) return false;
  if (typeof bound === 'string') return sqlTextEquals(column, bound);
  return mysqlNumber(column) === Number(bound);
}

/** Whether the integer `id` equals a bound value (`'5x'` is 5 to MariaDB). */
export function idMatches(id: number, bound: unknown): boolean | Reply {
  if (Array.isArray(bound)) return bound.length === 1 ? idMatches(id, bound[0]) : bound.length === 0 ? SYNTAX() : OPERAND();
  if (bound === null || bound === undefined) return false;
  if (typeof bound === 'object') return SYNTAX();
  return id === (typeof bound === 'string' ? mysqlNumber(bound) : Number(bound));
}

/** `column LIKE pattern` under MariaDB's rules: `%`, `_`, `\` escapes, case aside; NULL never matches. */
export function likeMatches(column: string | null, pattern: string): boolean {
  if (column === null) return false;
  let source = '';
  const chars = [...pattern];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i] ?? '';
    if (c === '\\' && i + 1 < chars.length) source += escapeRegExp(chars[++i] ?? '');
    else if (c === '%') source += '.*';
    else if (c === '_') source += '.';
    else source += escapeRegExp(c);
  }
  return new RegExp(`^${source}$`, 'isu').test(column);
}

function escapeRegExp(c: string): string {
  return c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** Python's `''.join(value)`, or the TypeError it raises as the platform's 500. */
export function pyJoin(value: unknown): string | Reply {
  if (typeof value === 'string') return value;
  const items = Array.isArray(value) ? value : typeof value === 'object' && value !== null ? Object.keys(value) : null;
  if (items === null) return serverError('can only join an iterable');
  const bad = items.findIndex((item) => typeof item !== 'string');
  if (bad >= 0) return serverError(`sequence item ${bad}: expected str instance, ${pyType(items[bad])} found`);
  return items.join('');
}

/** Python's `'+' + value`: the TypeError of a value that is not text, or `null` when it is. */
export function plusFails(value: unknown): Reply | null {
  return typeof value === 'string' ? null : serverError(`can only concatenate str (not "${pyType(value)}") to str`);
}

/**
 * A value written to the DATETIME column `assigned_date` as MariaDB reads it: `YYYY-MM-DD` with an
 * optional ` HH:MM[:SS[.fraction]]` (or `T`), fractions cut off; anything else fails (strict mode).
 */
export function datetimeColumn(value: unknown): string | null | Reply {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value) && value.length === 1) return datetimeColumn(value[0]);
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:\.\d+)?)?)?$/.exec(text.trim());
  const [y, mo, d, h = '0', mi = '0', s = '0'] = m ? m.slice(1).map((p) => p ?? undefined) : [];
  const date = m ? new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s))) : null;
  const real =
    date !== null &&
    date.getUTCMonth() === Number(mo) - 1 &&
    date.getUTCDate() === Number(d) &&
    Number(h) < 24 &&
    Number(mi) < 60 &&
    Number(s) < 60;
  if (!real) {
    return dbError(
      'DataError',
      1292,
      `Incorrect datetime value: '${text}' for column \`kamailio\`.\`dsip_number\`.\`assigned_date\` at row 1`,
    );
  }
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** A row as `rowToDict` answers it: every column through Python's `str()`. */
export function numberRecord(n: StoredNumber): Record<string, string> {
  const text = (v: string | null): string => v ?? 'None';
  return {
    id: String(n.id),
    did: n.did,
    status: text(n.status),
    carrier: text(n.carrier),
    pool: text(n.pool),
    assigned_length: text(n.assigned_length),
    assigned_reference_id: text(n.assigned_reference_id),
    assigned_date: text(n.assigned_date),
    date_created: n.date_created,
  };
}
