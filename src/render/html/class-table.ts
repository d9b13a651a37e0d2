/**
 * Classes of calls × stretches of time, as one table: the routing impact of a plan, the routing
 * table of `routes`, and the difference of two states share it.
 */
import type { Direction } from '../../model/routing.js';
import { html, joinHtml, type Html } from './markup.js';

/** One class of calls in one stretch of time, with what each side decides. */
export interface ClassRow {
  readonly direction: Direction;
  /** The class in words: rows with the same words are one class. */
  readonly calls: string;
  /** Its representative call in words (`e.g. 4420000 from 15551555`). */
  readonly sample: string;
  /** The stretch of time in words: `always`, `Mon–Fri 18:00–24:00 America/New_York`. */
  readonly when: string;
  /** What each side does with the calls, in words, one per column of {@link ClassTableOptions.sides}. */
  readonly outcomes: readonly string[];
  /** Whether the change leaves the calls worse off (no route, ambiguous): the row is marked. */
  readonly loses?: boolean;
}

/** How the table is headed. */
export interface ClassTableOptions {
  /** One title per side: `Before`, `After`; or `Outcome` for a table of one rule set. */
  readonly sides: readonly string[];
  /** What a cell with no row says: `unchanged` for a difference (only changes are listed). */
  readonly gap: string;
}

/** The most time columns a table spreads out; with more, each class and stretch gets a row. */
export const MAX_WINDOW_COLUMNS = 6;

const TITLES: Readonly<Record<Direction, string>> = { inbound: 'Inbound calls', outbound: 'Outbound calls' };

/** The words of a stretch that is all of the time. */
const ALWAYS = 'always';

/**
 * One table per direction (inbound first), each class a row in the order given. When the rows
 * have 2 to {@link MAX_WINDOW_COLUMNS} stretches of time (`always` aside), each is a column
 * (classes × windows) and a cell holds the sides joined by `→`, a class decided alike `always`
 * spanning every column and a class missing from a stretch showing `gap`; otherwise each class and
 * stretch is a row, with a column per side.
 */
export function classTables(rows: readonly ClassRow[], options: ClassTableOptions): Html {
  const tables = (['inbound', 'outbound'] as const).map((direction) => {
    const own = rows.filter((r) => r.direction === direction);
    if (own.length === 0) return '';
    const windows = distinct(own.map((r) => r.when)).filter((w) => w !== ALWAYS);
    const table = windows.length >= 2 && windows.length <= MAX_WINDOW_COLUMNS ? matrix(own, windows, options) : long(own, options);
    return html`<h3>${TITLES[direction]}</h3>
      ${table} `;
  });
  return html`${tables}`;
}

function matrix(rows: readonly ClassRow[], windows: readonly string[], options: ClassTableOptions): Html {
  const classes = distinct(rows.map((r) => r.calls));
  const head = html`<tr>
    <th>Calls</th>
    ${windows.map((w) => html`<th>${w}</th>`)}
  </tr>`;
  const body = classes.map((calls) => {
    const own = rows.filter((r) => r.calls === calls);
    const first = own[0]!;
    if (own.length === 1 && first.when === ALWAYS) {
      const cell = html`<td colspan="${windows.length}" ${first.loses ? html` class="loses"` : ''}>
        ${joinHtml(first.outcomes, ' → ')} (${ALWAYS})
      </td>`;
      return html`<tr>
        ${callsCell(first)}${cell}
      </tr> `;
    }
    const cells = windows.map((w) => {
      const row = own.find((r) => r.when === w);
      if (row === undefined) return html`<td class="unchanged">${options.gap}</td>`;
      return html`<td${row.loses ? html` class="loses"` : ''}>${joinHtml(row.outcomes, ' → ')}</td>`;
    });
    return html`<tr>
      ${callsCell(first)}${cells}
    </tr> `;
  });
  return html`<table class="classes">
    <thead>
      ${head}
    </thead>
    <tbody>
      ${body}
    </tbody>
  </table>`;
}

function long(rows: readonly ClassRow[], options: ClassTableOptions): Html {
  // One stretch for every row is said once, above the table, rather than in a column of repeats.
  const times = distinct(rows.map((r) => r.when));
  const one = times.length === 1 ? times[0] : undefined;
  const head = html`<tr>
    <th>Calls</th>
    ${one === undefined ? html`<th>When</th>` : ''}${options.sides.map((s) => html`<th>${s}</th>`)}
  </tr>`;
  const body = rows.map((row) => {
    const last = row.outcomes.length - 1;
    const cells = row.outcomes.map((o, i) => html`<td${i === last && last > 0 ? html` class="after"` : ''}>${o}</td>`);
    const when = one === undefined ? html`<td>${row.when}</td>` : '';
    return html`<tr${row.loses ? html` class="loses"` : ''}>${callsCell(row)}${when}${cells}</tr>\n`;
  });
  const caption =
    one === undefined
      ? ''
      : html`<caption>
          When: ${one}
        </caption>`;
  return html`<table class="classes">
    ${caption}
    <thead>
      ${head}
    </thead>
    <tbody>
      ${body}
    </tbody>
  </table>`;
}

function callsCell(row: ClassRow): Html {
  return html`<td class="calls">${row.calls}<br /><span class="muted mono">${row.sample}</span></td>`;
}

function distinct(values: readonly string[]): string[] {
  return [...new Set(values)];
}
