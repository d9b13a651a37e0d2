/**
 * The calls a rule can affect, as probes for the routing impact of a plan (impact.ts). A probe
 * reaches the rule's prefix and, where possible, no longer prefix of another rule; an LCR route is
 * also probed from a number its From part matches. Pure.
 */
import type { Direction } from '../model/routing.js';
import type { RoutingRule, RuleSet } from './types.js';

/** One probed call (the time is the impact's). `from` is `""` when the call gives none. */
export interface Probe {
  readonly direction: Direction;
  readonly from: string;
  readonly to: string;
}

/** The prefixes of the rules of one direction, over both sets, indexed once for every probe. */
interface DirectionIndex {
  /** Every rule prefix. */
  readonly prefixes: ReadonlySet<string>;
  /** The same, sorted: a binary search tells whether any begins with a text. */
  readonly sorted: readonly string[];
}

/** What probe choice needs from both rule sets, built once per impact (each direction when first needed). */
export interface ProbeIndex {
  direction(direction: Direction): DirectionIndex;
  /** The From parts of every LCR pattern of both sets. */
  readonly lcrFroms: ReadonlySet<string>;
}

const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];
/** How deep the search for a number no prefix matches goes. */
const MAX_UNMATCHED_DIGITS = 4;

/** The direction a rule routes. */
export function directionOf(rule: Pick<RoutingRule, 'kind'>): Direction {
  return rule.kind === 'inbound_mapping' ? 'inbound' : 'outbound';
}

/** Indexes the prefixes and LCR From parts of both sets. */
export function probeIndex(sets: readonly RuleSet[]): ProbeIndex {
  const built = new Map<Direction, DirectionIndex>();
  const build = (direction: Direction): DirectionIndex => {
    const prefixes = new Set<string>();
    for (const set of sets) for (const rule of set.rules) if (directionOf(rule) === direction) prefixes.add(rule.prefix);
    return { prefixes, sorted: [...prefixes].sort() };
  };
  const lcrFroms = new Set<string>();
  for (const set of sets) for (const r of set.lcr) lcrFroms.add(fromPart(r.pattern));
  return {
    direction(direction) {
      let index = built.get(direction);
      if (!index) built.set(direction, (index = build(direction)));
      return index;
    },
    lcrFroms,
  };
}

/** Whether some rule prefix begins with `text` (is `text` itself, or continues it). */
function continued(index: DirectionIndex, text: string): boolean {
  const { sorted } = index;
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as string) < text) lo = mid + 1;
    else hi = mid;
  }
  return lo < sorted.length && (sorted[lo] as string).startsWith(text);
}

/** The probes of one rule (one version of it): its prefix, and for an LCR route its From part too. */
export function probesOf(rule: RoutingRule, index: ProbeIndex): Probe[] {
  const direction = directionOf(rule);
  const to = toProbe(rule.prefix, direction, index);
  if (to === null) return [];
  const probes: Probe[] = [{ direction, from: '', to }];
  if (rule.lcr_pattern !== undefined) {
    const from = fromPart(rule.lcr_pattern);
    if (from !== '') probes.push({ direction, from: fromProbe(from, index.lcrFroms), to });
  }
  return probes;
}

/**
 * A number that reaches `prefix` and no longer rule prefix: an inbound DID itself (a call to a DID
 * is a call to that number); for a route, the prefix and a digit no other prefix continues it with
 * (the prefix alone when every digit does). For the prefixless rule: a number no prefix matches, or
 * null when every number matches one (then the rule routes nothing).
 */
function toProbe(prefix: string, direction: Direction, index: ProbeIndex): string | null {
  if (prefix === '') return unmatched(index.direction(direction));
  if (direction === 'inbound') return prefix;
  const outbound = index.direction(direction);
  const free = DIGITS.find((d) => !continued(outbound, prefix + d));
  return free === undefined ? prefix : prefix + free;
}

// Breadth first over digit strings: the shortest number that no rule prefix begins.
function unmatched(index: DirectionIndex): string | null {
  let level = [''];
  for (let depth = 0; depth < MAX_UNMATCHED_DIGITS; depth++) {
    const next: string[] = [];
    for (const stem of level)
      for (const d of DIGITS) {
        const s = stem + d;
        if (!continued(index, s)) return s;
        if (!index.prefixes.has(s)) next.push(s);
      }
    level = next;
  }
  return null;
}

/**
 * A From number for an LCR From part `f`: `f` and a digit, when that digit makes no other From part
 * match that did not match `f` alone (a From part matches where the From holds it followed only by
 * digits); else `f` alone.
 */
function fromProbe(f: string, froms: ReadonlySet<string>): string {
  for (const d of DIGITS) {
    const s = f + d;
    let clean = true;
    // Only a From part that ends at the added digit can match `s` and not `f`.
    for (let k = 1; k <= s.length && clean; k++) {
      const tail = s.slice(s.length - k);
      if (froms.has(tail) && !fromMatches(tail, f)) clean = false;
    }
    if (clean) return s;
  }
  return f;
}

/**
 * Whether an LCR From part matches a From-user: it occurs in it followed only by digits. Only the
 * last occurrence needs looking at (an earlier one is followed by more of the From, so by no fewer
 * non-digits), which keeps this linear in the From however often the part occurs in it.
 */
export function fromMatches(part: string, from: string): boolean {
  const at = from.lastIndexOf(part);
  if (at < 0) return false;
  for (let i = at + part.length; i < from.length; i++) {
    const c = from.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** The From part of an LCR pattern `<from_prefix>-<prefix>`. */
export function fromPart(pattern: string): string {
  const dash = pattern.indexOf('-');
  return dash < 0 ? '' : pattern.slice(0, dash);
}
