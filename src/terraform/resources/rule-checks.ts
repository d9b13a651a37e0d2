import type { DesiredMapping, DesiredRoute } from '../../model/desired.js';
import type { OneRule, RuleCheck, RuleField } from '../../pipeline/rule-checks.js';
import type { ProviderContext } from '../context.js';
import type { Diagnostic, TfObject } from '../types.js';
import { apiDiagnostic, attrError, knownNumber, knownString, knownStrings } from '../values.js';
import { liveGroups } from './group-names.js';
import { hclHint } from './hcl-hint.js';

/** Which resource's rule: an inbound mapping's or an outbound route's. */
type RuleKind = 'mapping' | 'route';

/** What to do about a reference the proxy would drop, in a configuration's words. */
const DANGLING_HINT =
  'refer to a group that exists and holds gateways: by id (servers = ["#22"], gwgroupid = "22"), by name (group, carrier_group), ' +
  'or by a reference to a dsiprouter_carrier_group this configuration manages, so that Terraform plans it first; ' +
  'if the group or gateway is made outside Terraform later on purpose, set allow_dangling = true in the provider block';

/**
 * The rule a resource's plan declares, as the pipeline checks it; `undefined` while a value it
 * needs is not known yet (a group this apply creates), then nothing is judged.
 */
function ruleOf(kind: RuleKind, planned: TfObject): OneRule | undefined {
  if (kind === 'mapping') {
    const did = knownString(planned, 'did');
    const servers = knownStrings(planned, 'servers');
    if (did === undefined || servers === undefined) return undefined;
    const group = knownString(planned, 'group');
    const mapping: DesiredMapping = { did, servers, notes: knownString(planned, 'notes') ?? '', ...(group !== undefined ? { group } : {}) };
    return { mapping };
  }
  const name = knownString(planned, 'name');
  const prefix = knownString(planned, 'prefix');
  const gwgroupid = knownString(planned, 'gwgroupid');
  const priority = knownNumber(planned, 'priority');
  const timerec = knownString(planned, 'timerec');
  const routeid = knownString(planned, 'routeid');
  if ([name, prefix, gwgroupid, priority, timerec, routeid].includes(undefined)) return undefined;
  const carrierGroup = knownString(planned, 'carrier_group');
  const route: DesiredRoute = {
    name: name!,
    prefix: prefix!,
    gwgroupid: gwgroupid!,
    from_prefix: knownString(planned, 'from_prefix') || null,
    priority: priority!,
    timerec: timerec!,
    routeid: routeid!,
    ...(carrierGroup !== undefined ? { carrier_group: carrierGroup } : {}),
  };
  return { route };
}

/** The attributes of each rule resource, whose examples a hint writes in HCL. */
const RULE_ATTRIBUTES: Record<RuleKind, readonly string[]> = {
  mapping: ['did', 'servers', 'group', 'notes'],
  route: ['name', 'prefix', 'from_prefix', 'gwgroupid', 'carrier_group', 'priority', 'timerec', 'routeid'],
};

/** The attribute a check points at: the name attribute when the group was given by name. */
function attributeOf(kind: RuleKind, field: RuleField, planned: TfObject): string {
  if (field !== 'gateways') return field;
  const byName = kind === 'mapping' ? 'group' : 'carrier_group';
  if (knownString(planned, byName) !== undefined) return byName;
  return kind === 'mapping' ? 'servers' : 'gwgroupid';
}

/** A check as Terraform shows it, at its attribute: an error when it stops the plan, else a warning. */
function diagnosticOf(kind: RuleKind, check: RuleCheck, planned: TfObject): Diagnostic {
  const attribute = attributeOf(kind, check.field, planned);
  if (check.code === 'dangling') {
    if (check.blocks) return attrError([attribute], `Invalid ${attribute}`, `${check.message}\n\nhint: ${DANGLING_HINT}`);
    return {
      ...attrError([attribute], `Dangling ${attribute} (allowed by allow_dangling)`, `${check.message}.`),
      severity: 'warning',
    };
  }
  const hint = hclHint(check.hint, [...RULE_ATTRIBUTES[kind]]);
  return { ...attrError([attribute], `Routing warning (${check.code})`, `${check.message}\n\nhint: ${hint}`), severity: 'warning' };
}

/**
 * The checks `dsipform plan` makes of a rule, at plan time, through the pipeline
 * (pipeline/rule-checks.ts `checkRule`): a mapping's servers or a route's gwgroupid that names a
 * group the platform does not have, one that holds no gateway, or a gateway no group holds is an
 * error at the attribute (a warning with `allow_dangling = true`), in the CLI's words; the routing
 * lints about the rule alone are warnings. Values not known yet are not judged; a carrier group
 * planned in this run counts with the gateways its plan leaves it. A failed read of the groups is
 * an error too. The pipeline's module is loaded at the first plan, not when the provider starts.
 */
export async function ruleChecks(ctx: ProviderContext, kind: RuleKind, planned: TfObject): Promise<Diagnostic[]> {
  const rule = ruleOf(kind, planned);
  if (rule === undefined) return [];
  const { checkRule } = await import('../../pipeline/rule-checks.js');
  // A rule whose group is not resolved yet (servers [], gwgroupid "") names nothing to look up.
  const names = 'mapping' in rule ? rule.mapping.servers.length > 0 : rule.route.gwgroupid !== '';
  let groups;
  try {
    groups = names ? await liveGroups(ctx, 'any', true) : undefined;
  } catch (err) {
    return [apiDiagnostic('read the carrier and endpoint groups to check the references', err)];
  }
  const declared = new Map<string, number>();
  for (const g of groups ?? []) {
    const gateways = g.type === 'carrier' ? ctx.plannedGroupGateways.get(g.gwgroupid) : undefined;
    if (gateways !== undefined) declared.set(g.name, gateways);
  }
  const checks = checkRule(rule, { ...(groups ? { groups } : {}), declared, allowDangling: ctx.allowDangling() });
  return checks.map((c) => diagnosticOf(kind, c, planned));
}
