import { routeCall } from '../../../src/routing/match.js';
import type { Call, RouteDecision, RuleSet } from '../../../src/routing/types.js';
import type { SipReply } from './sip.js';

/** What a call does, comparable across the proxy and the simulation: `gateways 14,15` or `no route`. */
export type Outcome = string;

/** The most gateways the proxy tries for one rule. */
const MAX_GATEWAYS = 32;

/** The gateways a gwlist reaches, in the order the proxy tries them (a `#id` expands to its list). */
export function gatewaysOf(gwlist: string, set: RuleSet): string[] {
  const ids = gwlist.startsWith('#') ? [...(set.inventory?.lists.get(String(Number(gwlist.slice(1)))) ?? [])] : gwlist.split(/[,|;]/);
  return ids.map((s) => s.trim()).slice(0, MAX_GATEWAYS);
}

function routedTo(gwlist: string, set: RuleSet): Outcome {
  return `gateways ${gatewaysOf(gwlist, set).join(',')}`;
}

/** The proxy's answer as an outcome; throws on a reply the harness's proxy never sends. */
export function proxyOutcome(reply: SipReply): Outcome {
  if (reply.status === 200) return `gateways ${reply.headers.get('x-gateways') ?? ''}`;
  if (reply.status === 404) return 'no route';
  throw new Error(`unexpected reply ${reply.status} from the proxy`);
}

/** What a call routed by any rule looks like, for a candidate whose own group ties again. */
const ANY_ROUTE = 'routed by one of several tied rules';

/**
 * Every outcome the simulation allows for a call: one for `routed` and `no_route`; for `ambiguous`
 * one per candidate (the proxy may pick any), from the candidate's own outcome (`outcomes`), or,
 * for a decision that states none, the candidate rule's gateways.
 */
export function allowedOutcomes(decision: RouteDecision, set: RuleSet): Outcome[] {
  if (decision.result === 'no_route') return ['no route'];
  if (decision.result === 'routed') return [routedTo(decision.gwlist ?? '', set)];
  const out = new Set<Outcome>();
  if (decision.outcomes) {
    for (const o of decision.outcomes) {
      out.add(o.result === 'routed' ? routedTo(o.gwlist ?? '', set) : o.result === 'no_route' ? 'no route' : ANY_ROUTE);
    }
    return [...out];
  }
  for (const c of decision.candidates) {
    const rule = set.rules.find((r) => r.ruleid === c.ruleid);
    out.add(rule ? routedTo(rule.gwlist, set) : `unknown rule ${c.ruleid}`);
  }
  return [...out];
}

/** One call's verdict. */
export interface Verdict {
  readonly call: Call;
  readonly proxy: Outcome;
  readonly allowed: readonly Outcome[];
  readonly decision: RouteDecision;
  readonly agrees: boolean;
}

/** dsipform's decision for a call next to the proxy's answer. */
export function judge(set: RuleSet, call: Call, reply: SipReply): Verdict {
  const decision = routeCall(set, call);
  const allowed = allowedOutcomes(decision, set);
  const proxy = proxyOutcome(reply);
  const agrees = allowed.includes(proxy) || (allowed.includes(ANY_ROUTE) && proxy !== 'no route');
  return { call, proxy, allowed, decision, agrees };
}
