import type { PlatformClient } from '../api/client.js';
import type { DesiredState } from '../model/desired.js';
import { InternalError, joinRefusals, type DsipformError } from '../model/errors.js';
import type { LiveState } from '../model/live.js';
import type { Plan, PlanIssue } from '../model/plan.js';
import type { RoutingTestOutcome } from '../model/routing-test.js';
import { planFindings } from '../plan/plan-findings.js';
import { planRefusal } from '../plan/refusal.js';
import type { RulesAfter } from '../plan/routing-impact.js';
import { namesAfterPlan } from '../plan/test-names.js';
import { judgeFindings, type JudgedFinding } from '../routing/findings.js';
import { violatedRefusal } from '../routing/invariant-record.js';
import { invariantNameIssues } from '../routing/invariant-names.js';
import { planInvariants } from '../routing/plan-invariants.js';
import { placeRules, runRoutingTests, type RoutingTestsVerdict } from '../routing/run-tests.js';
import { clockOfOptions, type ClockOptions } from './clock.js';
import { planPlatform, type PlanPlatformOptions } from './plan-platform.js';
import type { CarriedFindings } from './plan-result.js';

/** How to plan and check: the planner's options, and how strictly the lints judge. */
export interface PipelineOptions extends Omit<PlanPlatformOptions, 'checks'>, ClockOptions {
  /** Every routing finding stops the plan, warnings too (the CLI's `--strict`). Default false. */
  readonly strict?: boolean;
}

/**
 * What stopped the pipeline before a plan could be judged: the problems that stop the plan
 * (`issues`: of planning, or a routing test's expectation by a name no group has; PLAN_BLOCKED),
 * or the routing lints (`refusal` ROUTING_LINT_FAILED, the findings saying which).
 */
export type PipelineStop =
  | { readonly ok: false; readonly stop: 'issues'; readonly issues: readonly PlanIssue[]; readonly findings: readonly JudgedFinding[] }
  | { readonly ok: false; readonly stop: 'lints'; readonly refusal: DsipformError; readonly findings: readonly JudgedFinding[] };

/** A plan made and checked: everything the verbs render, as data. */
export interface PipelineChecked extends CarriedFindings {
  readonly ok: true;
  /** The plan, with the files' routing tests and invariants in it (`routing_tests`, `invariants`). */
  readonly plan: Plan;
  readonly live: LiveState;
  /** The rules after the plan in the files' order, built once per plan; absent for a destroy. */
  readonly after?: RulesAfter;
  /** The routing lints of the rules after the plan, judged (none stops it here); none for a destroy. */
  readonly findings: readonly JudgedFinding[];
  /** The outcomes of the files' routing tests (also in `routing_tests`). */
  readonly tests: readonly RoutingTestOutcome[];
  /** What the gate of apply refuses the plan for (PLAN_UNSAFE, PLAN_UNROUTING, PLAN_TESTS_FAILED, PLAN_INVARIANT_FAILED), unforced. */
  readonly refusal?: DsipformError;
}

/** The tests of files that hold none. */
const NO_TESTS: RoutingTestsVerdict = { outcomes: [], section: [], issues: [] };

/** What {@link runPipeline} returns: a checked plan, or what stopped it. */
export type PipelineResult = PipelineChecked | PipelineStop;

/**
 * The one composition of read → plan → lints → routing tests → invariants → gate, for every front
 * end (the CLI's verbs and the library's `planDesired`): it reads the platform (every read decided
 * before planning, plan-platform.ts), plans, lints the rules after the plan, runs the files' routing
 * tests and decides their invariants on the same rules (built once per plan), and asks the gate. It neither prints nor throws
 * what it judges: the caller renders the result and decides its exit. Throws only what it cannot
 * judge (`ApiError` when the platform cannot be read). A destroy is planned, not linted or tested.
 */
export async function runPipeline(client: PlatformClient, desired: DesiredState, options: PipelineOptions = {}): Promise<PipelineResult> {
  // The clock read once, before the platform is (a bad `tz` or `at` is ROUTE_BAD_TIME, as the CLI's
  // flags are): one zone for the impact and the tests, `tz`, else proxy.timezone, else the machine's.
  const clock = clockOfOptions(desired.proxy?.timezone, options);
  const zone = clock.tz;
  const at = clock.pinned ? { at: clock.pinned.local } : {};
  const made = await planPlatform(client, desired, { ...options, tz: zone, ...at, checks: true });
  if (!made.ok) return { ok: false, stop: 'issues', issues: made.issues, findings: [] };
  const { live } = made;
  // The gate (gate.ts), asked where each refusal is found: the plan's safety here, the tests' where
  // they run, the invariants' where they are decided; joined in the gate's order at the end.
  const unsafe = planRefusal(made.plan);
  if (options.mode === 'destroy') {
    // A destroy runs no tests and decides no invariants: its safety is the whole gate.
    const refusal = unsafe;
    return {
      ok: true,
      plan: made.plan,
      live,
      findings: [],
      tests: [],
      references: made.references,
      routing_tests: [],
      invariants: made.plan.invariants ?? [],
      routing_impact: made.plan.routing_impact ?? [],
      ...(refusal ? { refusal } : {}),
    };
  }
  // The rules after the plan, in the files' order and loaded: made once, by the planner (plan/checked-rules.ts).
  // And the times they are judged at, read before the platform was (plan-platform.ts `runTimes`).
  const { checked, times } = made;
  if (!checked || !times) throw new InternalError('the planner made no rules after the plan or no times for its checks');
  const { after } = checked;
  // The planner's part first (the rules after the plan, the names the tests and invariants may
  // expect), then the simulation's (the lints, the tests, the invariants) on those same rules: each
  // step is handed what it needs.
  const declaredTests = desired.routing_tests ?? [];
  const declaredInvariants = desired.invariants ?? [];
  const names =
    declaredTests.length > 0 || declaredInvariants.length > 0 ? namesAfterPlan(live, made.plan.changes, after, made.labels) : undefined;
  const findings = planFindings(desired, live, made.plan, options.allowDangling, checked);
  const verdict = judgeFindings(findings, options.strict);
  if (verdict.refusal) return { ok: false, stop: 'lints', refusal: verdict.refusal, findings: verdict.findings };
  // The rules and the book the tests and the invariants are judged with, built once.
  const rules = names
    ? placeRules({
        state: after.state,
        groups: after.groups.groups,
        allowDangling: options.allowDangling === true,
        declared: desired.carrier_groups ?? [],
        declaredEndpoints: desired.endpoint_groups ?? [],
        ...names,
      })
    : undefined;
  // The invariants are decided on the same rules and names as the tests, from the same day. A
  // destination by a name no group or gateway has stops the plan, as a routing test's does: the
  // names are checked before anything is run (the tests' issues are still told first).
  const judged = rules && declaredInvariants.length > 0 ? rules : undefined;
  const named = judged ? invariantNameIssues(declaredInvariants, judged.book) : [];
  const tests = rules && declaredTests.length > 0 ? runRoutingTests(declaredTests, rules, times.tests) : NO_TESTS;
  if (tests.issues.length > 0) return { ok: false, stop: 'issues', issues: tests.issues, findings: verdict.findings };
  if (named.length > 0) return { ok: false, stop: 'issues', issues: named, findings: verdict.findings };
  // Their horizon starts on the day holding now in the proxy's zone (the routing impact's start).
  const invariants = judged && times.start ? planInvariants(desired, judged.set, judged.book, times.start, judged.pending) : [];
  const broken = violatedRefusal(invariants);
  // The plan carries its tests and invariants (frozen, as the plan is), so that they are shown,
  // saved and checksummed with it and a saved plan is judged by them.
  const plan =
    tests.section.length === 0 && invariants.length === 0
      ? made.plan
      : Object.freeze({
          ...made.plan,
          ...(tests.section.length > 0 ? { routing_tests: tests.section } : {}),
          ...(invariants.length > 0 ? { invariants: Object.freeze(invariants) } : {}),
        });
  const refusal = joinRefusals([unsafe, tests.refusal, broken]);
  return {
    ok: true,
    plan,
    live,
    after,
    findings: verdict.findings,
    tests: tests.outcomes,
    references: made.references,
    routing_tests: tests.outcomes,
    invariants: plan.invariants ?? [],
    routing_impact: plan.routing_impact ?? [],
    ...(refusal ? { refusal } : {}),
  };
}
