/**
 * Checks that parsed JSON is a state file of the version this build understands. Problems are
 * described by path and expected type only, never by value: the values include passwords.
 */
import type { LeaseRecord } from '../model/lease.js';

/** The one state format this build reads and writes. */
export const STATE_FORMAT_VERSION = 1;

/** The whole state file: every lease dsipform holds, by its name. */
export interface StateFile {
  readonly format_version: typeof STATE_FORMAT_VERSION;
  readonly leases: Readonly<Record<string, LeaseRecord>>;
}

type FieldCheck = [field: keyof LeaseRecord, expected: string, ok: (v: unknown) => boolean];

const isText = (v: unknown): boolean => typeof v === 'string';
const isName = (v: unknown): boolean => typeof v === 'string' && v !== '';
const isCount = (v: unknown): boolean => Number.isSafeInteger(v) && (v as number) >= 0;
const isInstant = (v: unknown): boolean => typeof v === 'string' && !Number.isNaN(Date.parse(v));

const RECORD_FIELDS: readonly FieldCheck[] = [
  ['name', 'a non-empty string', isName],
  ['lease_id', 'a whole number', isCount],
  ['username', 'a string', isText],
  ['domain', 'a string', isText],
  ['password', 'a string', isText],
  ['email', 'a string', isText],
  ['ttl', 'a whole number of seconds', isCount],
  ['obtained_at', 'an ISO 8601 time', isInstant],
  ['expires_at', 'an ISO 8601 time', isInstant],
  ['source', '"files" or "cli"', (v) => v === 'files' || v === 'cli'],
];
const KNOWN_FIELDS = new Set<string>(RECORD_FIELDS.map(([f]) => f));

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** What is wrong with one lease record, or `null` when it is a well-formed record stored as `key`. */
export function recordProblem(key: string, value: unknown): string | null {
  const at = `leases[${JSON.stringify(key)}]`;
  if (!isObject(value)) return `${at} is not an object`;
  for (const [field, expected, ok] of RECORD_FIELDS) {
    if (!(field in value)) return `${at} has no "${field}"`;
    if (!ok(value[field])) return `${at}.${field} is not ${expected}`;
  }
  // Unknown fields would be dropped by the next write; refusing them keeps a hand edit honest.
  const extra = Object.keys(value).find((k) => !KNOWN_FIELDS.has(k));
  if (extra !== undefined) return `${at} has an unknown field ${JSON.stringify(extra)}`;
  if (value['name'] !== key) return `${at}.name is not ${JSON.stringify(key)}, the key it is stored under`;
  return null;
}

/**
 * Returns `data` as a `StateFile`, or a sentence saying what is wrong with it (the first problem
 * found, in a stable order).
 */
export function toStateFile(data: unknown): StateFile | string {
  if (!isObject(data)) return 'the top level is not a JSON object';
  if (data['format_version'] !== STATE_FORMAT_VERSION) {
    return `"format_version" is ${JSON.stringify(data['format_version']) ?? 'missing'}, but this dsipform reads only ${STATE_FORMAT_VERSION}`;
  }
  const leases = data['leases'];
  if (!isObject(leases)) return '"leases" is not an object';
  const extra = Object.keys(data).find((k) => k !== 'format_version' && k !== 'leases');
  if (extra !== undefined) return `it has an unknown top-level field ${JSON.stringify(extra)}`;
  for (const key of Object.keys(leases).sort()) {
    const problem = recordProblem(key, leases[key]);
    if (problem !== null) return problem;
  }
  return { format_version: STATE_FORMAT_VERSION, leases: leases as Record<string, LeaseRecord> };
}
