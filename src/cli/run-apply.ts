import type { PlatformClient } from '../api/client.js';
import { DsipformError } from '../model/errors.js';
import { applyPlan } from '../reconcile/apply.js';
import type { Plan } from '../reconcile/types.js';
import { renderApplyEvent, renderApplyReport, renderPlanText } from '../render/index.js';
import type { LeaseLedger } from '../reconcile/execute-lease.js';
import { confirmOrRefuse } from './confirm.js';
import { crashPoints } from './crash-points.js';
import { useColor, writeLine, type CliIo } from './io.js';
import { startProgress } from './progress.js';
import { writeFileAtomic } from './files.js';

/** What apply and destroy share once a plan exists. */
export interface ExecuteFlags {
  /** The lease state, when the plan touches leases. */
  leases?: LeaseLedger;
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
 * applied (or nothing to do), 1 when anything failed, was not attempted, or the reload failed.
 */
export async function executePlan(plan: Plan, client: PlatformClient, flags: ExecuteFlags, io: CliIo, verb: 'apply' | 'destroy'): Promise<number> {
  const color = useColor(io);
  if (flags.format === 'text') io.stdout.write(renderPlanText(plan, { color }));
  // A plan without changes may still owe the proxy a reload (kamreload: true at plan time).
  if (plan.changes.length === 0 && !(plan.pending_reload && flags.reload)) {
    // Nothing to ask the platform, but leases that expired by themselves still leave the state.
    for (const name of plan.expired_leases) await flags.leases?.remove(name);
    if (flags.report) await writeFileAtomic(flags.report, `${JSON.stringify({ format_version: 1, interrupted: false, target: plan.target, outcomes: [], reloaded: false, counts: { applied: 0, failed: 0, not_attempted: 0 } }, null, 2)}\n`);
    return 0;
  }
  if (plan.safety.length > 0 && !flags.force) {
    const what = plan.safety.map((f) => `${f.message}: ${f.keys.slice(0, 10).map((k) => JSON.stringify(k)).join(', ')}${f.keys.length > 10 ? `, and ${f.keys.length - 10} more` : ''}`).join('; ');
    throw new DsipformError('PLAN_UNSAFE', `refused: ${what}`, 'Check the files manage what you think they do (policy.ignore keeps live objects). If these deletes are intended, run again with --force.');
  }
  if (!flags.autoApprove) {
    const approved = await confirmOrRefuse(io, verb === 'destroy' ? 'Do you really want to delete these objects?' : 'Do you want to perform these actions?');
    if (!approved) {
      writeLine(io.stderr, `${verb === 'destroy' ? 'Destroy' : 'Apply'} cancelled; nothing was changed.`);
      return 1;
    }
  }
  const progress = await startProgress(io, plan.changes.length, flags.format);
  // Ctrl-C: start no new change, let those in flight finish, report, exit 130.
  const interrupt = new AbortController();
  const onSigint = (): void => {
    if (!interrupt.signal.aborted) writeLine(io.stderr, '\nInterrupted: waiting for the changes in flight, starting no more. (Ctrl-C again to stop at once.)');
    else process.exit(130);
    interrupt.abort();
  };
  process.on('SIGINT', onSigint);
  let report;
  try {
    report = await applyPlan(plan, client, {
      parallelism: flags.parallelism,
      reload: flags.reload,
      onOutcome: progress.onOutcome,
      now: io.now,
      checkpoint: crashPoints(io.env),
      signal: interrupt.signal,
      ...(flags.leases ? { leases: flags.leases } : {}),
    });
  } finally {
    process.off('SIGINT', onSigint);
    progress.stop();
  }
  if (flags.report) await writeFileAtomic(flags.report, `${JSON.stringify({ format_version: 1, interrupted: interrupt.signal.aborted, ...report }, null, 2)}\n`);
  if (flags.format === 'json') {
    if (report.reloaded || report.reload_error) writeLine(io.stdout, renderApplyEvent({ event: 'reload', ok: report.reloaded, ...(report.reload_error ? { error: report.reload_error } : {}) }));
    writeLine(io.stdout, renderApplyEvent({ event: 'summary', counts: report.counts, reloaded: report.reloaded }));
  } else {
    io.stdout.write(renderApplyReport(report, { color }));
  }
  if (interrupt.signal.aborted) return 130;
  return report.counts.failed > 0 || report.counts.not_attempted > 0 || report.reload_error ? 1 : 0;
}
