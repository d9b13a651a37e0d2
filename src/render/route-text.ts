import { KIND_SPECS } from '../model/kinds.js';
import type { CandidateOutcome, DecidedRule, RouteDecision } from '../model/routing.js';

/** A decided rule in words: `outbound route "UK" (LCR pattern 1555-44, group 10000, prefix "44", priority 10)`. */
function describeRule(rule: DecidedRule): string {
  const spec = KIND_SPECS[rule.kind];
  const what =
    rule.key === '' && spec.emptyKeyLabel !== undefined ? `the default ${spec.noun} (${spec.keyField} "")` : `${spec.noun} "${rule.key}"`;
  const parts = [
    ...(rule.lcr_pattern !== undefined ? [`LCR pattern ${rule.lcr_pattern}`] : []),
    `group ${rule.group}`,
    rule.prefix === '' ? 'no prefix' : `prefix "${rule.prefix}"`,
    `priority ${rule.priority}`,
    ...(rule.ruleid !== undefined ? [`ruleid ${rule.ruleid}`] : []),
  ];
  return `${what} (${parts.join(', ')})`;
}

/**
 * What the call does when the proxy picks this candidate: `: routed by it to carrier group "BW" (#5)`
 * (the bare `#5` when the groups were not read), `: no route, the call fails`.
 */
function outcomeWords(o: CandidateOutcome | undefined): string {
  if (o === undefined) return '';
  if (o.result === 'no_route') return ': no route, the call fails';
  if (o.result === 'ambiguous') return ': its group ties again (ambiguous)';
  const by = o.rule && (o.rule.kind !== o.candidate.kind || o.rule.key !== o.candidate.key) ? describeRule(o.rule) : 'it';
  return `: routed by ${by} to ${o.gwlist_words ?? o.gwlist ?? ''}`;
}

/**
 * A routing decision as text: the call, the outcome in one line, the gateways (by name and id when
 * the groups were read), then every step of the decision numbered. No colour; one trailing newline.
 */
export function renderRouteText(d: RouteDecision): string {
  const lines: string[] = [`Call: ${d.direction}${d.from ? ` from ${d.from}` : ''} to ${d.to} at ${d.at}`];
  if (d.result === 'routed' && d.rule) {
    lines.push(`Result: routed by ${describeRule(d.rule)}`, `Sends to: ${d.gwlist_words ?? d.gwlist ?? ''}`);
  } else if (d.result === 'ambiguous') {
    lines.push('Result: ambiguous: the proxy picks one of these in an undefined order (fix the rules so that one wins):');
    // Each candidate with what the call does when it is picked: one may make the call fail.
    d.candidates.forEach((c, i) => lines.push(`  - ${describeRule(c)}${outcomeWords(d.outcomes?.[i])}`));
  } else {
    lines.push('Result: no route: the proxy rejects the call (500 No rules defined for number)');
  }
  lines.push('', 'How the proxy decides:');
  d.steps.forEach((step, i) => lines.push(`  ${i + 1}. ${step}`));
  return `${lines.join('\n')}\n`;
}
