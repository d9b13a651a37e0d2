/**
 * `/carriergroups[/<id>]` under both profiles. The deployed handlers are
 * gui/modules/api/carriergroups/routes.py (v0.79-rel) and functions.py (`addUpdateCarrierGroups`,
 * `addUpdateCarriers`); docs/platform-profiles.md ("Groups") lists each answer.
 */
import { notFoundReply, ok, serverError, type Reply } from '../envelope.js';
import type { Handler, ParsedRequest } from '../router.js';
import { DEFAULT_AUTH_DOMAIN, FLT_CARRIER, type StoredRegistration } from '../store/groups.js';
import type { EmulatorStore } from '../store/store.js';
import { badRequest, httpError } from '../envelope.js';
import { has, parseId } from './args.js';
import { checkEndpoint, endpointBlocked, writeEndpoint, type CarrierEndpointInput } from './carrier-endpoints.js';
import { carrierGroupRecord, groupSummary, sipAddress, swallowedGroupId } from './group-common.js';
import { firstUnreadable, unreadableName } from './descriptions.js';
import { mysqlNumber, pyInt, pyStr, pyTruthy, pyType, raised } from './python.js';

const MISSING = "The carrier group doesn't exist";

/**
 * The carrier group a path id names, or `undefined`. `deployed`: the path id is compared as MySQL
 * compares a string with an integer column (routes.py:78 takes any string; `1abc` is group 1),
 * else it must be digits.
 */
function carrierOf(store: EmulatorStore, req: ParsedRequest, deployed: boolean): ReturnType<EmulatorStore['groups']['get']> {
  const text = req.params.id;
  const id = text === undefined ? null : deployed ? mysqlNumber(text) : parseId(text);
  const g = id === null || !Number.isSafeInteger(id) ? undefined : store.groups.get(id);
  return g?.type === FLT_CARRIER ? g : undefined;
}

/** The platform's 404 of a carrier group: `showApiError`, so the whole envelope (dsipreload too) with `error: "http"`. */
const missing = (deployed: boolean): Reply => (deployed ? httpError(404, MISSING) : notFoundReply(MISSING));

/**
 * GET list or one; `deployed`: the platform's payload without `dsipreload`, and a 500 when a
 * description it reads holds a `,` part without `:` (routes.py:154, :36).
 */
function get(deployed: boolean): Handler {
  return (store, req) => {
    const bare = deployed ? { bare: true as const } : {};
    if (req.params.id === undefined) {
      const groups = store.groups.list(FLT_CARRIER);
      const broken = deployed ? firstUnreadable(groups, []) : null;
      if (broken) return serverError(broken.raised);
      return { ...ok('Carrier groups found', groups.map(groupSummary)), ...bare };
    }
    const g = carrierOf(store, req, deployed);
    if (!g) return missing(deployed);
    const broken = deployed ? firstUnreadable([g], store.groups.gatewaysOf(g.gwgroupid)) : null;
    if (broken) return serverError(broken.raised);
    return { ...ok('Carrier groups found', [carrierGroupRecord(store, g)]), ...bare };
  };
}

/**
 * DELETE: the group and the gateways whose description names it. `deployed`: a gateway whose
 * description cannot be read makes it a 500 that deletes nothing (routes.py:57-60), and the
 * gateways are found by the path id as written (`gwgroup:<text>`), so `1abc` deletes group 1 and
 * leaves its gateways.
 */
function remove(deployed: boolean): Handler {
  return (store, req) => {
    const g = carrierOf(store, req, deployed);
    if (!g) return missing(deployed);
    if (!deployed) {
      store.groups.deleteGroup(g.gwgroupid);
      return ok('Carrier group deleted');
    }
    const broken = firstUnreadable([], store.groups.gatewaysOf(g.gwgroupid));
    if (broken) return serverError(broken.raised);
    if (req.params.id === String(g.gwgroupid)) store.groups.deleteGroup(g.gwgroupid);
    else store.groups.deleteGroupOnly(g.gwgroupid);
    return { ...ok('Carrier group deleted'), kamreload: true, bare: true };
  };
}

type Registration = { readonly ok: true; readonly reg: StoredRegistration | null } | { readonly ok: false; readonly why: string };

/** The registration an `auth` object asks for (`null`: none, for `ip` or no auth), as functions.py:118-132 formats it. */
function registrationOf(auth: Record<string, unknown> | null): Registration {
  if (!auth || auth.type !== 'userpwd') return { ok: true, reg: null };
  const s = (k: string, fallback = ''): string => (typeof auth[k] === 'string' ? auth[k] : fallback);
  const domain = sipAddress(s('auth_domain', DEFAULT_AUTH_DOMAIN), 5060)?.replace(/:\d+$/, '');
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
    // functions.py:135-138 inserts the group, then reads its description back (:185): a name
    // holding a "," part without ":" fails there, rolled back, its id used up.
    const unreadable = typeof name === 'string' ? unreadableName(name, FLT_CARRIER) : null;
    if (sent === '' && unreadable) store.groups.burnGroupId();
    else if (sent === '') {
      gwgroupid = store.groups.createGroup({
        name: pyStr(name),
        type: FLT_CARRIER,
        gwlist: [],
        lb_enabled: lb !== 0,
        registration: reg.reg,
        subscriber: null,
        call_settings: null,
      });
    } else if (typeof name === 'string' && name !== '' && !unreadable) {
      const id = parseId(sent);
      if (id !== null && store.groups.get(id)) {
        store.groups.updateGroup(id, { name, lb_enabled: lb !== 0, registration: reg.reg });
        gwgroupid = id;
      }
    }
  }
  const endpoints = has(body, 'endpoints') ? body.endpoints : [];
  // routes.py:298-302 loops over it after the group was written: null, a number or a bool raise.
  if (endpoints === null || typeof endpoints === 'number' || typeof endpoints === 'boolean')
    return serverError(`'${pyType(endpoints)}' object is not iterable`);
  if (!Array.isArray(endpoints) && pyTruthy(endpoints)) return serverError("'str' object does not support item assignment");
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

/**
 * POST and PUT under the spec profile: every field checked before anything is written, and a
 * failure answered with the contract's envelope (400, or 404 for an unknown group); the answer
 * holds the group id as a number. With the swallow switch on, the deployed handler answers.
 */
export const writeCarrierGroup: Handler = (store, req) => {
  if (store.swallowGroupErrors) return writeCarrierGroupDeployed(store, req);
  // Keys it does not read are ignored, as the platform ignores them (the vendor's own bodies carry
  // `plugin`, and endpoints with `ip_addr`).
  const body = req.body;
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
