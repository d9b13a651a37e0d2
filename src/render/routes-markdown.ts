import type { Direction } from '../model/routing.js';
import { count, plural } from '../model/words.js';
import { codeSpan, escapeMarkdown } from './markdown.js';
import { MARKDOWN_LIMIT } from './plan-markdown.js';
import type { RoutesReport, RoutesSide, RoutesSpan } from './routes-report.js';
import { classCount, directionsOf, spansOf } from './routes-text.js';
import { decisionWords } from './html/decision-words.js';
import { callsWords, horizonSentence } from './routes-words.js';

function sideCell(side: RoutesSide): string {
  return side.source === '' ? `**${side.name}**` : `**${side.name}** (${codeSpan(side.source)})`;
}

function callsCell(span: RoutesSpan): string {
  return escapeMarkdown(callsWords(span.class));
}

function row(cells: readonly string[]): string {
  return `| ${cells.join(' | ')} |`;
}

function title(direction: Direction): string {
  return `${direction[0]!.toUpperCase()}${direction.slice(1)} calls`;
}

/** One direction's table: a header and one row per span (table: calls, when, route; diff: calls, when, before, after). */
function section(report: RoutesReport, direction: Direction): string[] {
  const spans = spansOf(report, direction);
  if (report.mode === 'diff' && spans.length === 0) return [];
  const head =
    report.mode === 'table'
      ? `#### ${title(direction)}: ${count(classCount(spans), 'class', 'classes')} of calls`
      : `#### ${title(direction)} whose route changes: ${count(classCount(spans), 'class', 'classes')} of calls`;
  if (spans.length === 0) return [head, '', '_No rules._'];
  const lines =
    report.mode === 'table'
      ? [head, '', '| Calls to | When | Route |', '| :-- | :-- | :-- |']
      : [head, '', '| Calls to | When | Before | After |', '| :-- | :-- | :-- | :-- |'];
  for (const s of spans) {
    const outcomes = s.decisions.map((d) => escapeMarkdown(decisionWords(d)));
    lines.push(row([callsCell(s), escapeMarkdown(s.when), ...outcomes]));
  }
  return lines;
}

/**
 * Keeps a long report under the size a pull-request comment takes: the body is cut at a row, saying
 * how many rows are left out and which command shows them all; the closing line always stays.
 */
function capped(body: string, tail: string, command: string): string {
  if (body.length + tail.length <= MARKDOWN_LIMIT) return body + tail;
  const cut = body.lastIndexOf('\n', MARKDOWN_LIMIT - tail.length - 200);
  const left = body
    .slice(cut + 1)
    .split('\n')
    .filter((l) => l.startsWith('| ') && !l.startsWith('| Calls to')).length;
  return `${body.slice(0, cut)}\n\n_Not shown, to keep this comment short: ${count(left, 'more row')}; \`${command}\` shows all._\n${tail}`;
}

/**
 * `dsipform routes` as markdown for a pull request: a heading naming the sides, the time examined,
 * then a table per direction (the routing table: calls, when, route; the difference: calls, when,
 * before, after) and, for a difference, a closing line in bold. User text is escaped; the whole
 * stays under the size of a comment (cut at a row, saying so).
 */
export function renderRoutesMarkdown(report: RoutesReport): string {
  const lines: string[] = [];
  if (report.mode === 'table') lines.push(`### Routing table of ${sideCell(report.sides[0]!)}`);
  else lines.push(`### Routing difference: ${sideCell(report.sides[0]!)} → ${sideCell(report.sides[1]!)}`);
  lines.push('', escapeMarkdown(horizonSentence(report.horizon.words)));
  for (const direction of directionsOf(report)) {
    const part = section(report, direction);
    if (part.length > 0) lines.push('', ...part);
  }
  const n = classCount(report.spans);
  const tail =
    report.mode === 'table'
      ? ''
      : n === 0
        ? '\n**No call changes its route.**\n'
        : `\n**${count(n, 'class', 'classes')} of calls ${plural(n, 'changes its', 'change their')} route.**\n`;
  return capped(`${lines.join('\n')}\n`, tail, report.mode === 'table' ? 'dsipform routes' : 'dsipform routes --diff');
}
