import type { DesiredLease } from '../../desired.js';
import type { KindDiff, KindDiffContext } from '../../kind-spec.js';
import { isExpired, type LeaseRecord } from '../../lease.js';
import type { LeaseFields } from '../../plan.js';
import type { LeaseChange } from './change.js';

/** The kind, as its changes carry it. */
const KIND = 'endpoint_lease';

/**
 * The fields of a lease in the order plans show them, stated once: what the files ask for, then
 * what a held lease adds (its id, username, domain and expiry). Never the password.
 */
export const LEASE_FIELDS = ['name', 'email', 'ttl', 'renew_before', 'lease_id', 'username', 'domain', 'expires_at'] as const;

/** What the lease differ found. */
interface LeaseDiff {
  readonly changes: LeaseChange[];
  readonly unchanged: number;
  /** Records the plan governs (from the files, not ignored, not expired). */
  readonly governed: number;
  /** Records that expired by themselves: dropped from the state without a request. */
  readonly expired: string[];
  /** Paired records (what `destroy` revokes). */
  readonly matched: LeaseChange[];
}

function desiredFields(want: DesiredLease): LeaseFields {
  return { name: want.name, email: want.email, ttl: want.ttl, renew_before: want.renew_before };
}

/** A held lease as the plan shows it: what it was obtained with, and its id and expiry; no password. */
function heldFields(rec: LeaseRecord, renewBefore: number): LeaseFields {
  return {
    name: rec.name,
    email: rec.email,
    ttl: rec.ttl,
    renew_before: renewBefore,
    lease_id: rec.lease_id,
    username: rec.username,
    domain: rec.domain,
    expires_at: rec.expires_at,
  };
}

/**
 * Compares declared leases with the recorded ones at `now` (ms). Obtain: declared, not recorded or
 * expired. Renew: expires within `renew_before`, or email or ttl changed. Revoke: recorded, no longer
 * declared (unless ignored). One-off leases (`source: cli`) are never touched. Pure.
 */
export function diffLeases(
  desired: readonly DesiredLease[],
  records: readonly LeaseRecord[],
  now: number,
  ignored: (name: string) => boolean,
): LeaseDiff {
  const out = { changes: [] as LeaseChange[], unchanged: 0, governed: 0, expired: [] as string[], matched: [] as LeaseChange[] };
  const held = new Map(records.filter((r) => r.source === 'files').map((r) => [r.name, r]));
  const declared = new Set<string>();
  for (const want of desired) {
    declared.add(want.name);
    const after = desiredFields(want);
    const origin = want.origin ? { origin: want.origin } : {};
    const rec = held.get(want.name);
    if (!rec || isExpired(rec, now)) {
      if (rec) out.expired.push(rec.name);
      out.changes.push({
        action: 'obtain',
        kind: KIND,
        key: want.name,
        after,
        fields: Object.keys(after),
        ...origin,
      });
      continue;
    }
    out.governed += 1;
    const before = heldFields(rec, want.renew_before);
    out.matched.push({
      action: 'revoke',
      kind: KIND,
      key: rec.name,
      lease_id: rec.lease_id,
      before,
      fields: [],
    });
    const fields = (['email', 'ttl'] as const).filter((f) => before[f] !== after[f]);
    const dueIn = Date.parse(rec.expires_at) - now;
    if (fields.length === 0 && dueIn > want.renew_before * 1000) {
      out.unchanged += 1;
      continue;
    }
    const reason = fields.length === 0 ? `expires at ${rec.expires_at}, within renew_before (${want.renew_before} s)` : undefined;
    out.changes.push({
      action: 'renew',
      kind: KIND,
      key: want.name,
      lease_id: rec.lease_id,
      before,
      after,
      fields: fields.length ? [...fields] : ['expires_at'],
      ...(reason ? { reason } : {}),
      ...origin,
    });
  }
  for (const rec of held.values()) {
    if (declared.has(rec.name)) continue;
    if (isExpired(rec, now)) out.expired.push(rec.name);
    else if (!ignored(rec.name)) {
      out.governed += 1;
      // The files no longer say its renew_before: show the default (10% of its ttl).
      out.changes.push({
        action: 'revoke',
        kind: KIND,
        key: rec.name,
        lease_id: rec.lease_id,
        before: heldFields(rec, Math.max(1, Math.floor(rec.ttl / 10))),
        fields: [],
      });
    }
  }
  out.expired.sort();
  return out;
}

/** The lease differ as the kind module hands it to the generic differ. */
export function leaseDiff(
  desired: readonly DesiredLease[],
  records: readonly LeaseRecord[],
  ctx: KindDiffContext,
): KindDiff<'endpoint_lease'> {
  return { ...diffLeases(desired, records, ctx.now, ctx.ignored), issues: [], notes: [] };
}
