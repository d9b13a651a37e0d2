import { losesRoute, type ImpactEntry } from '../../model/routing.js';
import { classTables, type ClassRow } from './class-table.js';
import { impactClassWords, sampleWords, type ClassParts } from './class-words.js';
import { decisionWords } from './decision-words.js';
import { horizonSentence } from '../routes-words.js';
import { html, type Html } from './markup.js';

/** An impact entry, with the class and time fields an exact impact adds when it has them. */
export type ImpactRowInput = ImpactEntry & Partial<ClassParts> & { readonly when?: string };

/** The sentence of a plan whose impact is empty. */
export const NO_CALL_CHANGES = 'No call changes its route.';

/**
 * The plan's `Routing impact` section: what time was examined (the horizon in words, when the plan
 * has one), then the classes of calls × time windows whose outcome the plan changes, before →
 * after, a class that loses its route marked; calls probed at one instant say that instant. Nothing when the plan has no
 * `routing_impact` (it manages no rules); {@link NO_CALL_CHANGES} when it is empty.
 */
export function impactSection(impact: readonly ImpactRowInput[] | undefined, horizon: string | undefined): Html {
  if (impact === undefined) return html``;
  const head = html`<h2 id="routing-impact">Routing impact</h2>
    ${horizon ? html`<p class="muted">${horizonSentence(horizon)}</p> ` : ''}`;
  if (impact.length === 0)
    return html`${head}
      <p>${NO_CALL_CHANGES}</p> `;
  const rows: ClassRow[] = impact.map((e) => ({
    direction: e.direction,
    calls: impactClassWords(e),
    sample: sampleWords(e),
    when: e.when ?? `at ${e.before.at}`,
    outcomes: [decisionWords(e.before), decisionWords(e.after)],
    loses: losesRoute(e.before, e.after),
  }));
  return html`${head}${classTables(rows, { sides: ['Before', 'After'], gap: 'unchanged' })}`;
}
