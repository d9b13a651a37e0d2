import type { Direction } from '../../model/routing.js';
import { html, type Html } from './markup.js';

/** A routing test's result as a plan carries it: the parts the page shows. */
export interface PlanRoutingTestResult {
  readonly name: string;
  readonly origin?: { readonly file: string; readonly line: number };
  readonly direction: Direction;
  readonly from: string;
  readonly to: string;
  readonly status: 'passed' | 'failed';
  /** Why it failed (`expected …, but …`); empty when it passed. */
  readonly failures: readonly string[];
  /** What the proxy would do, in words. */
  readonly took: string;
}

/** A plan's routing tests: run against the rules after the plan. */
export type PlanRoutingTests = readonly PlanRoutingTestResult[];

/**
 * The plan's `Routing tests` section: how many passed and failed, then a row per test (failures
 * first, each with why). Nothing when the plan carries no tests.
 */
export function routingTestsSection(tests: PlanRoutingTests | undefined): Html {
  if (tests === undefined || tests.length === 0) return html``;
  const failed = tests.filter((t) => t.status === 'failed');
  const ordered = [...failed, ...tests.filter((t) => t.status !== 'failed')];
  const rows = ordered.map((t) => {
    const where = t.origin ? `${t.origin.file}:${t.origin.line}` : '';
    const why = t.failures.map((f) => html`<br /><span class="remove">${f}</span>`);
    const status = t.status === 'failed' ? html`<td class="remove"><strong>FAIL</strong></td>` : html`<td class="add">ok</td>`;
    const call = `${t.direction} call to ${t.to}${t.from ? ` from ${t.from}` : ''}`;
    return html`<tr>
      ${status}
      <td>${t.name}<br /><span class="muted mono">${where}</span></td>
      <td>${call}</td>
      <td>${t.took}${why}</td>
    </tr> `;
  });
  const verdict = `${tests.length - failed.length} passed, ${failed.length} failed`;
  return html`<h2 id="routing-tests">Routing tests</h2>
    <div class="box ${failed.length > 0 ? 'refused' : 'passed'}">
      <p><strong>${verdict}</strong> (against the rules after the plan)</p>
    </div>
    <table class="tests">
      <thead>
        <tr>
          <th></th>
          <th>Test</th>
          <th>Call</th>
          <th>What the proxy would do</th>
        </tr>
      </thead>
      <tbody>
        ${rows}
      </tbody>
    </table> `;
}
