import type { ConfigIssue } from '../model/desired.js';
import { normalizeMapping, normalizeRoute } from '../model/normalize.js';
import { normalizeNumber } from '../model/kinds/did-number/normalize.js';
import { entryIssues } from './entry-rules.js';
import { issueOn, type LoadedFile } from './loaded.js';

type Entry = Readonly<Record<string, unknown>>;

/**
 * The platform's value rules (docs/platform-contract.md §5, §6, §8) on the mappings, routes and numbers of one
 * file, from the one normaliser (model/normalize.ts), and the policy's percentage. A value of the
 * wrong type is left to the schema check, and a string naming an unset variable is skipped, so each
 * problem is reported once.
 */
export function valueRuleIssues(file: LoadedFile): ConfigIssue[] {
  const top = file.data.value as Entry | null;
  if (top === null || typeof top !== 'object' || Array.isArray(top)) return [];
  const issues: ConfigIssue[] = [];
  forEachEntry(top.inbound_mappings, (entry, i) => append(issues, entryIssues(file, 'inbound_mappings', i, entry, normalizeMapping)));
  forEachEntry(top.outbound_routes, (entry, i) => append(issues, entryIssues(file, 'outbound_routes', i, entry, normalizeRoute)));
  forEachEntry(top.numbers, (entry, i) => append(issues, entryIssues(file, 'numbers', i, entry, normalizeNumber)));
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

/** Pushes one by one: a file of 100,000 bad entries would overflow `push(...items)`. */
function append(target: ConfigIssue[], items: readonly ConfigIssue[]): void {
  for (const item of items) target.push(item);
}

/** Calls `fn` for each mapping-shaped entry of a list. */
export function forEachEntry(list: unknown, fn: (entry: Entry, index: number) => void): void {
  if (!Array.isArray(list)) return;
  list.forEach((entry: unknown, i) => {
    if (entry !== null && typeof entry === 'object' && !Array.isArray(entry)) fn(entry as Entry, i);
  });
}
