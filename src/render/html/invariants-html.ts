import type { PlanInvariant } from '../../model/invariant.js';
import { html, type Html } from './markup.js';
import { namedCell, verdictCell, verdictSection } from './verdict-table.js';

/**
 * The plan's `Routing invariants` section: how many held and how many are violated, then a row per
 * invariant (violations first, each with why and the `dsipform route` command that replays its
 * call). Nothing when the plan carries none.
 */
export function invariantsSection(records: readonly PlanInvariant[] | undefined): Html {
  if (records === undefined || records.length === 0) return html``;
  const violated = records.filter((r) => r.status === 'violated');
  const ordered = [...violated, ...records.filter((r) => r.status !== 'violated')];
  const rows = ordered.map((r) => {
    const bad = r.status === 'violated';
    const replay = r.counterexample ? html`<br /><code>${r.counterexample.replay}</code>` : html``;
    return html`<tr>
      ${verdictCell(bad)} ${namedCell(r.name, r.origin)}
      <td>${bad ? html`<span class="remove">${r.message ?? 'violated'}</span>${replay}` : 'held'}</td>
    </tr> `;
  });
  return verdictSection({
    id: 'routing-invariants',
    title: 'Routing invariants',
    verdict: `${records.length - violated.length} held, ${violated.length} violated`,
    refused: violated.length > 0,
    headers: ['Invariant', 'The call that breaks it'],
    rows,
  });
}
