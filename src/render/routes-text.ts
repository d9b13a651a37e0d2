import type { Direction } from '../model/routing.js';
import { count, plural } from '../model/words.js';
import type { RoutesReport, RoutesSide, RoutesSpan } from './routes-report.js';
import { decisionWords } from './html/decision-words.js';
import { callsWords, horizonSentence } from './routes-words.js';
import { cleanText } from './style.js';

/** Columns wider than this are not padded further: one very long prefix list must not push every line right. */
const MAX_COLUMN = 40;

const DIRECTIONS: readonly Direction[] = ['inbound', 'outbound'];

/** `live (https://sip.example.com:5000)`. */
function sideWords(side: RoutesSide): string {
  return side.source === '' ? side.name : `${side.name} (${cleanText(side.source)})`;
}

/** The spans of one direction, in the report's order. */
export function spansOf(report: RoutesReport, direction: Direction): RoutesSpan[] {
  return report.spans.filter((s) => s.class.direction === direction);
}

/** The directions the report covers: the one `--direction` named, else both. */
export function directionsOf(report: RoutesReport): readonly Direction[] {
  return report.direction ? [report.direction] : DIRECTIONS;
}

/** Whether two spans are of one class (the same numbers and callers). */
function sameClass(a: RoutesSpan, b: RoutesSpan): boolean {
  const x = a.class;
  const y = b.class;
  // The simulation hands every span of one class the same object: no need to compare 10,000 prefixes.
  if (x === y) return true;
  return (
    x.direction === y.direction &&
    x.prefix === y.prefix &&
    x.except.join(',') === y.except.join(',') &&
    x.from_parts.join(',') === y.from_parts.join(',')
  );
}

/** How many classes the spans are of: a class's spans (one per stretch of time) come one after another. */
export function classCount(spans: readonly RoutesSpan[]): number {
  let n = 0;
  spans.forEach((s, i) => {
    if (i === 0 || !sameClass(spans[i - 1]!, s)) n++;
  });
  return n;
}

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + ' '.repeat(width - text.length);
}

function width(values: readonly string[], title: string): number {
  let w = title.length;
  for (const v of values) if (v.length > w) w = v.length;
  return Math.min(w, MAX_COLUMN);
}

/** One direction of the table: a title, a header and one line per span, in aligned columns. */
function tableSection(report: RoutesReport, direction: Direction): string[] {
  const spans = spansOf(report, direction);
  const title = `${direction[0]!.toUpperCase()}${direction.slice(1)} calls (${count(classCount(spans), 'class', 'classes')} of calls):`;
  if (spans.length === 0) return [title, '  (no rules)'];
  // A class over several stretches of time is named once, on its first line.
  const calls = spans.map((s, i) => (i > 0 && sameClass(spans[i - 1]!, s) ? '' : callsWords(s.class)));
  const when = spans.map((s) => cleanText(s.when));
  const wc = width(calls, 'calls to');
  const ww = width(when, 'when');
  const lines = [title, `  ${pad('calls to', wc)}  ${pad('when', ww)}  route`];
  spans.forEach((s, i) => lines.push(`  ${pad(cleanText(calls[i]!), wc)}  ${pad(when[i]!, ww)}  → ${decisionWords(s.decisions[0]!)}`));
  return lines;
}

/** One direction of the difference: each span with its time, then before and after. */
function diffSection(report: RoutesReport, direction: Direction): string[] {
  const spans = spansOf(report, direction);
  if (spans.length === 0) return [];
  const title = `${direction[0]!.toUpperCase()}${direction.slice(1)} calls whose route changes (${count(classCount(spans), 'class', 'classes')} of calls):`;
  const lines = [title];
  for (const s of spans) {
    lines.push(
      `  ~ ${cleanText(callsWords(s.class))}, ${cleanText(s.when)}`,
      `      before: ${decisionWords(s.decisions[0]!)}`,
      `      after:  ${decisionWords(s.decisions[1]!)}`,
    );
  }
  return lines;
}

/**
 * `dsipform routes` as text: for a table, each direction's classes in aligned columns (calls,
 * when, route); for a difference, each class whose route changes, with before and after, and one
 * closing line (`No call changes its route.` when none does). No colour; one trailing newline.
 */
export function renderRoutesText(report: RoutesReport): string {
  const lines: string[] = [];
  if (report.mode === 'table') {
    lines.push(`Routing table of ${sideWords(report.sides[0]!)}`);
  } else {
    lines.push(`Routing difference: ${sideWords(report.sides[0]!)} → ${sideWords(report.sides[1]!)}`);
  }
  lines.push(cleanText(horizonSentence(report.horizon.words)));
  for (const direction of directionsOf(report)) {
    const section = report.mode === 'table' ? tableSection(report, direction) : diffSection(report, direction);
    if (section.length > 0) lines.push('', ...section);
  }
  if (report.mode === 'diff') {
    const n = classCount(report.spans);
    lines.push(
      '',
      n === 0
        ? 'No call changes its route.'
        : `${count(n, 'class', 'classes')} of calls ${plural(n, 'changes its', 'change their')} route.`,
    );
  }
  return `${lines.join('\n')}\n`;
}
