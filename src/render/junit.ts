/**
 * `dsipform test --format junit`: JUnit XML, the report CI systems (GitHub, GitLab, Jenkins) show as
 * tests. One `<testsuite>` per file, one `<testcase>` per test (classname from the file's path), a
 * `<failure message="…">` with the expected vs actual and the steps when it failed. Pure.
 */
import type { RoutingTestOutcome } from '../model/routing-test.js';

/** A routing invariant as a case of the report: a failure (its message and the replay command) when violated. */
export interface InvariantCase {
  readonly name: string;
  readonly origin?: { readonly file: string; readonly line: number };
  /** Why it is violated; absent when it held. */
  readonly failure?: string;
  /** The `dsipform route` command that replays the violation's call, when it has one. */
  readonly replay?: string;
}

/**
 * Text as XML 1.0 attribute or element content: the five special characters as entities, and
 * characters XML 1.0 cannot hold (control characters, lone surrogates, U+FFFE/U+FFFF) as `\uXXXX`.
 */
export function xmlEscape(text: string): string {
  return text
    .replace(
      /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    )
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/\r/g, '&#13;')
    .replace(/\n/g, '&#10;')
    .replace(/\t/g, '&#9;');
}

/** Element content keeps its line breaks and tabs readable; only the specials are escaped. */
function xmlText(text: string): string {
  return xmlEscape(text).replace(/&#10;/g, '\n').replace(/&#9;/g, '\t');
}

/** `examples/routing/tests.yaml` → `examples.routing.tests`. */
function classname(file: string): string {
  return (
    file
      .replace(/\.(ya?ml|json)$/i, '')
      .replace(/^[./\\]+/, '')
      .replace(/[/\\]/g, '.') || 'routing_tests'
  );
}

function attrs(pairs: Readonly<Record<string, string | number>>): string {
  return Object.entries(pairs)
    .map(([k, v]) => ` ${k}="${xmlEscape(String(v))}"`)
    .join('');
}

/** An invariant's case: a failure with the message and the command that replays its call. */
function invariantCase(r: InvariantCase, file: string): string[] {
  const line = r.origin?.line;
  const place: Record<string, string | number> = line !== undefined ? { file, line } : {};
  const head = `    <testcase${attrs({ name: `invariant ${r.name}`, classname: `${classname(file)}.invariants`, ...place, time: 0 })}`;
  if (r.failure === undefined) return [`${head}/>`];
  const message = `${line !== undefined ? `${file}:${line}: ` : ''}${r.failure}${r.replay ? `; replay: ${r.replay}` : ''}`;
  const body = [r.failure, ...(r.replay ? [`replay: ${r.replay}`] : [])].join('\n');
  return [
    `${head}>`,
    `      <failure${attrs({ message, type: 'RoutingInvariantViolated' })}>${xmlText(body)}</failure>`,
    '    </testcase>',
  ];
}

/**
 * The JUnit XML report of the outcomes, suites in the order their files first appear, then one
 * suite per file of the invariants, each a case.
 */
export function renderTestJunit(outcomes: readonly RoutingTestOutcome[], invariants: readonly InvariantCase[] = []): string {
  const byFile = new Map<string, RoutingTestOutcome[]>();
  for (const o of outcomes) {
    const file = o.test.origin?.file ?? '(no file)';
    const list = byFile.get(file);
    if (list) list.push(o);
    else byFile.set(file, [o]);
  }
  const failures = outcomes.filter((o) => o.status === 'failed').length + invariants.filter((r) => r.failure !== undefined).length;
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  out.push(`<testsuites${attrs({ name: 'dsipform routing tests', tests: outcomes.length + invariants.length, failures, errors: 0 })}>`);
  for (const [file, list] of byFile) {
    const failed = list.filter((o) => o.status === 'failed').length;
    out.push(`  <testsuite${attrs({ name: file, tests: list.length, failures: failed, errors: 0, skipped: 0 })}>`);
    for (const o of list) {
      const place: Record<string, string | number> = o.test.origin ? { file, line: o.test.origin.line } : {};
      const head = `    <testcase${attrs({ name: o.test.name, classname: classname(file), ...place, time: 0 })}`;
      if (o.status === 'passed') {
        out.push(`${head}/>`);
        continue;
      }
      const message = `${o.test.origin ? `${file}:${o.test.origin.line}: ` : ''}${o.failures.join('; ')}`;
      const body = [...o.failures, 'how the proxy decided:', ...o.decision.steps.map((s) => `  - ${s}`)].join('\n');
      out.push(`${head}>`, `      <failure${attrs({ message, type: 'RoutingTestFailure' })}>${xmlText(body)}</failure>`, '    </testcase>');
    }
    out.push('  </testsuite>');
  }
  const invByFile = new Map<string, InvariantCase[]>();
  for (const r of invariants) {
    const file = r.origin?.file ?? '(no file)';
    invByFile.set(file, [...(invByFile.get(file) ?? []), r]);
  }
  for (const [file, list] of invByFile) {
    const failed = list.filter((r) => r.failure !== undefined).length;
    out.push(`  <testsuite${attrs({ name: `${file} invariants`, tests: list.length, failures: failed, errors: 0, skipped: 0 })}>`);
    for (const r of list) out.push(...invariantCase(r, file));
    out.push('  </testsuite>');
  }
  out.push('</testsuites>');
  return `${out.join('\n')}\n`;
}
