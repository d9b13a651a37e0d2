/**
 * `dsipform routes --format html`: the routing table (every class of calls and what the proxy does
 * with it, in each stretch of time), or the difference of two states (only the classes whose
 * outcome differs, before → after), as one self-contained page.
 */
import { losesRoute, type Direction, type RouteDecision } from '../../model/routing.js';
import { classTables, type ClassRow } from './class-table.js';
import { classWords, sampleWords, type ClassParts } from './class-words.js';
import { decisionWords } from './decision-words.js';
import { NO_CALL_CHANGES } from './impact-html.js';
import { html, type Html } from './markup.js';
import { htmlPage } from './page.js';

/** One class of calls and one stretch of time, with each side's decision (`routingTable`, `routingDifference`). */
export interface RoutesPageSpan {
  readonly class: ClassParts & { readonly direction: Direction; readonly to: string; readonly from: string };
  /** `always`, `Mon–Fri 18:00–24:00 America/New_York`. */
  readonly when: string;
  /** One decision per side: one for a table, two (before, after) for a difference. */
  readonly decisions: readonly RouteDecision[];
}

/** What `routes` hands the page: the time examined and the spans; the sides when it names them. */
export interface RoutesPageInput {
  readonly horizon: { readonly words: string };
  readonly spans: readonly RoutesPageSpan[];
  /** What each side is (`files`, `live`) and where it was read; the column titles. */
  readonly sides?: readonly { readonly name: string; readonly source: string }[];
  /** `diff` when the spans are a difference (also taken from two sides). */
  readonly mode?: 'table' | 'diff';
}

/**
 * The routing table or difference as a self-contained HTML page titled `title`, ending with a
 * newline: the time examined, the sides, then one table per direction of classes × time windows.
 * A difference marks the classes that lose their route, and says {@link NO_CALL_CHANGES} when
 * nothing differs. No script, no request, every value escaped. Pure.
 */
export function renderRoutesHtml(input: RoutesPageInput, title: string): string {
  const diff = input.mode === 'diff' || (input.mode === undefined && (input.sides?.length ?? 0) === 2);
  const sides = input.sides?.map((s) => s.name) ?? (diff ? ['Before', 'After'] : ['Outcome']);
  const rows: ClassRow[] = input.spans.map((span) => ({
    direction: span.class.direction,
    calls: classWords(span.class),
    sample: sampleWords(span.class),
    when: span.when,
    outcomes: span.decisions.map(decisionWords),
    loses: diff && span.decisions.length === 2 && losesRoute(span.decisions[0]!, span.decisions[1]!),
  }));
  const empty = diff ? NO_CALL_CHANGES : 'No class of calls.';
  const table = rows.length === 0 ? html`<p>${empty}</p> ` : classTables(rows, { sides, gap: diff ? 'unchanged' : '—' });
  const body = html`${facts(input)}
    <h2>${diff ? 'Calls whose route differs' : 'Routing table'}</h2>
    ${table}
    <footer>Written by <code>dsipform routes --format html</code>.</footer>`;
  return htmlPage(title, body);
}

function facts(input: RoutesPageInput): Html {
  const sides = (input.sides ?? []).map(
    (s) =>
      html`<dt>${s.name}</dt>
        <dd><code>${s.source}</code></dd> `,
  );
  return html`<dl class="facts">
    <dt>Time</dt>
    <dd>${input.horizon.words}</dd>
    ${sides}
  </dl>`;
}
