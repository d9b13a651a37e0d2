import type { ConfigIssue } from '../model/desired.js';
import { descriptionProblem, didProblem, gwgroupidProblem, PRIORITY_MAX, PRIORITY_MIN, prefixProblem, priorityProblem, serversProblem } from '../model/rules.js';
import { pathKey } from './data.js';
import { issueOn, isUnresolved, redacted, shown, type LoadedFile } from './loaded.js';
import type { Path } from './locate.js';
import { fieldPath } from './messages.js';

type Entry = Readonly<Record<string, unknown>>;

/** A platform rule on a string: `null` when fine, else a sentence (model/rules.ts). */
type Rule = (value: string) => string | null;

const HINT = {
  did: 'use only 0-9 + # * in a DID, and quote it: did: "+15551230001"',
  server: 'write a gateway id ("66") or a carrier group ("#22"), in quotes: servers: ["66", "#22"]',
  comma: 'remove the ","; the platform stores this text as name:<value> and a "," breaks its reads',
  prefix: 'a prefix holds only 0-9 + # *, in quotes: prefix: "44"',
  fromPrefix: 'a prefix holds only 0-9 + # *, in quotes: from_prefix: "1555"',
  gwgroupid: 'name an existing carrier group by its id, in quotes: gwgroupid: "5"',
  lcrPrefix: 'give the LCR route a prefix (prefix: "44"), or remove from_prefix to make it a simple route',
  percent: 'write a percentage from "0%" to "100%", or a number of deletes',
  priority: `the platform stores priority as a 32-bit integer: write a whole number from ${PRIORITY_MIN} to ${PRIORITY_MAX}, e.g. priority: 10`,
} as const;

/**
 * The platform's value rules (platform-behaviour.md §5, §6, §8) on one file. A value of the wrong
 * type is left to the schema check, and a string naming an unset variable is skipped, so each
 * problem is reported once.
 */
export function valueRuleIssues(file: LoadedFile): ConfigIssue[] {
  const top = file.data.value as Entry | null;
  if (top === null || typeof top !== 'object' || Array.isArray(top)) return [];
  const issues: ConfigIssue[] = [];
  const check = (value: unknown, path: Path, rule: Rule, hint: string): void => {
    const issue = ruleIssue(file, value, path, rule, hint);
    if (issue) issues.push(issue);
  };
  forEachEntry(top.inbound_mappings, (entry, i) => {
    const at = (field: string | number, ...more: (string | number)[]): Path => ['inbound_mappings', i, field, ...more];
    check(entry.did, at('did'), didProblem, HINT.did);
    const servers = entry.servers;
    if (Array.isArray(servers) && servers.length >= 1 && servers.length <= 2) {
      servers.forEach((server: unknown, j) => check(server, at('servers', j), (s) => serversProblem([s]), HINT.server));
    }
    check(entry.notes, at('notes'), (v) => descriptionProblem(v, 'notes'), HINT.comma);
  });
  forEachEntry(top.outbound_routes, (entry, i) => {
    const at = (field: string): Path => ['outbound_routes', i, field];
    check(entry.name, at('name'), (v) => descriptionProblem(v, 'name'), HINT.comma);
    check(entry.prefix, at('prefix'), (v) => prefixProblem(v), HINT.prefix);
    check(entry.from_prefix, at('from_prefix'), (v) => prefixProblem(v, 'from_prefix'), HINT.fromPrefix);
    check(entry.gwgroupid, at('gwgroupid'), gwgroupidProblem, HINT.gwgroupid);
    const issue = lcrPrefixIssue(file, entry, at('prefix'), at('from_prefix'));
    if (issue) issues.push(issue);
    const priority = priorityIssue(file, entry.priority, at('priority'));
    if (priority) issues.push(priority);
  });
  const limit = (top.policy as Entry | null | undefined)?.max_deletes;
  if (typeof limit === 'string' && /^[0-9]+(\.[0-9]+)?%$/.test(limit) && Number.parseFloat(limit) > 100) {
    issues.push(issueOn(file, ['policy', 'max_deletes'], 'policy.max_deletes must be at most 100%', HINT.percent));
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

/** An LCR route (non-empty from_prefix) needs a non-empty prefix: the platform refuses `"<from>-"`. */
function lcrPrefixIssue(file: LoadedFile, entry: Entry, prefixPath: Path, fromPath: Path): ConfigIssue | null {
  const { prefix, from_prefix: fromPrefix } = entry;
  if (typeof fromPrefix !== 'string' || fromPrefix === '' || prefix !== '') return null;
  if (isUnresolved(file, fromPath) || isUnresolved(file, prefixPath)) return null;
  const message = `${fieldPath(prefixPath)} must not be empty on an LCR route (from_prefix ${shown(file, fromPath, fromPrefix)})`;
  return issueOn(file, prefixPath, message, HINT.lcrPrefix);
}

/** A whole-number priority the platform cannot store; other types are the schema's business. */
function priorityIssue(file: LoadedFile, value: unknown, path: Path): ConfigIssue | null {
  if (typeof value !== 'number' || !Number.isInteger(value)) return null;
  const problem = priorityProblem(value, file.data.inexact.size > 0 ? file.data.inexact.get(pathKey(path)) : undefined);
  return problem === null ? null : issueOn(file, path, `${fieldPath(path)}${problem.slice('priority'.length)}`, HINT.priority);
}

/** One rule on a string field (other types are the schema's business), worded with the field path. */
export function ruleIssue(file: LoadedFile, value: unknown, path: Path, rule: Rule, hint: string): ConfigIssue | null {
  if (typeof value !== 'string' || isUnresolved(file, path)) return null;
  const problem = rule(value);
  if (problem === null) return null;
  const sentence = redacted(file, path, value, problem);
  const last = path[path.length - 1];
  // "notes may not …" reads as "inbound_mappings[0].notes may not …"; other sentences follow a colon.
  const message =
    typeof last === 'string' && sentence.startsWith(`${last} `)
      ? `${fieldPath(path)}${sentence.slice(last.length)}`
      : `${fieldPath(path)}: ${sentence}`;
  return issueOn(file, path, message, hint);
}
