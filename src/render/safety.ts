import type { DeleteFinding, SafetyFinding, UpdateFinding } from '../model/plan.js';
import { cleanText } from './style.js';
import { formatKey } from './values.js';
import { kindOf } from './summary.js';

/** How many keys of one finding are named before the rest are counted. */
const MAX_LISTED_KEYS = 10;

/** The title of the safety warning. */
export const REFUSED = 'Refused without --force';

/** One safety finding in words, ready for a text box or a markdown alert. */
interface FindingView {
  /** Why the plan is refused, as one sentence ending with a period. */
  readonly sentence: string;
  /**
   * What the keys are: `Would be deleted` (`Would be deleted or replaced` when replaces are among
   * them), `Would be changed` for too many updates, or `Routed them before` for calls left unrouted.
   */
  readonly label: string;
  /** The keys that would be deleted (or that routed the calls), quoted; at most {@link MAX_LISTED_KEYS}. */
  readonly keys: readonly string[];
  /** How many keys were left out of `keys`. */
  readonly more: number;
}

/**
 * A finding in words. The sentence is the plan's own `message` (the same words `apply` refuses
 * with), made a sentence; only an empty message is replaced by one built from the numbers. Long key
 * lists are cut to {@link MAX_LISTED_KEYS}.
 */
export function describeFinding(finding: SafetyFinding): FindingView {
  const message = cleanText(finding.message).trim();
  const kind = kindOf(finding.collection);
  const keys = finding.keys.slice(0, MAX_LISTED_KEYS).map((key) => formatKey(kind, key));
  const fallback =
    finding.rule === 'unrouting'
      ? `the plan leaves ${finding.calls.length} classes of calls that route today without a route`
      : fromNumbers(finding);
  return {
    sentence: asSentence(message === '' ? fallback : message),
    label: labelOf(finding),
    keys,
    more: finding.keys.length - keys.length,
  };
}

function labelOf(finding: SafetyFinding): string {
  if (finding.rule === 'unrouting') return 'Routed them before';
  if (finding.rule === 'update_threshold') return 'Would be changed';
  return finding.replaces ? 'Would be deleted or replaced' : 'Would be deleted';
}

function fromNumbers(f: DeleteFinding | UpdateFinding): string {
  if (f.rule === 'update_threshold') {
    return `the plan updates ${f.updates} of ${f.live} ${f.collection}, more than the limit of ${cleanText(f.limit)}`;
  }
  return f.rule === 'protected'
    ? `${f.collection} is protected by policy.protect, and the plan deletes ${f.deletes} of them`
    : `the plan deletes ${f.deletes} of ${f.live} ${f.collection}, more than the limit of ${cleanText(f.limit)}`;
}

// Capitalized unless it starts with an identifier such as `inbound_mappings`; a period at the end.
function asSentence(text: string): string {
  const first = text.split(' ')[0] ?? '';
  const head = /^[a-z]/.test(text) && !first.includes('_') ? `${text.charAt(0).toUpperCase()}${text.slice(1)}` : text;
  return /[.!?]$/.test(head) ? head : `${head}.`;
}
