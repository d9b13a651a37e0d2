import type { SourceLocation } from '../model/desired.js';
import { DsipformError } from '../model/errors.js';
import { KIND_SPECS } from '../model/kinds.js';
import type { Change, Plan } from '../model/plan.js';

/*
 * A carrier group's password is read where it is sent: a plan (saved or not) holds the variable's
 * name, never the value, and may be made where the variable is not set. The apply reads it from
 * its own environment, every variable before the first request, so a missing one stops the apply
 * before anything is written rather than halfway.
 */

/**
 * A change of a kind whose entries carry a password (its module's `passwordBlock`: carrier and
 * endpoint groups) that sends one from a variable: a create or an update with `auth.password_env`.
 */
interface Sender {
  readonly noun: string;
  readonly key: string;
  readonly variable: string;
  readonly origin?: SourceLocation;
}

function senderOf(change: Change): Sender | undefined {
  const mod = KIND_SPECS[change.kind];
  if (mod.passwordBlock === undefined || (change.action !== 'create' && change.action !== 'update') || !('after' in change))
    return undefined;
  const auth = (change.after as unknown as Readonly<Record<string, unknown>>)[mod.passwordBlock] as
    { readonly password_env?: string; readonly password_origin?: SourceLocation } | null | undefined;
  if (auth?.password_env === undefined) return undefined;
  const origin = auth.password_origin ?? change.origin;
  return { noun: mod.noun, key: change.key, variable: auth.password_env, ...(origin ? { origin } : {}) };
}

function where(origin: SourceLocation | undefined): string {
  return origin ? `${origin.file}:${origin.line}:${origin.col}` : 'the plan';
}

function unsetError(missing: readonly Sender[]): DsipformError {
  const names = [...new Set(missing.map((m) => m.variable))];
  const hint = `Set ${names.length === 1 ? 'it' : 'them'} where the apply runs (${names.map((n) => `export ${n}=...`).join('; ')}): a plan holds the variable's name, never the password, so the apply reads it from its own environment.`;
  if (missing.length === 1) {
    const [m] = missing as [Sender];
    return new DsipformError(
      'CARRIER_GROUP_PASSWORD_UNSET',
      `${m.noun} "${m.key}" takes its password from \${${m.variable}} (${where(m.origin)}), but that environment variable is not set (or empty) where this apply runs`,
      hint,
    );
  }
  const list = missing.map((m) => `\${${m.variable}} for ${m.noun} "${m.key}" (${where(m.origin)})`).join(', ');
  return new DsipformError(
    'CARRIER_GROUP_PASSWORD_UNSET',
    `${missing.length} group passwords come from environment variables that are not set (or empty) where this apply runs: ${list}`,
    hint,
  );
}

/**
 * The password a group change sends, read from `env`; undefined when the change sends none
 * from a variable. Throws CARRIER_GROUP_PASSWORD_UNSET (naming the variable and where the files name
 * it) when the variable is not set or empty.
 */
export function passwordOf(change: Change, env: NodeJS.ProcessEnv): string | undefined {
  const sender = senderOf(change);
  if (!sender) return undefined;
  const value = env[sender.variable];
  if (value === undefined || value === '') throw unsetError([sender]);
  return value;
}

/**
 * Reads every password the plan sends from `env` before any request, and returns them (to be
 * scrubbed from every output). Throws one CARRIER_GROUP_PASSWORD_UNSET naming each variable that is
 * not set or empty, with where the files name it.
 */
export function sentPasswords(plan: Plan, env: NodeJS.ProcessEnv): string[] {
  const values: string[] = [];
  const missing: Sender[] = [];
  for (const change of plan.changes) {
    const sender = senderOf(change);
    if (!sender) continue;
    const value = env[sender.variable];
    if (value === undefined || value === '') missing.push(sender);
    else values.push(value);
  }
  if (missing.length > 0) throw unsetError(missing);
  return values;
}

/**
 * Whether applying the plan sends a password or deletes an object of a kind whose module
 * `recordsPasswords` (carrier groups): the state's password records change then (a digest of each
 * password sent; a deleted object's record goes).
 */
export function touchesPasswordRecords(plan: Plan): boolean {
  return plan.changes.some((c) => KIND_SPECS[c.kind].recordsPasswords === true && (c.action === 'delete' || senderOf(c) !== undefined));
}

/**
 * Where an apply records the passwords it sent, since the platform never shows one: the CLI keeps
 * them in its state file (as digests), and the next plan compares the files' password with them.
 */
export interface PasswordLedger {
  /** The group `gwgroupid` holds the password `digest` was made from (its write read back as asked). */
  sent(gwgroupid: number, digest: string): Promise<void>;
  /** The group `gwgroupid` is gone: its record goes too. */
  deleted(gwgroupid: number): Promise<void>;
}
