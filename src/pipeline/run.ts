import type { PlatformClient } from '../api/client.js';
import { applyPlan, type ApplyOptions } from '../apply/apply-plan.js';
import type { ApplyReport } from '../model/apply-report.js';
import type { DesiredState } from '../model/desired.js';
import type { LeaseLedger } from '../apply/execute-lease.js';
import type { LeaseRecord } from '../model/lease.js';
import type { LiveState } from '../model/live.js';
import type { Plan } from '../model/plan.js';
import type { DsipformError } from '../model/errors.js';
import type { RoutingFinding } from '../routing/types.js';
import { runPipeline, type PipelineOptions } from './pipeline.js';
import { planBlocked, withFindings } from './refusals.js';
import type { CarriedFindings } from './plan-result.js';

/** How to plan and check, for a program. */
export interface CheckOptions extends PipelineOptions {
  /**
   * A plan the gate refuses (its safety findings, or failed routing tests) is returned, not thrown,
   * with the refusal beside it (the CLI's `--force`); `applyDesired` then applies it.
   */
  readonly force?: boolean;
}

/** A plan that passed the checks (its `routing_tests` with it), what it was made from, and the warnings it passed with. */
export interface CheckedPlan extends CarriedFindings {
  readonly plan: Plan;
  readonly live: LiveState;
  /** The routing lints of the rules after the plan that do not stop it (warnings). */
  readonly findings: readonly RoutingFinding[];
  /**
   * What the gate of apply refuses the plan for (PLAN_UNSAFE, PLAN_UNROUTING, PLAN_TESTS_FAILED,
   * PLAN_INVARIANT_FAILED), present only when `force` let it through: without `force` it is thrown instead.
   */
  readonly refusal?: DsipformError;
}

/**
 * Reads the platform, plans, and checks the plan as `dsipform plan` does: references (a dangling
 * one stops it unless `allowDangling`), then the routing lints of the rules after the plan and the
 * files' routing tests against those rules (their results go in the plan), then asks the one gate
 * of apply ({@link gate}). Throws PLAN_BLOCKED (or PLAN_OVERWRITES_UNREAD)
 * naming the problems (an expectation by a name no group has among them), ROUTING_LINT_FAILED naming
 * the rules that stop it, or, unless `force`, the gate's refusal (PLAN_UNSAFE, PLAN_UNROUTING,
 * PLAN_TESTS_FAILED naming the failed tests, PLAN_INVARIANT_FAILED naming each violated invariant
 * with the call that breaks it); with `force` the refusal is returned as `refusal`.
 * `ApiError` when the platform cannot be read. The API profile is the client's
 * (detected when not given), so a plan against a deployed platform writes what it accepts. The
 * impact and the tests are judged in the proxy's zone: `tz`, else the desired state's
 * `proxy.timezone`, else this machine's.
 */
export async function planDesired(client: PlatformClient, desired: DesiredState, options: CheckOptions = {}): Promise<CheckedPlan> {
  // The one composition (pipeline.ts); a program has no stderr, so what stops it is named in the error.
  const result = await runPipeline(client, desired, options);
  if (!result.ok) {
    if (result.stop === 'issues') throw planBlocked(result.issues, true);
    throw withFindings(
      result.refusal,
      result.findings.filter((j) => j.blocks).map((j) => j.finding),
    );
  }
  const { plan, live, refusal, references, routing_tests, invariants, routing_impact } = result;
  const carried = { references, routing_tests, invariants, routing_impact };
  // A destroy is not gated here (applyPlan asks its safety itself), as before the one composition.
  if (options.mode === 'destroy') return { plan, live, findings: [], ...carried };
  // The one decision apply makes too: thrown here unless forced, so a plan apply would refuse fails.
  if (refusal && options.force !== true) {
    const failures = result.tests.flatMap((o) =>
      o.failures.map((f) => ({
        message: `routing test ${JSON.stringify(o.test.name)}: ${f}`,
        ...(o.test.origin ? { origin: o.test.origin } : {}),
      })),
    );
    throw failures.length > 0 ? withFindings(refusal, failures) : refusal;
  }
  return { plan, live, findings: result.findings.map((j) => j.finding), ...carried, ...(refusal ? { refusal } : {}) };
}

/** A plan made, checked and applied. */
export interface AppliedPlan extends CheckedPlan {
  readonly report: ApplyReport;
}

/**
 * `dsipform apply` for a program: plans and checks as {@link planDesired}, which refuses what the
 * gate refuses (PLAN_UNSAFE, PLAN_UNROUTING, PLAN_TESTS_FAILED) unless `force`, then applies and reports every
 * change's outcome (a failed change is in the report, not thrown).
 */
export async function applyDesired(client: PlatformClient, desired: DesiredState, options: ApplyDesiredOptions = {}): Promise<AppliedPlan> {
  const { leaseRecords, ledger, ...rest } = options;
  const checked = await planDesired(client, desired, { ...rest, ...(leaseRecords ? { leases: leaseRecords } : {}) });
  const report = await applyPlan(checked.plan, client, { ...rest, ...(ledger ? { leases: ledger } : {}) });
  return { ...checked, report };
}

/**
 * What {@link applyDesired} is told: the planner's options and the applier's, with the two lease
 * inputs under names of their own. The planner's `leases` are the recorded leases (to renew or keep),
 * the applier's the ledger that records new ones: one option name cannot hold both.
 */
export type ApplyDesiredOptions = Omit<CheckOptions, 'leases'> &
  Omit<ApplyOptions, 'leases'> & {
    /** The leases the state records (the planner's `leases`): which to renew, which are gone. */
    readonly leaseRecords?: readonly LeaseRecord[];
    /** The lease state that records what the apply obtains (the applier's `leases`). */
    readonly ledger?: LeaseLedger;
  };
