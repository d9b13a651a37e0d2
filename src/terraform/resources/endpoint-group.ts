import type { EndpointGroup } from '../../model/endpoint-group.js';
import { gwidsByName } from '../../model/gateway-ids.js';
import { changedEndpointGroupFields, endpointGroupFields } from '../../model/kinds/endpoint-group/fields.js';
import { isUnknown, UNKNOWN, type Diagnostic, type StateResponse, type TfObject, type TfValue } from '../types.js';
import type { ProviderContext } from '../context.js';
import { apiDiagnostic, knownNumber, knownString } from '../values.js';
import { WRITE_ONLY } from './carrier-group-state.js';
import { validateEndpointGroup } from './endpoint-group-rules.js';
import { blockOf, blocksOf, contentOf, GROUP_DEFAULTS, gwidsOf, passwordOf, toState, writeDifferences } from './endpoint-group-state.js';
import { sharedGroupName, unknownGroupName } from './group-names.js';
import type { KindCalls, KindResource } from './kind-resource.js';

/** The diagnostic of a write the platform answered as a success but did not carry out. */
function notTaken(name: string, gwgroupid: number, differences: readonly string[]): Diagnostic {
  return {
    severity: 'error',
    summary: 'The platform did not carry out the write of the endpoint group',
    detail:
      `The platform answered the write of endpoint group "${name}" (gwgroupid ${gwgroupid}) as a success, ` +
      `but reading it back shows: ${differences.join('; ')}. (ENDPOINT_GROUP_NOT_WRITTEN) ` +
      'Check those values, then apply again; terraform plan shows what the platform holds.',
  };
}

/** The endpoint blocks of a plan with the default weight where the configuration leaves it out. */
function withEndpointDefaults(proposed: TfObject, config: TfObject | null): TfValue {
  if (!Array.isArray(proposed.endpoint)) return proposed.endpoint ?? null;
  const given = blocksOf(config, 'endpoint');
  return proposed.endpoint.map((e, i) =>
    typeof e === 'object' && e !== null && !Array.isArray(e) && !isUnknown(e)
      ? { ...e, weight: given[i]?.weight ?? GROUP_DEFAULTS.weight }
      : e,
  );
}

/**
 * The gateway id each planned endpoint keeps (the prior endpoint of the same name: the rule the
 * apply of a plan follows, model/gateway-ids.ts), unknown for a new one; all unknown while a name is.
 */
function plannedGwids(prior: TfObject, planned: TfObject): TfValue {
  const blocks = blocksOf(planned, 'endpoint');
  if (!Array.isArray(planned.endpoint) || blocks.length !== planned.endpoint.length || blocks.some((e) => typeof e.name !== 'string'))
    return UNKNOWN;
  const before = { endpoints: blocksOf(prior, 'endpoint').map((e) => ({ name: String(e.name) })) };
  const kept = gwidsByName({ before, after: { endpoints: blocks.map((e) => ({ name: String(e.name) })) }, gwids: gwidsOf(prior) });
  return kept.map((g) => g ?? UNKNOWN);
}

/** Reads the group back after a write and compares it with what was sent. */
async function readBack({ ctx }: KindCalls, gwgroupid: number, planned: TfObject, config: TfObject | null): Promise<StateResponse> {
  const sent = contentOf(planned, passwordOf(planned, config));
  const live = await ctx.client().getEndpointGroup(gwgroupid);
  if (!live) return { state: null, diagnostics: [notTaken(sent.name, gwgroupid, ['the group does not exist'])] };
  const state = toState(live, planned);
  const differences = writeDifferences(sent, live);
  return differences.length === 0 ? { state } : { state, written: true, diagnostics: [notTaken(sent.name, gwgroupid, differences)] };
}

/**
 * Whether nothing the platform holds would change: the same content by the model's comparison (the
 * files' plan: endpoints by name, so a new order of the blocks is no write), the same password in
 * state, and no new write-only version.
 */
function unchanged(prior: TfObject, planned: TfObject): boolean {
  const auth = (o: TfObject) =>
    JSON.stringify([blockOf(o, 'auth')?.auth_password ?? null, blockOf(o, 'auth')?.[WRITE_ONLY.version] ?? null]);
  const fields = (o: TfObject) => endpointGroupFields(contentOf(o));
  return auth(prior) === auth(planned) && changedEndpointGroupFields(fields(prior), fields(planned)).length === 0;
}

/**
 * Why an update of this group is refused: FusionPBX is enabled on it, which dsipform does not manage
 * and the platform's update switches off (deleting its "FusionPBX Server" endpoint), as the files'
 * plan refuses it; a failed read is said as such.
 */
async function fusionRefusal(ctx: ProviderContext, prior: TfObject): Promise<Diagnostic | undefined> {
  const gwgroupid = knownNumber(prior, 'gwgroupid')!;
  try {
    if (!(await ctx.client().getEndpointGroup(gwgroupid))?.fusionpbx) return undefined;
  } catch (err) {
    return apiDiagnostic('read the endpoint group', err);
  }
  return {
    severity: 'error',
    summary: 'The endpoint group has FusionPBX enabled',
    detail:
      `Endpoint group "${String(prior.name)}" (gwgroupid ${gwgroupid}) has FusionPBX enabled, which dsipform does not manage: ` +
      'the platform\'s update would switch it off and delete its "FusionPBX Server" endpoint. ' +
      "Change this group in the platform's GUI, or switch FusionPBX off there first; or remove it from Terraform's management (a removed block).",
  };
}

/**
 * `dsiprouter_endpoint_group`: a PBX's endpoint group (issue 34): endpoints matched by name (an
 * update keeps the gateway id of every endpoint it keeps, as the apply of a plan does), the
 * registration with its password sensitive or write-only, call limit, strip, prefix,
 * notifications and the CDR report. Every write is read back and compared, the password by
 * fingerprint. Import by gwgroupid or `name:<NAME>`.
 */
export const ENDPOINT_GROUP_RESOURCE: KindResource<'endpoint_group', EndpointGroup> = {
  kind: 'endpoint_group',
  idAttribute: 'gwgroupid',
  // The group lists read for plans are stale after a write.
  stale: (ctx) => ctx.groupLists.clear(),
  validate: validateEndpointGroup,

  async plan({ ctx }, { prior, proposed, config }) {
    const auth = blockOf(proposed, 'auth');
    const planned: TfObject = {
      ...proposed,
      strip: config?.strip ?? GROUP_DEFAULTS.strip,
      prefix: config?.prefix ?? GROUP_DEFAULTS.prefix,
      endpoint: withEndpointDefaults(proposed, config),
      // Terraform refuses a plan that holds a write-only value: it is read from the configuration at apply.
      auth: auth ? { ...auth, [WRITE_ONLY.password]: null } : (proposed.auth ?? null),
    };
    if (!prior) Object.assign(planned, { id: UNKNOWN, gwgroupid: UNKNOWN, ref: UNKNOWN, gwids: UNKNOWN });
    else planned.gwids = plannedGwids(prior, planned);
    const fusion = prior && !unchanged(prior, planned) ? await fusionRefusal(ctx, prior) : undefined;
    if (fusion) return { planned, diagnostics: [fusion] };
    // An inbound mapping that names this group finds it at apply.
    const name = knownString(planned, 'name');
    if (name !== undefined && name !== prior?.name) ctx.plannedGroupNames.add(name);
    return { planned };
  },

  async create(calls, planned, config) {
    const content = contentOf(planned, passwordOf(planned, config));
    const gwgroupid = await calls.ctx.client().createEndpointGroup(content);
    calls.wrote();
    calls.ctx.plannedGroupNames.delete(content.name);
    return readBack(calls, gwgroupid, planned, config);
  },

  /** The platform replaces the endpoint set wholesale: every kept endpoint is sent with its gateway id. */
  async update(calls, prior, planned, config) {
    if (unchanged(prior, planned)) return { state: { ...prior, ...planned } };
    const gwgroupid = knownNumber(prior, 'gwgroupid')!;
    const content = contentOf(planned, passwordOf(planned, config));
    const before = { endpoints: blocksOf(prior, 'endpoint').map((e) => ({ name: String(e.name) })) };
    const gwids = gwidsByName({ before, after: content, gwids: gwidsOf(prior) });
    await calls.ctx.client().updateEndpointGroup(gwgroupid, content, gwids);
    calls.wrote();
    if (content.name !== prior.name) calls.ctx.plannedGroupNames.delete(content.name);
    return readBack(calls, gwgroupid, planned, config);
  },

  reading: {
    get: ({ ctx }, gwgroupid) => ctx.client().getEndpointGroup(gwgroupid),
    toState: (live, like) => toState(live, like),
  },

  importing: {
    words: { id: 'an endpoint-group id (12)', key: 'name:<NAME> (name:Acme PBX)' },
    async byKey({ ctx }, name) {
      const groups = await ctx.client().listEndpointGroups();
      const found = groups.filter((g) => g.name === name).sort((a, b) => a.gwgroupid - b.gwgroupid);
      if (found.length === 0) return { problem: unknownGroupName(name, 'endpoint', groups) };
      if (found.length > 1) return { problem: { ...sharedGroupName(name, 'name', found), ambiguous: true } };
      const live = await ctx.client().getEndpointGroup(found[0]!.gwgroupid);
      return live ? { live } : null;
    },
  },
};
