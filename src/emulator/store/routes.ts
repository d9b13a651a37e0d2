import { FLT_OUTBOUND } from '../../model/constants.js';
import { lcrPattern, type OutboundRouteInput, type OutboundRoutePatch } from '../../model/outbound-route.js';
import { InternalError } from '../../model/errors.js';
import { LcrTable } from './lcr.js';
import { conflict, notFound, success, type Failure, type Outcome } from './outcome.js';
import type { Ledger, StoredRoute } from './records.js';
import { snapshotError } from './snapshot.js';

const NO_ROUTE = 'No Matching Rule Found';

/** What an LCR route needs from the LCR table once every check has passed. */
type LcrPlan =
  | { readonly action: 'none' }
  | { readonly action: 'add'; readonly groupid: number; readonly pattern: string }
  | { readonly action: 'repattern'; readonly groupid: number; readonly pattern: string }
  | { readonly action: 'remove'; readonly groupid: number };

/**
 * Outbound routes and their paired LCR records. Every operation checks everything first and only
 * then mutates, so a refused request leaves the routes, the LCR records and the counters untouched.
 * Values are assumed validated by the handlers; this table owns kind changes and LCR invariants.
 */
export class RouteTable {
  /** Insertion order is ruleid order, because ruleids only grow. */
  private readonly byId = new Map<number, StoredRoute>();
  /** The LCR records; exposed read-only for tests and the data file. */
  readonly lcr = new LcrTable();

  constructor(private readonly ledger: Ledger) {}

  /** All routes, simple and LCR, in ruleid order. */
  list(): StoredRoute[] {
    return [...this.byId.values()];
  }

  /** The route with this ruleid, or `undefined` (also for a ruleid that names a mapping). */
  get(ruleid: number): StoredRoute | undefined {
    return this.byId.get(ruleid);
  }

  /** Creates a route; a non-empty `from_prefix` makes it LCR with a freshly allocated groupid. */
  create(input: OutboundRouteInput): Outcome<StoredRoute> {
    const fromPrefix = input.from_prefix ? input.from_prefix : null;
    const plan = this.planLcr(null, fromPrefix, input.prefix);
    if ('ok' in plan) return plan;
    const route: StoredRoute = {
      ruleid: this.ledger.allocateRuleid(),
      groupid: plan.action === 'add' ? plan.groupid : FLT_OUTBOUND,
      name: input.name,
      prefix: input.prefix,
      from_prefix: fromPrefix,
      gwgroupid: storedGwgroupid(input.gwgroupid),
      priority: input.priority ?? 0,
      timerec: input.timerec ?? '',
      routeid: input.routeid ?? '',
    };
    this.commit(route, plan);
    return success(route);
  }

  /**
   * Applies a patch. Fields not sent keep their value; `from_prefix: ""` demotes an LCR route, a
   * non-empty one promotes a simple route, and a changed pattern is rewritten in place.
   */
  update(ruleid: number, patch: OutboundRoutePatch): Outcome<StoredRoute> {
    const current = this.byId.get(ruleid);
    if (!current) return notFound(NO_ROUTE);
    const fromPrefix = patch.from_prefix === undefined ? current.from_prefix : patch.from_prefix === '' ? null : patch.from_prefix;
    const prefix = patch.prefix ?? current.prefix;
    const plan = this.planLcr(current, fromPrefix, prefix);
    if ('ok' in plan) return plan;
    const route: StoredRoute = {
      ...current,
      groupid: plan.action === 'add' ? plan.groupid : plan.action === 'remove' ? FLT_OUTBOUND : current.groupid,
      name: patch.name ?? current.name,
      prefix,
      from_prefix: fromPrefix,
      gwgroupid: patch.gwgroupid === undefined ? current.gwgroupid : storedGwgroupid(patch.gwgroupid),
      priority: patch.priority ?? current.priority,
      timerec: patch.timerec ?? current.timerec,
      routeid: patch.routeid ?? current.routeid,
    };
    this.commit(route, plan);
    return success(route);
  }

  /** Deletes a route and its LCR record, and returns the route. */
  delete(ruleid: number): Outcome<StoredRoute> {
    const current = this.byId.get(ruleid);
    if (!current) return notFound(NO_ROUTE);
    this.byId.delete(ruleid);
    if (current.from_prefix !== null) this.lcr.remove(current.groupid);
    this.ledger.recordWrite();
    return success(current);
  }

  /** Puts routes back from a data file (their LCR records are loaded separately, first). */
  load(routes: readonly StoredRoute[]): void {
    for (const route of routes) {
      if (this.byId.has(route.ruleid)) throw snapshotError(`duplicate outbound route ruleid ${route.ruleid}`);
      if (route.from_prefix !== null && this.lcr.get(route.groupid) === undefined) {
        throw snapshotError(`LCR route ${route.ruleid} has no LCR record with groupid ${route.groupid}`);
      }
      this.byId.set(route.ruleid, route);
    }
  }

  /** Decides what the LCR table must do for a route going from `current` to this shape; no side effects. */
  private planLcr(current: StoredRoute | null, fromPrefix: string | null, prefix: string): LcrPlan | Failure {
    const wasLcr = current !== null && current.from_prefix !== null;
    if (fromPrefix === null) {
      return wasLcr ? { action: 'remove', groupid: current.groupid } : { action: 'none' };
    }
    if (prefix === '') return conflict('prefix may not be empty on an LCR route');
    const pattern = lcrPattern(fromPrefix, prefix);
    const owner = this.lcr.groupOf(pattern);
    if (owner !== undefined && !(wasLcr && owner === current.groupid)) return conflict('Duplicate LCR pattern');
    if (wasLcr) return { action: 'repattern', groupid: current.groupid, pattern };
    const groupid = this.lcr.nextGroupid();
    if (groupid === null) return conflict('LCR group range is full');
    return { action: 'add', groupid, pattern };
  }

  private commit(route: StoredRoute, plan: LcrPlan): void {
    switch (plan.action) {
      case 'none':
        break;
      case 'add':
        this.lcr.add({ pattern: plan.pattern, from_prefix: route.from_prefix ?? '', groupid: plan.groupid });
        break;
      case 'repattern':
        this.lcr.repattern(plan.groupid, plan.pattern, route.from_prefix ?? '');
        break;
      case 'remove':
        this.lcr.remove(plan.groupid);
        break;
      default: {
        const never: never = plan;
        throw new InternalError(`unknown LCR plan ${JSON.stringify(never)}`);
      }
    }
    this.byId.set(route.ruleid, route);
    this.ledger.recordWrite();
  }
}

/**
 * The platform's `gwlist`: `#` put in front of the id exactly as sent (so `"#2"` becomes `"##2"`),
 * or empty for `""` and `"0"` (gui/modules/api/outboundroutes/functions.py:84, :119).
 */
function storedGwgroupid(value: string): string {
  return value !== '' && value !== '0' ? `#${value}` : '';
}
