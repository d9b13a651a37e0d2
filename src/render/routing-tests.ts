/**
 * `dsipform test` reports: text (one line per test, each failure with its `file:line`, expected vs
 * actual and the decision's steps, then `N passed, M failed`) and JSON (one object). Pure.
 */
import type { RoutingTestOutcome } from '../model/routing-test.js';

/** `file:line` of a test, or its name when it has no place. */
function testPlace(o: RoutingTestOutcome): string {
  const at = o.test.origin;
  return at ? `${at.file}:${at.line}` : '(no file)';
}

/** `3 passed, 1 failed`. */
export function testSummary(outcomes: readonly RoutingTestOutcome[]): string {
  const failed = outcomes.filter((o) => o.status === 'failed').length;
  return `${outcomes.length - failed} passed, ${failed} failed`;
}

/** Control characters from the files are shown escaped, so no name can drive the terminal. */
function printable(text: string): string {
  return text.replace(/[\p{Cc}\u2028\u2029]/gu, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The text report: `ok    FILE:LINE name` or `FAIL  FILE:LINE name`, under a failure each
 * `expected …, but the call took …` and the steps the proxy took; then the summary line.
 */
export function renderTestText(outcomes: readonly RoutingTestOutcome[]): string {
  const lines: string[] = [];
  for (const o of outcomes) {
    lines.push(`${o.status === 'passed' ? 'ok  ' : 'FAIL'}  ${testPlace(o)} ${printable(o.test.name)}`);
    if (o.status === 'passed') continue;
    for (const f of o.failures) lines.push(`      ${printable(f)}`);
    lines.push('      how the proxy decided:');
    for (const step of o.decision.steps) lines.push(`        - ${printable(step)}`);
  }
  lines.push('', testSummary(outcomes));
  return `${lines.join('\n')}\n`;
}

/** The JSON report: `{passed, failed, tests: [{name, file, line, col, direction, from, to, at?, tz?, expect, status, failures, decision}]}`. */
export function renderTestJson(outcomes: readonly RoutingTestOutcome[]): string {
  const failed = outcomes.filter((o) => o.status === 'failed').length;
  const tests = outcomes.map((o) => {
    const t = o.test;
    return {
      name: t.name,
      ...(t.origin ? { file: t.origin.file, line: t.origin.line, col: t.origin.col } : {}),
      direction: t.direction,
      from: t.from,
      to: t.to,
      ...(t.at !== undefined ? { at: t.at } : {}),
      ...(t.tz !== undefined ? { tz: t.tz } : {}),
      expect: t.expect,
      status: o.status,
      failures: o.failures,
      decision: o.decision,
    };
  });
  return `${JSON.stringify({ passed: outcomes.length - failed, failed, tests }, null, 2)}\n`;
}
