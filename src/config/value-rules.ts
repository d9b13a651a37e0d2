import type { ConfigIssue } from '../model/desired.js';
import { issueOn, type LoadedFile } from './loaded.js';

type Entry = Readonly<Record<string, unknown>>;

/**
 * The value rules of one file's `policy` the schema cannot state: a percentage limit is at most
 * 100%. (The rules on each kind's entries are kind-rules.ts'.)
 */
export function policyRuleIssues(file: LoadedFile): ConfigIssue[] {
  const top = file.data.value as Entry | null;
  if (top === null || typeof top !== 'object' || Array.isArray(top)) return [];
  const issues: ConfigIssue[] = [];
  const policy = top.policy as Entry | null | undefined;
  for (const key of ['max_deletes', 'max_updates'] as const) {
    const limit = policy?.[key];
    if (typeof limit === 'string' && /^[0-9]+(\.[0-9]+)?%$/.test(limit) && Number.parseFloat(limit) > 100) {
      const what = key === 'max_deletes' ? 'deletes' : 'updates';
      issues.push(
        issueOn(
          file,
          ['policy', key],
          `policy.${key} must be at most 100%`,
          `write a percentage from "0%" to "100%", or a number of ${what}`,
        ),
      );
    }
  }
  return issues;
}

/** Calls `fn` for each mapping-shaped entry of a list. */
export function forEachEntry(list: unknown, fn: (entry: Entry, index: number) => void): void {
  if (!Array.isArray(list)) return;
  list.forEach((entry: unknown, i) => {
    if (entry !== null && typeof entry === 'object' && !Array.isArray(entry)) fn(entry as Entry, i);
  });
}
