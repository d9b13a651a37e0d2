import type { PlatformClient } from '../api/client.js';
import { formatIssue } from '../config/issue.js';
import { DEFAULT_TARGETS_FILE, readTargets, type Target } from '../config/targets.js';
import type { DesiredState } from '../model/desired.js';
import { DsipformError } from '../model/errors.js';
import { count } from '../model/words.js';
import { loadOrFail } from './desired.js';
import type { CliIo } from './io.js';
import { readSecretFile, TOKEN_FILE } from './secret-file.js';
import type { StateFlags } from './lease-state.js';
import type { ClockFlags } from './proxy-clock.js';
import { withPlatform, type PlatformFlags } from './platform.js';

export type { Target } from '../config/targets.js';

/** The flags `--target` brings to a verb, as commander parses them. */
export interface TargetFlags {
  /** `--target NAME`, repeatable; `all` is every target. */
  target?: string[];
  /** `--targets FILE`: the targets file (default `dsipform.targets.yaml` in the working directory). */
  targets?: string;
  /** `--parallel-targets N`: most targets planned at once. */
  parallelTargets?: string;
}

/** How many targets run at once when `--parallel-targets` is not given. */
export const DEFAULT_PARALLEL_TARGETS = 4;

/**
 * The targets `--target` names (repeatable; `all` = every one, in the file's order), or null when no
 * --target was given. Throws TARGETS_INVALID with every problem of the file (FILE:LINE:COL) in its
 * message, TARGETS_UNKNOWN for a name the file lacks.
 */
export async function selectTargets(names: readonly string[], targetsFile?: string): Promise<readonly Target[] | null> {
  if (names.length === 0) return null;
  const file = targetsFile ?? DEFAULT_TARGETS_FILE;
  const read = await readTargets(file);
  if (!read.ok) {
    const lines = read.issues.map((i) => formatIssue(i)).join('\n');
    throw new DsipformError(
      'TARGETS_INVALID',
      `${count(read.issues.length, 'problem')} in the targets file ${file}:\n${lines}`,
      'Fix each problem listed (FILE:LINE:COL), then run again; nothing was sent to any platform.',
    );
  }
  if (names.includes('all')) return read.targets;
  const byName = new Map(read.targets.map((t) => [t.name, t]));
  const chosen: Target[] = [];
  for (const name of names) {
    const target = byName.get(name);
    if (!target) {
      throw new DsipformError(
        'TARGETS_UNKNOWN',
        `${file} has no target "${name}"`,
        `Its targets are: ${read.targets.map((t) => t.name).join(', ')}; or give --target all.`,
      );
    }
    if (!chosen.includes(target)) chosen.push(target);
  }
  return chosen;
}

/** One target's run: its value, or the error it failed with. */
export type TargetResult<R> = { target: Target; ok: true; value: R } | { target: Target; ok: false; error: unknown };

/**
 * Runs `fn` for each target, at most `limit` at once; never throws: each result or its error, in the
 * targets' order. One platform that is down or refuses does not stop the others.
 */
export async function runPerTarget<R>(
  targets: readonly Target[],
  fn: (target: Target) => Promise<R>,
  limit = DEFAULT_PARALLEL_TARGETS,
): Promise<Array<TargetResult<R>>> {
  const results: Array<TargetResult<R>> = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < targets.length) {
      const i = next++;
      const target = targets[i]!;
      try {
        results[i] = { target, ok: true, value: await fn(target) };
      } catch (error) {
        results[i] = { target, ok: false, error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, targets.length)) }, worker));
  return results;
}

/** The worst exit code of several (1 error > 2 changes > 0 nothing); any other code counts as an error. */
export function worstExit(codes: readonly number[]): number {
  const rank = (c: number): number => (c === 0 ? 0 : c === 2 ? 1 : 2);
  return codes.reduce((worst, c) => (rank(c) > rank(worst) ? (c === 0 || c === 2 ? c : 1) : worst), 0);
}

/** `--parallel-targets N`, checked. */
export function parallelLimit(flags: TargetFlags): number {
  if (flags.parallelTargets === undefined) return DEFAULT_PARALLEL_TARGETS;
  const n = Number(flags.parallelTargets);
  if (!Number.isInteger(n) || n < 1) {
    throw new DsipformError(
      'CLI_BAD_OPTION',
      `--parallel-targets "${flags.parallelTargets}" is not a whole number of at least 1`,
      `For example --parallel-targets ${DEFAULT_PARALLEL_TARGETS} (the default).`,
    );
  }
  return n;
}

/** The token of a target, read from where the targets file says; registered as a secret. */
async function tokenOf(target: Target, io: CliIo): Promise<string> {
  let token: string | undefined;
  if (target.token.env !== undefined) token = io.env[target.token.env];
  else {
    token = readSecretFile(target.token.file!, {
      ...TOKEN_FILE,
      prefix: `target "${target.name}": `,
      named: 'its token file',
      hint: 'Check token: { file: … } in the targets file, or that the secret is mounted.',
    })
      .toString('utf8')
      .trim();
  }
  if (!token) {
    throw new DsipformError(
      'CONFIG_NO_TOKEN',
      target.token.env !== undefined
        ? `target "${target.name}": the environment variable ${target.token.env} that holds its token is not set`
        : `target "${target.name}": its token file ${target.token.file} is empty`,
      target.token.env !== undefined
        ? `Set ${target.token.env} (a CI secret) to the platform's API token.`
        : 'Write the API token to the file.',
    );
  }
  io.secrets.add(token);
  return token;
}

/**
 * The environment one target's run sees: the process's, then the target's `vars` over it (a value the
 * targets file sets for a target beats the environment, as a tfvars file beats TF_VAR_), then its
 * URL, token and profile as DSIP_URL, DSIP_TOKEN and DSIP_API_PROFILE. Without `withToken`, the
 * token is not read (and DSIP_TOKEN is the environment's, if any).
 */
export async function targetEnv(target: Target, io: CliIo, withToken = true): Promise<NodeJS.ProcessEnv> {
  // A run that reads only files (validate, test and routes of the files) needs no token, and a CI job
  // that only validates need not be given one.
  const token = withToken ? await tokenOf(target, io) : undefined;
  return {
    ...io.env,
    ...target.vars,
    DSIP_URL: target.url,
    ...(token !== undefined ? { DSIP_TOKEN: token } : {}),
    ...(target.api_profile !== undefined ? { DSIP_API_PROFILE: target.api_profile } : {}),
  };
}

/**
 * The flags one target's run gets: no --url, token file or emulator (the target names its platform);
 * its own profile, and its proxy zone (`timezone:`) as `targetZone`, which `--tz` still beats.
 */
export function targetFlags<F extends PlatformFlags & Partial<StateFlags>>(target: Target, flags: F): F {
  const { url: _url, tokenFile: _tokenFile, emulator: _emulator, emulatorData: _data, ...rest } = flags;
  return {
    ...rest,
    ...(target.api_profile !== undefined ? { apiProfile: target.api_profile } : {}),
    ...(target.timezone !== undefined ? ({ targetZone: target.timezone } satisfies ClockFlags) : {}),
  } as F;
}

/** Runs `work` with a client for the target's platform, as `withPlatform` does for --url (and closes it). */
export async function withTarget<T>(
  target: Target,
  flags: PlatformFlags,
  io: CliIo,
  work: (client: PlatformClient, label: string) => Promise<T>,
): Promise<T> {
  const env = await targetEnv(target, io);
  return withPlatform(targetFlags(target, flags), { ...io, env }, work);
}

/** The target's desired state: its paths, loaded with its vars (problems printed on `io.stderr`). */
export async function loadTarget(target: Target, io: CliIo): Promise<DesiredState> {
  const env = await targetEnv(target, io, false);
  return loadOrFail(target.paths, { ...io, env });
}
