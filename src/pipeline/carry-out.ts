import type { PlatformClient } from '../api/client.js';
import { applyPlan, type ApplyOptions } from '../apply/apply-plan.js';
import { sentPasswords } from '../apply/carrier-passwords.js';
import { obtainAndRecord, type LeaseLedger } from '../apply/execute-lease.js';
import type { ApplyReport } from '../model/apply-report.js';
import { DsipformError } from '../model/errors.js';
import type { Plan } from '../model/plan.js';
import { gate } from './gate.js';

/** Whether a plan may be carried out now, decided before anything is asked or sent. */
export interface Readiness {
  /** The gate's refusal (PLAN_UNSAFE, PLAN_UNROUTING, PLAN_TESTS_FAILED), unless forced. */
  readonly refusal?: DsipformError;
  /** A carrier-group password the plan sends whose variable is not set (CARRIER_GROUP_PASSWORD_UNSET). */
  readonly unset?: DsipformError;
  /** The passwords the plan sends, read from `env`: secrets no output may show. */
  readonly passwords: readonly string[];
}

/**
 * The last decisions before a plan is applied: the gate (pipeline/gate.ts; `force` lets a refused
 * plan through) and the carrier-group passwords it sends, read from `env` now (a plan holds only
 * their variables' names), so a missing one stops the apply before the first request. Pure but for
 * reading `env`.
 */
export function readiness(plan: Plan, options: { readonly force?: boolean; readonly env: NodeJS.ProcessEnv }): Readiness {
  const refusal = gate(plan, { force: options.force === true });
  try {
    return { ...(refusal ? { refusal } : {}), passwords: sentPasswords(plan, options.env) };
  } catch (err) {
    if (!(err instanceof DsipformError)) throw err;
    return { ...(refusal ? { refusal } : {}), unset: err, passwords: [] };
  }
}

/**
 * Applies a plan the gate let through ({@link readiness}, or the pipeline's `refusal`): the apply
 * step of the pipeline, for every front end that carries a plan out (apply, destroy, watch).
 * `applyPlan` does not ask the safety question again. A failed change is in the report, not thrown.
 */
export function carryOut(plan: Plan, client: PlatformClient, options: Omit<ApplyOptions, 'force'>): Promise<ApplyReport> {
  return applyPlan(plan, client, { ...options, force: true });
}

/**
 * Obtains one lease outside a plan (`dsipform lease obtain`), recorded in `ledger` before anything
 * else happens (apply/execute-lease.ts).
 */
export function obtainLease(
  request: Parameters<typeof obtainAndRecord>[0],
  client: PlatformClient,
  ledger: LeaseLedger,
  now: () => number,
): ReturnType<typeof obtainAndRecord> {
  return obtainAndRecord(request, client, ledger, now);
}
