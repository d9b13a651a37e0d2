import type { PlatformClient } from '../api/client.js';
import { DsipformError } from '../model/errors.js';
import type { PasswordLedger } from '../apply/carrier-passwords.js';
import type { Plan } from '../model/plan.js';
import { carryOut, readiness } from '../pipeline/carry-out.js';
import type { ApplyReport, ChangeOutcome } from '../model/apply-report.js';
import type { Progress } from './progress.js';
import { renderApplyEvent } from '../render/apply-event.js';
import { renderApplyReport } from '../render/apply-text.js';
import { planTextParts, renderPlanText } from '../render/plan-text.js';
import type { LeaseLedger } from '../apply/execute-lease.js';
import { confirmOrRefuse } from './confirm.js';
import { crashPoints } from './crash-points.js';
import { flushOutput, isOutputClosed, redact, useColor, writeLine, type CliIo } from './io.js';
import { ApplyTracker } from './apply-tracker.js';
import { startProgress } from './progress.js';
import { writeFileAtomic, writeFileAtomicNow } from './files.js';

/** A report names the platform and its objects: readable by its owner only, like the state. */
const REPORT_MODE = 0o600;

/** What apply and destroy share once a plan exists. */
export interface ExecuteFlags {
  /** The lease state, when the plan touches leases. */
  leases?: LeaseLedger;
  /** Where the carrier-group passwords sent are recorded (the same state). */
  passwords?: PasswordLedger;
  autoApprove?: boolean;
  force?: boolean;
  reload: boolean;
  format: 'text' | 'json';
  parallelism: number;
  /** Write the per-change outcome here as JSON. */
  report?: string;
}

/**
 * Shows the plan, checks safety and approval, applies, and reports every change. Exit 0 when all
 * applied (or nothing to do), 1 when anything failed, was not attempted, or the reload failed, or
 * the approval was declined (or stdin ended); 130 when interrupted (Ctrl-C at the prompt: nothing
 * changed). A closed stdout does not stop the apply: it goes on to its end, reloads, writes the
 * report, then fails with OUTPUT_CLOSED.
 */
export async function executePlan(
  plan: Plan,
  client: PlatformClient,
  flags: ExecuteFlags,
  io: CliIo,
  verb: 'apply' | 'destroy',
): Promise<number> {
  const color = useColor(io);
  // The pipeline decides (pipeline/carry-out.ts): the gate (safety, and the files' routing tests the
  // plan carries), and the passwords the plan sends, read now (a plan holds only their variables'
  // names). A refused plan, or one whose password is not set, is shown, then refused before the
  // approval is asked or anything is sent.
  const { refusal: refused, unset, passwords } = readiness(plan, { force: flags.force === true, env: io.env });
  for (const password of passwords) io.secrets.add(password);
  // Approved already (--auto-approve, nothing refused): the first changes go out while the plan is
  // written, a part at a time, and their progress is shown once it is all out. A big plan takes as
  // long to render as hundreds of requests take to answer.
  const early = flags.format === 'text' && flags.autoApprove === true && plan.changes.length > 0 && !refused && !unset;
  if (flags.format === 'text' && !early) io.stdout.write(renderPlanText(plan, { color }));
  // Refused also with nothing to change: the routing the files test for is broken all the same.
  if (refused) throw refused;
  if (unset) throw unset;
  // A plan without changes may still owe the proxy a reload (kamreload: true at plan time).
  if (plan.changes.length === 0 && !(plan.pending_reload && flags.reload)) {
    // Nothing to ask the platform, but leases that expired by themselves still leave the state.
    for (const name of plan.expired_leases) await flags.leases?.remove(name);
    if (flags.report)
      await writeFileAtomic(
        flags.report,
        `${JSON.stringify({ format_version: 1, interrupted: false, target: plan.target, outcomes: [], reloaded: false, counts: { applied: 0, failed: 0, not_attempted: 0 }, requests: [] }, null, 2)}\n`,
        REPORT_MODE,
      );
    return 0;
  }
  if (!flags.autoApprove) {
    const answer = await confirmOrRefuse(
      io,
      verb === 'destroy' ? 'Do you really want to delete these objects?' : 'Do you want to perform these actions?',
    );
    if (answer !== 'yes') {
      writeLine(io.stderr, `${verb === 'destroy' ? 'Destroy' : 'Apply'} cancelled; nothing was changed.`);
      // Ctrl-C exits as an interrupted program does (128 + SIGINT); "no" and Ctrl-D (end of input) exit 1.
      return answer === 'interrupted' ? 130 : 1;
    }
  }
  const interrupt = new AbortController();
  const tracker = new ApplyTracker(plan);
  const progress = new HeldProgress();
  // Ctrl-C: start no new change, let those in flight finish, report, exit 130. A second Ctrl-C
  // stops at once, after writing what is known to the report.
  const onSigint = (): void => {
    if (interrupt.signal.aborted) stopAtOnce(tracker, progress, flags, io);
    writeLine(io.stderr, '\nInterrupted: waiting for the changes in flight, starting no more. (Ctrl-C again to stop at once.)');
    interrupt.abort();
  };
  process.on('SIGINT', onSigint);
  let report;
  try {
    // Through the gate above already (or --force).
    const applying = carryOut(plan, client, {
      parallelism: flags.parallelism,
      reload: flags.reload,
      onOutcome: (outcome, index) => {
        tracker.onOutcome(outcome, index);
        progress.onOutcome(outcome);
      },
      onStart: tracker.onStart,
      now: io.now,
      checkpoint: crashPoints(io.env),
      // Carrier-group passwords come from the environment the command runs in.
      env: io.env,
      signal: interrupt.signal,
      ...(flags.leases ? { leases: flags.leases } : {}),
      ...(flags.passwords ? { passwordLedger: flags.passwords } : {}),
    });
    // Awaited below; until then (the plan being written, the progress display loading) a failure
    // must not count as unhandled.
    applying.catch(() => undefined);
    if (early) {
      for (const part of planTextParts(plan, { color })) {
        io.stdout.write(part);
        // Let the answers that came in be taken, and the next requests go out.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    }
    progress.show(await startProgress(io, plan.changes.length, flags.format, () => interrupt.signal.aborted));
    report = await applying;
  } finally {
    process.off('SIGINT', onSigint);
    progress.stop();
  }
  const interrupted = interrupt.signal.aborted;
  // The client already removed every secret from what the platform said; this also covers the rest.
  if (flags.report)
    await writeFileAtomic(
      flags.report,
      redact(`${JSON.stringify({ format_version: 1, interrupted, ...report }, null, 2)}\n`, io.secrets),
      REPORT_MODE,
    );
  if (flags.format === 'json') {
    if (report.reloaded || report.reload_error)
      writeLine(
        io.stdout,
        renderApplyEvent({ event: 'reload', ok: report.reloaded, ...(report.reload_error ? { error: report.reload_error } : {}) }),
      );
    writeLine(
      io.stdout,
      renderApplyEvent({ event: 'summary', counts: report.counts, reloaded: report.reloaded, ...(interrupted ? { interrupted } : {}) }),
    );
  } else {
    io.stdout.write(renderApplyReport(report, { color, interrupted, ...(flags.report ? { reportFile: flags.report } : {}) }));
  }
  await flushOutput(io.stdout);
  if (isOutputClosed(io.stdout)) throw outputClosedDuringApply(report, flags, verb, interrupted);
  if (interrupted) return 130;
  return report.counts.failed > 0 || report.counts.not_attempted > 0 || report.reload_error ? 1 : 0;
}

/**
 * The apply's progress display, held back until the plan is written: outcomes that come before are
 * kept, then shown in order, so progress never cuts into the plan.
 */
class HeldProgress implements Progress {
  #shown: Progress | undefined;
  #held: ChangeOutcome[] = [];
  readonly onOutcome = (outcome: ChangeOutcome): void => {
    if (this.#shown) this.#shown.onOutcome(outcome);
    else this.#held.push(outcome);
  };
  show(progress: Progress): void {
    this.#shown = progress;
    for (const outcome of this.#held) progress.onOutcome(outcome);
    this.#held = [];
  }
  stop(): void {
    this.#shown?.stop();
  }
}

/** The second Ctrl-C: write what is known to the report, marked interrupted, and exit 130 now. */
function stopAtOnce(tracker: ApplyTracker, progress: Progress, flags: ExecuteFlags, io: CliIo): never {
  progress.stop();
  const known = tracker.stoppedReport();
  writeLine(io.stderr, `\n${tracker.stoppedSentence(known)}`);
  if (flags.report) {
    try {
      writeFileAtomicNow(flags.report, redact(`${JSON.stringify(known, null, 2)}\n`, io.secrets));
      writeLine(io.stderr, `What is known is in ${flags.report}. Run dsipform plan to see where the platform stands.`);
    } catch (err) {
      writeLine(
        io.stderr,
        `error: cannot write the report ${flags.report} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`,
      );
    }
  } else {
    writeLine(io.stderr, 'Run dsipform plan to see where the platform stands.');
  }
  process.exit(130);
}

function outputClosedDuringApply(report: ApplyReport, flags: ExecuteFlags, verb: 'apply' | 'destroy', interrupted: boolean): DsipformError {
  const { applied, failed, not_attempted } = report.counts;
  const proxy =
    report.reload_error !== undefined
      ? 'the proxy reload failed'
      : report.reloaded
        ? 'the proxy was reloaded'
        : 'the proxy was not reloaded';
  return new DsipformError(
    'OUTPUT_CLOSED',
    `standard output was closed while the ${verb} ran (the reader went away, as with | head); the ${verb} went on ${interrupted ? 'until interrupted' : 'to its end'}: ${applied} applied, ${failed} failed, ${not_attempted} not attempted; ${proxy}`,
    `${flags.report ? `Every outcome is in ${flags.report}.` : 'Run with --report FILE to keep every outcome.'} To read the output, send it to a file or a reader that reads to the end.`,
  );
}
