import { html, type Html } from './markup.js';

/** The first cell of a verdict row: `FAIL` in the removal colour, or `ok`. */
export function verdictCell(bad: boolean): Html {
  return bad ? html`<td class="remove"><strong>FAIL</strong></td>` : html`<td class="add">ok</td>`;
}

/** The name cell of a verdict row: the name, and under it the file and line it was written at. */
export function namedCell(name: string, origin: { readonly file: string; readonly line: number } | undefined): Html {
  const where = origin ? `${origin.file}:${origin.line}` : '';
  return html`<td>${name}<br /><span class="muted mono">${where}</span></td>`;
}

/**
 * A plan's section of checks judged against the rules after the plan (its routing tests, its
 * invariants): the heading, a box with the verdict (refused when any failed), then the table of
 * rows under `headers` (the first column, the verdict cell, has no heading). One frame for both.
 */
export function verdictSection(section: {
  readonly id: string;
  readonly title: string;
  readonly verdict: string;
  readonly refused: boolean;
  readonly headers: readonly string[];
  readonly rows: readonly Html[];
}): Html {
  const headers = section.headers.map((h) => html`<th>${h}</th>`);
  return html`<h2 id="${section.id}">${section.title}</h2>
    <div class="box ${section.refused ? 'refused' : 'passed'}">
      <p><strong>${section.verdict}</strong> (against the rules after the plan)</p>
    </div>
    <table class="tests">
      <thead>
        <tr>
          <th></th>
          ${headers}
        </tr>
      </thead>
      <tbody>
        ${section.rows}
      </tbody>
    </table> `;
}
