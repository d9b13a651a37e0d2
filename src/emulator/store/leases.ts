import { randomInt } from 'node:crypto';
import type { Lease } from '../../model/lease.js';
import { notFound, success, type Outcome } from './outcome.js';
import type { Ledger, StoredLease } from './records.js';
import { snapshotError } from './snapshot.js';

/** The SIP domain every emulated lease registers in; `.invalid` can never resolve. */
const LEASE_DOMAIN = 'emulator.dsipform.invalid';

const PASSWORD_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const PASSWORD_LENGTH = 32;

/**
 * Endpoint leases. Lease ids come from their own counter and are never reused. A lease expires as
 * soon as its ttl has passed on the injected clock; expired leases are dropped lazily whenever the
 * table is used, which is indistinguishable from checking on every request because leases cannot
 * be listed or read back.
 */
export class LeaseTable {
  private readonly byId = new Map<number, StoredLease>();
  private nextId = 1;

  constructor(private readonly ledger: Ledger) {}

  /**
   * Hands out a new lease for `ttl` seconds (> 0, checked by the caller), registered as
   * `identity` (default `lease<leaseid>` in a domain that can never resolve).
   */
  obtain(email: string, ttl: number, identity?: { readonly username: string; readonly domain: string }): Lease {
    this.sweep();
    const leaseid = this.nextId++;
    const lease: StoredLease = {
      leaseid,
      username: identity?.username ?? `lease${leaseid}`,
      password: randomPassword(),
      domain: identity?.domain ?? LEASE_DOMAIN,
      ttl,
      email,
      obtainedAt: this.ledger.now(),
    };
    this.byId.set(leaseid, lease);
    this.ledger.recordWrite();
    return { leaseid, username: lease.username, password: lease.password, domain: lease.domain, ttl };
  }

  /** Revokes a live lease; an unknown, revoked or expired one is not found. */
  revoke(leaseid: number): Outcome<void> {
    this.sweep();
    if (!this.byId.delete(leaseid)) return notFound('No Matching Lease Found');
    this.ledger.recordWrite();
    return success(undefined);
  }

  /** Live leases, for the data file. */
  live(): StoredLease[] {
    this.sweep();
    return [...this.byId.values()];
  }

  /** The id the next lease gets, for the data file. */
  get nextLeaseid(): number {
    return this.nextId;
  }

  /** Puts leases and the counter back from a data file. */
  load(leases: readonly StoredLease[], nextLeaseid: number): void {
    for (const lease of leases) {
      if (this.byId.has(lease.leaseid) || lease.leaseid >= nextLeaseid) {
        throw snapshotError(`lease ${lease.leaseid} is duplicated or not below nextLeaseid ${nextLeaseid}`);
      }
      this.byId.set(lease.leaseid, lease);
    }
    this.nextId = nextLeaseid;
  }

  /** Drops every lease whose ttl has passed. */
  sweep(): void {
    const now = this.ledger.now();
    for (const [id, lease] of this.byId) {
      if (now >= lease.obtainedAt + lease.ttl * 1000) this.byId.delete(id);
    }
  }
}

function randomPassword(): string {
  let password = '';
  for (let i = 0; i < PASSWORD_LENGTH; i++) password += PASSWORD_CHARS[randomInt(PASSWORD_CHARS.length)];
  return password;
}
