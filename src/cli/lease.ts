import { DsipformError } from '../model/errors.js';
import { parseTtl } from '../model/lease.js';
import { emailProblem } from '../model/rules.js';
import { ApiError } from '../api/errors.js';
import { openLeaseState, statePath, type StateFlags } from './lease-state.js';
import { writeLine, type CliIo } from './io.js';
import { withPlatform, type PlatformFlags } from './platform.js';

/** `lease obtain` flags. */
export interface LeaseObtainFlags extends PlatformFlags, StateFlags {
  email: string;
  ttl: string;
  name?: string;
}

/**
 * `dsipform lease obtain`: one lease, recorded in the state at once (as a one-off that plans never
 * revoke). The password is not printed: `dsipform output leases` shows it.
 */
export async function runLeaseObtain(flags: LeaseObtainFlags, io: CliIo): Promise<number> {
  const ttl = parseTtl(flags.ttl);
  if (ttl === null || ttl <= 0) {
    throw new DsipformError('CLI_BAD_OPTION', `--ttl "${flags.ttl}" is not a positive duration`, 'Give seconds (900) or "<n>s", "<n>m", "<n>h" (15m).');
  }
  const emailIssue = emailProblem(flags.email);
  if (emailIssue) throw new DsipformError('CLI_BAD_OPTION', `--email: ${emailIssue}`, 'For example --email ops@example.com.');
  const file = statePath(flags, []);
  const { store, ledger } = await openLeaseState(file, flags, io, true, 'dsipform lease obtain');
  try {
    if (flags.name && store.get(flags.name)) {
      throw new DsipformError('LEASE_NAME_TAKEN', `the state already holds a lease named "${flags.name}"`, 'Choose another --name, or revoke that lease first.');
    }
    const lease = await withPlatform(flags, io, (client) => client.obtainLease({ email: flags.email, ttl }));
    const at = io.now();
    const name = flags.name ?? `lease-${lease.leaseid}`;
    await ledger.record({
      name, lease_id: lease.leaseid, username: lease.username, domain: lease.domain, password: lease.password, email: flags.email,
      ttl: lease.ttl, obtained_at: new Date(at).toISOString(), expires_at: new Date(at + lease.ttl * 1000).toISOString(), source: 'cli',
    });
    writeLine(io.stdout, `Obtained lease ${lease.leaseid} as "${name}": username ${lease.username}, domain ${lease.domain}, password (sensitive), expires ${new Date(at + lease.ttl * 1000).toISOString()}.`);
    writeLine(io.stderr, `Recorded in ${file}; the credentials: dsipform output leases --state ${file}`);
    return 0;
  } finally {
    await store.close();
  }
}

/** `dsipform lease revoke ID`: revokes a lease (already gone counts as done) and forgets it. */
export async function runLeaseRevoke(id: string, flags: PlatformFlags & StateFlags, io: CliIo): Promise<number> {
  const leaseId = Number(id);
  if (!Number.isSafeInteger(leaseId) || leaseId <= 0) {
    throw new DsipformError('CLI_BAD_OPTION', `"${id}" is not a lease id`, 'Give the number from dsipform output leases (the lease_id column).');
  }
  const file = statePath(flags, []);
  const { store, ledger } = await openLeaseState(file, flags, io, true, 'dsipform lease revoke');
  try {
    let gone = false;
    await withPlatform(flags, io, async (client) => {
      try {
        await client.revokeLease(leaseId);
      } catch (err) {
        if (!(err instanceof ApiError && err.isNotFound)) throw err;
        gone = true;
      }
    });
    const recorded = store.records().find((r) => r.lease_id === leaseId);
    if (recorded) await ledger.remove(recorded.name);
    writeLine(io.stdout, `${gone ? `Lease ${leaseId} was already revoked or expired` : `Revoked lease ${leaseId}`}${recorded ? ` and removed "${recorded.name}" from ${file}` : ''}.`);
    return 0;
  } finally {
    await store.close();
  }
}
