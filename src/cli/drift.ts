import type { LeaseRecord } from '../model/lease.js';
import type { PasswordRecord } from '../model/password-record.js';
import { DsipformError } from '../model/errors.js';
import { planDesired } from '../pipeline/run.js';
import { callTime } from '../routing/time.js';
import { driftOf } from '../render/drift-report.js';
import { renderDriftJson } from '../render/drift-json.js';
import { renderDriftMarkdown } from '../render/drift-markdown.js';
import { renderDriftText } from '../render/drift-text.js';
import { loadOrFail } from './desired.js';
import { writeFileAtomic } from './files.js';
import { redact, useColor, type CliIo } from './io.js';
import { openLeaseState, statePath, usesState, type StateFlags } from './lease-state.js';
import { reportFindings } from './lint-output.js';
import { checkFormat } from './plan-against.js';
import { withPlatform, type PlatformFlags } from './platform.js';

/** `dsipform drift` flags. */
export interface DriftFlags extends PlatformFlags, StateFlags {
  format: string;
  /** Also write the report as JSON to this file. */
  out?: string;
  /** The proxy's time zone, for the time windows of the calls affected (default this machine's). */
  tz?: string;
}

/**
 * `dsipform drift PATH...`: plans the files against the platform with no intent to apply, and
 * reports where the platform differs from the files (each object, with the fields that differ) and
 * the calls the drift affects (the plan's routing impact: the routing of undoing it). Exit 0 when
 * nothing differs, 2 when something does, 1 on error. Read-only: the lease state is read without
 * its lock (a run holding it does not stop a drift check), no lease is obtained or renewed, and
 * nothing is written to the platform; the files' routing tests do not refuse the check (the drift
 * is reported whatever they say). `--out FILE` also writes the JSON report; `--tz` is the proxy's zone.
 */
export async function runDrift(paths: string[], flags: DriftFlags, io: CliIo): Promise<number> {
  const format = checkFormat(flags.format, ['text', 'markdown', 'json'] as const);
  const tz = proxyZone(flags, io);
  const desired = await loadOrFail(paths, io);
  const stateFile = statePath(flags, paths);
  let records: readonly LeaseRecord[] | undefined;
  let passwords: readonly PasswordRecord[] | undefined;
  if (usesState(desired)) {
    // Without the lock (false): a drift check never waits for, nor blocks, an apply.
    const { store } = await openLeaseState(stateFile, flags, io, false, 'drift');
    records = store.records();
    passwords = store.passwords();
    await store.close();
  }
  const report = await withPlatform(flags, io, async (client, target) => {
    const checked = await planDesired(client, desired, {
      target,
      now: io.now(),
      ...(records ? { leases: records.filter((r) => r.target === target), stateFile } : {}),
      ...(passwords ? { passwordRecords: passwords.filter((r) => r.target === target) } : {}),
      // Nothing is applied, so a failing routing test (carried in the plan) must not hide the drift.
      force: true,
      ...(tz !== undefined ? { tz } : {}),
    });
    reportFindings({ findings: checked.findings.map((finding) => ({ finding, blocks: false })) }, io);
    return driftOf(checked.plan);
  });
  if (flags.out) await writeFileAtomic(flags.out, redact(renderDriftJson(report), io.secrets));
  const text =
    format === 'json'
      ? renderDriftJson(report)
      : format === 'markdown'
        ? renderDriftMarkdown(report)
        : renderDriftText(report, { color: useColor(io) });
  io.stdout.write(redact(text, io.secrets));
  return report.drift ? 2 : 0;
}

/**
 * `--tz`, checked before the platform is read: the zone the proxy's clock runs in, so the time
 * windows of the calls affected are the proxy's, not the CI runner's (often UTC).
 */
function proxyZone(flags: DriftFlags, io: CliIo): string | undefined {
  if (flags.tz === undefined) return undefined;
  const checked = callTime(undefined, flags.tz, io.now());
  if ('problem' in checked) throw new DsipformError('ROUTE_BAD_TIME', checked.problem, 'Write --tz as an IANA zone like Europe/London.');
  return flags.tz;
}
