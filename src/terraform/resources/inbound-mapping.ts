import { ApiError } from '../../api/errors.js';
import { mappingUpdateReplaces, type InboundMapping } from '../../model/inbound-mapping.js';
import { MAPPING_DEFAULTS, normalizeMapping } from '../../model/normalize-rule.js';
import type { ProviderContext } from '../context.js';
import { UNKNOWN, type Diagnostic, type TfObject } from '../types.js';
import { apiDiagnostic, knownNumber, knownString, knownStrings } from '../values.js';
import { normalizerDiagnostics, plainConfig } from './desired.js';
import type { KindResource } from './kind-resource.js';
import { byNameDiagnostics, resolvedAtApply, resolvedAtPlan, type GroupByName } from './group-reference.js';
import { ruleChecks } from './rule-checks.js';

/** The attributes the one normaliser judges. */
const MAPPING_ATTRIBUTES = ['did', 'servers', 'notes'] as const;
/** A mapping's group by name: `group` instead of `servers`. */
const BY_NAME: GroupByName = {
  name: 'group',
  id: 'servers',
  scope: 'any',
  idOf: (gwgroupid) => [`#${gwgroupid}`],
  idWords: 'gateway ids or "#<group id>"',
};

/**
 * A DID another mapping holds: which, and what to do (import it, or apply a swap of DIDs in two
 * steps), instead of the platform's bare "Duplicate DID's".
 */
function didTaken(did: string, holder: InboundMapping): Diagnostic {
  return {
    severity: 'error',
    summary: `DID "${did}" already has an inbound mapping`,
    detail:
      `The platform already maps DID "${did}" (ruleid ${holder.ruleid}, servers ${holder.servers.join(', ')}) and allows one mapping per DID. ` +
      `If that mapping was made outside Terraform (or deleted and re-created), take it under this resource: ` +
      `terraform import dsiprouter_inbound_mapping.<NAME> did:${did} (or an import block with id = "did:${did}"). ` +
      'If another resource of this configuration gives up this DID in the same apply (two resources swapping DIDs, or one removed and one added), ' +
      'the platform cannot take both at once: apply twice, first with a temporary unused DID on one of them (or without the new one), then with the final DIDs.',
  };
}

/** The mapping as Terraform state; `group` stays as `like` (the plan or state) has it. */
function toState(m: InboundMapping, like: TfObject | null): TfObject {
  return {
    id: String(m.ruleid),
    ruleid: m.ruleid,
    did: m.did,
    servers: [...m.servers],
    notes: m.notes,
    group: knownString(like, 'group') ?? null,
  };
}

/** The mapping another than `own` (a ruleid) holds for this DID, as the error that says what to do. */
async function heldBy(ctx: ProviderContext, did: string, own: number | undefined): Promise<Diagnostic | undefined> {
  const holder = await ctx
    .client()
    .getInboundMapping({ did })
    .catch(() => null);
  return holder && holder.ruleid !== own ? didTaken(did, holder) : undefined;
}

/** At plan: the DID is free, or this resource's own (one read of the mappings per command). */
async function freeAtPlan(ctx: ProviderContext, planned: TfObject, prior: TfObject | null): Promise<Diagnostic[]> {
  const did = knownString(planned, 'did');
  if (did === undefined || knownString(prior, 'did') === did) return [];
  let holders = ctx.didHolders.get('live');
  if (!holders) {
    holders = ctx
      .client()
      .listInboundMappings()
      .then((all) => new Map(all.map((m) => [m.did, m])));
    ctx.didHolders.set('live', holders);
    holders.catch(() => ctx.didHolders.delete('live')); // a failed read is not kept
  }
  try {
    const holder = (await holders).get(did);
    if (!holder || holder.ruleid === knownNumber(prior, 'ruleid') || ctx.stateRuleids.has(holder.ruleid)) return [];
    return [{ ...didTaken(did, holder), attribute: ['did'] }];
  } catch (err) {
    return [apiDiagnostic('read the inbound mappings to check that the DID is free', err)];
  }
}

/** The fields a write sends, from a plan whose group is resolved. */
const fieldsOf = (planned: TfObject) => ({
  did: knownString(planned, 'did')!,
  servers: knownStrings(planned, 'servers')!,
  notes: knownString(planned, 'notes') ?? '',
});

/**
 * `dsiprouter_inbound_mapping`: changing `did` renames in place; import by ruleid or `did:<DID>`.
 * The servers are `servers` or, by name, `group` (an endpoint or carrier group, sent as `#<id>`).
 */
export const INBOUND_MAPPING_RESOURCE: KindResource<'inbound_mapping', InboundMapping> = {
  kind: 'inbound_mapping',
  idAttribute: 'ruleid',
  // The DIDs read for plans are stale after a write.
  stale: (ctx) => ctx.didHolders.clear(),

  validate(config) {
    return [
      ...normalizerDiagnostics(normalizeMapping(plainConfig(config, MAPPING_ATTRIBUTES)), [...MAPPING_ATTRIBUTES, 'group']),
      ...byNameDiagnostics(config, BY_NAME),
    ];
  },

  async plan({ ctx }, { prior, proposed, config }) {
    const resolved = await resolvedAtPlan(ctx, { ...proposed, notes: config?.notes ?? MAPPING_DEFAULTS.notes }, config, BY_NAME);
    if (resolved.diagnostics) return resolved;
    const planned = resolved.planned;
    // What `dsipform plan` refuses, refused here too: a DID another mapping holds, a reference the
    // proxy drops (a warning with allow_dangling), through the pipeline's checks of one rule.
    const checked = [...(await freeAtPlan(ctx, planned, prior)), ...(await ruleChecks(ctx, 'mapping', planned))];
    if (checked.some((d) => d.severity === 'error')) return { planned, diagnostics: checked };
    // The deployed API cannot update a mapping in place: any change is delete + create, which
    // hands out a new rule id (still an update for Terraform: the address and the DID stay).
    const replaced =
      prior &&
      mappingUpdateReplaces(await ctx.client().profile()) &&
      ['did', 'servers', 'notes'].some((k) => JSON.stringify(prior[k]) !== JSON.stringify(planned[k]));
    if (!prior || replaced) Object.assign(planned, { id: UNKNOWN, ruleid: UNKNOWN });
    if (!replaced) return checked.length > 0 ? { planned, diagnostics: checked } : { planned };
    const warning: Diagnostic = {
      severity: 'warning',
      summary: 'This change deletes and re-creates the inbound mapping',
      detail:
        `The platform's API (api_profile "current") cannot update a mapping in place: apply deletes mapping ${String(prior.ruleid)} and creates it again, ` +
        `so DID "${String(prior.did)}" is unrouted for a moment and the rule id changes. Terraform shows it as an update because the resource stays the same.`,
    };
    return { planned, diagnostics: [...checked, warning] };
  },

  async create(calls, planned) {
    const resolved = await resolvedAtApply(calls.ctx, planned, BY_NAME);
    if ('diagnostics' in resolved) return { state: null, diagnostics: resolved.diagnostics };
    const fields = fieldsOf(resolved.planned);
    const ruleid = await calls.ctx.client().createInboundMapping(fields);
    calls.wrote();
    return { state: toState({ ruleid, ...fields }, resolved.planned) };
  },

  async update(calls, prior, planned) {
    const client = calls.ctx.client();
    const resolved = await resolvedAtApply(calls.ctx, planned, BY_NAME);
    if ('diagnostics' in resolved) return { state: prior, diagnostics: resolved.diagnostics };
    const fields = fieldsOf(resolved.planned);
    const ruleid = knownNumber(prior, 'ruleid')!;
    const patch: Record<string, unknown> = {};
    if (prior.did !== fields.did) patch.did = fields.did;
    if (JSON.stringify(prior.servers) !== JSON.stringify(fields.servers)) patch.servers = fields.servers;
    if (prior.notes !== fields.notes) patch.notes = fields.notes;
    if (Object.keys(patch).length === 0) return { state: toState({ ruleid, ...fields }, resolved.planned) };
    calls.wrote();
    if (mappingUpdateReplaces(await client.profile())) {
      // Delete + create: check the new DID is free first, or the delete would leave nothing.
      const taken = patch.did === undefined ? undefined : await heldBy(calls.ctx, fields.did, ruleid);
      if (taken) return { state: prior, diagnostics: [taken] };
      await client.deleteInboundMapping({ ruleid });
      return { state: toState({ ruleid: await client.createInboundMapping(fields), ...fields }, resolved.planned) };
    }
    await client.updateInboundMapping({ ruleid }, patch);
    return { state: toState({ ruleid, ...fields }, resolved.planned) };
  },

  /**
   * After a rejected write: when another mapping holds the DID, says which and what to do (import
   * it, or apply a swap of DIDs in two steps), instead of the platform's bare "Duplicate DID's".
   */
  async failed({ ctx }, err, prior, planned) {
    if (!planned || !(err instanceof ApiError) || err.status === undefined || err.status < 400 || err.status >= 500) return undefined;
    return heldBy(ctx, knownString(planned, 'did')!, knownNumber(prior, 'ruleid'));
  },

  reading: {
    get({ ctx }, ruleid) {
      // Refresh and import read every instance before the plans: a DID these hold is not "taken".
      ctx.stateRuleids.add(ruleid);
      return ctx.client().getInboundMapping({ ruleid });
    },
    toState,
  },

  importing: {
    words: { id: 'a ruleid (7)', key: 'did:<DID> (did:+4420)' },
    async byKey({ ctx }, did) {
      const live = await ctx.client().getInboundMapping({ did });
      return live ? { live } : null;
    },
  },
};
