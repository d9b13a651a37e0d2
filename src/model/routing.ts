/**
 * The shapes of a routing decision that leave the simulation (src/routing/): in `dsipform route
 * --format json`, in `dsipform test` reports and in a plan's `routing_impact`. Pure data.
 */

/** Which way a call goes: decided by the proxy from the call's source, so an input of the simulation. */
export type Direction = 'inbound' | 'outbound';

/** A rule as a decision names it (the `rule` of `route --format json`). */
export interface DecidedRule {
  readonly kind: 'inbound_mapping' | 'outbound_route';
  readonly key: string;
  readonly ruleid?: number;
  readonly group: number;
  readonly prefix: string;
  readonly lcr_pattern?: string;
  readonly priority: number;
}

/** What the proxy does with a call. */
export type RouteResult = 'routed' | 'no_route' | 'ambiguous';

/**
 * What a call does when the proxy picks one candidate of an ambiguous decision. For tied LCR
 * patterns the proxy commits to the candidate's group with no fallback, so the call may fail
 * (`no_route`) when that group's rule does not route the number at that time; for tied rules of
 * one prefix each candidate routes by itself.
 */
export interface CandidateOutcome {
  /** The candidate (one of the decision's `candidates`). */
  readonly candidate: DecidedRule;
  /** `routed` by `rule` to `gwlist`; `no_route` (the call fails); `ambiguous` (the candidate's group ties again). */
  readonly result: RouteResult;
  readonly rule?: DecidedRule;
  readonly gwlist?: string;
  /** `gwlist` in words, with the names and ids the platform's groups show (see {@link RouteDecision.gwlist_words}). */
  readonly gwlist_words?: string;
}

/**
 * The decision for one call, exactly the `dsipform route --format json` object: `rule` and `gwlist`
 * are absent for `no_route`; for `ambiguous`, `candidates` lists the rules the proxy may pick in an
 * undefined order (for `routed` it holds the winner alone) and `outcomes` what the call does with
 * each, in the same order. `steps` explain the decision in words.
 */
export interface RouteDecision {
  readonly direction: Direction;
  readonly from: string;
  readonly to: string;
  /** The call time as given (`CallTime.local`), with the zone: `2026-12-28T10:00:00 Europe/London`. */
  readonly at: string;
  readonly result: RouteResult;
  readonly rule?: DecidedRule;
  /** The winner's gateway list as the proxy holds it (`"#5"`, `"66,67"`). */
  readonly gwlist?: string;
  /**
   * `gwlist` in words, with names beside the ids: `carrier group "BW" (#5)`, `gateway "pbx-a"
   * 10.0.0.5:5060 (61)`. Present when the rules were read with the platform's groups (`--live`, a
   * plan); absent from the files alone, which know no group's id.
   */
  readonly gwlist_words?: string;
  readonly candidates: readonly DecidedRule[];
  /** Only for `ambiguous`: each candidate's own outcome. */
  readonly outcomes?: readonly CandidateOutcome[];
  readonly steps: readonly string[];
}

/**
 * How badly a decision serves its call, its worst candidate counted: 0 routed; 1 ambiguous with
 * every candidate routing (an ambiguous decision saved without outcomes counts so too); 2 the call
 * fails, for certain (`no_route`) or when the proxy picks a candidate that does not route it.
 */
export function decisionSeverity(d: Pick<RouteDecision, 'result' | 'outcomes'>): 0 | 1 | 2 {
  if (d.result === 'routed') return 0;
  if (d.result === 'no_route') return 2;
  return d.outcomes?.some((o) => o.result === 'no_route') ? 2 : 1;
}

/**
 * Whether a change of decision takes a call that routes today (for certain, or by every candidate
 * of an undefined order) to something worse: an ambiguous route, or one that may fail.
 */
export function losesRoute(before: Pick<RouteDecision, 'result' | 'outcomes'>, after: Pick<RouteDecision, 'result' | 'outcomes'>): boolean {
  const was = decisionSeverity(before);
  return was < 2 && decisionSeverity(after) > was;
}

/** A span of wall-clock time in the proxy's zone, `YYYY-MM-DDTHH:MM:SS`, end exclusive. */
export interface TimeWindow {
  readonly start: string;
  readonly end: string;
  /**
   * The same window on this many consecutive days from the first (more than a week's worth;
   * model/time/window-runs.ts): absent for one window.
   */
  readonly days?: number;
}

/** The time a routing analysis examined: at least one full period of every time recurrence involved. */
export interface Horizon {
  readonly start: string;
  readonly end: string;
  readonly tz: string;
  /** In words: `checked over one week from Mon 2026-11-30 00:00 America/New_York`. */
  readonly words: string;
}

/** A class of calls rule sets route alike: digit numbers starting with `prefix` and with none of `except`, from a caller holding exactly `from_parts`. */
export interface CallClass {
  readonly direction: Direction;
  /** `''`: the numbers no rule prefix matches. */
  readonly prefix: string;
  /** The longer prefixes left out (those directly below `prefix`, sorted). */
  readonly except: readonly string[];
  /** A representative number of the class. */
  readonly to: string;
  /** A representative From (`''`: none of the LCR From parts). */
  readonly from: string;
  /** The LCR From parts the class's callers match (sorted; a From part `''` matches every caller and is not listed). */
  readonly from_parts: readonly string[];
  /** `two_or_more`: the callers hold two or more of `from_parts`, whose patterns are of one length and tie. */
  readonly from_holds?: 'two_or_more';
  /** For a tie class: the From parts of longer patterns its callers hold none of (a caller holding one takes that pattern). */
  readonly from_except?: readonly string[];
}

/** How many From parts the words of a tie class list before saying how many more. */
const LISTED_PARTS = 6;

/**
 * The callers of a class in words, the one wording of every output: `''` (no From part), ` from
 * …1555` (a caller holding 1555), ` from …1555 and …2666`, or for a tie class ` from two or more of
 * …2000, …2001 and 998 more`, with ` (and none of …21)` when callers holding the From part of a
 * longer pattern are left out (`except`). `clean` makes a part safe for the output it goes to.
 */
export function fromWords(
  parts: readonly string[],
  holds: 'two_or_more' | undefined,
  clean: (part: string) => string = (p) => p,
  except: readonly string[] = [],
): string {
  if (parts.length === 0) return '';
  if (holds !== 'two_or_more') return ` from …${parts.map(clean).join(' and …')}`;
  const list = (of: readonly string[]): string => {
    const listed = of.slice(0, LISTED_PARTS).map((p) => `…${clean(p)}`);
    const more = of.length - listed.length;
    return `${listed.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
  };
  return ` from two or more of ${list(parts)}${except.length > 0 ? ` (and none of ${list(except)})` : ''}`;
}

/** One class and one stretch of time in which every rule set decides it alike; `decisions[i]` is set `i`'s. */
export interface ClassSpan {
  readonly class: CallClass;
  readonly windows: readonly TimeWindow[];
  /** The windows in words: `always`, `Mon–Fri 18:00–24:00 America/New_York`. */
  readonly when: string;
  readonly decisions: readonly RouteDecision[];
}

/**
 * One class of calls whose outcome a plan changes, in the time windows where it does (plans carry
 * these as `routing_impact`): the digit numbers starting with `prefix` and with none of `except`,
 * from a caller holding exactly the LCR From parts `from_parts`; `to` and `from` a representative
 * call of the class, each side decided for it in the `route --format json` shape.
 */
export interface ImpactEntry {
  readonly direction: Direction;
  /** `''`: the numbers no rule prefix matches. */
  readonly prefix: string;
  /** The longer rule prefixes left out of the class (those directly below `prefix`), sorted. */
  readonly except: readonly string[];
  /** The LCR From parts the callers of the class hold (sorted; none: no From part matters). */
  readonly from_parts: readonly string[];
  /** `two_or_more`: the callers hold two or more of `from_parts` (tied patterns of one length). */
  readonly from_holds?: 'two_or_more';
  /** With `from_holds`: the From parts of longer patterns the callers hold none of. */
  readonly from_except?: readonly string[];
  /** The representative From, when the class has one. */
  readonly from?: string;
  /** The representative number. */
  readonly to: string;
  /** The windows in words: `always`, `Mon–Fri 18:00–24:00 America/New_York`. */
  readonly when: string;
  readonly windows: readonly TimeWindow[];
  readonly before: RouteDecision;
  readonly after: RouteDecision;
}

/**
 * The call time as the proxy's clock shows it: a wall-clock time in the proxy's zone (timerec's
 * dtstart is local time there), plus the zone's name for the explanation.
 */
export interface CallTime {
  /** `YYYY-MM-DDTHH:MM:SS`, wall clock in `tz`. */
  readonly local: string;
  /** IANA zone name, e.g. `Europe/London`. */
  readonly tz: string;
}
