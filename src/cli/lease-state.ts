import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { DsipformError } from '../model/errors.js';
import { expiresAt, isExpired, OBTAIN_WINDOW_MS, type InFlightObtain, type LeaseRecord } from '../model/lease.js';
import { unrecordedLeasesWarning, type UnrecordedEntry, type UnrecordedWhen } from '../render/unrecorded-leases.js';
import type { LeaseLedger } from '../apply/execute-lease.js';
import type { PasswordLedger } from '../apply/carrier-passwords.js';
import type { CarrierAuth } from '../model/carrier-group.js';
import type { DesiredState } from '../model/desired.js';
import { acquireLock } from '../state/lock.js';
import { checkStateDir } from '../state/state-file.js';
import { LeaseStore } from '../state/store.js';
import { writeLine, type CliIo } from './io.js';

/** The state flags as commander parses them. */
export interface StateFlags {
  state?: string;
  lockTimeout: string;
}

/** Adds `--state FILE` and `--lock-timeout SECONDS`: in ./options.ts, which loads nothing heavy. */
export { addStateOptions } from './options.js';

/**
 * The CLI's default state file for a run whose first desired-state path is `firstDesiredPath`:
 * `.dsipform/state.json` in that directory, or beside that file. A path that cannot be examined
 * counts as a file; reading the state will then report what is wrong. The CLI's convention (a
 * program names its own state file), so it is decided here, from the arguments, before any file is
 * read.
 */
export function defaultStatePath(firstDesiredPath: string): string {
  let isDir: boolean;
  try {
    isDir = statSync(firstDesiredPath, { throwIfNoEntry: false })?.isDirectory() ?? false;
  } catch {
    isDir = false;
  }
  return join(isDir ? firstDesiredPath : dirname(firstDesiredPath), '.dsipform', 'state.json');
}

/**
 * The state file for this run: `--state`; else beside the first desired-state path; for a CDKTF
 * stack, in the current directory (synthesis may rewrite cdktf.out, and with it a state kept there).
 */
export function statePath(flags: StateFlags & { cdktf?: string }, paths: readonly string[]): string {
  if (flags.state) return resolve(flags.state);
  return resolve(defaultStatePath(flags.cdktf !== undefined ? '.' : (paths[0] ?? '.')));
}

function lockTimeoutMs(text: string): number {
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0) {
    throw new DsipformError(
      'CLI_BAD_OPTION',
      `--lock-timeout "${text}" is not a number of seconds`,
      'For example --lock-timeout 30 (the default); 0 tries once.',
    );
  }
  return Math.round(n * 1000);
}

/** Every password the state holds joins the run's secrets, so no error or log can show it. */
function guard(io: CliIo, records: readonly LeaseRecord[]): void {
  for (const r of records) io.secrets.add(r.password);
}

/** Writes one warning per target of `entries`, in the order the targets first appear. */
function warnUnrecorded(io: CliIo, entries: readonly (UnrecordedEntry & { readonly target: string })[], when: UnrecordedWhen): void {
  const byTarget = new Map<string, UnrecordedEntry[]>();
  for (const { target, ...entry } of entries) byTarget.set(target, [...(byTarget.get(target) ?? []), entry]);
  for (const [target, list] of byTarget) writeLine(io.stderr, unrecordedLeasesWarning(target, list, when));
}

/**
 * Says what the state cannot vouch for: obtain attempts an earlier run never recorded (each lease
 * may exist until its note's `expires_by`), and live leases recorded before targets were (which no
 * plan touches, see docs/decisions.md).
 */
function warnAbout(store: LeaseStore, io: CliIo): void {
  const now = io.now();
  const notes = store.inFlight().filter((n) => Date.parse(n.expires_by) > now);
  warnUnrecorded(
    io,
    notes.map((n) => ({ target: n.target, email: n.email, expires: n.expires_by })),
    'earlier',
  );
  const unknown = store.records().filter((r) => r.target === null && !isExpired(r, now));
  if (unknown.length === 0) return;
  const list = unknown.map((r) => `"${r.name}" (lease ${r.lease_id})`).join(', ');
  writeLine(
    io.stderr,
    `warning: ${store.file} holds ${unknown.length === 1 ? 'a lease' : `${unknown.length} leases`} recorded before dsipform noted which platform a lease came from: ${list}. No plan renews or revokes ${unknown.length === 1 ? 'it' : 'them'}; to revoke one, run dsipform lease revoke ID against the platform it came from (--url URL, or --emulator), which also removes it from the state.`,
  );
}

/** The state of one run, and the ledgers through which it records leases and the passwords it sends. */
export interface LeaseState {
  readonly store: LeaseStore;
  /** The ledger for leases obtained from `target` (the label `withPlatform` gives). */
  ledgerFor(target: string): LeaseLedger;
  /** The ledger for the carrier-group passwords sent to `target` (their digests). */
  passwordLedgerFor(target: string): PasswordLedger;
}

/**
 * Whether a run on these files reads the state: they manage leases, or a carrier group sends a
 * password (the state records a digest of each one sent, which the next plan compares with).
 */
export function usesState(desired: DesiredState): boolean {
  return desired.endpoint_leases !== undefined || (desired.carrier_groups ?? []).some((g) => sendsPassword(g.auth));
}

function sendsPassword(auth: CarrierAuth | undefined): boolean {
  return auth?.password_env !== undefined || auth?.auth_password !== undefined;
}

/**
 * Opens the lease state; with `lock`, holds the state's lock until `store.close()` (waiting up to
 * `--lock-timeout`). Warns on stderr about obtain attempts earlier runs left unrecorded and leases
 * of an unknown target; at `store.close()`, about the attempts this run left unrecorded (a lost
 * answer, a record it could not write). Each ledger registers each new password as a secret.
 */
export async function openLeaseState(file: string, flags: StateFlags, io: CliIo, lock: boolean, command: string): Promise<LeaseState> {
  // This run's attempts that may have left a lease unrecorded, by note id.
  const unrecorded = new Map<string, UnrecordedEntry & { readonly target: string }>();
  const notes = new Map<string, InFlightObtain>();
  const store = await LeaseStore.open(file, {
    lock,
    lockTimeoutMs: lockTimeoutMs(flags.lockTimeout),
    command,
    now: io.now,
    beforeClose: () => warnUnrecorded(io, [...unrecorded.values()], 'this-run'),
  });
  guard(io, store.records());
  warnAbout(store, io);
  const ledgerFor = (target: string): LeaseLedger => ({
    beginObtain: async ({ email, ttl }) => {
      const id = randomBytes(8).toString('hex');
      const at = io.now();
      const note = { id, target, email, ttl, started_at: expiresAt(at, 0), expires_by: expiresAt(at + OBTAIN_WINDOW_MS, ttl) };
      await store.beginObtain(note);
      notes.set(id, note);
      return id;
    },
    record: async (rec, noteId) => {
      io.secrets.add(rec.password);
      await store.record({ ...rec, target }, noteId);
    },
    abandonObtain: (noteId) => store.endObtain(noteId),
    unrecorded: (noteId, lease) => {
      const note = notes.get(noteId);
      if (!note) return;
      const known = lease ? { lease_id: lease.lease_id, expires: lease.expires_at } : { expires: note.expires_by };
      unrecorded.set(noteId, { target, email: note.email, ...known });
    },
    remove: (name) => store.remove(target, name),
  });
  const passwordLedgerFor = (target: string): PasswordLedger => ({
    sent: (gwgroupid, digest) => store.recordPassword({ target, gwgroupid, digest }),
    deleted: (gwgroupid) => store.forgetPassword(target, gwgroupid),
  });
  return { store, ledgerFor, passwordLedgerFor };
}

/** What a run holds of the state file: its leases when the files declare some, and its lock. */
export interface RunState {
  /** The lease state, when the files declare leases; otherwise null (the file is not even read). */
  readonly leases: LeaseState | null;
  /** Closes the lease state and releases the lock. Idempotent. */
  close(): Promise<void>;
}

/**
 * Opens what a run needs of the state `file`. With `lock`, the run holds `<file>.lock` until
 * `close()`, leases or not: two runs that write to one platform from the same files (or target)
 * never interleave, since two plans made from one live state would both create what is missing.
 * The second waits up to `--lock-timeout`, then fails `STATE_LOCKED` naming the first. Without
 * leases the state file itself is neither read nor created, only the lock (and the `.dsipform/`
 * directory it needs, removed again at release when empty).
 */
export async function openRunState(
  file: string,
  flags: StateFlags,
  io: CliIo,
  options: { readonly leases: boolean; readonly lock: boolean; readonly command: string },
): Promise<RunState> {
  if (options.leases) {
    const leases = await openLeaseState(file, flags, io, options.lock, options.command);
    return { leases, close: () => leases.store.close() };
  }
  if (!options.lock) return { leases: null, close: async () => undefined };
  await checkStateDir(file);
  const lock = await acquireLock(file, { timeoutMs: lockTimeoutMs(flags.lockTimeout), command: options.command, now: io.now });
  return { leases: null, close: () => lock.release() };
}
