import type { PlatformClient } from '../api/client.js';
import { expiresAt, type NewLeaseRecord } from '../model/lease.js';
import { InternalError } from '../model/errors.js';
import type { LeaseFields } from '../model/plan.js';

/** A lease the platform issued whose record could not be written: what is known of it. */
export interface UnrecordedLease {
  readonly lease_id: number;
  readonly expires_at: string;
}

/**
 * Where obtained leases are remembered: the state file, written at once on every call, for the one
 * target (platform) this run talks to; the ledger fills in that target.
 */
export interface LeaseLedger {
  /**
   * Notes one obtain attempt about to be sent, on disk before it resolves; resolves to the note's
   * id. Called before every attempt, retries included. A note whose attempt's answer never arrives
   * stays until the lease it may stand for has expired: every run warns of it until then.
   */
  beginObtain(request: { readonly email: string; readonly ttl: number }): Promise<string>;
  /** Records a lease and removes the note `noteId`, in one write. */
  record(rec: NewLeaseRecord, noteId: string): Promise<void>;
  /** Removes the note `noteId`: that attempt certainly issued no lease (refused, or never sent). */
  abandonObtain(noteId: string): Promise<void>;
  /**
   * The attempt noted `noteId` may have left a lease unrecorded, and its note stays: its answer was
   * lost, or (with `lease`) it was received but could not be recorded. Lets the ledger name it at
   * the end of the run; optional, since the note alone already tells every later run.
   */
  unrecorded?(noteId: string, lease?: UnrecordedLease): void;
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
 * Obtains a lease and records it before anything else happens (nothing between the platform's
 * answer and the record can throw); resolves to the record as stored. Every attempt, retries
 * included, is noted in the state before it is sent: the note leaves with the record, or when the
 * platform certainly issued nothing; an attempt whose answer was lost keeps its note until the
 * lease it may stand for expires. The platform offers no way to look such a lease up, so the note
 * is all there is to report it by.
 */
export async function obtainAndRecord(
  request: ObtainRequest,
  client: PlatformClient,
  ledger: LeaseLedger,
  now: () => number,
  checkpoint: (name: string) => void = () => undefined,
): Promise<NewLeaseRecord> {
  const { lease, note } = await client.obtainLeaseNoted(
    { email: request.email, ttl: request.ttl },
    {
      before: async () => {
        const id = await ledger.beginObtain({ email: request.email, ttl: request.ttl });
        checkpoint('lease-requested');
        return id;
      },
      lost: (id) => ledger.unrecorded?.(id),
      refused: (id) => ledger.abandonObtain(id).catch(() => undefined),
    },
  );
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
  try {
    await ledger.record(rec, note);
  } catch (err) {
    // The state could not be written, so its note stays; this run can still name the lease by id.
    ledger.unrecorded?.(note, { lease_id: rec.lease_id, expires_at: rec.expires_at });
    throw err;
  }
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
  await client.revokeLeaseIfPresent(leaseId);
  await ledger.remove(name);
  ctx.checkpoint('lease-revoked');
}
