import { DsipformError } from '../model/errors.js';
import { planGate } from '../pipeline/gate.js';
import { callTime } from '../routing/time.js';
import { savePlan } from '../plan/build-plan.js';
import { signPlan } from '../plan/plan-signature.js';
import { readPlanKey, type PlanKeyFlags } from './plan-key.js';
import { renderPlanJson } from '../render/plan-json.js';
import { renderPlanMarkdown } from '../render/plan-markdown.js';
import { renderPlanText } from '../render/plan-text.js';
import { loadOrFail } from './desired.js';
import { writeFileAtomic } from './files.js';
import { useColor, type CliIo } from './io.js';
import { withPlatform, type PlatformFlags } from './platform.js';
import { openLeaseState, statePath, usesState, type StateFlags } from './lease-state.js';
import { checkFormat, planAgainst, type PlanLeases } from './plan-against.js';

/** `dsipform plan` flags. */
export interface PlanFlags extends PlatformFlags, StateFlags, PlanKeyFlags {
  cdktf?: string;
  format: string;
  out?: string;
  detailedExitcode?: boolean;
  allowDangling?: boolean;
  strict?: boolean;
  force?: boolean;
  /** Decide the routing impact at this one instant instead of over a whole period. */
  at?: string;
  /** The proxy's time zone (default this machine's). */
  tz?: string;
}

/**
 * `dsipform plan PATH...`: shows what apply would change. Exit 0 (also with changes, unless
 * `--detailed-exitcode`, which exits 2 when changes are pending), 1 on error. The routing lints of
 * the rules after the plan go to stderr (stdout stays the plan alone); an error among them, or any
 * with `--strict`, stops the plan (exit 1) before it is shown or saved. The files' routing tests are
 * in the plan; when one fails, the plan is shown but refused (PLAN_TESTS_FAILED, exit 1, not saved)
 * unless `--force`.
 */
export async function runPlan(paths: string[], flags: PlanFlags, io: CliIo): Promise<number> {
  const format = checkFormat(flags.format, ['text', 'json', 'markdown', 'html'] as const);
  // Read before the platform is: a missing or short key fails the run before any request.
  const key = readPlanKey(flags, io);
  const clock = planClock(flags, io);
  const desired = await loadOrFail(paths, io, flags.cdktf);
  // A plan only reads the state, so it takes no lock; it records the state file for apply --plan.
  const file = statePath(flags, paths);
  let leases: PlanLeases | undefined;
  if (usesState(desired)) {
    const { store } = await openLeaseState(file, flags, io, false, 'plan');
    leases = { file, records: store.records(), passwords: store.passwords() };
    await store.close();
  }
  // The pipeline plans, lints the rules after the plan and decides whether they stop it.
  const { plan } = await withPlatform(flags, io, (client, target) =>
    planAgainst(client, target, desired, io, 'apply', leases, flags.allowDangling, flags.strict === true, clock),
  );
  // With a key, the JSON plan (--out and --format json alike) carries its signature.
  const saved = key ? signPlan(savePlan(plan), key) : savePlan(plan);
  // The pipeline decides; a refused plan is still shown (its routing tests say why), never saved.
  const refused = planGate(plan, { force: flags.force === true });
  if (flags.out && !refused) await writeFileAtomic(flags.out, renderPlanJson(saved));
  if (format === 'json') io.stdout.write(renderPlanJson(saved));
  else if (format === 'markdown') io.stdout.write(renderPlanMarkdown(plan));
  // The page is loaded only when asked for; it shows the saved plan, the facts of --format json.
  else if (format === 'html') io.stdout.write((await import('../render/html/plan-html.js')).renderPlanHtml(saved));
  else io.stdout.write(renderPlanText(plan, { color: useColor(io) }));
  if (refused) throw refused;
  if (flags.out) io.stderr.write(`Saved the plan to ${flags.out}; apply exactly this plan with: dsipform apply --plan ${flags.out}\n`);
  return flags.detailedExitcode && plan.changes.length > 0 ? 2 : 0;
}

/**
 * `--at` and `--tz`, checked before the platform is read: `--tz` is the proxy's zone; `--at` pins
 * the routing impact to one instant (without it, the impact covers one full period of every time
 * recurrence involved, from the start of today).
 */
function planClock(flags: PlanFlags, io: CliIo): { at?: string; tz?: string } {
  if (flags.at === undefined && flags.tz === undefined) return {};
  const at = callTime(flags.at, flags.tz, io.now());
  if ('problem' in at) {
    throw new DsipformError(
      'ROUTE_BAD_TIME',
      at.problem,
      'Write --at 2026-12-28T10:00:00 (wall clock in the zone) or 2026-12-28T10:00:00Z, and --tz as an IANA zone like Europe/London.',
    );
  }
  return { ...(flags.at !== undefined ? { at: flags.at } : {}), ...(flags.tz !== undefined ? { tz: flags.tz } : {}) };
}
