import { resolve } from 'node:path';
import { Option, type Command } from 'commander';
import { DsipformError } from '../model/errors.js';
import type { LeaseRecord } from '../model/lease.js';
import type { LeaseLedger } from '../reconcile/execute-lease.js';
import { LeaseStore } from '../state/index.js';
import type { CliIo } from './io.js';

/** The state flags as commander parses them. */
export interface StateFlags {
  state?: string;
  lockTimeout: string;
}

/** Adds `--state FILE` and `--lock-timeout SECONDS`. */
export function addStateOptions(cmd: Command): Command {
  return cmd
    .option('--state <file>', 'the lease state file (default: .dsipform/state.json beside the first path)')
    .addOption(new Option('--lock-timeout <seconds>', 'how long to wait for another run holding the state lock').default('30'));
}

/**
 * The state file for this run: `--state`; else beside the first desired-state path; for a CDKTF
 * stack, in the current directory (synthesis may rewrite cdktf.out, and with it a state kept there).
 */
export function statePath(flags: StateFlags & { cdktf?: string }, paths: readonly string[]): string {
  if (flags.state) return resolve(flags.state);
  return resolve(flags.cdktf !== undefined ? LeaseStore.defaultPath('.') : LeaseStore.defaultPath(paths[0] ?? '.'));
}

function lockTimeoutMs(text: string): number {
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0) {
    throw new DsipformError('CLI_BAD_OPTION', `--lock-timeout "${text}" is not a number of seconds`, 'For example --lock-timeout 30 (the default); 0 tries once.');
  }
  return Math.round(n * 1000);
}

/** Every password the state holds joins the run's secrets, so no error or log can show it. */
function guard(io: CliIo, records: readonly LeaseRecord[]): void {
  for (const r of records) io.secrets.add(r.password);
}

/**
 * Opens the lease state; with `lock`, holds the state's lock until `close()` (waiting up to
 * `--lock-timeout`). The returned ledger registers each new password as a secret.
 */
export async function openLeaseState(file: string, flags: StateFlags, io: CliIo, lock: boolean, command: string): Promise<{ store: LeaseStore; ledger: LeaseLedger }> {
  const store = await LeaseStore.open(file, { lock, lockTimeoutMs: lockTimeoutMs(flags.lockTimeout), command });
  guard(io, store.records());
  const ledger: LeaseLedger = {
    record: async (rec) => {
      io.secrets.add(rec.password);
      await store.record(rec);
    },
    remove: (name) => store.remove(name),
  };
  return { store, ledger };
}
