import { DsipformError } from '../model/errors.js';
import { parseTtl, ttlRangeProblem } from '../model/lease.js';
import { obtainLease } from '../pipeline/carry-out.js';
import { emailProblem } from '../model/rules.js';
import { openLeaseState, statePath, type StateFlags } from './lease-state.js';
import { writeLine, type CliIo } from './io.js';
import { withPlatform, type PlatformFlags } from './platform.js';

/** `lease obtain` flags. */
export interface LeaseObtainFlags extends PlatformFlags, StateFlags {
  email: string;
  ttl: string;
  name?: string;
}

/** The `--ttl` in seconds, under the one ttl rule every entry point applies. */
function ttlFlag(text: string): number {
  const ttl = parseTtl(text);
  const problem = ttl === null ? null : ttlRangeProblem(ttl);
  if (ttl === null || (problem !== null && ttl <= 0)) {
    throw new DsipformError(
      'CLI_BAD_OPTION',
      `--ttl "${text}" is not a positive duration`,
      'Give seconds (900) or "<n>s", "<n>m", "<n>h" (15m).',
    );
  }
  if (problem !== null) {
    throw new DsipformError(
      'CLI_BAD_OPTION',
      `--ttl "${text}" ${problem}`,
      'Give a shorter ttl, e.g. --ttl 24h, and obtain a new lease when it runs out.',
    );
  }
  return ttl;
}

/**
 * `dsipform lease obtain`: one lease, recorded in the state at once, for the target it came from
 * (as a one-off that plans never revoke). The password is not printed: `dsipform output leases`
 * shows it.
 */
export async function runLeaseObtain(flags: LeaseObtainFlags, io: CliIo): Promise<number> {
  const ttl = ttlFlag(flags.ttl);
  const emailIssue = emailProblem(flags.email);
  if (emailIssue) throw new DsipformError('CLI_BAD_OPTION', `--email: ${emailIssue}`, 'For example --email ops@example.com.');
  const file = statePath(flags, []);
  const state = await openLeaseState(file, flags, io, true, 'dsipform lease obtain');
  try {
    return await withPlatform(flags, io, async (client, target) => {
      if (flags.name && state.store.get(target, flags.name)) {
        throw new DsipformError(
          'LEASE_NAME_TAKEN',
          `the state already holds a lease named "${flags.name}" for ${target}`,
          'Choose another --name, or revoke that lease first.',
        );
      }
      const request = { ...(flags.name ? { name: flags.name } : {}), email: flags.email, ttl, source: 'cli' as const };
      const rec = await obtainLease(request, client, state.ledgerFor(target), io.now);
      writeLine(
        io.stdout,
        `Obtained lease ${rec.lease_id} as "${rec.name}": username ${rec.username}, domain ${rec.domain}, password (sensitive), expires ${rec.expires_at}.`,
      );
      writeLine(io.stderr, `Recorded in ${file} for ${target}; the credentials: dsipform output leases --state ${file}`);
      return 0;
    });
  } finally {
    await state.store.close();
  }
}

/**
 * `dsipform lease revoke ID`: revokes a lease on the platform the flags name (already gone counts
 * as done) and forgets its record for that platform; with none, a record of an unknown target with
 * this id (the user names the platform it came from).
 */
export async function runLeaseRevoke(id: string, flags: PlatformFlags & StateFlags, io: CliIo): Promise<number> {
  const leaseId = Number(id);
  if (!Number.isSafeInteger(leaseId) || leaseId <= 0) {
    throw new DsipformError(
      'CLI_BAD_OPTION',
      `"${id}" is not a lease id`,
      'Give the number from dsipform output leases (the lease_id column).',
    );
  }
  const file = statePath(flags, []);
  const { store } = await openLeaseState(file, flags, io, true, 'dsipform lease revoke');
  try {
    return await withPlatform(flags, io, async (client, target) => {
      const gone = !(await client.deleteIfPresent({ kind: 'endpoint_lease', lease_id: leaseId }));
      const recorded =
        store.heldAt(target).find((r) => r.lease_id === leaseId) ??
        store.records().find((r) => r.target === null && r.lease_id === leaseId);
      if (recorded) await store.remove(recorded.target, recorded.name);
      writeLine(
        io.stdout,
        `${gone ? `Lease ${leaseId} was already revoked or expired` : `Revoked lease ${leaseId}`}${recorded ? ` and removed "${recorded.name}" from ${file}` : ''}.`,
      );
      return 0;
    });
  } finally {
    await store.close();
  }
}
