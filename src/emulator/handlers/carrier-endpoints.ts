/**
 * One endpoint (gateway) of a carrier-group write, as the platform's `addUpdateCarriers`
 * (gui/modules/api/carriergroups/functions.py:348-508) reads and writes it. The deployed platform
 * reads each field with `len()`, so `gwid`, `name`, `hostname`, `strip` and `prefix` must be
 * strings there; the spec profile also takes numbers.
 */
import { has } from './args.js';
import { gatewayName } from './descriptions.js';
import { pyInt, pyStr, raised } from './python.js';
import { sipAddress } from './group-common.js';
import { FLT_CARRIER } from '../store/groups.js';
import type { EmulatorStore } from '../store/store.js';

/** An endpoint that passed the checks. */
export interface CarrierEndpointInput {
  /** The gateway to update; absent: create one. */
  readonly gwid?: number;
  readonly name: string;
  /** `host:port` (5060 added when the hostname names no port). */
  readonly address: string;
  readonly strip: number;
  readonly prefix: string;
  readonly rweight: number;
}

/** The checked endpoint, or why the platform fails on it (the spec profile's 400 message). */
export type EndpointCheck = { readonly ok: true; readonly ep: CarrierEndpointInput } | { readonly ok: false; readonly why: string };

function text(v: unknown, numbersToo: boolean): string | null {
  if (typeof v === 'string') return v;
  return numbersToo && typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : null;
}

/** Checks endpoint `index` of a write; `numbersToo`: the spec profile's leniency on field types. */
export function checkEndpoint(value: unknown, index: number, numbersToo: boolean): EndpointCheck {
  const at = `endpoints[${index}]`;
  const fail = (why: string): EndpointCheck => ({ ok: false, why: `${at}: ${why}` });
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail('must be an object');
  const e = value as Record<string, unknown>;
  let gwid: number | undefined;
  if (has(e, 'gwid')) {
    const g = text(e.gwid, numbersToo);
    if (g === null) return fail('gwid must be a string');
    if (g !== '') {
      if (!/^\d+$/.test(g)) return fail(`gwid "${g}" is not a gateway id`);
      gwid = Number(g);
    }
  }
  const fields: Record<string, string> = {};
  for (const key of ['name', 'hostname', 'strip', 'prefix'] as const) {
    // functions.py:370-371: `ip_addr` (the vendor's own spelling) stands for the hostname, and wins.
    if (key === 'hostname' && has(e, 'ip_addr')) {
      fields.hostname = pyStr(e.ip_addr);
      continue;
    }
    if (!has(e, key)) return fail(`${key} is required`);
    const v = text(e[key], numbersToo);
    if (v === null) return fail(`${key} must be a string`);
    fields[key] = v;
  }
  let rweight = 1;
  if (e.rweight !== undefined && e.rweight !== '') {
    const n = pyInt(e.rweight);
    if (raised(n) || n < 0) return fail(`rweight ${JSON.stringify(e.rweight)} is not a whole number`);
    rweight = n;
  }
  if (fields.hostname === '') return fail('Carrier hostname/address is required');
  const address = sipAddress(fields.hostname ?? '', 5060);
  if (address === null) return fail('Endpoint hostname/address is malformed');
  const strip = fields.strip === '' ? '0' : (fields.strip ?? '0');
  if (!/^\d+$/.test(strip)) return fail(`strip "${strip}" is not a whole number`);
  const ep = { name: fields.name ?? '', address, strip: Number(strip), prefix: fields.prefix ?? '', rweight };
  return { ok: true, ep: gwid === undefined ? ep : { ...ep, gwid } };
}

/**
 * Why writing this endpoint into group `gwgroupid` would fail on the platform (an unknown gateway
 * to update, a group that does not exist to add to), or `null` when it can be written.
 */
export function endpointBlocked(store: EmulatorStore, gwgroupid: number | null, ep: CarrierEndpointInput): string | null {
  if (ep.gwid !== undefined) {
    const gw = store.groups.gateway(ep.gwid);
    if (!gw) return `gateway ${ep.gwid} does not exist`;
    // functions.py:437 reads the gateway's description first: a name holding "," fails there.
    return raised(gatewayName(gw)) ? `gateway ${ep.gwid} has a description the platform cannot read` : null;
  }
  return gwgroupid !== null && store.groups.get(gwgroupid) ? null : 'the group does not exist';
}

/**
 * Writes one checked endpoint (see `endpointBlocked` first). A new gateway joins the group's
 * gwlist with a dispatcher row at its address; an updated one keeps its group, its gwlist entry
 * and its dispatcher destination (only the row's weight changes), as on the platform.
 */
export function writeEndpoint(store: EmulatorStore, gwgroupid: number, ep: CarrierEndpointInput): void {
  if (ep.gwid !== undefined) {
    const current = store.groups.gateway(ep.gwid);
    store.groups.updateGateway(ep.gwid, {
      address: ep.address,
      strip: ep.strip,
      prefix: ep.prefix,
      name: ep.name,
      rweight: ep.rweight,
      // functions.py:444-453 finds the row by the gwid it names; none found: a new row at the new address.
      ...(current?.dispatcher === null || (current?.dispatcherLabel !== undefined && current.dispatcherLabel !== String(ep.gwid))
        ? { dispatcher: ep.address, dispatcherLabel: undefined }
        : {}),
    });
    return;
  }
  const gwid = store.groups.addGateway({
    type: FLT_CARRIER,
    address: ep.address,
    strip: ep.strip,
    prefix: ep.prefix,
    name: ep.name,
    gwgroup: gwgroupid,
    signalling: 'proxy',
    media: 'proxy',
    dispatcher: ep.address,
    rweight: ep.rweight,
    keepalive: false,
  });
  const group = store.groups.get(gwgroupid);
  if (group) store.groups.updateGroup(gwgroupid, { gwlist: [...group.gwlist, gwid] });
}
