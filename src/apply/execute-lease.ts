import type { PlatformClient } from '../api/client.js';
import { ApiError } from '../api/errors.js';
import { expiresAt, type NewLeaseRecord } from '../model/lease.js';
import { InternalError } from '../model/errors.js';
import type { LeaseFields } from '../model/plan.js';

/**
 * Where obtained leases are remembered: the state file, written at once on every call, for the one
 * target (platform) this run talks to; the ledger fills in that target.
 */
export interface LeaseLedger {
  /**
   * Notes an obtain about to be requested, on disk before it resolves; resolves to the note's id.
   * If the run dies before `record`, the next run warns that one lease may exist unrecorded.
   */
  beginObtain(request: { readonly email: string; readonly ttl: number }): Promise<string>;
  /** Records a lease and removes the note `noteId`, in one write. */
  record(rec: NewLeaseRecord, noteId: string): Promise<void>;
  /** Removes the note `noteId`: the platform refused that obtain, so no lease was issued. */
  abandonObtain(noteId: string): Promise<void>;
  remove(name: string): Promise<void>;
}

/** What lease changes need besides the client. */
export interface LeaseContext {
  readonly ledger?: LeaseLedger;
  readonly now: () => number;
  /** Named points in an apply, for crash tests; a no-op normally. */
  readonly checkpoint: (name: string) => void;
}

/** What to obtain and how to record it. */
interface ObtainRequest {
  /** The name to record it under; default `lease-<lease id>`. */
  readonly name?: string;
  readonly email: string;
  /** Seconds; already checked against the ttl rule (`ttlRangeProblem`). */
  readonly ttl: number;
  readonly source: NewLeaseRecord['source'];
}

function ledgerOf(ctx: LeaseContext): LeaseLedger {
  if (!ctx.ledger) throw new InternalError('a lease change was applied without a lease state');
  return ctx.ledger;
}

/**
 * Whether a failed obtain certainly issued no lease: the platform answered and refused (4xx). No
 * answer, a 5xx or an answer we could not read may each hide an issued lease.
 */
function certainlyRefused(err: unknown): boolean {
  return err instanceof ApiError && err.status !== undefined && err.status >= 400 && err.status < 500;
}

/**
 * Obtains a lease and records it before anything else happens (nothing between the platform's
 * answer and the record can throw); resolves to the record as stored. An in-flight note guards the
 * request itself: it is on disk before the request is sent and leaves with the record.
 */
export async function obtainAndRecord(
  request: ObtainRequest,
  client: PlatformClient,
  ledger: LeaseLedger,
  now: () => number,
  checkpoint: (name: string) => void = () => undefined,
): Promise<NewLeaseRecord> {
  const noteId = await ledger.beginObtain({ email: request.email, ttl: request.ttl });
  checkpoint('lease-requested');
  let lease;
  try {
    lease = await client.obtainLease({ email: request.email, ttl: request.ttl });
  } catch (err) {
    if (certainlyRefused(err)) await ledger.abandonObtain(noteId).catch(() => undefined);
    throw err;
  }
  const at = now();
  const rec: NewLeaseRecord = {
    name: request.name ?? `lease-${lease.leaseid}`,
    lease_id: lease.leaseid,
    username: lease.username,
    domain: lease.domain,
    password: lease.password,
    email: request.email,
    // A platform's ttl beyond what a record holds (only a misbehaving one answers that) must not
    // stop the record: keep the ttl asked for; the expiry still follows the platform's answer.
    ttl: Number.isSafeInteger(lease.ttl) && lease.ttl > 0 ? lease.ttl : request.ttl,
    obtained_at: expiresAt(at, 0),
    expires_at: expiresAt(at, lease.ttl),
    source: request.source,
  };
  await ledger.record(rec, noteId);
  return rec;
}

/** Obtains a lease the files declare and records it; resolves to the lease id. */
export async function obtainLease(after: LeaseFields, client: PlatformClient, ctx: LeaseContext): Promise<number> {
  const rec = await obtainAndRecord(
    { name: after.name, email: after.email, ttl: after.ttl, source: 'files' },
    client,
    ledgerOf(ctx),
    ctx.now,
    ctx.checkpoint,
  );
  ctx.checkpoint('lease-recorded');
  return rec.lease_id;
}

/** Revokes a lease (404: already gone, which is done too) and forgets it. */
export async function revokeLease(name: string, leaseId: number, client: PlatformClient, ctx: LeaseContext): Promise<void> {
  const ledger = ledgerOf(ctx);
  await client.deleteIfPresent({ kind: 'endpoint_lease', lease_id: leaseId });
  await ledger.remove(name);
  ctx.checkpoint('lease-revoked');
}
