/**
 * What an endpoint group keeps beside its gateways: notification addresses, a CDR report and a
 * FusionPBX database, as gui/modules/api/api_routes.py (v0.79-rel) writes them (POST
 * `addEndpointGroups` :1927-1966, :2051-2090; PUT `updateEndpointGroups` :1262-1272, :1655-1742) and
 * reads them back (GET `getEndpointGroup` :1036-1060). Both profiles keep them.
 */
import { serverError, type Reply } from '../envelope.js';
import type { GroupNotifications, StoredGroup } from '../store/groups.js';
import { has, isReply } from './args.js';
import { pyInt, pyStr, pyTruthy, pyType, raised } from './python.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The extras of a group as written: set when present, removed when `null`, kept when absent. */
type Extras = { [K in 'notifications' | 'cdr' | 'fusionpbx']?: StoredGroup[K] | null };

const part = (data: Obj, key: string): Obj => (isObj(data[key]) ? data[key] : {});
const text = (v: unknown): string | null => (v === null || v === undefined ? null : pyStr(v));

/** Python's `len(v) > 0`, or the TypeError of a value without a length. */
function nonEmpty(v: unknown): boolean | Reply {
  if (typeof v === 'string' || Array.isArray(v)) return v.length > 0;
  if (isObj(v)) return Object.keys(v).length > 0;
  return serverError(`object of type '${pyType(v)}' has no len()`);
}

/** Whether python-crontab takes `interval` (`CronSlices.is_valid`): five fields or an `@` name. */
function validCron(interval: string): boolean {
  if (/^@(reboot|hourly|daily|weekly|monthly|yearly|annually|midnight)$/.test(interval.trim())) return true;
  const fields = interval.trim().split(/\s+/);
  const limits: [number, number, readonly string[]][] = [
    [0, 59, []],
    [0, 23, []],
    [1, 31, []],
    [1, 12, ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']],
    [0, 7, ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat']],
  ];
  if (fields.length !== 5) return false;
  return fields.every((field, i) => {
    const [low, high, names] = limits[i] ?? [0, 0, []];
    const value = (t: string): number =>
      names.includes(t.toLowerCase()) ? names.indexOf(t.toLowerCase()) + (low === 1 ? 1 : 0) : Number(t);
    return field.split(',').every((item) => {
      const m = /^(\*|(\w+)(?:-(\w+))?)(?:\/(\d+))?$/.exec(item);
      if (!m) return false;
      const ends = m[1] === '*' ? [] : [m[2], m[3]].filter((t): t is string => t !== undefined).map(value);
      return ends.every((n) => Number.isInteger(n) && n >= low && n <= high) && (m[4] === undefined || Number(m[4]) > 0);
    });
  });
}

/** The FusionPBX database a write names (`dbhost`, `dbuser`, `dbpass`; `null` when not sent). */
function fusionDatabase(f: Obj): NonNullable<StoredGroup['fusionpbx']> {
  return { dbhost: text(f.dbhost), dbuser: text(f.dbuser), dbpass: text(f.dbpass) };
}

/** A POST's FusionPBX flag: text goes through `int()`, any other value is taken as it is. */
function postFlag(v: unknown): unknown {
  if (typeof v !== 'string') return v ?? null;
  const n = pyInt(v);
  return raised(n) ? serverError(n.raised) : n;
}

/**
 * A POST's FusionPBX setting: the database to keep (when `enabled`), and the endpoint "FusionPBX
 * Server" at `dbhost` that the platform adds to the group unless `clustersupport` is set.
 */
export function fusionOnCreate(data: Obj, deployed: boolean): { fusionpbx?: StoredGroup['fusionpbx']; endpoint?: Obj } | Reply {
  if (!has(data, 'fusionpbx')) return {};
  const f = part(data, 'fusionpbx');
  const enabled = postFlag(f.enabled);
  if (isReply(enabled)) return enabled;
  const cluster = postFlag(f.clustersupport);
  if (isReply(cluster)) return cluster;
  if (!pyTruthy(enabled)) return {};
  const fusionpbx = fusionDatabase(f);
  // `clustersupport is None or clustersupport == False`: only then is the server an endpoint too.
  if (cluster !== null && cluster !== 0 && cluster !== false) return { fusionpbx };
  // The spec profile does not send a host it was not given: the endpoint is then refused as hostless.
  const host = deployed || f.dbhost !== undefined ? { host: f.dbhost ?? null } : {};
  return { fusionpbx, endpoint: { ...host, description: 'FusionPBX Server' } };
}

/** A POST's notifications and CDR report (:2051-2090), or the 500 the platform answers. */
export function extrasOnCreate(data: Obj): Extras | Reply {
  const out: Extras = {};
  if (has(data, 'notifications')) {
    const n = part(data, 'notifications');
    const kept: GroupNotifications = {};
    for (const k of ['overmaxcalllimit', 'endpointfailure'] as const) {
      const v = text(n[k]);
      if (v !== null) kept[k] = v;
    }
    out.notifications = kept;
  }
  if (has(data, 'cdr')) {
    const c = part(data, 'cdr');
    const email = has(c, 'cdr_email') ? c.cdr_email : '';
    const interval = has(c, 'cdr_send_interval') ? c.cdr_send_interval : '';
    const both = bothNonEmpty(email, interval);
    if (isReply(both)) return both;
    if (both) {
      if (!validCron(pyStr(interval))) return serverError('Crontab entry could not be created');
      out.cdr = { email: pyStr(email), send_interval: pyStr(interval) };
    }
  }
  return out;
}

/** Python's `len(a) > 0 and len(b) > 0` (the second asked only when the first holds). */
function bothNonEmpty(a: unknown, b: unknown): boolean | Reply {
  const first = nonEmpty(a);
  return first === true ? nonEmpty(b) : first;
}

/** A PUT's FusionPBX flag (:1262-1272): `int(enabled)`, 0 when `fusionpbx` is not sent. */
export function fusionFlagOnUpdate(data: Obj): number | Reply {
  if (!has(data, 'fusionpbx')) return 0;
  const f = part(data, 'fusionpbx');
  if (!has(f, 'enabled')) return 0;
  const n = pyInt(f.enabled);
  return raised(n) ? serverError(n.raised) : n;
}

/**
 * A PUT's notifications, CDR report and FusionPBX database (:1655-1742). A notification kind not
 * sent is removed; a CDR with an empty address or interval is removed. The FusionPBX database is
 * written only inside the CDR step (an indentation of the platform's): with `cdr` sent it is
 * kept for flag 1 and removed for flag 0, without `cdr` it stays as it was.
 */
export function extrasOnUpdate(data: Obj, group: StoredGroup, fusionFlag: number): Extras | Reply {
  const out: Extras = {};
  if (has(data, 'notifications')) {
    const n = part(data, 'notifications');
    const kept: GroupNotifications = {};
    for (const k of ['overmaxcalllimit', 'endpointfailure'] as const) {
      const v = has(n, k) ? text(n[k]) : null;
      if (v !== null) kept[k] = v;
    }
    out.notifications = kept;
  }
  if (!has(data, 'cdr')) return out;
  const c = part(data, 'cdr');
  const email = has(c, 'cdr_email') ? c.cdr_email : null;
  const interval = has(c, 'cdr_send_interval') ? c.cdr_send_interval : null;
  const both = bothNonEmpty(email, interval);
  if (isReply(both)) return both;
  if (both && !validCron(pyStr(interval))) return serverError(`Crontab entry could not be ${group.cdr ? 'updated' : 'created'}`);
  out.cdr = both ? { email: pyStr(email), send_interval: pyStr(interval) } : null;
  if (fusionFlag === 1) out.fusionpbx = fusionDatabase(part(data, 'fusionpbx'));
  if (fusionFlag === 0) out.fusionpbx = null;
  return out;
}

/** The patch that writes `extras` to a group: `null` removes a setting. */
export function extrasPatch(extras: Extras): Partial<StoredGroup> {
  const patch: Partial<StoredGroup> = {};
  for (const k of ['notifications', 'cdr', 'fusionpbx'] as const) {
    const v = extras[k];
    if (v === undefined) continue;
    Object.assign(patch, { [k]: v ?? undefined });
  }
  return patch;
}

/** GET's `notifications`, `fusionpbx` (the password in plain text, as the platform shows it) and `cdr`. */
export function extrasRecord(g: StoredGroup): { notifications: object; fusionpbx: object; cdr: object } {
  const f = g.fusionpbx;
  return {
    notifications: { ...g.notifications },
    fusionpbx: f ? { enabled: '1', dbhost: f.dbhost, dbuser: f.dbuser, dbpass: f.dbpass } : {},
    cdr: g.cdr ? { cdr_email: g.cdr.email, cdr_send_interval: g.cdr.send_interval } : {},
  };
}
