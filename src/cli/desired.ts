import { formatIssue, loadDesiredState } from '../config/index.js';
import type { DesiredState } from '../model/desired.js';
import { KIND_SPECS } from '../model/kinds.js';
import { DsipformError } from '../model/errors.js';
import { count } from '../model/words.js';
import { planBlocked } from '../pipeline/refusals.js';
import type { PlanIssue } from '../model/plan.js';
import { writeLine, type CliIo } from './io.js';

/**
 * What a run does with each file's data once it has parsed, while its values are checked (a plan
 * sends its reads of the platform: cli/read-ahead.ts), and whether that sent anything.
 */
export interface OnParsed {
  /** Handed the top-level data of the files that parsed, before their values are checked; awaited. */
  parsed(values: readonly unknown[]): Promise<void>;
  readonly sent: boolean;
}

/**
 * Loads the desired-state files, or prints every problem (each `FILE:LINE:COL: message` with a
 * hint) and fails with one error that counts them; the error says nothing was sent to the platform,
 * or, when `onParsed` sent reads (dropped unread), that nothing was changed there.
 */
export async function loadOrFail(
  paths: readonly string[],
  io: CliIo,
  cdktf?: string,
  verb: 'validate' | 'plan' | 'apply' | 'destroy' | 'route' | 'test' = 'plan',
  onParsed?: OnParsed,
): Promise<DesiredState> {
  if (cdktf !== undefined && paths.length > 0) {
    throw new DsipformError(
      'CLI_BAD_OPTION',
      'give either desired-state files or --cdktf, not both',
      `A synthesized stack is the whole desired state: dsipform ${verb} --cdktf cdktf.out/stacks/<name>`,
    );
  }
  if (cdktf === undefined && paths.length === 0) {
    throw new DsipformError(
      'CLI_NO_PATHS',
      'no desired-state files given',
      `Name one or more YAML/JSON files or directories, e.g. dsipform ${verb} config/ (or --cdktf cdktf.out/stacks/<name>).`,
    );
  }
  const result =
    cdktf !== undefined
      ? await (await import('../cdktf/reader/read-stack.js')).readStack(cdktf, { env: io.env })
      : await loadDesiredState(paths, {
          env: io.env,
          ...(onParsed ? { onParsed: (values: readonly unknown[]) => onParsed.parsed(values) } : {}),
        });
  // dsipform's own files beside the configuration (a saved plan, an emulator data file) are skipped, and said so.
  const notes = (result as { notes?: readonly string[] }).notes ?? [];
  for (const note of notes) writeLine(io.stderr, `note: ${note}`);
  if (result.ok) {
    // Group passwords (every kind with a password block) are scrubbed from every output, report and request record from here on.
    for (const mod of Object.values(KIND_SPECS)) {
      if (mod.passwordBlock === undefined) continue;
      for (const entry of (result.desired[mod.collection] ?? []) as readonly object[]) {
        const block = (entry as Readonly<Record<string, { auth_password?: string } | undefined>>)[mod.passwordBlock];
        if (block?.auth_password) io.secrets.add(block.auth_password);
      }
    }
    return result.desired;
  }
  for (const issue of result.issues) writeLine(io.stderr, formatIssue(issue));
  const n = result.issues.length;
  throw new DsipformError(
    'CONFIG_INVALID',
    `${count(n, 'problem')} in the configuration; ${onParsed?.sent ? 'nothing was changed on the platform' : 'nothing was sent to the platform'}`,
    'Fix the lines above (each names FILE:LINE:COL), then run again.',
  );
}

/** Prints the issues that stop a plan and fails with the pipeline's error for them (pipeline/refusals.ts). */
export function failOnPlanIssues(issues: readonly PlanIssue[], io: CliIo): never {
  for (const issue of issues) {
    if (issue.origin) writeLine(io.stderr, formatIssue({ ...issue.origin, message: issue.message, hint: issue.hint }));
    else writeLine(io.stderr, `${issue.message}${issue.hint ? `\n  hint: ${issue.hint}` : ''}`);
  }
  throw planBlocked(issues);
}
