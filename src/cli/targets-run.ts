import { Writable } from 'node:stream';
import type { Target } from '../config/targets.js';
import { DsipformError } from '../model/errors.js';
import { renderTargetsJson, renderTargetsMarkdown, renderTargetsText, type TargetOutcome } from '../render/targets-report.js';
import { redact, writeLine, type CliIo } from './io.js';
import type { PlatformFlags } from './platform.js';
import { parallelLimit, runPerTarget, selectTargets, targetEnv, targetFlags, worstExit, type TargetFlags } from './targets.js';

/** The verbs `--target` runs once per target. */
export type TargetVerb = 'validate' | 'plan' | 'apply' | 'test' | 'routes' | 'export' | 'drift';

/** The flags every verb may bring; each verb reads its own. */
export type VerbFlags = PlatformFlags &
  TargetFlags & {
    format?: string;
    cdktf?: string;
    state?: string;
    out?: string;
    plan?: string;
    report?: string;
    autoApprove?: boolean;
    live?: boolean;
    diff?: boolean;
    base?: string[];
  };

/** A verb's own runner, as the single-platform command calls it. */
export type VerbRunner<F> = (paths: string[], flags: F, io: CliIo) => Promise<number>;

/** The file options that name one file per target: with several targets they must hold `{target}`. */
const PER_TARGET_FILES = ['state', 'out', 'plan', 'report'] as const;

/** The formats the combined report is written in; others (html, junit) are one target's alone. */
const REPORT_FORMATS = new Set(['text', 'markdown', 'json']);

function refuse(message: string, hint: string): never {
  throw new DsipformError('CLI_BAD_OPTION', message, hint);
}

/** The flag combinations `--target` cannot mean anything with, refused before any target is read. */
function checkFlags(verb: TargetVerb, paths: readonly string[], flags: VerbFlags, targets: readonly Target[]): void {
  if (paths.length > 0)
    refuse(
      '--target takes its files from the targets file, not the command line',
      `Drop ${paths.join(' ')}, or add them to the target's paths: (or the shared paths:).`,
    );
  for (const [given, flag] of [
    [flags.url, '--url'],
    [flags.tokenFile, '--token-file'],
    [flags.emulator, '--emulator'],
    [flags.emulatorData, '--emulator-data'],
    [flags.cdktf, '--cdktf'],
  ] as const) {
    if (given)
      throw new DsipformError(
        'CONFIG_CONFLICT',
        `${flag} and --target exclude each other`,
        'Each target names its platform and files in the targets file.',
      );
  }
  const several = targets.length > 1;
  for (const key of PER_TARGET_FILES) {
    const value = flags[key];
    if (several && typeof value === 'string' && !value.includes('{target}'))
      refuse(
        `--${key} names one file, but ${targets.length} targets run`,
        `Put {target} in it for one file per target: --${key} plans/{target}.json.`,
      );
  }
  if (several && flags.format !== undefined && !REPORT_FORMATS.has(flags.format))
    throw new DsipformError(
      'CLI_BAD_FORMAT',
      `--format ${flags.format} shows one target, but ${targets.length} run`,
      'Use text, markdown or json for several targets, or name one --target.',
    );
  if (verb === 'apply' && several && !flags.autoApprove)
    refuse(
      `apply of ${targets.length} targets asks nobody: it needs --auto-approve`,
      'Review the plans first (dsipform plan --target …, or apply --plan plans/{target}.json of saved plans), then apply with --auto-approve.',
    );
}

/** One target's flags: its platform, `{target}` filled in, and its own lease state unless --state names one. */
function flagsFor<F extends VerbFlags>(target: Target, flags: F): F {
  const out: Record<string, unknown> = { ...(targetFlags(target, flags) as Record<string, unknown>), target: undefined };
  for (const key of PER_TARGET_FILES) {
    const value = flags[key];
    if (typeof value === 'string') out[key] = value.replaceAll('{target}', target.name);
  }
  if (flags.state === undefined) out.state = target.state;
  return out as F;
}

/** A stream that keeps what is written to it. */
function capture(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _enc, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return { stream, text: () => chunks.join('') };
}

/** The error a target's run ended with, as the report shows it (the catch site's wording). */
function described(err: unknown): NonNullable<TargetOutcome['error']> {
  if (err instanceof DsipformError) return { code: err.code, message: err.message, ...(err.hint ? { hint: err.hint } : {}) };
  return {
    code: 'INTERNAL',
    message: `internal error (this is a bug, please report it): ${err instanceof Error ? err.message : String(err)}`,
  };
}

/** Whether the verb reads the platform (and so the target's token): not validate, nor test or routes of the files alone. */
function talksToPlatform(verb: TargetVerb, flags: VerbFlags): boolean {
  if (verb === 'validate') return false;
  if (verb === 'test') return flags.live === true;
  if (verb === 'routes') return flags.live === true || (flags.diff === true && (flags.base ?? []).length === 0);
  return true;
}

/** The target's files, for the verbs that read files: not export, routes of the live rules alone, or apply of a saved plan. */
function pathsFor(verb: TargetVerb, target: Target, flags: VerbFlags): string[] {
  if (verb === 'export' || (verb === 'routes' && flags.live && !flags.diff) || (verb === 'apply' && flags.plan !== undefined)) return [];
  return [...target.paths];
}

/** Runs the verb for one target with its own environment and captured output. */
async function runOne<F extends VerbFlags>(
  verb: TargetVerb,
  target: Target,
  flags: F,
  io: CliIo,
  run: VerbRunner<F>,
): Promise<TargetOutcome> {
  const out = capture();
  const err = capture();
  const tio: CliIo = { ...io, stdout: out.stream, stderr: err.stream, isTTY: false, stdinIsTTY: false, env: io.env };
  let exit = 1;
  let error: TargetOutcome['error'];
  try {
    const env = await targetEnv(target, io, talksToPlatform(verb, flags));
    exit = await run(pathsFor(verb, target, flags), flagsFor(target, flags), { ...tio, env });
  } catch (e) {
    error = described(e);
  }
  const clean = (s: string): string => redact(s, io.secrets);
  return {
    name: target.name,
    url: target.url,
    exit: error ? 1 : exit,
    output: clean(out.text()),
    messages: clean(err.text())
      .split('\n')
      .filter((l) => l !== ''),
    ...(error ? { error: { code: error.code, message: clean(error.message), ...(error.hint ? { hint: clean(error.hint) } : {}) } } : {}),
  };
}

/**
 * `dsipform VERB --target NAME…`: the verb once per target, at most `--parallel-targets` at once,
 * each with its platform, files, variables and lease state; one combined report on stdout (text,
 * markdown, or JSON as --format says), each target's messages on stderr under its name. Exit: the
 * worst of the targets' (1 > 2 > 0). One target alone with a format only it can show (html, junit),
 * or an apply that may ask, runs as the verb itself would.
 */
export async function runTargets<F extends VerbFlags>(
  verb: TargetVerb,
  paths: string[],
  flags: F,
  io: CliIo,
  run: VerbRunner<F>,
): Promise<number> {
  const targets = (await selectTargets(flags.target ?? [], flags.targets))!;
  checkFlags(verb, paths, flags, targets);
  const limit = parallelLimit(flags);
  const only = targets.length === 1 ? targets[0]! : undefined;
  if (only && ((flags.format !== undefined && !REPORT_FORMATS.has(flags.format)) || (verb === 'apply' && !flags.autoApprove))) {
    writeLine(io.stderr, `target ${only.name} (${only.url})`);
    const env = await targetEnv(only, io, talksToPlatform(verb, flags));
    return run(pathsFor(verb, only, flags), flagsFor(only, flags), { ...io, env });
  }
  const results = await runPerTarget(targets, (t) => runOne(verb, t, flags, io, run), limit);
  // runOne catches every error of the verb itself; what is left here would be a bug in this module.
  const outcomes = results.map((r) => {
    if (r.ok) return r.value;
    throw r.error;
  });
  for (const o of outcomes) for (const line of o.messages) writeLine(io.stderr, `${o.name}: ${line}`);
  for (const o of outcomes)
    if (o.error)
      writeLine(
        io.stderr,
        `${o.name}: error (${o.error.code}): ${o.error.message}${o.error.hint ? `\n${o.name}: hint: ${o.error.hint}` : ''}`,
      );
  const report = { verb, exit: worstExit(outcomes.map((o) => o.exit)), targets: outcomes };
  const format = flags.format ?? 'text';
  const text =
    format === 'json' ? renderTargetsJson(report) : format === 'markdown' ? renderTargetsMarkdown(report, true) : renderTargetsText(report);
  io.stdout.write(redact(text, io.secrets));
  return report.exit;
}
