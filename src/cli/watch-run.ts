import type { PlatformClient } from '../api/client.js';
import type { ChangeOutcome } from '../model/apply-report.js';
import type { DesiredState } from '../model/desired.js';
import { DsipformError } from '../model/errors.js';
import type { Plan } from '../model/plan.js';
import { carryOut } from '../pipeline/carry-out.js';
import { planDesired } from '../pipeline/run.js';
import type { CliIo } from './io.js';
import { openRunState, usesState, type RunState, type StateFlags } from './lease-state.js';
import { pipelineClock } from './proxy-clock.js';
import type { ClockReading } from '../pipeline/clock.js';

/** One platform the reconciler watches: its name, its files (read afresh each run) and its client. */
export interface WatchSource {
  /** The `target` label of its metrics and events. */
  readonly name: string;
  /** The lease state file of this platform (its lock is held for a run with --apply, never between runs). */
  readonly stateFile: string;
  /** The zone of its proxy the targets file gives (`timezone:`); the files' `proxy.timezone` yields to it. */
  readonly zone?: string;
  /** Whether other processes can reach the platform (all but an in-memory emulator): a run with --apply then locks, leases or not. */
  readonly shared: boolean;
  /** Reads the files now (a `git pull` since the last run is seen). */
  load(io: CliIo): Promise<DesiredState>;
  /** Runs `work` with a client for the platform, and closes it. */
  connect<T>(io: CliIo, work: (client: PlatformClient, label: string) => Promise<T>): Promise<T>;
}

/** What one run of one source found and did. */
export interface RunResult {
  readonly plan?: Plan;
  /** The outcome of each change attempted (with --apply, when the gate let the plan through). */
  readonly outcomes: readonly ChangeOutcome[];
  /**
   * What the gate of apply refuses the plan for (PLAN_UNSAFE, PLAN_UNROUTING, PLAN_TESTS_FAILED, PLAN_INVARIANT_FAILED):
   * with --apply nothing of it was applied; without, an apply of it would be refused.
   */
  readonly refusal?: DsipformError;
  /** Why the run failed: the files, the platform, a check, or (after the plan) a change or the reload. */
  readonly failure?: RunFailure;
}

/** A failed run, as the log, the metrics and the events tell it (the client already took secrets out). */
export interface RunFailure {
  readonly code: string;
  readonly message: string;
}

/** The code and message of what a run failed with. */
function failureOf(err: unknown): RunFailure {
  if (err instanceof DsipformError) return { code: err.code, message: err.message };
  const code = (err as { code?: unknown } | undefined)?.code;
  return {
    code: typeof code === 'string' ? code : 'INTERNAL',
    message: err instanceof Error ? err.message : String(err),
  };
}

/** How a run goes. */
export interface RunOptions extends StateFlags {
  readonly apply: boolean;
  /** Aborted on SIGTERM: no new change starts, those in flight finish. */
  readonly signal: AbortSignal;
  readonly parallelism: number;
  /** `--tz` as read at start (the strongest of the zones; the warning of none is said once a process). */
  readonly clock: ClockReading;
}

/**
 * One run for one platform: reads the files, plans through the pipeline (the checks of `plan`, in the
 * proxy's zone: `--tz`, the target's, the files', else the machine's; and its gate, which is
 * apply's), and with `apply` carries out what that gate lets through, never forced. A refused plan
 * is returned as `refusal`, with or without `apply`, and nothing is applied. The lease state is
 * opened for the run only; with `apply` the run holds the state's lock (as `apply` does, leases or
 * not), released before returning, whatever happens: a run that cannot have it within
 * --lock-timeout fails STATE_LOCKED.
 */
export async function runOnce(source: WatchSource, io: CliIo, options: RunOptions): Promise<RunResult> {
  let desired: DesiredState;
  try {
    desired = await source.load(io);
  } catch (err) {
    return { outcomes: [], failure: failureOf(err) };
  }
  let run: RunState;
  try {
    const leases = usesState(desired);
    // As apply does: the lock for the whole run, plan included, so two reconcilers never both create what is missing.
    run = await openRunState(source.stateFile, options, io, {
      leases,
      lock: options.apply && (leases || source.shared),
      command: 'dsipform watch',
    });
  } catch (err) {
    return { outcomes: [], failure: failureOf(err) };
  }
  const leases = run.leases;
  try {
    return await source.connect(io, async (client, target) => {
      // force: the plan is wanted even when refused, to report the drift; the gate's refusal comes beside it.
      const checked = await planDesired(client, desired, {
        target,
        now: io.now(),
        force: true,
        ...pipelineClock({ ...options.clock, ...(source.zone !== undefined ? { target: source.zone } : {}) }, io),
        ...(leases
          ? {
              leases: leases.store.records().filter((r) => r.target === target),
              stateFile: source.stateFile,
              passwordRecords: leases.store.passwords().filter((r) => r.target === target),
            }
          : {}),
      });
      const plan = checked.plan;
      // Reported also without --apply, as plan and drift report it: what apply would refuse is news.
      if (checked.refusal) return { plan, outcomes: [], refusal: checked.refusal };
      const owed = plan.changes.length > 0 || plan.expired_leases.length > 0 || plan.pending_reload === true;
      if (!options.apply || !owed || options.signal.aborted) return { plan, outcomes: [] };
      // Through the gate already (no refusal above): the pipeline's apply step.
      const report = await carryOut(plan, client, {
        parallelism: options.parallelism,
        signal: options.signal,
        now: io.now,
        env: io.env,
        ...(leases ? { leases: leases.ledgerFor(target), passwordLedger: leases.passwordLedgerFor(target) } : {}),
      });
      const { failed, not_attempted } = report.counts;
      const first = report.outcomes.find((o) => o.error)?.error;
      const failure: RunFailure | undefined =
        failed > 0 || report.reload_error
          ? {
              code: first?.code ?? 'API_SERVER_ERROR',
              message: `${failed} of ${plan.changes.length} changes failed${report.reload_error ? ', and the proxy reload failed' : ''}${not_attempted > 0 ? `; ${not_attempted} not attempted` : ''}${first ? ` (first: ${first.message})` : ''}`,
            }
          : undefined;
      return { plan, outcomes: report.outcomes, ...(failure ? { failure } : {}) };
    });
  } catch (err) {
    return { outcomes: [], failure: failureOf(err) };
  } finally {
    await run.close();
  }
}
