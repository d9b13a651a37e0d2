/**
 * `/endpointgroups[/<id>]` under both profiles: gui/modules/api/api_routes.py at v0.79-rel
 * (DELETE :848-939, GET one :942-1066, list :1069-1107, PUT :1110-1761, POST :1764-2103). The
 * platform rolls back on any failure, so every check runs before anything is written. Only names,
 * call settings, `userpwd`/`ip` auth, strip, prefix and endpoints are kept; notifications, CDR and
 * FusionPBX settings are accepted and dropped. docs/platform-profiles.md ("Groups") lists the answers.
 */
import { badRequest, httpError, notFoundReply, ok, serverError, type Reply } from '../envelope.js';
import type { Handler, ParsedRequest } from '../router.js';
import { FLT_PBX, type StoredGateway, type StoredGroup, type StoredSubscriber } from '../store/groups.js';
import type { EmulatorStore } from '../store/store.js';
import { has, parseId } from './args.js';
import { endpointGroupRecord, groupSummary, sipAddress, splitAddress } from './group-common.js';
import { firstUnreadable, unreadableName } from './descriptions.js';
import { dropRowsNaming, planDeployed, planSpec } from './endpoint-put-plan.js';
import { mergedRequestData, pyInt, pyStr, pyType, raised } from './python.js';

const TYPES: Record<string, 'str' | 'int' | 'dict' | 'list'> = {
  name: 'str',
  call_settings: 'dict',
  auth: 'dict',
  strip: 'int',
  did_override: 'str',
  prefix: 'str',
  notifications: 'dict',
  cdr: 'dict',
  fusionpbx: 'dict',
  endpoints: 'list',
};
/** gui/settings.py:198 DID_PREFIX_ALLOWED_CHARS (the platform joins a set: its order varies). */
const PREFIX_CHARS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '+', '#', '*'];
const GONE = 'Endpoint Group Does Not Exist';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The whitelist and the type conversions of api_routes.py:1208-1224 / :1863-1874. */
function sanitize(body: Obj, extra: readonly string[]): Obj | Reply {
  const out: Obj = {};
  for (const [k, v] of Object.entries(body)) {
    const type = extra.includes(k) ? 'int' : TYPES[k];
    if (!type) return badRequest(`Request argument '${k}' not recognized`);
    const invalid = badRequest(`Request argument '${k}' not valid`);
    if (type === 'str') out[k] = pyStr(v);
    else if (type === 'int') {
      const n = pyInt(v);
      if (raised(n)) return invalid;
      out[k] = n;
    } else if (type === 'dict') {
      if (!isObj(v)) return invalid;
      out[k] = v;
    } else if (Array.isArray(v)) out[k] = v;
    else if (typeof v === 'string') out[k] = [...v];
    else if (isObj(v)) out[k] = Object.keys(v);
    else return invalid;
  }
  if (typeof out.prefix === 'string' && [...out.prefix].some((c) => !PREFIX_CHARS.includes(c)))
    return badRequest(`Request argument 'prefix' not valid. Allowed characters: ${PREFIX_CHARS.join(',')}`);
  return out;
}

const isReply = (v: unknown): v is Reply => isObj(v) && typeof v.status === 'number' && 'msg' in v;

/** The subscriber an `auth` asks for: `null` for `ip`, `undefined` to leave it, or the refusal. */
function subscriberOf(
  store: EmulatorStore,
  data: Obj,
  self: number | null,
  deployed: boolean,
): StoredSubscriber | null | undefined | Reply {
  const auth = isObj(data.auth) ? data.auth : {};
  if (auth.type === 'ip') return null;
  if (auth.type !== 'userpwd') return undefined;
  const s = (k: string): string => (typeof auth[k] === 'string' ? auth[k] : '');
  if (!s('user') || !s('pass')) return badRequest('Auth username or password invalid');
  const domain = sipAddress(s('domain') || 'sip.dsiprouter.org', 5060)?.replace(/:\d+$/, '');
  if (!domain) return badRequest('Auth domain is malformed');
  const taken = store.groups.list().some((g) => g.gwgroupid !== self && g.subscriber?.user === s('user') && g.subscriber.domain === domain);
  if (taken && self !== null) return badRequest('Subscriber username already taken');
  const msg = `DB Entry Taken for Username ${s('user')} in Domain ${domain}`;
  if (taken) return deployed ? serverError(msg, 'db') : badRequest(msg);
  return { user: s('user'), pass: s('pass'), domain };
}

/** The gateway an endpoint describes (`current`: the one it updates, whose values fill the gaps). */
function gatewayOf(
  e: unknown,
  data: Obj,
  gwgroupid: number,
  current: StoredGateway | undefined,
  deployed: boolean,
): Omit<StoredGateway, 'gwid'> | Reply {
  if (typeof e === 'string' && deployed) return badRequest('Endpoint hostname/address is required');
  if (!isObj(e))
    return deployed ? serverError(`argument of type '${pyType(e)}' is not iterable`) : badRequest('each endpoint must be an object');
  if (!current && !has(e, 'host')) return badRequest('Endpoint hostname/address is required');
  const [curHost, curPort] = current ? splitAddress(current.address) : ['', 5060];
  const num = (k: string, fallback: number): number | Reply => {
    if (e[k] === undefined || e[k] === null || e[k] === '') return fallback;
    const n = pyInt(e[k]);
    return raised(n) ? (deployed ? serverError(n.raised) : badRequest(`${k} must be an integer`)) : n;
  };
  const port = num('port', curPort);
  const rweight = num('rweight', current ? (current.dispatcher === null ? 0 : current.rweight) : 1);
  const keepalive = num('keepalive', current?.keepalive ? 1 : 0);
  for (const n of [port, rweight, keepalive]) if (isReply(n)) return n;
  const host = has(e, 'host') ? pyStr(e.host) : curHost;
  if (host === '') return badRequest('Endpoint hostname/address is required');
  const address = sipAddress(host, port as number);
  if (address === null) return badRequest('Endpoint hostname/address is malformed');
  const str = (k: string, fallback: string): string => (has(e, k) ? pyStr(e[k]) : fallback);
  return {
    type: current?.type ?? FLT_PBX,
    address,
    strip: typeof data.strip === 'number' ? data.strip : 0,
    prefix: typeof data.prefix === 'string' ? data.prefix : '',
    name: str('description', current?.name ?? ''),
    gwgroup: gwgroupid,
    signalling: str('signalling', current?.signalling ?? 'proxy'),
    media: str('media', current?.media ?? 'proxy'),
    dispatcher: address,
    rweight: rweight as number,
    keepalive: (keepalive as number) > 0,
  };
}

/** `call_settings` as kept; the deployed PUT reads `limit` and `timeout` unconditionally. */
function callSettingsOf(data: Obj, put: boolean, deployed: boolean): StoredGroup['call_settings'] | Reply {
  const cs = isObj(data.call_settings) ? data.call_settings : {};
  for (const k of Object.keys(cs)) {
    if (k !== 'limit' && k !== 'timeout')
      return deployed
        ? serverError(`__init__() got an unexpected keyword argument '${k}'`)
        : badRequest(`call_settings.${k} is not recognized`);
  }
  if (put && deployed) for (const k of ['limit', 'timeout']) if (!has(cs, k)) return serverError(`'${k}'`);
  const n = (v: unknown): number | null => (typeof v === 'number' && Number.isSafeInteger(v) ? v : null);
  return { limit: n(cs.limit), timeout: n(cs.timeout) };
}

/**
 * GET list (type 9 only) or one (any group). `deployed`: a description it reads that holds a `,`
 * part without `:` (a name with a comma) is a 500 (api_routes.py:1088, :959, :1031).
 */
function get(deployed: boolean): Handler {
  return (store, req) => {
    if (req.params.id === undefined) {
      const groups = store.groups.list(FLT_PBX);
      const broken = deployed ? firstUnreadable(groups, []) : null;
      return broken ? serverError(broken.raised) : ok('Endpoint groups found', groups.map(groupSummary));
    }
    const id = parseId(req.params.id);
    const g = id === null ? undefined : store.groups.get(id);
    if (!g) return deployed ? httpError(404, GONE) : notFoundReply(GONE);
    const broken = deployed ? firstUnreadable([g], membersOf(store, g)) : null;
    return broken ? serverError(broken.raised) : ok('Endpoint group found', [endpointGroupRecord(store, g)]);
  };
}

function membersOf(store: EmulatorStore, g: StoredGroup): StoredGateway[] {
  return g.gwlist.map((id) => store.groups.gateway(id)).filter((gw): gw is StoredGateway => gw !== undefined);
}

/**
 * POST: a new endpoint group with its gateways; answers `[{gwgroupid, endpoints: [gwids]}]`.
 * `deployed`: the group's row is inserted before anything else is checked (api_routes.py:1886-1890),
 * so every failure after that uses up its id; a name holding `,` fails last, reading the
 * description back (:2039).
 */
function create(deployed: boolean): Handler {
  return (store, req) => {
    const data = sanitize(req.body, []);
    if (isReply(data)) return data;
    if (!has(data, 'name')) return deployed ? serverError("'name'") : badRequest('name is required');
    const failed = (r: Reply): Reply => {
      if (deployed) store.groups.burnGroupId();
      return r;
    };
    const cs = callSettingsOf(data, false, deployed);
    if (isReply(cs)) return failed(cs);
    const sub = subscriberOf(store, data, null, deployed);
    if (isReply(sub)) return failed(sub);
    const eps = (Array.isArray(data.endpoints) ? data.endpoints : []).map((e) => gatewayOf(e, data, 0, undefined, deployed));
    const refused = eps.find(isReply);
    if (refused) return failed(refused);
    const unreadable = deployed ? unreadableName(data.name as string, FLT_PBX) : null;
    if (unreadable) return failed(serverError(unreadable.raised));
    const gwgroupid = store.groups.createGroup({
      name: data.name as string,
      type: FLT_PBX,
      gwlist: [],
      lb_enabled: false,
      registration: null,
      subscriber: sub ?? null,
      call_settings: cs,
    });
    const gwlist = (eps as Omit<StoredGateway, 'gwid'>[]).map((gw) => store.groups.addGateway({ ...gw, gwgroup: gwgroupid }));
    store.groups.updateGroup(gwgroupid, { gwlist });
    return ok('Endpoint group created', [{ gwgroupid, endpoints: gwlist }]);
  };
}

/**
 * The group id of a PUT. The platform converts it with `int()` before any other check
 * (api_routes.py:1200-1206): from the path when there is one, else from the body with the query
 * merged over it, so `?gwgroupid=N` (a list) and `"abc"` are 500s.
 */
function putGroupId(req: ParsedRequest, data: Obj, deployed: boolean): number | null | Reply {
  if (req.params.id !== undefined) return parseId(req.params.id);
  if (!has(data, 'gwgroupid')) return null;
  const n = pyInt(data.gwgroupid);
  if (raised(n)) return deployed ? serverError(n.raised) : badRequest("Request argument 'gwgroupid' not valid");
  return n;
}

/** PUT: the group's settings, and `endpoints` as its whole gateway set (those not listed are deleted). */
function update(deployed: boolean): Handler {
  return (store, req) => {
    const merged = deployed ? mergedRequestData(req.body, req.query) : req.body;
    const id = putGroupId(req, merged, deployed);
    if (isReply(id)) return id;
    const data = sanitize({ ...merged, ...(id === null ? {} : { gwgroupid: id }) }, ['gwgroupid']);
    if (isReply(data)) return data;
    const group = id === null ? undefined : store.groups.get(id);
    if (!group || (!deployed && group.type !== FLT_PBX)) return deployed ? httpError(404, 'gwgroup does not exist') : notFoundReply(GONE);
    const gwgroupid = group.gwgroupid;
    const unreadableGroup = deployed ? firstUnreadable([group], []) : null;
    if (unreadableGroup) return serverError(unreadableGroup.raised);
    const cs = callSettingsOf(data, true, deployed);
    if (isReply(cs)) return cs;
    const sub = subscriberOf(store, data, gwgroupid, deployed);
    if (isReply(sub)) return sub;
    const currentList = store.groups.gatewaysOf(gwgroupid);
    const unreadable = deployed ? firstUnreadable([], currentList) : null;
    if (unreadable) return serverError(unreadable.raised);
    const listed: unknown[] = Array.isArray(data.endpoints) ? (data.endpoints as unknown[]) : [];
    const plan = deployed ? planDeployed(listed, currentList) : planSpec(listed, currentList);
    if (isReply(plan)) return plan;
    const fresh: [Omit<StoredGateway, 'gwid'>, string | null | undefined][] = [];
    const kept: [number, Omit<StoredGateway, 'gwid'>, boolean][] = [];
    for (const step of plan) {
      const gw = gatewayOf(step.endpoint, data, gwgroupid, step.current, deployed);
      if (isReply(gw)) return gw;
      if (step.current) kept.push([step.current.gwid, gw, step.rowFound]);
      else fresh.push([gw, step.label]);
    }
    store.groups.updateGroup(gwgroupid, {
      name: has(data, 'name') ? (data.name as string) : deployed ? '' : group.name,
      call_settings: cs,
      ...(sub !== undefined ? { subscriber: sub } : {}),
    });
    const gwlist = fresh.map(([gw, label]) => store.groups.addGateway(label === undefined ? gw : { ...gw, dispatcherLabel: label }));
    for (const [gwid, gw, rowFound] of kept.sort((a, b) => a[0] - b[0])) {
      store.groups.updateGateway(gwid, rowFound ? gw : { ...gw, dispatcherLabel: undefined });
      gwlist.push(gwid);
    }
    const gone = currentList.map((gw) => gw.gwid).filter((gwid) => !gwlist.includes(gwid));
    store.groups.deleteGateways(gone);
    if (deployed) dropRowsNaming(store, gwlist, gone);
    store.groups.updateGroup(gwgroupid, { gwlist });
    return ok('Endpoint group updated', [{ gwgroupid, endpoints: gwlist }]);
  };
}

/**
 * DELETE: the group (any type, on the platform) and its gateways; the platform answers 200 even
 * for an unknown id, and 500 (deleting nothing) when a gateway's description cannot be read
 * (api_routes.py:876-880).
 */
function remove(deployed: boolean): Handler {
  return (store, req) => {
    const id = parseId(req.params.id ?? '');
    const g = id === null ? undefined : store.groups.get(id);
    if (!deployed && g?.type !== FLT_PBX) return notFoundReply(GONE);
    const broken = deployed && id !== null ? firstUnreadable([], store.groups.gatewaysOf(id)) : null;
    if (broken) return serverError(broken.raised);
    if (id !== null) store.groups.deleteGroup(id);
    return ok('EndpointGroup deleted');
  };
}

/** The spec profile's handlers, by method. */
export const ENDPOINT_GROUPS = { GET: get(false), POST: create(false), PUT: update(false), DELETE: remove(false) } as const;
/** The deployed platform's handlers, by method. */
export const ENDPOINT_GROUPS_DEPLOYED = { GET: get(true), POST: create(true), PUT: update(true), DELETE: remove(true) } as const;
