/**
 * Checks that parsed JSON is a state file this build understands, and brings a format-1 file (leases
 * recorded without their target) up to the current format. Problems are described by path and
 * expected type only, never by value: the values include passwords (and their digests).
 */
import type { InFlightObtain, LeaseRecord } from '../model/lease.js';
import { PASSWORD_DIGEST, type PasswordRecord } from '../model/password-record.js';

/** The state format this build writes; it also reads format 1 (see `toStateFile`). */
export const STATE_FORMAT_VERSION = 2;

/** The whole state file: every lease dsipform holds, on every target, and any obtain in flight. */
export interface StateFile {
  readonly format_version: typeof STATE_FORMAT_VERSION;
  /** Sorted by target, then name; one record per (target, name). */
  readonly leases: readonly LeaseRecord[];
  /** Obtains started and not yet recorded; written only when there are any. */
  readonly obtaining?: readonly InFlightObtain[];
  /**
   * Digests of the carrier-group passwords dsipform sent, one per (target, gwgroupid), sorted so;
   * written only when there are any.
   */
  readonly carrier_passwords?: readonly PasswordRecord[];
}

type Check<T> = [field: keyof T & string, expected: string, ok: (v: unknown) => boolean];

const isText = (v: unknown): boolean => typeof v === 'string';
const isName = (v: unknown): boolean => typeof v === 'string' && v !== '';
const isCount = (v: unknown): boolean => Number.isSafeInteger(v) && (v as number) >= 0;
const isInstant = (v: unknown): boolean => typeof v === 'string' && !Number.isNaN(Date.parse(v));

const V1_FIELDS: readonly Check<LeaseRecord>[] = [
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
const RECORD_FIELDS: readonly Check<LeaseRecord>[] = [
  ...V1_FIELDS,
  ['target', 'a non-empty string or null', (v) => v === null || isName(v)],
];
const PASSWORD_FIELDS: readonly Check<PasswordRecord>[] = [
  ['target', 'a non-empty string', isName],
  ['gwgroupid', 'a whole number above 0', (v) => Number.isSafeInteger(v) && (v as number) > 0],
  ['digest', 'an scrypt digest', (v) => typeof v === 'string' && PASSWORD_DIGEST.test(v)],
];
const NOTE_FIELDS: readonly Check<InFlightObtain>[] = [
  ['id', 'a non-empty string', isName],
  ['target', 'a non-empty string', isName],
  ['email', 'a string', isText],
  ['ttl', 'a whole number of seconds', isCount],
  ['started_at', 'an ISO 8601 time', isInstant],
  ['expires_by', 'an ISO 8601 time', isInstant],
];

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function fieldsProblem<T>(at: string, value: unknown, checks: readonly Check<T>[]): string | null {
  if (!isObject(value)) return `${at} is not an object`;
  for (const [field, expected, ok] of checks) {
    if (!(field in value)) return `${at} has no "${field}"`;
    if (!ok(value[field])) return `${at}.${field} is not ${expected}`;
  }
  // Unknown fields would be dropped by the next write; refusing them keeps a hand edit honest.
  const extra = Object.keys(value).find((k) => !checks.some(([f]) => f === k));
  return extra === undefined ? null : `${at} has an unknown field ${JSON.stringify(extra)}`;
}

/** What is wrong with one lease record of the current format, or `null` when it is well-formed. */
export function recordProblem(value: unknown, at = 'the lease record'): string | null {
  return fieldsProblem(at, value, RECORD_FIELDS);
}

/** What is wrong with one password record, or `null` when it is well-formed. */
export function passwordRecordProblem(value: unknown, at = 'the password record'): string | null {
  return fieldsProblem(at, value, PASSWORD_FIELDS);
}

/** The order password records are kept and written in: by target, then by group. */
export function byTargetAndGroup(a: PasswordRecord, b: PasswordRecord): number {
  return a.target < b.target ? -1 : a.target > b.target ? 1 : a.gwgroupid - b.gwgroupid;
}

/** The order records are kept and written in: by target (unknown first), then by name. */
export function byTargetAndName(a: LeaseRecord, b: LeaseRecord): number {
  const [x, y] = [`${a.target ?? ''}\u0000${a.name}`, `${b.target ?? ''}\u0000${b.name}`];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Format 1 kept `leases` by name, without targets: each record becomes one of an unknown target. */
function fromVersion1(data: Record<string, unknown>): StateFile | string {
  const leases = data['leases'];
  if (!isObject(leases)) return '"leases" is not an object';
  const extra = Object.keys(data).find((k) => k !== 'format_version' && k !== 'leases');
  if (extra !== undefined) return `it has an unknown top-level field ${JSON.stringify(extra)}`;
  const records: LeaseRecord[] = [];
  for (const key of Object.keys(leases).sort()) {
    const at = `leases[${JSON.stringify(key)}]`;
    const problem = fieldsProblem(at, leases[key], V1_FIELDS);
    if (problem !== null) return problem;
    const rec = leases[key] as Omit<LeaseRecord, 'target'>;
    if (rec.name !== key) return `${at}.name is not ${JSON.stringify(key)}, the key it is stored under`;
    records.push({ ...rec, target: null });
  }
  return { format_version: STATE_FORMAT_VERSION, leases: records };
}

function fromVersion2(data: Record<string, unknown>): StateFile | string {
  const { leases, obtaining, carrier_passwords: passwords } = data;
  if (!Array.isArray(leases)) return '"leases" is not an array';
  if (obtaining !== undefined && !Array.isArray(obtaining)) return '"obtaining" is not an array';
  if (passwords !== undefined && !Array.isArray(passwords)) return '"carrier_passwords" is not an array';
  const extra = Object.keys(data).find((k) => !['format_version', 'leases', 'obtaining', 'carrier_passwords'].includes(k));
  if (extra !== undefined) return `it has an unknown top-level field ${JSON.stringify(extra)}`;
  const seen = new Set<string>();
  for (const [i, value] of leases.entries()) {
    const problem = recordProblem(value, `leases[${i}]`);
    if (problem !== null) return problem;
    const rec = value as LeaseRecord;
    const key = JSON.stringify([rec.target, rec.name]);
    if (seen.has(key)) return `leases[${i}] is a second lease named ${JSON.stringify(rec.name)} for the same target`;
    seen.add(key);
  }
  for (const [i, value] of (obtaining ?? []).entries()) {
    const problem = fieldsProblem(`obtaining[${i}]`, value, NOTE_FIELDS);
    if (problem !== null) return problem;
  }
  const sent = new Set<string>();
  for (const [i, value] of ((passwords ?? []) as unknown[]).entries()) {
    const problem = passwordRecordProblem(value, `carrier_passwords[${i}]`);
    if (problem !== null) return problem;
    const rec = value as PasswordRecord;
    const key = JSON.stringify([rec.target, rec.gwgroupid]);
    if (sent.has(key)) return `carrier_passwords[${i}] is a second record of carrier group ${rec.gwgroupid} for the same target`;
    sent.add(key);
  }
  const records = [...(leases as LeaseRecord[])].sort(byTargetAndName);
  const notes = (obtaining ?? []) as InFlightObtain[];
  const digests = [...((passwords ?? []) as PasswordRecord[])].sort(byTargetAndGroup);
  return {
    format_version: STATE_FORMAT_VERSION,
    leases: records,
    ...(notes.length > 0 ? { obtaining: notes } : {}),
    ...(digests.length > 0 ? { carrier_passwords: digests } : {}),
  };
}

/**
 * Returns `data` as a `StateFile`, or a sentence saying what is wrong with it (the first problem
 * found, in a stable order). A format-1 file is read as format 2 with every lease's target unknown.
 */
export function toStateFile(data: unknown): StateFile | string {
  if (!isObject(data)) return 'the top level is not a JSON object';
  if (data['format_version'] === 1) return fromVersion1(data);
  if (data['format_version'] === STATE_FORMAT_VERSION) return fromVersion2(data);
  return `"format_version" is ${JSON.stringify(data['format_version']) ?? 'missing'}, but this dsipform reads only 1 and ${STATE_FORMAT_VERSION}`;
}
