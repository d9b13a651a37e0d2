import type { PlatformClient } from '../api/client.js';
import { ApiError } from '../api/errors.js';
import type { LeaseRecord } from '../model/lease.js';
import { InternalError } from '../model/errors.js';
import type { LeaseFields } from './types.js';

/** Where obtained leases are remembered: the state file, written at once on every call. */
export interface LeaseLedger {
  record(rec: LeaseRecord): Promise<void>;
  remove(name: string): Promise<void>;
}

/** What lease changes need besides the client. */
export interface LeaseContext {
  readonly ledger?: LeaseLedger;
  readonly now: () => number;
  /** Named points in an apply, for crash tests; a no-op normally. */
  readonly checkpoint: (name: string) => void;
}

function ledgerOf(ctx: LeaseContext): LeaseLedger {
  if (!ctx.ledger) throw new InternalError('a lease change was applied without a lease state');
  return ctx.ledger;
}

/** Obtains a lease and records it before anything else happens; resolves to the lease id. */
export async function obtainLease(after: LeaseFields, client: PlatformClient, ctx: LeaseContext): Promise<number> {
  const ledger = ledgerOf(ctx);
  const lease = await client.obtainLease({ email: after.email, ttl: after.ttl });
  const at = ctx.now();
  await ledger.record({
    name: after.name,
    lease_id: lease.leaseid,
    username: lease.username,
    domain: lease.domain,
    password: lease.password,
    email: after.email,
    ttl: lease.ttl,
    obtained_at: new Date(at).toISOString(),
    expires_at: new Date(at + lease.ttl * 1000).toISOString(),
    source: 'files',
  });
  ctx.checkpoint('lease-recorded');
  return lease.leaseid;
}

/** Revokes a lease (404: already gone, which is done too) and forgets it. */
export async function revokeLease(name: string, leaseId: number, client: PlatformClient, ctx: LeaseContext): Promise<void> {
  const ledger = ledgerOf(ctx);
  try {
    await client.revokeLease(leaseId);
  } catch (err) {
    if (!(err instanceof ApiError && err.isNotFound)) throw err;
  }
  await ledger.remove(name);
  ctx.checkpoint('lease-revoked');
}
