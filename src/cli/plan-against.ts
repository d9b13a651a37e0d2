import type { PlatformClient } from '../api/client.js';
import type { DesiredState } from '../model/desired.js';
import type { LeaseRecord } from '../model/lease.js';
import type { LiveState } from '../model/live.js';
import type { PasswordRecord } from '../model/password-record.js';
import { DsipformError } from '../model/errors.js';
import type { Plan } from '../model/plan.js';
import { judgeFindings } from '../pipeline/lints.js';
import { planFindings } from '../pipeline/plan-findings.js';
import { planPlatform, planZone } from '../pipeline/plan-platform.js';
import { planRoutingTests, testGatewayLabels, withRoutingTests } from '../pipeline/routing-tests.js';
import { failOnPlanIssues } from './desired.js';
import { reportFindings } from './lint-output.js';
import type { CliIo } from './io.js';

/** The state a plan reads, when the files manage leases or send carrier-group passwords (`usesState`). */
export interface PlanLeases {
  readonly file: string;
  /** Every record of the state, of every target. */
  readonly records: readonly LeaseRecord[];
  /** The digests of the carrier-group passwords sent, of every target. */
  readonly passwords: readonly PasswordRecord[];
}

/** A plan the checks passed (with the files' routing tests in it), and the live state it was made from. */
export interface CheckedPlan {
  readonly plan: Plan;
  readonly live: LiveState;
}

/**
 * Reads the platform and plans through the pipeline (pipeline/plan-platform.ts), printing why it
 * cannot when it cannot; then, for an apply plan, prints the routing lints of the rules after the
 * plan (pipeline/lints.ts) and stops when the pipeline says they stop it (`strict`: every one), and
 * runs the files' routing tests against those rules (pipeline/routing-tests.ts): their results go in
 * the plan, whose gate (pipeline/gate.ts) the caller asks; an expectation by a name no group has stops here.
 * Only the leases recorded for `target` are held there: a lease of another platform (or of an
 * unknown one) is never renewed or revoked by this plan; likewise the password records compared.
 */
export async function planAgainst(
  client: PlatformClient,
  target: string,
  desired: DesiredState,
  io: CliIo,
  mode: 'apply' | 'destroy' = 'apply',
  leases?: PlanLeases,
  allowDangling = false,
  strict = false,
  clock: { readonly at?: string; readonly tz?: string | (() => string) } = {},
): Promise<CheckedPlan> {
  const made = await planPlatform(client, desired, {
    target,
    now: io.now(),
    mode,
    ...(leases
      ? {
          leases: leases.records.filter((r) => r.target === target),
          stateFile: leases.file,
          passwordRecords: leases.passwords.filter((r) => r.target === target),
        }
      : {}),
    allowDangling,
    // Internal: the benchmark measures the plan with and without the routing impact (docs/performance.md).
    routingImpact: io.env.DSIPFORM_ROUTING_IMPACT !== 'off',
    // The proxy's zone (cli/proxy-clock.ts); plan --at: the one instant the impact is decided at.
    ...(clock.tz !== undefined ? { tz: clock.tz } : {}),
    ...(clock.at !== undefined ? { at: clock.at } : {}),
  });
  if (!made.ok) failOnPlanIssues(made.issues, io);
  // The lints of the rules as they stand after the plan; they stop it before anything is saved or shown.
  if (mode === 'apply') {
    reportFindings(judgeFindings(planFindings(desired, made.live, made.plan, allowDangling), strict), io);
    // The files' routing tests, against the same rules: the plan carries their results, its gate judges them.
    const labels = await testGatewayLabels(client, desired, made.live);
    const tests = planRoutingTests(desired, made.live, made.plan, io.now(), allowDangling, labels, planZone(desired, clock));
    if (tests.issues.length > 0) failOnPlanIssues(tests.issues, io);
    return { plan: withRoutingTests(made.plan, tests.section), live: made.live };
  }
  return { plan: made.plan, live: made.live };
}

/** Parses `--parallelism N`. */
export function parseParallelism(text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > 256) {
    throw new DsipformError(
      'CLI_BAD_OPTION',
      `--parallelism "${text}" is not a whole number from 1 to 256`,
      'For example --parallelism 8 (the default).',
    );
  }
  return n;
}

/** Checks a `--format` value against the allowed ones. */
export function checkFormat<T extends string>(value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw new DsipformError('CLI_BAD_FORMAT', `--format "${value}" is not known`, `Use one of: ${allowed.join(', ')}.`);
  }
  return value as T;
}
