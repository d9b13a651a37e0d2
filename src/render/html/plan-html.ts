/**
 * `dsipform plan --format html`: the plan as one page to read in a browser. It shows the facts of
 * `--format json` (the same plan object): target, profile, managed collections, checksums, the
 * summary, the safety findings, the routing tests and invariants, the routing impact, the mappings the Numbers module emptied, notes and every change with its fields before
 * and after, in the words of the text plan.
 */
import type { ActionCounts, Plan, SavedPlan } from '../../model/plan.js';
import { REFUSED, describeFinding } from '../safety.js';
import { kindOf, noChangesLines, planSummaryLine } from '../summary.js';
import { coexistenceTitle } from '../coexistence-section.js';
import { changesSection } from './changes-html.js';
import { impactSection } from './impact-html.js';
import { html, joinHtml, type Html } from './markup.js';
import { htmlPage } from './page.js';
import { invariantsSection } from './invariants-html.js';
import { routingTestsSection } from './routing-tests-html.js';

// A plan as made, or as saved (with its checksum and signature).
type PlanInput = Plan | SavedPlan;

const ACTIONS = ['create', 'update', 'promote', 'demote', 'replace', 'delete', 'obtain', 'renew', 'revoke'] as const;
// Shown even at 0, as the summary line shows them.
const ALWAYS: ReadonlySet<string> = new Set(['create', 'update', 'delete']);

/**
 * A plan (saved or not) as a self-contained HTML page, ending with a newline: no script, no
 * request, every value escaped. Pure and deterministic.
 */
export function renderPlanHtml(p: PlanInput): string {
  const verdict = p.changes.length === 0 ? noChangesLines(p).filter((l) => l !== '') : [planSummaryLine(p.summary.total)];
  const body = html`${facts(p)}
    <p class="verdict">${joinHtml(verdict, ' ')}</p>
    ${summaryTable(p)}${safety(p)}${routingTestsSection(p.routing_tests)}${invariantsSection(p.invariants)}${impactSection(p.routing_impact, p.horizon?.words)}${coexistence(p)}${notes(p)}${changes(p)}
    <footer>Written by <code>dsipform plan --format html</code>: the same plan as <code>--format json</code>.</footer>`;
  return htmlPage('dsipform plan', body);
}

function facts(p: PlanInput): Html {
  const rows: [string, Html | string][] = [['Target', html`<code>${p.target}</code>`]];
  if (p.api_profile !== undefined) rows.push(['API profile', p.api_profile]);
  if (p.numbers_module !== undefined) rows.push(['Numbers module', p.numbers_module ? 'yes' : 'no']);
  rows.push([
    'Managed',
    p.managed.length > 0
      ? joinHtml(
          p.managed.map((m) => html`<code>${m}</code>`),
          ', ',
        )
      : 'none',
  ]);
  if (p.state_file !== undefined) rows.push(['Lease state', html`<code>${p.state_file}</code>`]);
  rows.push(['Live checksum', html`<code>${p.live_checksum}</code>`]);
  if ('checksum' in p) rows.push(['Plan checksum', html`<code>${p.checksum}</code>${p.signature !== undefined ? ' (signed)' : ''}`]);
  if (p.pending_reload) rows.push(['Pending reload', 'the platform holds writes that are not live yet; apply reloads the proxy']);
  return html`<dl class="facts">
    ${rows.map(
      ([k, v]) =>
        html`<dt>${k}</dt>
          <dd>${v}</dd> `,
    )}
  </dl>`;
}

function summaryTable(p: PlanInput): Html {
  const columns = ACTIONS.filter((a) => ALWAYS.has(a) || p.summary.total[a] > 0);
  const head = html`<tr>
    <th>Kind</th>
    ${columns.map((c) => html`<th class="num">${c}</th>`)}
    <th class="num">unchanged</th>
  </tr>`;
  const row = (label: Html, counts: ActionCounts, unchanged: number, cls = '') =>
    html`<tr${cls ? html` class="${cls}"` : ''}><td>${label}</td>${columns.map((c) => html`<td class="num">${counts[c]}</td>`)}<td class="num">${unchanged}</td></tr>\n`;
  const kinds = p.managed.map((c) => {
    const kind = kindOf(c);
    const counts = p.summary.by_kind[kind];
    return row(html`<code>${kind}</code>`, counts, counts.unchanged);
  });
  return html`<table class="summary">
    <thead>
      ${head}
    </thead>
    <tbody>
      ${kinds}${row(html`Total`, p.summary.total, p.summary.unchanged, 'total')}
    </tbody>
  </table> `;
}

function safety(p: PlanInput): Html {
  if (p.safety.length === 0) return html``;
  const items = p.safety.map((f) => {
    const view = describeFinding(f);
    const keys = joinHtml(
      view.keys.map((k) => html`<code>${k}</code>`),
      ', ',
    );
    return html`<li>${view.sentence} ${view.label}: ${keys}${view.more > 0 ? ` and ${view.more} more` : ''}.</li> `;
  });
  return html`<div class="box refused" id="safety">
    <p><strong>${REFUSED}</strong></p>
    <ul>
      ${items}
    </ul>
  </div> `;
}

function coexistence(p: PlanInput): Html {
  if (!p.coexistence || p.coexistence.length === 0) return html``;
  return html`<h2 id="coexistence">${coexistenceTitle(p.coexistence).slice(0, -1)}</h2>
    <ul>
      ${p.coexistence.map((f) => {
        const at = f.origin ? `${f.origin.file}:${f.origin.line}:${f.origin.col}: ` : '';
        return html`<li><code>${f.code}</code>: ${at}${f.message} <em>Hint: ${f.hint}</em></li> `;
      })}
    </ul> `;
}

function notes(p: PlanInput): Html {
  // Expired leases are among the notes already (the planner words them).
  if (p.notes.length === 0) return html``;
  return html`<h2 id="notes">Notes</h2>
    <ul>
      ${p.notes.map((n) => html`<li>${n}</li> `)}
    </ul> `;
}

function changes(p: PlanInput): Html {
  if (p.changes.length === 0) return html``;
  return html`<h2 id="changes">Changes</h2>
    ${changesSection(p.changes, p.names)}`;
}
