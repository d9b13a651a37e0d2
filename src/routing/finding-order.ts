/**
 * The one order of routing findings, for the lints and every check that adds to them. Pure.
 */
import type { RoutingFinding } from './types.js';

/**
 * Findings in the order every front end shows them: errors first, then by file, line and column,
 * findings without a place last; otherwise as found. Stable.
 */
export function inFindingOrder(findings: readonly RoutingFinding[]): RoutingFinding[] {
  return findings
    .map((f, i) => ({ f, i }))
    .sort((x, y) => rank(x.f) - rank(y.f) || place(x.f, y.f) || x.i - y.i)
    .map(({ f }) => f);
}

function rank(f: RoutingFinding): number {
  return f.severity === 'error' ? 0 : 1;
}

function place(a: RoutingFinding, b: RoutingFinding): number {
  if (!a.origin || !b.origin) return (a.origin ? 0 : 1) - (b.origin ? 0 : 1);
  const { file: fa, line: la, col: ca } = a.origin;
  const { file: fb, line: lb, col: cb } = b.origin;
  return (fa < fb ? -1 : fa > fb ? 1 : 0) || la - lb || ca - cb;
}
