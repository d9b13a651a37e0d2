import type { PlatformClient } from '../api/client.js';
import { ApiError } from '../api/errors.js';
import { KINDS, type Kind } from '../model/desired.js';
import { KIND_SPECS } from '../model/kinds.js';
import { DsipformError } from '../model/errors.js';
import type { RequestRecord } from '../model/apply-report.js';
import { executeBulkDelete, executeChange } from './execute.js';
import { planRefusal } from '../plan/refusal.js';
import { sentPasswords, type PasswordLedger } from './carrier-passwords.js';
import type { LeaseLedger } from './execute-lease.js';
import type { Change, Plan } from '../model/plan.js';
import { INTERRUPTED_REASON, type ApplyReport, type ChangeOutcome, type OutcomeStatus } from '../model/apply-report.js';

/** How to apply. */
export interface ApplyOptions {
  /** Most requests in flight at once within a step (default 8). */
  readonly parallelism?: number;
  /** One proxy reload after any change (default true). */
  readonly reload?: boolean;
  /** Called once per change as soon as its outcome is known (applied, failed or not attempted). */
  readonly onOutcome?: (outcome: ChangeOutcome, index: number) => void;
  /** Called when a change starts (its first request is about to be sent), with its index in the plan. */
  readonly onStart?: (index: number) => void;
  /** When aborted, no new change starts; those in flight finish. */
  readonly signal?: AbortSignal;
  /** The lease state; required when the plan has lease changes or expired leases. */
  readonly leases?: LeaseLedger;
  /** The clock for lease records (ms); default `Date.now`. */
  readonly now?: () => number;
  /** Called at named points (e.g. `lease-recorded`), for crash tests. */
  readonly checkpoint?: (name: string) => void;
  /** Where carrier-group passwords (`auth.password_env`) are read from; default `process.env`. */
  readonly env?: NodeJS.ProcessEnv;
  /**
   * Records each carrier-group password the apply sends (a digest, once the write is confirmed),
   * for the next plan to compare with; without it nothing is recorded.
   */
  readonly passwordLedger?: PasswordLedger;
  /**
   * Filled with the carrier groups this apply creates (name → gwgroupid), as each create is
   * confirmed; a fresh map when not given. Rules referring to a group by name that the plan
   * creates (shown `(known after apply)`) resolve through it (apply/created-groups.ts).
   */
  readonly createdGroups?: Map<string, number>;
  /**
   * Apply a plan its safety findings refuse (too many deletes or changes, a protected kind, calls
   * left without a route), as the CLI's `--force` does. Default false: such a plan is refused with
   * PLAN_UNSAFE or PLAN_UNROUTING (plan/refusal.ts) before any request.
   */
  readonly force?: boolean;
}

/**
 * The kinds whose later steps a failure holds back: its own, and for a group kind (carrier groups)
 * the rules too, since a rule of a later step may refer to the group that was not made.
 */
const HOLDS_BACK: Readonly<Partial<Record<Kind, readonly Kind[]>>> = Object.fromEntries(
  KINDS.filter((k) => KIND_SPECS[k].groupType !== undefined).map((k) => [k, [k, ...KINDS.filter((r) => KIND_SPECS[r].isRule)]]),
);

function describeError(err: unknown): { code: string; message: string } {
  if (err instanceof ApiError) return { code: err.code, message: err.message };
  if (err instanceof DsipformError) return { code: err.code, message: err.message };
  return { code: 'INTERNAL', message: `${err instanceof Error ? err.message : String(err)} (this is a bug, please report it)` };
}

/** The ids a change created or touched (apply/execute.ts). */
type ExecutedIds = Awaited<ReturnType<typeof executeChange>>;

/**
 * A change's outcome: its action, kind, key and the ids it names, the ids its execution gave (in
 * place when the change named them already), then `tail` (status, error or reason, attempts). The
 * same keys in the same order as spreading those parts; built key by key, since V8 (Node 20) takes
 * a slow path for spreads with keys after them, and a big apply makes one per change.
 */
export function outcomeOf(
  c: Change,
  ids: ExecutedIds | undefined,
  tail: Pick<ChangeOutcome, 'status' | 'error' | 'reason' | 'attempts'>,
): ChangeOutcome {
  const o: Record<string, unknown> = { action: c.action, kind: c.kind, key: c.key };
  if ('ruleid' in c) o.ruleid = c.ruleid;
  if ('lease_id' in c) o.lease_id = c.lease_id;
  if ('gwgroupid' in c) o.gwgroupid = c.gwgroupid;
  if (ids?.ruleid !== undefined) o.ruleid = ids.ruleid;
  if (ids?.lease_id !== undefined) o.lease_id = ids.lease_id;
  if (ids?.gwgroupid !== undefined) o.gwgroupid = ids.gwgroupid;
  o.status = tail.status;
  if (tail.error !== undefined) o.error = tail.error;
  if (tail.reason !== undefined) o.reason = tail.reason;
  o.attempts = tail.attempts;
  return o as unknown as ChangeOutcome;
}

/**
 * Applies a plan's changes in their steps: the changes of one step run with up to `parallelism`
 * requests at once, steps run in order. A failure lets the rest of its step finish but stops later
 * steps of the same kind (reported as not attempted, naming the failure), since a delete may rely on
 * the create before it; other kinds go on, except that a failed carrier-group change also stops the
 * later rule changes (they may refer to it). After any applied
 * change, one proxy reload. Never throws for a failed change: every outcome is in the report.
 * Throws, before any request, the refusal the CLI gives for a plan whose `safety` has findings,
 * unless `options.force`, and CARRIER_GROUP_PASSWORD_UNSET when a password the plan sends comes from
 * a variable `options.env` does not set.
 */
export async function applyPlan(plan: Plan, client: PlatformClient, options: ApplyOptions = {}): Promise<ApplyReport> {
  const refused = options.force ? undefined : planRefusal(plan);
  if (refused) throw refused;
  const env = options.env ?? process.env;
  // Every password the plan sends, read before the first request: a missing one stops it whole.
  for (const password of sentPasswords(plan, env)) client.addSecret(password);
  const parallelism = Math.max(1, options.parallelism ?? 8);
  const outcomes = new Array<ChangeOutcome>(plan.changes.length);
  const requests: RequestRecord[] = [];
  const blocked = new Map<Kind, string>();
  const settle = (index: number, outcome: ChangeOutcome): void => {
    outcomes[index] = outcome;
    options.onOutcome?.(outcome, index);
  };
  const ctx = {
    ...(options.leases ? { ledger: options.leases } : {}),
    now: options.now ?? Date.now,
    checkpoint: options.checkpoint ?? (() => undefined),
    env,
    createdGroups: options.createdGroups ?? new Map<string, number>(),
    ...(options.passwordLedger ? { passwords: options.passwordLedger } : {}),
  };
  // Leases that expired by themselves leave the state without any request.
  for (const name of plan.expired_leases ?? []) await options.leases?.remove(name);

  // Lease changes run one at a time: the platform cannot list leases, so an obtain whose answer is
  // lost (the process killed while it was in flight) can never be recovered. One at a time, no obtain
  // is ever in flight at a crash point between changes, and at most one at any other moment.
  let leaseTurn: Promise<unknown> = Promise.resolve();
  const serialFor = <T>(c: Change, work: () => Promise<T>): Promise<T> => {
    if (KIND_SPECS[c.kind].execution !== 'lease') return work();
    const run = leaseTurn.then(work, work);
    leaseTurn = run.catch(() => undefined);
    return run;
  };

  const steps = [...new Set(plan.changes.map((c) => c.step ?? 0))].sort((a, b) => a - b);
  for (const step of steps) {
    const inStep = plan.changes.map((c, i) => ({ c, i })).filter(({ c }) => (c.step ?? 0) === step);
    const { bulk, queue } = bulkDeletes(inStep);
    const failedHere = new Map<Kind, string>();
    // A shared cursor, not queue.shift(): shifting a 10,000-change queue moves the rest each time.
    let cursor = 0;
    const worker = async (): Promise<void> => {
      for (let next = queue[cursor++]; next; next = queue[cursor++]) {
        const { c, i } = next;
        const block = blocked.get(c.kind);
        if (options.signal?.aborted || block) {
          settle(i, outcomeOf(c, undefined, { status: 'not_attempted', reason: block ?? INTERRUPTED_REASON, attempts: 0 }));
          continue;
        }
        const counted = { requests: 0, log: requests, change: i };
        options.onStart?.(i);
        try {
          const ids = await serialFor(c, () => executeChange(c, client.counting(counted), ctx));
          settle(i, outcomeOf(c, ids, { status: 'applied', attempts: counted.requests }));
          ctx.checkpoint('change-applied');
        } catch (err) {
          settle(i, outcomeOf(c, undefined, { status: 'failed', error: describeError(err), attempts: counted.requests }));
          if (!failedHere.has(c.kind)) failedHere.set(c.kind, `an earlier ${c.action} of ${c.kind} "${c.key}" failed`);
        }
      }
    };
    // The deletes a kind's API takes in one request go as one job beside the others.
    const bulkJob = async (group: readonly Indexed[]): Promise<void> => {
      const first = group[0]!.c;
      const block = blocked.get(first.kind);
      if (options.signal?.aborted || block) {
        for (const { c, i } of group)
          settle(i, outcomeOf(c, undefined, { status: 'not_attempted', reason: block ?? INTERRUPTED_REASON, attempts: 0 }));
        return;
      }
      const counted = { requests: 0, log: requests, change: group[0]!.i };
      for (const { i } of group) options.onStart?.(i);
      try {
        await executeBulkDelete(
          group.map((g) => g.c),
          client.counting(counted),
        );
        for (const { c, i } of group) settle(i, outcomeOf(c, undefined, { status: 'applied', attempts: counted.requests }));
        ctx.checkpoint('change-applied');
      } catch (err) {
        for (const { c, i } of group)
          settle(i, outcomeOf(c, undefined, { status: 'failed', error: describeError(err), attempts: counted.requests }));
        if (!failedHere.has(first.kind))
          failedHere.set(first.kind, `an earlier bulk delete of ${first.kind} "${first.key}" and ${group.length - 1} more failed`);
      }
    };
    await Promise.all([...bulk.map(bulkJob), ...Array.from({ length: Math.min(parallelism, queue.length) }, worker)]);
    // Later steps of a kind may rely on this step's changes (make before break): hold them back.
    for (const [kind, why] of failedHere) {
      for (const held of HOLDS_BACK[kind] ?? [kind]) if (!blocked.has(held)) blocked.set(held, why);
    }
  }

  const counts: Record<OutcomeStatus, number> = { applied: 0, failed: 0, not_attempted: 0 };
  for (const o of outcomes) counts[o.status] += 1;
  let reloaded = false;
  let reloadError: string | undefined;
  if ((counts.applied > 0 || plan.pending_reload) && options.reload !== false) {
    try {
      await client.counting({ requests: 0, log: requests }).reloadProxy();
      reloaded = true;
    } catch (err) {
      reloadError = describeError(err).message;
    }
  }
  return { target: plan.target, outcomes, reloaded, ...(reloadError ? { reload_error: reloadError } : {}), counts, requests };
}

/** A change of the plan with its index. */
interface Indexed {
  readonly c: Change;
  readonly i: number;
}

/**
 * A step's changes split into the groups of deletes that go as one request (two or more deletes of
 * one kind whose module says its API deletes many at once, `bulkDelete`) and the rest, one by one.
 */
function bulkDeletes(inStep: readonly Indexed[]): { bulk: Indexed[][]; queue: Indexed[] } {
  const groups = new Map<Kind, Indexed[]>();
  for (const x of inStep) {
    if (x.c.action !== 'delete' || !KIND_SPECS[x.c.kind].bulkDelete) continue;
    const list = groups.get(x.c.kind);
    if (list) list.push(x);
    else groups.set(x.c.kind, [x]);
  }
  const bulk = [...groups.values()].filter((g) => g.length > 1);
  const grouped = new Set(bulk.flat());
  return { bulk, queue: grouped.size === 0 ? [...inStep] : inStep.filter((x) => !grouped.has(x)) };
}
