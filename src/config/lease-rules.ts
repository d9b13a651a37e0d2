import type { ConfigIssue } from '../model/desired.js';
import { parseTtl, ttlRangeProblem } from '../model/lease.js';
import { count } from '../model/words.js';
import { emailProblem } from '../model/rules.js';
import { pathKey } from './data.js';
import { issueOn, isUnresolved, shown, type LoadedFile } from './loaded.js';
import type { Path } from './locate.js';
import { fieldPath, hintFor, kindOf } from './messages.js';
import { forEachEntry, ruleIssue } from './value-rules.js';

/**
 * The lease fields whose every problem (type, form, range) these rules word, in seconds; the
 * schema check leaves them alone so that each problem is reported once, in one voice.
 */
export const DURATION_FIELDS: readonly string[] = ['ttl', 'renew_before'];

export { MAX_TTL_SECONDS } from '../model/lease.js';

/** The form the schema admits for a duration written as a string. */
const DURATION_TEXT = /^[0-9]+[smh]?$/;
const CONTROL = /\p{Cc}/u;
const EXAMPLES: Readonly<Record<string, readonly [string, string]>> = { ttl: ['900', '"15m"'], renew_before: ['120', '"2m"'] };

const HINT = {
  name: 'write the name as plain text on one line: name: ci-softphone',
  email: 'write one plain address: email: ops@example.com',
  ttlZero: 'give the lease a lifetime above 0: ttl: 900 (seconds) or ttl: 15m',
  ttlMax: 'give the lease a shorter ttl, e.g. ttl: 24h; renew it instead of holding it for ever',
  renewNegative: 'write 0 or more: renew_before: 2m, or leave it out for 10% of the ttl',
  renewTtl: 'renew_before says how long before expiry the lease is renewed: make it smaller than the ttl (renew_before: 2m for ttl: 15m), or leave it out for 10% of the ttl',
} as const;

/**
 * The rules on `endpoint_leases` entries of one file: a name without control characters, a
 * well-formed email, a ttl above 0 (and at most `MAX_TTL_SECONDS`), a renew_before of 0 or more and
 * below the ttl. A string naming an unset variable is skipped (already reported).
 */
export function leaseRuleIssues(file: LoadedFile): ConfigIssue[] {
  const top = file.data.value as Readonly<Record<string, unknown>> | null;
  if (top === null || typeof top !== 'object' || Array.isArray(top)) return [];
  const issues: ConfigIssue[] = [];
  const push = (issue: ConfigIssue | null): void => {
    if (issue) issues.push(issue);
  };
  forEachEntry(top.endpoint_leases, (entry, i) => {
    const at = (field: string): Path => ['endpoint_leases', i, field];
    push(ruleIssue(file, entry.name, at('name'), leaseNameProblem, HINT.name));
    push(ruleIssue(file, entry.email, at('email'), emailProblem, HINT.email));
    const ttl = seconds(file, entry.ttl, at('ttl'), push);
    const ttlProblem = ttl === null ? null : ttlRangeProblem(ttl);
    if (ttl !== null && ttlProblem !== null) {
      const message = `${fieldPath(at('ttl'))} ${ttlProblem}, not ${written(file, at('ttl'), entry.ttl)}`;
      push(issueOn(file, at('ttl'), message, ttl <= 0 ? HINT.ttlZero : HINT.ttlMax));
    }
    const renew = seconds(file, entry.renew_before, at('renew_before'), push);
    if (renew === null) return;
    const renewField = fieldPath(at('renew_before'));
    if (renew < 0) {
      push(issueOn(file, at('renew_before'), `${renewField} must be 0 seconds or more, not ${written(file, at('renew_before'), entry.renew_before)}`, HINT.renewNegative));
    } else if (ttl !== null && ttlRangeProblem(ttl) === null && renew >= ttl) {
      const message = `${renewField} (${inSeconds(file, at('renew_before'), renew)}) must be less than ttl (${inSeconds(file, at('ttl'), ttl)})`;
      push(issueOn(file, at('renew_before'), message, HINT.renewTtl));
    }
  });
  return issues;
}

/** A lease name: no control characters (it is a key in the state file and in `output leases`). */
export function leaseNameProblem(name: string): string | null {
  return CONTROL.test(name) ? `name ${JSON.stringify(name)} must not contain control characters` : null;
}

/**
 * A ttl or renew_before in seconds. `null` when absent, when it names an unset variable, or when it
 * is not a duration (then the issue, with the accepted forms, is pushed).
 */
function seconds(file: LoadedFile, value: unknown, path: Path, push: (issue: ConfigIssue) => void): number | null {
  if (value === undefined || isUnresolved(file, path)) return null;
  const secs = typeof value === 'string' && !DURATION_TEXT.test(value) ? null : parseTtl(value);
  if (secs !== null) return secs;
  const field = String(path[path.length - 1]);
  const [number, text] = EXAMPLES[field] ?? ['900', '"15m"'];
  const message = `${fieldPath(path)} must be seconds (${number}) or "<n>s", "<n>m" or "<n>h" (${text}), not ${written(file, path, value)}`;
  push(issueOn(file, path, message, hintFor(path)));
  return null;
}

/** A value as the file wrote it, for a message: strings quoted (as written, if from a variable). */
function written(file: LoadedFile, path: Path, value: unknown): string {
  if (typeof value === 'string') return shown(file, path, value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return kindOf(value);
}

/** A duration in seconds for a message; one that came from a variable is shown as written. */
function inSeconds(file: LoadedFile, path: Path, secs: number): string {
  const raw = file.data.substituted.size > 0 ? file.data.substituted.get(pathKey(path)) : undefined;
  if (raw !== undefined) return JSON.stringify(raw);
  return count(secs, 'second');
}
