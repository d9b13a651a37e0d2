import type { GroupsSnapshot, StoredGateway, StoredGroup } from './groups.js';
import { snapshotError } from './snapshot.js';

/**
 * The data file's `groups` object (`nextGwgroupid`, `nextGwid`, `groups`, `gateways`), checked. A
 * data file written before the emulator kept groups has no `groups` key: it loads with the fresh
 * install's default groups (`undefined` here).
 */

type Obj = Record<string, unknown>;

function obj(v: unknown, where: string): Obj {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw snapshotError(`${where} must be a JSON object`);
  return v as Obj;
}

const isInt = (v: unknown): v is number => Number.isSafeInteger(v);

function want<T>(ok: boolean, value: unknown, where: string, what: string): T {
  if (!ok) throw snapshotError(`${where} must be ${what}`);
  return value as T;
}

function str(o: Obj, k: string, where: string): string {
  return want<string>(typeof o[k] === 'string', o[k], `${where}.${k}`, 'a string');
}

function int(o: Obj, k: string, where: string): number {
  return want<number>(isInt(o[k]), o[k], `${where}.${k}`, 'an integer');
}

function intOrNull(o: Obj, k: string, where: string): number | null {
  return want<number | null>(o[k] === null || isInt(o[k]), o[k], `${where}.${k}`, 'an integer or null');
}

function bool(o: Obj, k: string, where: string): boolean {
  return want<boolean>(typeof o[k] === 'boolean', o[k], `${where}.${k}`, 'a boolean');
}

function strings<K extends string>(v: unknown, keys: readonly K[], where: string): Record<K, string> | null {
  if (v === null) return null;
  const o = obj(v, where);
  return Object.fromEntries(keys.map((k) => [k, str(o, k, where)])) as Record<K, string>;
}

function group(v: unknown, where: string): StoredGroup {
  const o = obj(v, where);
  const gwlist = want<number[]>(Array.isArray(o.gwlist) && o.gwlist.every(isInt), o.gwlist, `${where}.gwlist`, 'an array of integers');
  const cs = o.call_settings === null ? null : obj(o.call_settings, `${where}.call_settings`);
  return {
    gwgroupid: int(o, 'gwgroupid', where),
    name: str(o, 'name', where),
    type: int(o, 'type', where),
    gwlist: [...gwlist],
    lb_enabled: bool(o, 'lb_enabled', where),
    registration: strings(
      o.registration,
      ['r_username', 'auth_username', 'auth_password', 'auth_domain', 'auth_proxy'],
      `${where}.registration`,
    ),
    subscriber: strings(o.subscriber, ['user', 'pass', 'domain'], `${where}.subscriber`),
    call_settings: cs && {
      limit: intOrNull(cs, 'limit', `${where}.call_settings`),
      timeout: intOrNull(cs, 'timeout', `${where}.call_settings`),
    },
    ...extras(o, where),
  };
}

/** The notifications, CDR and FusionPBX settings a group may have (absent in older data files). */
function extras(o: Obj, where: string): Pick<StoredGroup, 'notifications' | 'cdr' | 'fusionpbx'> {
  const out: Pick<StoredGroup, 'notifications' | 'cdr' | 'fusionpbx'> = {};
  if (o.notifications !== undefined) {
    const n = obj(o.notifications, `${where}.notifications`);
    const pick = (k: 'overmaxcalllimit' | 'endpointfailure') => (n[k] === undefined ? {} : { [k]: str(n, k, `${where}.notifications`) });
    out.notifications = { ...pick('overmaxcalllimit'), ...pick('endpointfailure') };
  }
  if (o.cdr !== undefined) {
    const c = obj(o.cdr, `${where}.cdr`);
    out.cdr = { email: str(c, 'email', `${where}.cdr`), send_interval: str(c, 'send_interval', `${where}.cdr`) };
  }
  if (o.fusionpbx !== undefined) {
    const f = obj(o.fusionpbx, `${where}.fusionpbx`);
    const text = (k: string): string | null =>
      want<string | null>(f[k] === null || typeof f[k] === 'string', f[k], `${where}.fusionpbx.${k}`, 'a string or null');
    out.fusionpbx = { dbhost: text('dbhost'), dbuser: text('dbuser'), dbpass: text('dbpass') };
  }
  return out;
}

function gateway(v: unknown, where: string): StoredGateway {
  const o = obj(v, where);
  return {
    gwid: int(o, 'gwid', where),
    type: int(o, 'type', where),
    address: str(o, 'address', where),
    strip: int(o, 'strip', where),
    prefix: str(o, 'prefix', where),
    name: str(o, 'name', where),
    gwgroup: intOrNull(o, 'gwgroup', where),
    signalling: str(o, 'signalling', where),
    media: str(o, 'media', where),
    dispatcher: want<string | null>(
      o.dispatcher === null || typeof o.dispatcher === 'string',
      o.dispatcher,
      `${where}.dispatcher`,
      'a string or null',
    ),
    rweight: int(o, 'rweight', where),
    keepalive: bool(o, 'keepalive', where),
    ...(o.dispatcherLabel === undefined
      ? {}
      : {
          dispatcherLabel: want<string | null>(
            o.dispatcherLabel === null || typeof o.dispatcherLabel === 'string',
            o.dispatcherLabel,
            `${where}.dispatcherLabel`,
            'a string or null',
          ),
        }),
  };
}

function list<T>(v: unknown, where: string, each: (v: unknown, where: string) => T, id: (t: T) => number, next: number): T[] {
  if (!Array.isArray(v)) throw snapshotError(`${where} must be an array`);
  const seen = new Set<number>();
  return v.map((item, i) => {
    const t = each(item, `${where}[${i}]`);
    const n = id(t);
    if (seen.has(n)) throw snapshotError(`${where}[${i}] repeats id ${n}`);
    if (n >= next) throw snapshotError(`${where}[${i}] has id ${n}, not below the next id ${next}`);
    seen.add(n);
    return t;
  });
}

/** The groups part of a parsed data file, or `undefined` when the file predates it. Throws EMULATOR_SNAPSHOT_INVALID. */
export function parseGroups(value: unknown): GroupsSnapshot | undefined {
  if (value === undefined) return undefined;
  const root = obj(value, 'groups');
  const nextGwgroupid = int(root, 'nextGwgroupid', 'groups');
  const nextGwid = int(root, 'nextGwid', 'groups');
  return {
    nextGwgroupid,
    nextGwid,
    groups: list(root.groups, 'groups.groups', group, (g) => g.gwgroupid, nextGwgroupid),
    gateways: list(root.gateways, 'groups.gateways', gateway, (g) => g.gwid, nextGwid),
  };
}
