/**
 * Invariants' destinations by name (`reaches: { carrier_group | group | gateways }`) checked as
 * routing tests' expectations are (expect-names.ts): a name that no group or gateway has, or
 * several, would make `never … reaches` hold and `always … reaches` fail for no call at all, so it
 * is a problem placed at the invariant, before any invariant is decided. Pure.
 */
import type { SourceLocation } from '../model/desired.js';
import type { Invariant } from '../model/invariant.js';
import type { RoutingTest } from '../model/routing-test.js';
import { namedExpectationProblems, type NameBook } from './expect-names.js';

/** One problem of an invariant's destination: what, what to do, and where the invariant is. */
export interface InvariantNameIssue {
  readonly message: string;
  readonly hint: string;
  readonly origin?: SourceLocation;
}

/** The problems of the invariants' destinations by name against `book`; empty when each names one. */
export function invariantNameIssues(invariants: readonly Invariant[], book: NameBook): InvariantNameIssue[] {
  return invariants.flatMap((inv) => {
    if (inv.kind === 'builtin' || !inv.set.reaches) return [];
    // A destination is written as a test's expectation is: the same check, in the invariant's words.
    const probe = { name: inv.name, expect: inv.set.reaches } as unknown as RoutingTest;
    return namedExpectationProblems(probe, book).map((p) => ({
      message: `invariant ${JSON.stringify(inv.name)}: ${inv.kind}.reaches.${p.message.replace(/^expect\./, '')}`,
      hint: p.hint.replace(/; or expect the group by id$/, ''),
      ...(inv.origin ? { origin: inv.origin } : {}),
    }));
  });
}
