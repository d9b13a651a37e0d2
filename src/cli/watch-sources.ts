import { resolve } from 'node:path';
import { DsipformError } from '../model/errors.js';
import { resolveConnection } from './connection.js';
import { loadOrFail } from './desired.js';
import type { CliIo } from './io.js';
import { statePath, type StateFlags } from './lease-state.js';
import { isSharedPlatform, withPlatform, type PlatformFlags } from './platform.js';
import { loadTarget, selectTargets, withTarget, type TargetFlags } from './targets.js';
import type { WatchSource } from './watch-run.js';

/** The flags that say which platforms `watch` reconciles. */
export type SourceFlags = PlatformFlags & StateFlags & TargetFlags & { name?: string };

/**
 * The platforms to watch: each `--target` of the targets file (its files, variables, client and
 * lease state), or the one platform of PATHS and the connection options, named by `--name` or its
 * URL. The files are read at each run, never kept.
 */
export async function watchSources(paths: readonly string[], flags: SourceFlags, io: CliIo): Promise<readonly WatchSource[]> {
  const targets = await selectTargets(flags.target ?? [], flags.targets);
  if (targets) {
    if (paths.length > 0 || flags.url || flags.emulator) {
      throw new DsipformError(
        'CONFIG_CONFLICT',
        '--target takes its platform and files from the targets file, not the command line',
        'Drop the paths and --url/--emulator, or drop --target.',
      );
    }
    if (flags.name !== undefined) {
      throw new DsipformError(
        'CLI_BAD_OPTION',
        '--name labels the one platform of PATHS; with --target each target is labelled by its name',
        'Drop --name, or drop --target.',
      );
    }
    if (targets.length > 1 && flags.state !== undefined && !flags.state.includes('{target}')) {
      throw new DsipformError(
        'CLI_BAD_OPTION',
        `--state names one file, but ${targets.length} targets are watched`,
        'Put {target} in it for one file per target: --state state/{target}.json.',
      );
    }
    return targets.map((target) => ({
      name: target.name,
      stateFile: flags.state !== undefined ? resolve(flags.state.replaceAll('{target}', target.name)) : target.state,
      ...(target.timezone !== undefined ? { zone: target.timezone } : {}),
      shared: true,
      load: (rio) => loadTarget(target, rio),
      connect: (rio, work) => withTarget(target, flags, rio, work),
    }));
  }
  const alone = flags.targets !== undefined ? '--targets' : flags.parallelTargets !== undefined ? '--parallel-targets' : undefined;
  if (alone) throw new DsipformError('CLI_BAD_OPTION', `${alone} is for runs over targets`, 'Add --target NAME (or --target all).');
  // Checked now, once: a missing URL or token fails at start, not at each run.
  const name = flags.name ?? (flags.emulator ? 'emulator' : resolveConnection(flags, io).url.replace(/\/+$/, ''));
  return [
    {
      name,
      stateFile: statePath(flags, paths),
      shared: isSharedPlatform(flags),
      load: (rio) => loadOrFail(paths, rio),
      connect: (rio, work) => withPlatform(flags, rio, work),
    },
  ];
}
