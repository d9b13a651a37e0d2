import { readPlanKey, type PlanKeyFlags } from './plan-key.js';
import { planJsonChunks } from '../render/plan-json.js';
import { renderPlanMarkdown } from '../render/plan-markdown.js';
import { renderPlanText } from '../render/plan-text.js';
import type { DesiredState } from '../model/desired.js';
import type { SavedPlan } from '../model/plan.js';
import { loadOrFail } from './desired.js';
import { writeFileAtomic } from './files.js';
import { useColor, type CliIo } from './io.js';
import { EarlyPlatform, withPlatform, type PlatformFlags } from './platform.js';
import { readingAhead } from './read-ahead.js';
import { openLeaseState, statePath, usesState, type StateFlags } from './lease-state.js';
import { checkFormat } from './options.js';
import { pipelineOptions, type PlanLeases } from './plan-options.js';
import { checkedOrFail } from './lint-output.js';
import { runPipeline } from '../pipeline/pipeline.js';
import { savedPlanOf } from '../pipeline/saved.js';
import { pipelineClock, readClockFlags, type ClockFlags } from './proxy-clock.js';

/** `dsipform plan` flags. */
export interface PlanFlags extends PlatformFlags, StateFlags, PlanKeyFlags, ClockFlags {
  cdktf?: string;
  format: string;
  out?: string;
  detailedExitcode?: boolean;
  allowDangling?: boolean;
  strict?: boolean;
  force?: boolean;
}

/**
 * `dsipform plan PATH...`: shows what apply would change. Exit 0 (also with changes, unless
 * `--detailed-exitcode`, which exits 2 when apply has work to do: changes, or a proxy reload the
 * platform owes), 1 on error. The routing lints of the rules after the plan go to stderr (stdout
 * stays the plan alone); an error among them, or any with `--strict`, stops the plan (exit 1)
 * before it is shown or saved. A plan the gate of apply refuses (PLAN_UNSAFE, PLAN_UNROUTING,
 * PLAN_TESTS_FAILED) is shown, saved with `--out` (to review, and to apply with `apply --plan FILE
 * --force`), and fails with that refusal (exit 1) unless `--force`: a pull request is red when the
 * apply after its merge would be refused.
 */
export async function runPlan(paths: string[], flags: PlanFlags, io: CliIo): Promise<number> {
  const format = checkFormat(flags.format, ['text', 'json', 'markdown', 'html'] as const);
  // Read before the platform is: a missing or short key fails the run before any request.
  const key = readPlanKey(flags, io);
  const reading = readClockFlags(flags);
  // A plan only reads the state, so it takes no lock; it records the state file for apply --plan.
  const file = statePath(flags, paths);
  // Connected before the files are read, sending nothing yet: the lists the files declare are
  // sent once the files parse, and the platform answers while their values are checked.
  // A file that fails abandons them unread (docs/decisions.md, "A plan reads the platform while
  // its files are checked").
  const early = EarlyPlatform.open(flags, io);
  let desired: DesiredState;
  let leases: PlanLeases | undefined;
  try {
    desired = await loadOrFail(paths, io, flags.cdktf, 'plan', early && readingAhead(early, flags.allowDangling === true));
    if (usesState(desired)) {
      const { store } = await openLeaseState(file, flags, io, false, 'plan');
      leases = { file, records: store.records(), passwords: store.passwords() };
      await store.close();
    }
  } catch (err) {
    await early?.close();
    throw err;
  }
  // The pipeline plans, lints the rules after the plan, runs the tests and asks the gate; cli renders.
  const result = await withPlatform(
    flags,
    io,
    (client, target) =>
      runPipeline(
        client,
        desired,
        pipelineOptions(target, io, leases, pipelineClock(reading, io), {
          allowDangling: flags.allowDangling === true,
          strict: flags.strict === true,
        }),
      ),
    early,
  );
  const { plan, refusal } = checkedOrFail(result, io);
  // With a key, the JSON plan (--out and --format json alike) carries its signature. Made only for
  // those: the text and markdown plans show neither checksum, and the plan's live checksums are
  // worked out when first read (some 20 ms of a no-change plan of 15,000 rules: plan/live-checksum.ts).
  let asSaved: SavedPlan | undefined;
  const saved = (): SavedPlan => (asSaved ??= savedPlanOf(plan, key));
  // The pipeline's gate (pipeline/gate.ts), unforced: what apply of this plan would refuse.
  // A refused plan is still shown and saved, for review; then, unless --force, the plan fails.
  // Written in pieces: a plan of many classes is never one string (render/json-chunks.ts).
  if (flags.out) await writeFileAtomic(flags.out, planJsonChunks(saved()));
  if (format === 'json') for (const piece of planJsonChunks(saved())) io.stdout.write(piece);
  else if (format === 'markdown') io.stdout.write(renderPlanMarkdown(plan));
  // The page is loaded only when asked for; it shows the saved plan, the facts of --format json.
  else if (format === 'html') io.stdout.write((await import('../render/html/plan-html.js')).renderPlanHtml(saved()));
  else io.stdout.write(renderPlanText(plan, { color: useColor(io) }));
  if (flags.out && refusal) {
    io.stderr.write(
      `Saved the plan to ${flags.out}; apply refuses it (${refusal.code}) unless given --force: dsipform apply --plan ${flags.out} --force\n`,
    );
  } else if (flags.out) {
    io.stderr.write(`Saved the plan to ${flags.out}; apply exactly this plan with: dsipform apply --plan ${flags.out}\n`);
  }
  if (refusal && flags.force !== true) throw refusal;
  // A reload the platform owes is work for apply too (it reloads with no change): CI must run it.
  return flags.detailedExitcode && (plan.changes.length > 0 || plan.pending_reload === true) ? 2 : 0;
}
