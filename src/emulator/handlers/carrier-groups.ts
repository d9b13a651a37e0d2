/**
 * `/carriergroups[/<id>]` under both profiles. The deployed handlers are
 * gui/modules/api/carriergroups/routes.py (v0.79-rel) and functions.py (`addUpdateCarrierGroups`,
 * `addUpdateCarriers`); docs/platform-profiles.md ("Groups") lists each answer.
 */
import { notFoundReply, ok, serverError } from '../envelope.js';
import type { Handler, ParsedRequest } from '../router.js';
import { FLT_CARRIER, type StoredRegistration } from '../store/groups.js';
import type { EmulatorStore } from '../store/store.js';
import { badRequest, httpError } from '../envelope.js';
import { has, parseId } from './args.js';
import { checkEndpoint, endpointBlocked, writeEndpoint, type CarrierEndpointInput } from './carrier-endpoints.js';
import { carrierGroupRecord, groupSummary, sipAddress, swallowedGroupId } from './group-common.js';
import { pyInt, pyStr, pyTruthy, pyType, raised } from './python.js';

const MISSING = "The carrier group doesn't exist";

/** The carrier group a path id names, or `undefined` (unknown, not digits, or another type). */
function carrierOf(store: EmulatorStore, req: ParsedRequest): ReturnType<EmulatorStore['groups']['get']> {
  const id = req.params.id === undefined ? null : parseId(req.params.id);
  const g = id === null ? undefined : store.groups.get(id);
  return g?.type === FLT_CARRIER ? g : undefined;
}

/** GET list or one; `deployed`: the platform's 404 (`error: "http"`) and payload without `dsipreload`. */
function get(deployed: boolean): Handler {
  return (store, req) => {
    const bare = deployed ? { bare: true as const } : {};
    if (req.params.id === undefined) {
      return { ...ok('Carrier groups found', store.groups.list(FLT_CARRIER).map(groupSummary)), ...bare };
    }
    const g = carrierOf(store, req);
    if (!g) return deployed ? { ...httpError(404, MISSING), bare: true } : notFoundReply(MISSING);
    return { ...ok('Carrier groups found', [carrierGroupRecord(store, g)]), ...bare };
  };
}

/** DELETE: the group and the gateways whose description names it. */
function remove(deployed: boolean): Handler {
  return (store, req) => {
    const g = carrierOf(store, req);
    if (!g) return deployed ? { ...httpError(404, MISSING), bare: true } : notFoundReply(MISSING);
    store.groups.deleteGroup(g.gwgroupid);
    return deployed ? { ...ok('Carrier group deleted'), kamreload: true, bare: true } : ok('Carrier group deleted');
  };
}

type Registration = { readonly ok: true; readonly reg: StoredRegistration | null } | { readonly ok: false; readonly why: string };

/** The registration an `auth` object asks for (`null`: none, for `ip` or no auth), as functions.py:118-132 formats it. */
function registrationOf(auth: Record<string, unknown> | null): Registration {
  if (!auth || auth.type !== 'userpwd') return { ok: true, reg: null };
  const s = (k: string, fallback = ''): string => (typeof auth[k] === 'string' ? auth[k] : fallback);
  const domain = sipAddress(s('auth_domain', 'sip.dsiprouter.org'), 5060)?.replace(/:\d+$/, '');
  if (!domain) return { ok: false, why: 'Auth domain hostname/address is malformed' };
  const proxy = s('auth_proxy') || domain;
  if (!sipAddress(proxy, 5060)) return { ok: false, why: 'Auth domain or proxy is malformed' };
  const r_username = s('r_username');
  return {
    ok: true,
    reg: {
      r_username,
      auth_username: s('auth_username') || r_username,
      auth_password: s('auth_password'),
      auth_domain: domain,
      auth_proxy: proxy,
    },
  };
}

/**
 * POST and PUT as the platform answers them (routes.py:226-339, functions.py:83-344): `name` missing is 500 `'name'`;
 * every other failure is swallowed. The group is written first (or not at all), then each endpoint
 * on its own; one that fails is skipped. The answer is always 200 with `msg: ""`, the `kamreload`
 * of before the write, and `data: [{gwgroupid}]`: the new id (a number), the id sent (as sent) on
 * an update, or the platform's error page when the group could not be written.
 */
export const writeCarrierGroupDeployed: Handler = (store, req) => {
  const before = store.kamreload;
  const body = req.body;
  if (!has(body, 'name')) return serverError("'name'");
  const lb = has(body, 'lb_enabled') ? pyInt(body.lb_enabled) : 0;
  if (raised(lb)) return serverError(lb.raised);
  const sent = req.params.id ?? (has(body, 'gwgroupid') ? body.gwgroupid : '');
  const rawAuth = pyTruthy(body.auth) ? body.auth : null;
  if (rawAuth !== null && (typeof rawAuth !== 'object' || Array.isArray(rawAuth))) return serverError('string indices must be integers');
  const auth = rawAuth as Record<string, unknown> | null;
  if (auth && !has(auth, 'type')) return serverError("'type'");
  let gwgroupid: number | null = null;
  const reg = registrationOf(auth);
  if (typeof sent === 'string' && reg.ok) {
    const name = body.name;
    if (sent === '') {
      gwgroupid = store.groups.createGroup({
        name: pyStr(name),
        type: FLT_CARRIER,
        gwlist: [],
        lb_enabled: lb !== 0,
        registration: reg.reg,
        subscriber: null,
        call_settings: null,
      });
    } else if (typeof name === 'string' && name !== '') {
      const id = parseId(sent);
      if (id !== null && store.groups.get(id)) {
        store.groups.updateGroup(id, { name, lb_enabled: lb !== 0, registration: reg.reg });
        gwgroupid = id;
      }
    }
  }
  const endpoints = has(body, 'endpoints') ? body.endpoints : [];
  if (!Array.isArray(endpoints) && pyTruthy(endpoints)) return serverError(notIterable(endpoints));
  for (const [index, e] of (Array.isArray(endpoints) ? endpoints : []).entries()) {
    // routes.py:301 sets a key on each endpoint: anything but an object raises, after the group was written.
    if (typeof e !== 'object' || e === null || Array.isArray(e))
      return serverError(`'${pyType(e)}' object does not support item assignment`);
    const checked = checkEndpoint(e, index, false);
    if (checked.ok && endpointBlocked(store, gwgroupid, checked.ep) === null) writeEndpoint(store, gwgroupid ?? 0, checked.ep);
  }
  const answered = gwgroupid === null ? swallowedGroupId() : sent === '' ? gwgroupid : sent;
  return { ...ok('', [{ gwgroupid: answered }]), kamreload: before, bare: true };
};

/** What Python raises looping over a non-list `endpoints` (a string or an object yields strings). */
function notIterable(v: unknown): string {
  return typeof v === 'number' || typeof v === 'boolean'
    ? `'${pyType(v)}' object is not iterable`
    : "'str' object does not support item assignment";
}

const DATA_ARGS = ['name', 'gwgroupid', 'lb_enabled', 'strip', 'prefix', 'auth', 'endpoints'];

/**
 * POST and PUT under the spec profile: every field checked before anything is written, and a
 * failure answered with the contract's envelope (400, or 404 for an unknown group); the answer
 * holds the group id as a number. With the swallow switch on, the deployed handler answers.
 */
export const writeCarrierGroup: Handler = (store, req) => {
  if (store.swallowGroupErrors) return writeCarrierGroupDeployed(store, req);
  const body = req.body;
  for (const key of Object.keys(body)) if (!DATA_ARGS.includes(key)) return badRequest('Request data argument not recognized');
  if (typeof body.name !== 'string' || body.name === '') return badRequest('name is required');
  const lb = body.lb_enabled ?? 0;
  if (![0, 1, '0', '1', true, false].includes(lb as never)) return badRequest('lb_enabled must be 0 or 1');
  const sent = req.params.id ?? (body.gwgroupid === undefined || body.gwgroupid === '' ? '' : pyStr(body.gwgroupid));
  const id = sent === '' ? null : parseId(sent);
  if (sent !== '' && id === null) return badRequest('gwgroupid must be an integer');
  if (id !== null && store.groups.get(id)?.type !== FLT_CARRIER) return notFoundReply(MISSING);
  const auth = body.auth ?? null;
  if (
    auth !== null &&
    (typeof auth !== 'object' || Array.isArray(auth) || !['ip', 'userpwd'].includes((auth as Record<string, unknown>).type as string))
  )
    return badRequest('auth.type must be "ip" or "userpwd"');
  const reg = registrationOf(auth as Record<string, unknown> | null);
  if (!reg.ok) return badRequest(reg.why);
  const endpoints = body.endpoints ?? [];
  if (!Array.isArray(endpoints)) return badRequest('endpoints must be a list');
  const eps: CarrierEndpointInput[] = [];
  for (const [index, e] of endpoints.entries()) {
    const checked = checkEndpoint(e, index, true);
    if (!checked.ok) return badRequest(checked.why);
    const gw = checked.ep.gwid === undefined ? undefined : store.groups.gateway(checked.ep.gwid);
    if (checked.ep.gwid !== undefined && gw?.gwgroup !== id)
      return badRequest(`endpoints[${index}]: gwid ${checked.ep.gwid} is not a gateway of this carrier group`);
    eps.push(checked.ep);
  }
  const fields = { name: body.name, lb_enabled: lb === 1 || lb === '1' || lb === true, registration: reg.reg };
  const gwgroupid = id ?? store.groups.createGroup({ ...fields, type: FLT_CARRIER, gwlist: [], subscriber: null, call_settings: null });
  if (id !== null) store.groups.updateGroup(id, fields);
  for (const ep of eps) writeEndpoint(store, gwgroupid, ep);
  return ok(id === null ? 'Carrier group created' : 'Carrier group updated', [{ gwgroupid }]);
};

/** The spec profile's GET. */
export const getCarrierGroups: Handler = get(false);
/** The deployed platform's GET. */
export const getCarrierGroupsDeployed: Handler = get(true);
/** The spec profile's DELETE. */
export const deleteCarrierGroup: Handler = remove(false);
/** The deployed platform's DELETE. */
export const deleteCarrierGroupDeployed: Handler = remove(true);
