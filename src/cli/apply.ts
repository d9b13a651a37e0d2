import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { DesiredState } from '../model/desired.js';
import { DsipformError } from '../model/errors.js';
import { openSavedPlan, savedPlanStaleness, type OpenedPlan } from '../pipeline/saved.js';
import { readPlanKey, type PlanKeyFlags } from './plan-key.js';
import { loadOrFail } from './desired.js';
import { writeLine, type CliIo } from './io.js';
import { defaultStatePath, openRunState, statePath, usesState, type StateFlags } from './lease-state.js';
import { isSharedPlatform, withPlatform, type PlatformFlags } from './platform.js';
import { checkFormat, parseParallelism } from './options.js';
import { pipelineOptions } from './plan-options.js';
import { checkedOrFail } from './lint-output.js';
import { runPipeline } from '../pipeline/pipeline.js';
import { executePlan, type ExecuteFlags } from './execute-plan.js';
import { pipelineClock, readClockFlags, type ClockFlags } from './proxy-clock.js';
import type { ClockReading } from '../pipeline/clock.js';

/** `dsipform apply` and `dsipform destroy` flags. */
export interface ApplyFlags extends PlatformFlags, StateFlags, PlanKeyFlags, ClockFlags {
  plan?: string;
  cdktf?: string;
  autoApprove?: boolean;
  force?: boolean;
  parallelism: string;
  reload: boolean;
  format: string;
  report?: string;
  allowDangling?: boolean;
}

function executeFlags(flags: ApplyFlags): ExecuteFlags {
  return {
    autoApprove: flags.autoApprove,
    force: flags.force,
    reload: flags.reload,
    format: checkFormat(flags.format, ['text', 'json'] as const),
    parallelism: parseParallelism(flags.parallelism),
    ...(flags.report ? { report: flags.report } : {}),
  };
}

/**
 * Reads and checks a saved plan. With a key (`--sign-key-file`, `DSIPFORM_PLAN_KEY`) only a plan it
 * signed is read; without one, a signed plan is read with a warning that its signature was not checked.
 */
async function readPlanFile(file: string, key: Uint8Array | undefined, io: CliIo): Promise<OpenedPlan> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new DsipformError(
      'PLAN_FILE_UNREADABLE',
      `cannot read the plan ${file} (${(err as NodeJS.ErrnoException).code ?? 'unreadable'})`,
      'Give the file written by dsipform plan --out FILE.',
    );
  }
  const opened = openSavedPlan(text, file, key);
  if (!key && opened.saved.signature !== undefined) {
    writeLine(
      io.stderr,
      `warning: ${file} is signed, but no key was given (--sign-key-file FILE or DSIPFORM_PLAN_KEY): its signature was not checked, only its checksum`,
    );
  }
  return opened;
}

/**
 * Plans from files and executes, holding the state's lock for the whole run, plan included (so two
 * applies of one checkout never interleave: the second waits up to --lock-timeout, then fails
 * naming the first, and plans afresh once it has the lock).
 */
async function planAndExecute(
  paths: string[],
  desired: DesiredState,
  reading: ClockReading,
  flags: ApplyFlags,
  io: CliIo,
  verb: 'apply' | 'destroy',
): Promise<number> {
  const exec = executeFlags(flags);
  // The zone the plan's impact and routing tests are judged in, as plan judges them (the pipeline reads it).
  const clock = pipelineClock(reading, io);
  const file = statePath(flags, paths);
  // Files that declare no leases and send no carrier password never read or create the state; a run
  // that writes still holds its lock, so two writers of one platform never interleave.
  const stateful = usesState(desired);
  const run = await openRunState(file, flags, io, {
    leases: stateful,
    lock: stateful || isSharedPlatform(flags),
    command: `dsipform ${verb}`,
  });
  const state = run.leases;
  try {
    const leases = state ? { file, records: state.store.records(), passwords: state.store.passwords() } : undefined;
    return await withPlatform(flags, io, async (client, target) => {
      // The same checks as dsipform plan: an apply never makes what a plan refuses (lints included).
      const options = pipelineOptions(target, io, leases, clock, { mode: verb, allowDangling: flags.allowDangling === true });
      const { plan } = checkedOrFail(await runPipeline(client, desired, options), io);
      const ledgers = state ? { leases: state.ledgerFor(target), passwords: state.passwordLedgerFor(target) } : {};
      return executePlan(plan, client, { ...exec, ...ledgers }, io, verb);
    });
  } finally {
    await run.close();
  }
}

/** Applies exactly a saved plan, refusing when the platform or the lease state changed since. */
async function applySaved(file: string, flags: ApplyFlags, io: CliIo): Promise<number> {
  const exec = executeFlags(flags);
  const { saved, leases: needsState, passwords } = await readPlanFile(file, readPlanKey(flags, io), io);
  const stateFile = flags.state ? resolve(flags.state) : saved.state_file;
  if (needsState && !stateFile) {
    throw new DsipformError('PLAN_NO_STATE', `the plan ${file} names no state file`, 'Give the state file with --state FILE.');
  }
  // The passwords it sends (or the groups it deletes) are recorded in the state the plan read, when it names one.
  const opened = needsState || (stateFile !== undefined && passwords);
  // A plan without leases names no state: its lock is beside the plan, where two applies of it agree.
  const run = await openRunState(stateFile ?? resolve(defaultStatePath(file)), flags, io, {
    leases: opened,
    lock: opened || isSharedPlatform(flags),
    command: 'dsipform apply --plan',
  });
  const state = run.leases;
  try {
    return await withPlatform(flags, io, async (client, target) => {
      const held = state && needsState ? { leases: state.store.heldAt(target) } : {};
      const stale = await savedPlanStaleness(client, saved, { target, ...held });
      if (stale) throw stale;
      const ledgers = state ? { leases: state.ledgerFor(target), passwords: state.passwordLedgerFor(target) } : {};
      return executePlan(saved, client, { ...exec, ...ledgers }, io, 'apply');
    });
  } finally {
    await run.close();
  }
}

/**
 * `dsipform apply PATH...` plans and applies; `dsipform apply --plan FILE` applies exactly a saved
 * plan, refusing when the platform changed since it was made.
 */
export async function runApply(paths: string[], flags: ApplyFlags, io: CliIo): Promise<number> {
  if (flags.plan) {
    if (paths.length > 0 || flags.cdktf) {
      throw new DsipformError(
        'CLI_BAD_OPTION',
        'give either files or --plan FILE, not both',
        'A saved plan already holds every change; run: dsipform apply --plan FILE',
      );
    }
    if (flags.tz !== undefined) {
      throw new DsipformError(
        'CLI_BAD_OPTION',
        '--tz decides how a plan is made, and a saved plan (--plan FILE) was made already',
        'Give the zone when the plan is made (dsipform plan … --tz ZONE --out FILE, or proxy.timezone in the files), then apply it with: dsipform apply --plan FILE',
      );
    }
    return applySaved(flags.plan, flags, io);
  }
  if (flags.signKeyFile !== undefined) {
    throw new DsipformError(
      'CLI_BAD_OPTION',
      '--sign-key-file checks a saved plan, and no --plan FILE was given',
      'Sign a plan with: dsipform plan PATH... --out FILE --sign-key-file KEY; apply it with: dsipform apply --plan FILE --sign-key-file KEY',
    );
  }
  const reading = readClockFlags(flags);
  return planAndExecute(paths, await loadOrFail(paths, io, flags.cdktf, 'apply'), reading, flags, io, 'apply');
}

/** `dsipform destroy PATH...`: deletes every live object the files declare, and revokes their leases. */
export async function runDestroy(paths: string[], flags: ApplyFlags, io: CliIo): Promise<number> {
  const reading = readClockFlags(flags);
  return planAndExecute(paths, await loadOrFail(paths, io, flags.cdktf, 'destroy'), reading, flags, io, 'destroy');
}
