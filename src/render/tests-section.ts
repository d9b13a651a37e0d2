/**
 * The plan's `Routing tests` section (text and markdown): each of the files' routing tests as it
 * went against the rules after the plan, what it expected and what the proxy would do, and the
 * refusal when one failed. Pure.
 */
import type { PlanRoutingTest, RoutingExpectation } from '../model/routing-test.js';
import { count, plural } from '../model/words.js';
import { codeSpan, escapeMarkdown } from './markdown.js';
import { cleanText, type Style } from './style.js';

/** How many tests a markdown plan lists before it counts the rest. */
const MARKDOWN_TEST_ROWS = 50;

/** What a test expects, in words: `route "UK", carrier group "BW"`. */
export function expectedWords(e: RoutingExpectation): string {
  const q = (s: string): string => JSON.stringify(s);
  return [
    ...(e.route !== undefined ? [`route ${q(e.route)}`] : []),
    ...(e.carrier_group !== undefined ? [`carrier group ${q(e.carrier_group)}`] : []),
    ...(e.gwgroupid !== undefined ? [`carrier group #${e.gwgroupid}`] : []),
    ...(e.did !== undefined ? [e.did === '' ? 'the default mapping (did "")' : `mapping ${q(e.did)}`] : []),
    ...(e.group !== undefined ? [`group ${q(e.group)}`] : []),
    ...(e.servers !== undefined ? [`servers ${JSON.stringify(e.servers)}`] : []),
    ...(e.gateways !== undefined ? [`gateways ${JSON.stringify(e.gateways)}`] : []),
    ...(e.result !== undefined ? [`result ${e.result}`] : []),
  ].join(', ');
}

/** `file:line` of a test, or `(no file)`. */
function place(t: PlanRoutingTest): string {
  return t.origin ? `${t.origin.file}:${t.origin.line}` : '(no file)';
}

/** `Routing tests (against the rules after the plan): 3 passed, 1 failed`. */
function title(tests: readonly PlanRoutingTest[]): string {
  const failed = tests.filter((t) => t.status === 'failed').length;
  return `Routing tests (against the rules after the plan): ${tests.length - failed} passed, ${failed} failed`;
}

/** `Refused without --force: 1 of 4 routing tests fails.`, or null when none failed. */
function refusedLine(tests: readonly PlanRoutingTest[]): string | null {
  const failed = tests.filter((t) => t.status === 'failed').length;
  if (failed === 0) return null;
  return `Refused without --force: ${failed} of ${count(tests.length, 'routing test')} ${plural(failed, 'fails', 'fail')}.`;
}

/**
 * The text plan's section, with a blank line after it: the title, then per test `ok    FILE:LINE
 * name` with what it expected and what the call takes, or `FAIL  FILE:LINE name` with each
 * `expected …, but the call took …` (red); last the refusal line. Nothing when the plan has no test.
 */
export function testsTextLines(tests: readonly PlanRoutingTest[] | undefined, style: Style): string[] {
  if (!tests || tests.length === 0) return [];
  const lines = [style.bold(title(tests))];
  for (const t of tests) {
    const head = `${place(t)} ${t.name}`;
    if (t.status === 'passed') {
      lines.push(
        `  ok    ${cleanText(head)}`,
        `        expected ${cleanText(expectedWords(t.expect))}: the call takes ${cleanText(t.took)}`,
      );
      continue;
    }
    lines.push(`  ${style.red('FAIL')}  ${cleanText(head)}`, ...t.failures.map((f) => `        ${style.red(cleanText(f))}`));
  }
  const refused = refusedLine(tests);
  if (refused) lines.push(`  ${style.bold(style.yellow(refused))}`);
  return [...lines, ''];
}

/** A table cell: inert markdown on one line. */
function cell(text: string): string {
  return escapeMarkdown(cleanText(text));
}

/**
 * The markdown plan's section: a bold title, a `[!CAUTION]` alert when a test failed, and a table
 * of at most {@link MARKDOWN_TEST_ROWS} tests (failed ones first): status, test, what it expects,
 * what the proxy would do (with why it fails). Nothing when the plan has no test.
 */
export function testsMarkdownLines(tests: readonly PlanRoutingTest[] | undefined): string[] {
  if (!tests || tests.length === 0) return [];
  const lines = [`**${escapeMarkdown(title(tests))}**`, ''];
  const refused = refusedLine(tests);
  if (refused) lines.push('> [!CAUTION]', `> **${escapeMarkdown(refused).replace('--force', '`--force`')}**`, '');
  const ordered = [...tests.filter((t) => t.status === 'failed'), ...tests.filter((t) => t.status === 'passed')];
  const rows = ordered.slice(0, MARKDOWN_TEST_ROWS).map((t) => {
    const why = t.failures.length > 0 ? `<br>${t.failures.map(cell).join('<br>')}` : '';
    return `| ${t.status === 'passed' ? '✅ passed' : '❌ failed'} | ${cell(place(t))} ${cell(t.name)} | ${cell(expectedWords(t.expect))} | ${cell(t.took)}${why} |`;
  });
  const more = ordered.length - rows.length;
  lines.push('| Status | Test | Expected | The proxy would take |', '| :-- | :-- | :-- | :-- |', ...rows);
  if (more > 0) lines.push('', `_and ${more} more; ${codeSpan('dsipform plan')} shows all_`);
  return lines;
}
