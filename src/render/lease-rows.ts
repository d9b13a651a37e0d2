import { ENDPOINT_LEASE } from '../model/kinds/endpoint-lease.js';
import type { Change, LeaseFields } from '../model/plan.js';
import type { FieldRow } from './change-block.js';
import { KNOWN_AFTER_APPLY, SENSITIVE, fieldValue, formatField } from './values.js';

/** The rows of a lease change's block, and how many unchanged fields were left out. */
interface LeaseRows {
  readonly rows: readonly FieldRow[];
  readonly hidden: number;
}

type LeaseChange = Change & { readonly action: 'obtain' | 'renew' | 'revoke' };

const ORDER = ENDPOINT_LEASE.fields;
// What the platform hands out with a lease; unknown until an obtain is applied.
const HELD = new Set(['lease_id', 'username', 'domain', 'expires_at']);

/**
 * The field rows of an obtain, renew or revoke. Only the fields of {@link ENDPOINT_LEASE} are read, so
 * a key that should not be in a plan (a password) is never printed; every block ends with
 * `password: (sensitive)` instead, marked `+`, `~` or `-` like the block.
 * - obtain: every field `+`; what the platform hands out is `(known after apply)`;
 * - renew: the fields that change, `before → after`, where the held fields (lease id, username,
 *   domain, expiry) become `(known after apply)`; the rest counted as hidden;
 * - revoke: the lease id, then every field `-`.
 */
export function leaseRows(change: LeaseChange): LeaseRows {
  switch (change.action) {
    case 'obtain':
      return { rows: [...ORDER.map((name) => row('+', name, obtained(change.after, name))), secret('+')], hidden: 0 };
    case 'renew': {
      const rows = ORDER.flatMap((name) => renewed(change, name));
      return { rows: [...rows, secret('~')], hidden: ORDER.length - rows.length };
    }
    case 'revoke': {
      const rows = ORDER.filter((name) => name !== 'lease_id').map((name) =>
        row('-', name, formatField(ENDPOINT_LEASE.kind, name, fieldValue(change.before, name))),
      );
      return { rows: [row(null, 'lease_id', String(change.lease_id)), ...rows, secret('-')], hidden: 0 };
    }
  }
}

function obtained(after: LeaseFields, name: string): string {
  const value = fieldValue(after, name);
  return value === undefined && HELD.has(name) ? KNOWN_AFTER_APPLY : formatField(ENDPOINT_LEASE.kind, name, value);
}

// A held field is replaced unless the plan already knows its new value and it is the same.
function renewed(change: LeaseChange & { readonly action: 'renew' }, name: string): FieldRow[] {
  const before = name === 'lease_id' ? change.lease_id : fieldValue(change.before, name);
  const after = fieldValue(change.after, name);
  const differs = JSON.stringify(before) !== JSON.stringify(after);
  const shown = HELD.has(name) ? after === undefined || differs : differs || change.fields.includes(name);
  if (!shown) return [];
  const to = after === undefined && HELD.has(name) ? KNOWN_AFTER_APPLY : formatField(ENDPOINT_LEASE.kind, name, after);
  return [row('~', name, `${formatField(ENDPOINT_LEASE.kind, name, before)} → ${to}`)];
}

function row(mark: FieldRow['mark'], name: string, value: string): FieldRow {
  return { mark, name, value };
}

function secret(mark: FieldRow['mark']): FieldRow {
  return row(mark, 'password', SENSITIVE);
}
