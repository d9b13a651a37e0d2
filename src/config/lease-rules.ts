import type { ConfigIssue } from '../model/desired.js';
import { normalizeLease } from '../model/normalize.js';
import { entryIssues } from './entry-rules.js';
import type { LoadedFile } from './loaded.js';
import { forEachEntry } from './value-rules.js';

/**
 * The lease fields whose every problem (type, form, range) the one normaliser words, in seconds;
 * the schema check leaves them alone so that each problem is reported once, in one voice.
 */
export const DURATION_FIELDS: readonly string[] = ['ttl', 'renew_before'];

export { MAX_TTL_SECONDS } from '../model/lease.js';
export { leaseNameProblem } from '../model/normalize.js';

/**
 * The rules on `endpoint_leases` entries of one file, from the one normaliser (model/normalize.ts):
 * a name without control characters, a well-formed email, a ttl above 0 (and at most
 * `MAX_TTL_SECONDS`), a renew_before of 0 or more and below the ttl. A string naming an unset
 * variable is skipped (already reported).
 */
export function leaseRuleIssues(file: LoadedFile): ConfigIssue[] {
  const top = file.data.value as Readonly<Record<string, unknown>> | null;
  if (top === null || typeof top !== 'object' || Array.isArray(top)) return [];
  const issues: ConfigIssue[] = [];
  forEachEntry(top.endpoint_leases, (entry, i) => {
    for (const issue of entryIssues(file, 'endpoint_leases', i, entry, normalizeLease)) issues.push(issue);
  });
  return issues;
}
