import type { ConfigIssue } from '../model/desired.js';
import { routingTestProblems } from '../model/routing-test.js';
import { invariantProblems } from '../model/invariant.js';
import { issueOn, type LoadedFile } from './loaded.js';
import { forEachEntry } from './value-rules.js';

/**
 * The rules of one file's `routing_tests` beyond the schema (model/routing-test.ts): expectations
 * of the other direction, `result: no_route` with a rule, a bad `at` or `tz`. Each issue is placed
 * at the field it is about and worded with the test's path (`routing_tests[2].expect.did …`).
 */
export function routingTestIssues(file: LoadedFile): ConfigIssue[] {
  const top = file.data.value as Readonly<Record<string, unknown>> | null;
  if (top === null || typeof top !== 'object' || Array.isArray(top)) return [];
  const issues: ConfigIssue[] = [];
  forEachEntry(top.routing_tests, (entry, i) => {
    for (const p of routingTestProblems(entry)) {
      issues.push(issueOn(file, ['routing_tests', i, ...p.field], `routing_tests[${i}].${p.message}`, p.hint));
    }
  });
  return issues;
}

/** The rules of one file's `invariants` beyond the schema (model/invariant.ts), each placed at its field. */
export function invariantIssues(file: LoadedFile): ConfigIssue[] {
  const top = file.data.value as Readonly<Record<string, unknown>> | null;
  if (top === null || typeof top !== 'object' || Array.isArray(top)) return [];
  const issues: ConfigIssue[] = [];
  forEachEntry(top.invariants, (entry, i) => {
    for (const p of invariantProblems(entry))
      issues.push(issueOn(file, ['invariants', i, ...p.field], `invariants[${i}].${p.message}`, p.hint));
  });
  return issues;
}
