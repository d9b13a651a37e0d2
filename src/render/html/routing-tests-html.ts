import type { Direction } from '../../model/routing.js';
import { html, type Html } from './markup.js';
import { namedCell, verdictCell, verdictSection } from './verdict-table.js';

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
    const why = t.failures.map((f) => html`<br /><span class="remove">${f}</span>`);
    const call = `${t.direction} call to ${t.to}${t.from ? ` from ${t.from}` : ''}`;
    return html`<tr>
      ${verdictCell(t.status === 'failed')} ${namedCell(t.name, t.origin)}
      <td>${call}</td>
      <td>${t.took}${why}</td>
    </tr> `;
  });
  return verdictSection({
    id: 'routing-tests',
    title: 'Routing tests',
    verdict: `${tests.length - failed.length} passed, ${failed.length} failed`,
    refused: failed.length > 0,
    headers: ['Test', 'Call', 'What the proxy would do'],
    rows,
  });
}
