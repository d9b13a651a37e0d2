import type { PlatformClient } from '../api/client.js';
import { applyPlan, type ApplyOptions } from '../apply/apply-plan.js';
import type { ApplyReport } from '../model/apply-report.js';
import type { DesiredState } from '../model/desired.js';
import type { LiveState } from '../model/live.js';
import type { Plan } from '../model/plan.js';
import type { RoutingFinding } from '../routing/types.js';
import { judgeFindings } from './lints.js';
import { planFindings } from './plan-findings.js';
import { planPlatform, type PlanPlatformOptions } from './plan-platform.js';
import { planRoutingTests } from './routing-tests.js';
import { planBlocked, withFindings } from './refusals.js';

/** How to plan and check, for a program. */
export interface CheckOptions extends PlanPlatformOptions {
  /** Every routing finding stops the plan, warnings too (the CLI's `--strict`). Default false. */
  readonly strict?: boolean;
}

/** A plan that passed the checks, what it was made from, and the warnings it passed with. */
export interface CheckedPlan {
  readonly plan: Plan;
  readonly live: LiveState;
  /** The routing lints of the rules after the plan that do not stop it (warnings). */
  readonly findings: readonly RoutingFinding[];
}

/**
 * Reads the platform, plans, and checks the plan as `dsipform plan` does: references (a dangling
 * one stops it unless `allowDangling`), then the routing lints of the rules after the plan and the
 * files' routing tests against those rules. Throws PLAN_BLOCKED (or PLAN_OVERWRITES_UNREAD) naming
 * the problems, ROUTING_LINT_FAILED naming the rules that stop it, or ROUTING_TESTS_FAILED naming
 * the failed tests; `ApiError` when the platform cannot be read. The API profile is the client's
 * (detected when not given), so a plan against a deployed platform writes what it accepts.
 */
export async function planDesired(client: PlatformClient, desired: DesiredState, options: CheckOptions = {}): Promise<CheckedPlan> {
  const made = await planPlatform(client, desired, options);
  if (!made.ok) throw planBlocked(made.issues, true);
  if (options.mode === 'destroy') return { plan: made.plan, live: made.live, findings: [] };
  const verdict = judgeFindings(planFindings(desired, made.live, made.plan, options.allowDangling), options.strict);
  if (verdict.refusal) {
    throw withFindings(
      verdict.refusal,
      verdict.findings.filter((j) => j.blocks).map((j) => j.finding),
    );
  }
  const tests = planRoutingTests(desired, made.live, made.plan, options.now ?? Date.now(), options.allowDangling);
  if (tests.refusal) {
    const failures = tests.outcomes.flatMap((o) =>
      o.failures.map((f) => ({
        message: `routing test ${JSON.stringify(o.test.name)}: ${f}`,
        ...(o.test.origin ? { origin: o.test.origin } : {}),
      })),
    );
    throw withFindings(tests.refusal, failures);
  }
  return { plan: made.plan, live: made.live, findings: verdict.findings.map((j) => j.finding) };
}

/** A plan made, checked and applied. */
export interface AppliedPlan extends CheckedPlan {
  readonly report: ApplyReport;
}

/**
 * `dsipform apply` for a program: plans and checks as {@link planDesired}, refuses what the plan's
 * safety refuses (PLAN_UNSAFE, PLAN_UNROUTING) unless `force`, then applies and reports every
 * change's outcome (a failed change is in the report, not thrown).
 */
export async function applyDesired(
  client: PlatformClient,
  desired: DesiredState,
  options: CheckOptions & ApplyOptions = {},
): Promise<AppliedPlan> {
  const checked = await planDesired(client, desired, options);
  const report = await applyPlan(checked.plan, client, options);
  return { ...checked, report };
}
