import { DsipformError } from '../model/errors.js';
import { isExpired, type LeaseRecord } from '../model/lease.js';
import { openLeaseState, statePath, type StateFlags } from './lease-state.js';
import { writeLine, type CliIo } from './io.js';

/** Single-quotes a value for POSIX shells: nothing inside is expanded. */
export function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/** The environment-variable stem of a lease name: `ci-softphone` → `DSIP_LEASE_CI_SOFTPHONE`. */
function envStem(name: string): string {
  return `DSIP_LEASE_${name
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')}`;
}

/** The target as `output leases` shows it; a lease recorded before targets were shows `(unknown)`. */
function targetOf(r: LeaseRecord): string {
  return r.target ?? '(unknown)';
}

function table(rows: readonly LeaseRecord[], now: number): string[] {
  const head = ['name', 'lease_id', 'username', 'password', 'domain', 'expires_at', 'status', 'target'];
  const body = rows.map((r) => [
    r.name,
    String(r.lease_id),
    r.username,
    r.password,
    r.domain,
    r.expires_at,
    isExpired(r, now) ? 'EXPIRED' : 'ok',
    targetOf(r),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  return [head, ...body].map((cols) =>
    cols
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd(),
  );
}

function envLines(rows: readonly LeaseRecord[]): string[] {
  const seen = new Map<string, string>();
  const lines: string[] = [];
  for (const r of rows) {
    const stem = envStem(r.name);
    const clash = seen.get(stem);
    if (clash !== undefined) {
      const hint =
        clash === r.name
          ? 'The state holds leases of this name for several targets: choose one with --target TARGET.'
          : 'Rename one of the leases in the files.';
      throw new DsipformError('OUTPUT_NAME_CLASH', `leases "${clash}" and "${r.name}" would both be exported as ${stem}_*`, hint);
    }
    seen.set(stem, r.name);
    for (const [suffix, value] of [
      ['ID', String(r.lease_id)],
      ['USERNAME', r.username],
      ['PASSWORD', r.password],
      ['DOMAIN', r.domain],
      ['EXPIRES_AT', r.expires_at],
    ] as const) {
      lines.push(`export ${stem}_${suffix}=${shellQuote(value)}`);
    }
  }
  return lines;
}

/**
 * `dsipform output leases`: the current credentials for scripts; printing passwords is its job.
 * Each lease shows the target (platform) it was obtained from; `--target` keeps one target's.
 * Expired leases are named in a warning on stderr (and left out of `env`, which is for use).
 */
export async function runOutputLeases(
  paths: string[],
  flags: StateFlags & { format: string; target?: string },
  io: CliIo,
): Promise<number> {
  const file = statePath(flags, paths);
  const { store } = await openLeaseState(file, flags, io, false, 'dsipform output leases');
  const all = store.records();
  await store.close();
  const wanted = flags.target?.replace(/\/+$/, '');
  const records = wanted === undefined ? all : all.filter((r) => r.target === wanted);
  const now = io.now();
  const expired = records.filter((r) => isExpired(r, now));
  for (const r of expired)
    writeLine(
      io.stderr,
      `warning: lease "${r.name}" (lease ${r.lease_id}) expired at ${r.expires_at}; run dsipform apply to obtain a new one.`,
    );
  if (records.length === 0) writeLine(io.stderr, `warning: no leases recorded in ${file}${wanted === undefined ? '' : ` for ${wanted}`}.`);
  if (flags.format === 'json') {
    writeLine(
      io.stdout,
      JSON.stringify(
        records.map((r) => ({ ...r, expired: isExpired(r, now) })),
        null,
        2,
      ),
    );
  } else if (flags.format === 'env') {
    for (const line of envLines(records.filter((r) => !isExpired(r, now)))) writeLine(io.stdout, line);
  } else if (records.length > 0) {
    for (const line of table(records, now)) writeLine(io.stdout, line);
  }
  return 0;
}
