import type { PlanInvariant } from '../../model/invariant.js';
import { html, type Html } from './markup.js';

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
    const where = r.origin ? `${r.origin.file}:${r.origin.line}` : '';
    const bad = r.status === 'violated';
    const status = bad ? html`<td class="remove"><strong>FAIL</strong></td>` : html`<td class="add">ok</td>`;
    const replay = r.counterexample ? html`<br /><code>${r.counterexample.replay}</code>` : html``;
    return html`<tr>
      ${status}
      <td>${r.name}<br /><span class="muted mono">${where}</span></td>
      <td>${bad ? html`<span class="remove">${r.message ?? 'violated'}</span>${replay}` : 'held'}</td>
    </tr> `;
  });
  const verdict = `${records.length - violated.length} held, ${violated.length} violated`;
  return html`<h2 id="routing-invariants">Routing invariants</h2>
    <div class="box ${violated.length > 0 ? 'refused' : 'passed'}">
      <p><strong>${verdict}</strong> (against the rules after the plan)</p>
    </div>
    <table class="tests">
      <thead>
        <tr>
          <th></th>
          <th>Invariant</th>
          <th>The call that breaks it</th>
        </tr>
      </thead>
      <tbody>
        ${rows}
      </tbody>
    </table> `;
}
