import { fileURLToPath } from 'node:url';
import { formatIssue, loadDesiredState, type LoadResult } from '../../src/config/index.js';
import type { DesiredState } from '../../src/model/desired.js';

/** The repository root: fixture paths in the tests are relative to it, as a user would type them. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The fixtures directory, relative to ROOT. */
export const F = 'test/fixtures';

/** Loads paths relative to ROOT with an explicit environment (never the test runner's). */
export function load(paths: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<LoadResult> {
  return loadDesiredState(paths, { cwd: ROOT, env });
}

/** The desired state, failing the test with the formatted issues when loading failed. */
export async function loadOk(paths: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<DesiredState> {
  const result = await load(paths, env);
  if (!result.ok) throw new Error(`expected the files to load:\n${result.issues.map(formatIssue).join('\n')}`);
  return result.desired;
}

/** The issues as the user sees them, formatted; fails when loading succeeded. */
export async function loadIssues(paths: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<string[]> {
  const result = await load(paths, env);
  if (result.ok) throw new Error('expected issues, but the files loaded');
  return result.issues.map(formatIssue);
}

/** The first line of each formatted issue: `file:line:col: message`. */
export function headLines(formatted: readonly string[]): string[] {
  return formatted.map((text) => text.split('\n')[0] ?? '');
}
