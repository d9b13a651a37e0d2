import { FLT_OUTBOUND } from '../../model/constants.js';
import { DsipformError } from '../../model/errors.js';
import type { OutboundRoute } from '../../model/outbound-route.js';
import { normalizeRoute, ROUTE_DEFAULTS } from '../../model/normalize-rule.js';
import { bareGwgroupid } from '../../model/rules.js';
import { isUnknown, UNKNOWN, type TfObject } from '../types.js';
import { knownNumber, knownString } from '../values.js';
import { normalizerDiagnostics, plainConfig } from './desired.js';
import type { KindCalls, KindResource } from './kind-resource.js';
import { routeNamed } from './route-by-name.js';
import { byNameDiagnostics, resolvedAtApply, resolvedAtPlan, type GroupByName } from './group-reference.js';
import { ruleChecks } from './rule-checks.js';

const ROUTE_ATTRIBUTES = ['name', 'prefix', 'gwgroupid', 'from_prefix', 'priority', 'timerec', 'routeid'] as const;
/** A route's carrier group by name: `carrier_group` instead of `gwgroupid`. */
const BY_NAME: GroupByName = {
  name: 'carrier_group',
  id: 'gwgroupid',
  scope: 'carrier',
  idOf: (gwgroupid) => String(gwgroupid),
  idWords: 'a carrier-group id, e.g. "5"',
};

/**
 * The route as Terraform state. Two spellings the platform does not keep are kept from the prior
 * state, so they never show as drift: `from_prefix = ""` (read back as null) and `gwgroupid = "#5"`
 * (read back as "5"). A `carrier_group` stays as configured: the plan resolves it again each time.
 */
function toState(r: OutboundRoute, prior: TfObject | null): TfObject {
  const priorGw = knownString(prior, 'gwgroupid');
  return {
    id: String(r.ruleid),
    ruleid: r.ruleid,
    name: r.name,
    prefix: r.prefix,
    gwgroupid: priorGw !== undefined && bareGwgroupid(priorGw) === r.gwgroupid ? priorGw : r.gwgroupid,
    from_prefix: r.from_prefix ?? (prior?.from_prefix === '' ? '' : null),
    priority: r.priority,
    timerec: r.timerec,
    routeid: r.routeid,
    groupid: r.groupid,
    kind: r.from_prefix ? 'lcr' : 'simple',
    carrier_group: knownString(prior, 'carrier_group') ?? null,
  };
}

const fromPrefixOf = (obj: TfObject | null): string | null | typeof UNKNOWN => {
  const v = obj?.from_prefix;
  return isUnknown(v) ? UNKNOWN : typeof v === 'string' && v !== '' ? v : null;
};

/** Reads a route back after a write: what the platform holds is the state. */
async function readBack({ ctx }: KindCalls, ruleid: number, prior: TfObject | null): Promise<TfObject> {
  const live = await ctx.client().getOutboundRoute(ruleid);
  if (!live)
    throw new DsipformError(
      'TF_READ_BACK_FAILED',
      `route ${ruleid} disappeared right after it was written`,
      'Something else deleted it; run terraform plan to see the platform as it is now.',
    );
  return toState(live, prior);
}

/** The fields a write sends, from a plan whose carrier group is resolved. */
function fieldsOf(planned: TfObject) {
  return {
    name: knownString(planned, 'name')!,
    prefix: knownString(planned, 'prefix')!,
    gwgroupid: knownString(planned, 'gwgroupid')!,
    priority: knownNumber(planned, 'priority') ?? 0,
    timerec: knownString(planned, 'timerec') ?? '',
    routeid: knownString(planned, 'routeid') ?? '',
  };
}

/**
 * `dsiprouter_outbound_route`: promote and demote are in-place updates; import by ruleid or
 * `name:<route name>`. The carrier group is `gwgroupid` or, by name, `carrier_group` (resolved at
 * plan, or at apply for a group the same apply creates).
 */
export const OUTBOUND_ROUTE_RESOURCE: KindResource<'outbound_route', OutboundRoute> = {
  kind: 'outbound_route',
  idAttribute: 'ruleid',

  validate(config) {
    return [
      ...normalizerDiagnostics(normalizeRoute(plainConfig(config, ROUTE_ATTRIBUTES)), [...ROUTE_ATTRIBUTES, 'carrier_group']),
      ...byNameDiagnostics(config, BY_NAME),
    ];
  },

  async plan({ ctx }, { prior, proposed, config }) {
    const from = fromPrefixOf(proposed);
    const planned: TfObject = {
      ...proposed,
      priority: config?.priority ?? ROUTE_DEFAULTS.priority,
      timerec: config?.timerec ?? ROUTE_DEFAULTS.timerec,
      routeid: config?.routeid ?? ROUTE_DEFAULTS.routeid,
      kind: isUnknown(from) ? UNKNOWN : from ? 'lcr' : 'simple',
    };
    if (!prior) {
      Object.assign(planned, { id: UNKNOWN, ruleid: UNKNOWN, groupid: isUnknown(from) || from ? UNKNOWN : FLT_OUTBOUND });
    } else {
      const before = fromPrefixOf(prior);
      // Promotion allocates a group id; demotion returns to FLT_OUTBOUND; otherwise it stays.
      planned.groupid = isUnknown(from) ? UNKNOWN : !from ? FLT_OUTBOUND : before ? prior.groupid! : UNKNOWN;
    }
    const resolved = await resolvedAtPlan(ctx, planned, config, BY_NAME);
    if (resolved.diagnostics) return resolved;
    // What `dsipform plan` refuses, refused here too (a carrier group the proxy would not find; a
    // warning with allow_dangling), and the routing lints about this route alone, as warnings.
    const checked = await ruleChecks(ctx, 'route', resolved.planned);
    return checked.length > 0 ? { planned: resolved.planned, diagnostics: checked } : resolved;
  },

  async create(calls, planned) {
    const from = fromPrefixOf(planned) as string | null;
    const resolved = await resolvedAtApply(calls.ctx, planned, BY_NAME);
    if ('diagnostics' in resolved) return { state: null, diagnostics: resolved.diagnostics };
    const ruleid = await calls.ctx.client().createOutboundRoute({ ...fieldsOf(resolved.planned), ...(from ? { from_prefix: from } : {}) });
    calls.wrote();
    return { state: await readBack(calls, ruleid, resolved.planned) };
  },

  async update(calls, prior, planned) {
    const from = fromPrefixOf(planned) as string | null;
    const resolved = await resolvedAtApply(calls.ctx, planned, BY_NAME);
    if ('diagnostics' in resolved) return { state: prior, diagnostics: resolved.diagnostics };
    const ruleid = knownNumber(prior, 'ruleid')!;
    const patch: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(fieldsOf(resolved.planned))) {
      const was = k === 'gwgroupid' ? bareGwgroupid(String(prior[k])) : prior[k];
      if ((k === 'gwgroupid' ? bareGwgroupid(v as string) : v) !== was) patch[k] = v;
    }
    if (from !== fromPrefixOf(prior)) patch.from_prefix = from ?? '';
    if (Object.keys(patch).length > 0) {
      await calls.ctx.client().updateOutboundRoute(ruleid, patch);
      calls.wrote();
    }
    return { state: await readBack(calls, ruleid, resolved.planned) };
  },

  reading: {
    get: ({ ctx }, ruleid) => ctx.client().getOutboundRoute(ruleid),
    toState,
  },

  importing: {
    words: { id: 'a ruleid (7)', key: 'name:<route name> (name:UK mobile)' },
    async byKey({ ctx }, name) {
      const found = await routeNamed(ctx, name);
      return 'summary' in found ? { problem: { ...found, ambiguous: found.summary.startsWith('Several') } } : { live: found };
    },
  },
};
