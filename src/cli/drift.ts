import type { LeaseRecord } from '../model/lease.js';
import type { PasswordRecord } from '../model/password-record.js';
import { planDesired } from '../pipeline/run.js';
import { driftOf } from '../render/drift-report.js';
import { renderDriftJson } from '../render/drift-json.js';
import { renderDriftMarkdown } from '../render/drift-markdown.js';
import { renderDriftText } from '../render/drift-text.js';
import { loadOrFail } from './desired.js';
import { writeFileAtomic } from './files.js';
import { redact, useColor, type CliIo } from './io.js';
import { openLeaseState, statePath, usesState, type StateFlags } from './lease-state.js';
import { reportFindings } from './lint-output.js';
import { checkFormat } from './options.js';
import { withPlatform, type PlatformFlags } from './platform.js';
import { pipelineClock, readClockFlags, type ClockFlags } from './proxy-clock.js';

/** `dsipform drift` flags. */
export interface DriftFlags extends PlatformFlags, StateFlags, ClockFlags {
  format: string;
  /** Also write the report as JSON to this file. */
  out?: string;
}

/**
 * `dsipform drift PATH...`: plans the files against the platform with no intent to apply, and
 * reports where the platform differs from the files (each object, with the fields that differ) and
 * the calls the drift affects (the plan's routing impact: the routing of undoing it). Exit 0 when
 * nothing differs, 2 when something does, 1 on error, and 1 when the gate of apply would refuse the
 * plan that undoes it (PLAN_UNSAFE, PLAN_UNROUTING, PLAN_TESTS_FAILED: the same decision and error as
 * `plan`), after the report is written. Read-only: the lease state is read without its lock (a run
 * holding it does not stop a drift check), no lease is obtained or renewed, and nothing is written
 * to the platform. `--out FILE` also writes the JSON report. The time windows of the calls affected
 * are the proxy's (cli/proxy-clock.ts: `--tz`, the target's, the files'), not the CI runner's.
 */
export async function runDrift(paths: string[], flags: DriftFlags, io: CliIo): Promise<number> {
  const format = checkFormat(flags.format, ['text', 'markdown', 'json'] as const);
  const reading = readClockFlags(flags);
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
  const { report, refusal } = await withPlatform(flags, io, async (client, target) => {
    const checked = await planDesired(client, desired, {
      target,
      now: io.now(),
      ...(records ? { leases: records.filter((r) => r.target === target), stateFile } : {}),
      ...(passwords ? { passwordRecords: passwords.filter((r) => r.target === target) } : {}),
      // Forced so that a refused plan still gives its drift; the refusal comes back beside it.
      force: true,
      // --tz, the target's, the files' proxy.timezone, else the machine's (with its warning).
      ...pipelineClock(reading, io),
    });
    reportFindings({ findings: checked.findings.map((finding) => ({ finding, blocks: false })) }, io);
    return { report: driftOf(checked.plan), refusal: checked.refusal };
  });
  if (flags.out) await writeFileAtomic(flags.out, redact(renderDriftJson(report), io.secrets));
  const text =
    format === 'json'
      ? renderDriftJson(report)
      : format === 'markdown'
        ? renderDriftMarkdown(report)
        : renderDriftText(report, { color: useColor(io) });
  io.stdout.write(redact(text, io.secrets));
  // As plan fails: a nightly job fails loudly when undoing the drift needs --force, rather than filing routine drift.
  if (refusal) throw refusal;
  return report.drift ? 2 : 0;
}
