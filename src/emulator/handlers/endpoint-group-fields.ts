/**
 * The fields of an `/endpointgroups` write as each profile reads them (gui/modules/api/api_routes.py
 * at v0.79-rel: the whitelist and conversions :1208-1224 / :1863-1874, auth :1290-1330 / :1896-1923,
 * endpoints :1340-1480 / :1940-2000, call settings :1250-1261 / :1893-1896).
 */
import { badRequest, serverError, type Reply } from '../envelope.js';
import { DEFAULT_AUTH_DOMAIN, FLT_PBX, type StoredGateway, type StoredGroup, type StoredSubscriber } from '../store/groups.js';
import type { EmulatorStore } from '../store/store.js';
import { has, isReply } from './args.js';
import { sipAddress, splitAddress } from './group-common.js';
import { pyInt, pyStr, pyType, raised } from './python.js';

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
/** A JSON object of a request. */
export type Obj = Record<string, unknown>;
/** Whether a JSON value is an object (not a list). */
export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The whitelist and the type conversions of api_routes.py:1208-1224 / :1863-1874. */
export function sanitize(body: Obj, extra: readonly string[]): Obj | Reply {
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

/** The subscriber an `auth` asks for: `null` for `ip`, `undefined` to leave it, or the refusal. */
export function subscriberOf(
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
  const domain = sipAddress(s('domain') || DEFAULT_AUTH_DOMAIN, 5060)?.replace(/:\d+$/, '');
  if (!domain) return badRequest('Auth domain is malformed');
  const taken = store.groups.list().some((g) => g.gwgroupid !== self && g.subscriber?.user === s('user') && g.subscriber.domain === domain);
  if (taken && self !== null) return badRequest('Subscriber username already taken');
  const msg = `DB Entry Taken for Username ${s('user')} in Domain ${domain}`;
  if (taken) return deployed ? serverError(msg, 'db') : badRequest(msg);
  return { user: s('user'), pass: s('pass'), domain };
}

/** The gateway an endpoint describes (`current`: the one it updates, whose values fill the gaps). */
export function gatewayOf(
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
  // safeUriToHost runs a regex over the host: anything but text is a TypeError there.
  if (deployed && has(e, 'host') && typeof e.host !== 'string')
    return serverError(`expected string or bytes-like object, got '${pyType(e.host)}'`);
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
export function callSettingsOf(data: Obj, put: boolean, deployed: boolean): StoredGroup['call_settings'] | Reply {
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
