import { DsipformError } from '../../model/errors.js';
import type { LcrRecord, StoredLease, StoredMapping, StoredRoute } from './records.js';
import type { GroupsSnapshot } from './groups.js';
import { parseGroups } from './group-snapshot.js';
import type { NumbersSnapshot, StoredNumber } from './numbers.js';

/** Tag of the data file's layout; bump it when the layout changes incompatibly. */
export const SNAPSHOT_FORMAT = 'dsipform-emulator/1';

/** The whole emulated platform state as the data file holds it (plain JSON). */
export interface EmulatorSnapshot {
  readonly format: typeof SNAPSHOT_FORMAT;
  readonly nextRuleid: number;
  readonly nextLeaseid: number;
  readonly kamreload: boolean;
  readonly mappings: readonly StoredMapping[];
  readonly routes: readonly StoredRoute[];
  readonly lcr: readonly LcrRecord[];
  readonly leases: readonly StoredLease[];
  /** Groups and gateways; absent in files written before the emulator kept them. */
  readonly groups?: GroupsSnapshot;
  /** The Numbers module's table; absent in files written before the emulator kept it. */
  readonly numbers?: NumbersSnapshot;
}

/** `true?`: absent, or `true` (a mark kept only where it applies). */
type FieldType = 'string' | 'integer' | 'number' | 'boolean' | 'string[]' | 'string|null' | 'true?';

const MAPPING: Record<keyof StoredMapping, FieldType> = {
  ruleid: 'integer',
  did: 'string',
  servers: 'string[]',
  notes: 'string',
  noteless: 'true?',
};
const ROUTE: Record<keyof StoredRoute, FieldType> = {
  ruleid: 'integer',
  groupid: 'integer',
  name: 'string',
  prefix: 'string',
  from_prefix: 'string|null',
  gwgroupid: 'string',
  priority: 'integer',
  timerec: 'string',
  routeid: 'string',
};
const LCR: Record<keyof LcrRecord, FieldType> = { pattern: 'string', from_prefix: 'string', groupid: 'integer' };
const LEASE: Record<keyof StoredLease, FieldType> = {
  leaseid: 'integer',
  username: 'string',
  password: 'string',
  domain: 'string',
  ttl: 'integer',
  email: 'string',
  obtainedAt: 'number',
};

/**
 * Checks that parsed JSON has the snapshot's shape and returns it typed. Throws (EMULATOR_SNAPSHOT_INVALID) saying
 * which part is wrong; cross-record invariants (duplicates, LCR pairing) are checked when the
 * tables load the records.
 */
export function parseSnapshot(value: unknown): EmulatorSnapshot {
  const root = asObject(value, 'the file');
  if (root['format'] !== SNAPSHOT_FORMAT) {
    throw snapshotError(`format is ${JSON.stringify(root['format'])}, expected "${SNAPSHOT_FORMAT}"`);
  }
  check(root['nextRuleid'], 'integer', 'nextRuleid');
  check(root['nextLeaseid'], 'integer', 'nextLeaseid');
  check(root['kamreload'], 'boolean', 'kamreload');
  const groups = parseGroups(root['groups']);
  const numbers = parseNumbers(root['numbers']);
  return {
    format: SNAPSHOT_FORMAT,
    nextRuleid: root['nextRuleid'] as number,
    nextLeaseid: root['nextLeaseid'] as number,
    kamreload: root['kamreload'] as boolean,
    mappings: records<StoredMapping>(root['mappings'], MAPPING, 'mappings'),
    routes: records<StoredRoute>(root['routes'], ROUTE, 'routes'),
    lcr: records<LcrRecord>(root['lcr'], LCR, 'lcr'),
    leases: records<StoredLease>(root['leases'], LEASE, 'leases'),
    ...(groups ? { groups } : {}),
    ...(numbers ? { numbers } : {}),
  };
}

const NUMBER: Record<keyof StoredNumber, FieldType> = {
  id: 'integer',
  did: 'string',
  status: 'string|null',
  carrier: 'string|null',
  pool: 'string|null',
  assigned_length: 'string|null',
  assigned_reference_id: 'string|null',
  assigned_date: 'string|null',
  date_created: 'string',
};

function parseNumbers(value: unknown): NumbersSnapshot | undefined {
  if (value === undefined) return undefined;
  const o = asObject(value, 'numbers');
  check(o['nextId'], 'integer', 'numbers.nextId');
  return { nextId: o['nextId'] as number, numbers: records<StoredNumber>(o['numbers'], NUMBER, 'numbers.numbers') };
}

function records<T>(value: unknown, shape: Record<string, FieldType>, where: string): T[] {
  if (!Array.isArray(value)) throw snapshotError(`${where} must be an array`);
  return value.map((item, index) => {
    const record = asObject(item, `${where}[${index}]`);
    const picked: Record<string, unknown> = {};
    for (const [field, type] of Object.entries(shape)) {
      if (type === 'true?' && record[field] === undefined) continue;
      check(record[field], type, `${where}[${index}].${field}`);
      picked[field] = record[field];
    }
    return picked as T;
  });
}

function asObject(value: unknown, where: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw snapshotError(`${where} must be a JSON object`);
  }
  return value as Record<string, unknown>;
}

function check(value: unknown, type: FieldType, where: string): void {
  const good =
    type === 'string'
      ? typeof value === 'string'
      : type === 'integer'
        ? Number.isSafeInteger(value)
        : type === 'number'
          ? typeof value === 'number' && Number.isFinite(value)
          : type === 'boolean'
            ? typeof value === 'boolean'
            : type === 'string|null'
              ? value === null || typeof value === 'string'
              : type === 'true?'
                ? value === true
                : Array.isArray(value) && value.every((s) => typeof s === 'string');
  if (!good) throw snapshotError(`${where} must be ${describeType(type)}`);
}

function describeType(type: FieldType): string {
  if (type === 'string[]') return 'an array of strings';
  return type === 'true?' ? 'true when present' : `a ${type}`;
}

/**
 * A snapshot that is malformed or contradicts itself (duplicates, an LCR route without its record).
 * The message names the part; loading a data file wraps it in EMULATOR_DATA_CORRUPT naming the file.
 */
export function snapshotError(message: string): DsipformError {
  return new DsipformError(
    'EMULATOR_SNAPSHOT_INVALID',
    message,
    "Give a snapshot the emulator wrote (its data file, or EmulatorStore's snapshot()).",
  );
}
