import { readFile } from 'node:fs/promises';
import { DsipformError } from '../model/errors.js';
import { liveChecksum, readLive } from '../reconcile/live.js';
import { parseSavedPlan, staleness } from '../reconcile/saved-plan.js';
import { loadOrFail } from './desired.js';
import type { CliIo } from './io.js';
import { withPlatform, type PlatformFlags } from './platform.js';
import { checkFormat, parseParallelism, planAgainst } from './planning.js';
import { executePlan } from './run-apply.js';

/** `dsipform apply` and `dsipform destroy` flags. */
export interface ApplyFlags extends PlatformFlags {
  plan?: string;
  autoApprove?: boolean;
  force?: boolean;
  parallelism: string;
  reload: boolean;
  format: string;
}

function executeFlags(flags: ApplyFlags) {
  return {
    autoApprove: flags.autoApprove,
    force: flags.force,
    reload: flags.reload,
    format: checkFormat(flags.format, ['text', 'json'] as const),
    parallelism: parseParallelism(flags.parallelism),
  };
}

async function readPlanFile(file: string) {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new DsipformError('PLAN_FILE_UNREADABLE', `cannot read the plan ${file} (${(err as NodeJS.ErrnoException).code ?? 'unreadable'})`, 'Give the file written by dsipform plan --out FILE.');
  }
  return parseSavedPlan(text, file);
}

/**
 * `dsipform apply PATH...` plans and applies; `dsipform apply --plan FILE` applies exactly a saved
 * plan, refusing when the platform changed since it was made.
 */
export async function runApply(paths: string[], flags: ApplyFlags, io: CliIo): Promise<number> {
  const exec = executeFlags(flags);
  if (flags.plan) {
    if (paths.length > 0) {
      throw new DsipformError('CLI_BAD_OPTION', 'give either files or --plan FILE, not both', 'A saved plan already holds every change; run: dsipform apply --plan FILE');
    }
    const saved = await readPlanFile(flags.plan);
    return withPlatform(flags, io, async (client, target) => {
      const live = await readLive(client, saved.managed);
      const stale = staleness(saved, { target, liveChecksum: liveChecksum(live, saved.managed) });
      if (stale) throw stale;
      return executePlan(saved, client, exec, io, 'apply');
    });
  }
  const desired = await loadOrFail(paths, io);
  return withPlatform(flags, io, async (client, target) => executePlan(await planAgainst(client, target, desired, io), client, exec, io, 'apply'));
}

/** `dsipform destroy PATH...`: deletes every live object the files declare. */
export async function runDestroy(paths: string[], flags: ApplyFlags, io: CliIo): Promise<number> {
  const exec = executeFlags(flags);
  const desired = await loadOrFail(paths, io);
  return withPlatform(flags, io, async (client, target) => executePlan(await planAgainst(client, target, desired, io, 'destroy'), client, exec, io, 'destroy'));
}
