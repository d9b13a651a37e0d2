import type { CarrierGroup, CarrierGroupContent } from '../../model/carrier-group.js';
import { UNKNOWN, type Diagnostic, type StateResponse, type TfObject, type TfValue } from '../types.js';
import { knownNumber, knownString } from '../values.js';
import {
  contentOf,
  endpointBlocks,
  ENDPOINT_DEFAULTS,
  gatewayAssignment,
  leavesGateways,
  toState,
  writeDifferences,
  unreadInState,
  unstatedOf,
  withoutWriteOnly,
  writeOnlyPassword,
  writeOnlyVersion,
  type EndpointKey,
  type EndpointRef,
} from './carrier-group-state.js';
import { validateCarrierGroup } from './carrier-group-rules.js';
import { sharedGroupName, unknownGroupName } from './group-names.js';
import type { KindCalls, KindResource } from './kind-resource.js';

const error = (summary: string, detail: string): Diagnostic => ({ severity: 'error', summary, detail });

/** The diagnostic of a write the platform answered as a success but did not carry out. */
function notTaken(name: string, gwgroupid: number | undefined, differences: readonly string[]): Diagnostic {
  return error(
    'The platform did not carry out the write of the carrier group',
    `The platform answered the write of carrier group "${name}"${gwgroupid === undefined ? '' : ` (gwgroupid ${gwgroupid})`} as a success, ` +
      `but reading it back shows: ${differences.join('; ')}. ` +
      "The platform's carrier-group API reports no errors: it skips what it cannot store and answers 200. " +
      'Check those values (each endpoint needs a name and a host name; strip and weight are whole numbers), then apply again; terraform plan shows what the platform holds.',
  );
}

/**
 * The error of an update that would overwrite blind what the platform never shows: the group was
 * imported, so Terraform does not know its lb_enabled or registration, and the configuration leaves
 * them out (the platform's update writes them as "off" and "none").
 */
function blindUpdate(name: string, blind: readonly string[]): Diagnostic {
  return error(
    'The update would overwrite what the platform does not show',
    `The update of carrier group "${name}" also writes ${blind.join(' and ')}, which the platform's API never shows; ` +
      'the group was imported, so Terraform does not know them, and the configuration leaves them out: ' +
      `the apply would ${blind.map((f) => (f === 'auth' ? 'clear the registration' : 'set lb_enabled to false')).join(' and ')}. ` +
      'Set them as the group should be: lb_enabled = true or false, and an auth block with the registration (type "userpwd") or auth { type = "ip" } for none. (PLAN_OVERWRITES_UNREAD)',
  );
}

/** Whether the prior state already holds this content (nothing to write); lb_enabled unknown counts as what is asked. */
function sameContent(prior: TfObject, content: CarrierGroupContent): boolean {
  const { unstated: _u, ...asked } = content;
  const held = contentOf(unreadInState(prior) ? { ...prior, lb_enabled: asked.lb_enabled } : prior);
  return JSON.stringify(held) === JSON.stringify(asked);
}

/** The endpoint blocks of a plan with the defaults of what the configuration leaves unset. */
function withEndpointDefaults(proposed: TfObject, config: TfObject | null): TfValue {
  const blocks = proposed.endpoint;
  if (!Array.isArray(blocks)) return blocks ?? null;
  const given = endpointBlocks(config);
  return blocks.map((e, i) =>
    typeof e === 'object' && e !== null && !Array.isArray(e)
      ? {
          ...e,
          strip: given[i]?.strip ?? ENDPOINT_DEFAULTS.strip,
          prefix: given[i]?.prefix ?? ENDPOINT_DEFAULTS.prefix,
          weight: given[i]?.weight ?? ENDPOINT_DEFAULTS.weight,
        }
      : e,
  );
}

/** A plan's endpoints by name and address, or undefined while the list, a name or an address is unknown. */
function endpointKeys(planned: TfObject): EndpointKey[] | undefined {
  if (!Array.isArray(planned.endpoint)) return undefined;
  const blocks = endpointBlocks(planned);
  if (blocks.length !== planned.endpoint.length) return undefined;
  const keys = blocks.map((e) =>
    typeof e.name === 'string' && typeof e.hostname === 'string' ? { name: e.name, hostname: e.hostname } : undefined,
  );
  return keys.every((k) => k !== undefined) ? keys : undefined;
}

/** Reads the group back after a write and compares it with the plan. */
async function readBack(
  { ctx }: KindCalls,
  gwgroupid: number,
  planned: TfObject,
  reference: readonly EndpointRef[],
): Promise<StateResponse> {
  const name = String(planned.name);
  const live = await ctx.client().getCarrierGroup(gwgroupid);
  if (!live) return { state: null, diagnostics: [notTaken(name, gwgroupid, ['the group does not exist'])] };
  const state = toState(live, planned, reference);
  const differences = writeDifferences(planned, state);
  return differences.length === 0 ? { state } : { state, written: true, diagnostics: [notTaken(name, gwgroupid, differences)] };
}

/** What a write sends: the plan's content with the configuration's write-only password. */
const sentOf = (planned: TfObject, prior: TfObject | null, config: TfObject | null): CarrierGroupContent =>
  contentOf(planned, prior, writeOnlyPassword(config));

/**
 * `dsiprouter_carrier_group`: a carrier group and its gateways. Every write is read back and
 * compared, because the platform answers 200 to writes it skipped; a write that did not take effect
 * is an error diagnostic and the state shows what the platform holds. Import by id or `name:<NAME>`.
 */
export const CARRIER_GROUP_RESOURCE: KindResource<'carrier_group', CarrierGroup> = {
  kind: 'carrier_group',
  idAttribute: 'gwgroupid',
  // The group lists read for plans are stale after a write.
  stale: (ctx) => ctx.groupLists.clear(),
  validate: validateCarrierGroup,

  async plan({ ctx }, { prior, proposed, config }) {
    const planned: TfObject = {
      ...proposed,
      // Left out: false, except over a value Terraform does not know (imported), which stays unknown.
      lb_enabled: config?.lb_enabled ?? (unreadInState(prior) ? null : false),
      endpoint: withEndpointDefaults(proposed, config),
      // Terraform refuses a plan that holds a write-only value: it is read from the configuration at apply.
      auth: withoutWriteOnly(proposed.auth),
    };
    const keys = endpointKeys(planned);
    // The platform cannot remove a gateway from a carrier group: one left without endpoint replaces the group.
    const replace = prior !== null && (keys === undefined ? endpointBlocks(prior).length > 0 : leavesGateways(prior, keys));
    if (!prior || replace) Object.assign(planned, { id: UNKNOWN, gwgroupid: UNKNOWN, ref: UNKNOWN, gwids: UNKNOWN });
    else {
      const gwids = gatewayAssignment(prior, keys!);
      planned.gwids = gwids.every((g) => g !== undefined) ? gwids : UNKNOWN;
      // Rules planned after this group judge it as it will be (e.g. an empty group given endpoints).
      const gwgroupid = knownNumber(prior, 'gwgroupid');
      if (gwgroupid !== undefined && keys) ctx.plannedGroupGateways.set(gwgroupid, keys.length);
    }
    // A route or mapping that refers to this name finds the group at apply.
    const name = knownString(planned, 'name');
    if (name !== undefined && (replace || name !== prior?.name)) ctx.plannedGroupNames.add(name);
    if (replace) return { planned, requiresReplace: [['endpoint']] };
    const blind = prior !== null && !sameContent(prior, contentOf(planned)) ? unstatedOf(prior, planned) : [];
    return blind.length > 0 ? { planned, diagnostics: [blindUpdate(String(planned.name), blind)] } : { planned };
  },

  async create(calls, planned, config) {
    const content = sentOf(planned, null, config);
    const gwgroupid = await calls.ctx.client().createCarrierGroup(content);
    calls.wrote();
    calls.ctx.plannedGroupNames.delete(content.name);
    return readBack(
      calls,
      gwgroupid,
      planned,
      content.endpoints.map((e) => ({ name: e.name })),
    );
  },

  /** A new auth_password_wo_version writes even when nothing else changed (the password is not in the plan). */
  async update(calls, prior, planned, config) {
    if (sameContent(prior, contentOf(planned, prior)) && writeOnlyVersion(prior) === writeOnlyVersion(planned))
      return { state: { ...prior, ...planned, gwids: prior.gwids! } };
    const sent = sentOf(planned, prior, config);
    const gwgroupid = knownNumber(prior, 'gwgroupid')!;
    const gwids = gatewayAssignment(prior, sent.endpoints);
    await calls.ctx.client().updateCarrierGroup(gwgroupid, sent, gwids);
    calls.wrote();
    if (sent.name !== prior.name) calls.ctx.plannedGroupNames.delete(sent.name);
    return readBack(
      calls,
      gwgroupid,
      planned,
      sent.endpoints.map((e, i) => ({ name: e.name, gwid: gwids[i] })),
    );
  },

  reading: {
    get: ({ ctx }, gwgroupid) => ctx.client().getCarrierGroup(gwgroupid),
    toState: (live, like) => toState(live, like),
  },

  importing: {
    words: { id: 'a carrier-group id (12)', key: 'name:<NAME> (name:Acme)' },
    async byKey({ ctx }, name) {
      const groups = await ctx.client().listCarrierGroups();
      const found = groups.filter((g) => g.name === name).sort((a, b) => a.gwgroupid - b.gwgroupid);
      if (found.length === 0) return { problem: unknownGroupName(name, 'carrier', groups) };
      if (found.length > 1) return { problem: { ...sharedGroupName(name, 'name', found), ambiguous: true } };
      const live = await ctx.client().getCarrierGroup(found[0]!.gwgroupid);
      return live ? { live } : null;
    },
  },
};
