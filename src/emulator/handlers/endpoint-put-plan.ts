/**
 * How a `PUT /endpointgroups` pairs the endpoints it is sent with the group's gateways, under each
 * profile (gui/modules/api/api_routes.py `updateEndpointGroups` at v0.79-rel for the deployed one),
 * and the dispatcher rows the platform deletes with a gateway.
 */
import { serverError, type Reply } from '../envelope.js';
import type { StoredGateway } from '../store/groups.js';
import type { EmulatorStore } from '../store/store.js';
import { has } from './args.js';
import { pyInt, pyStr, pyType } from './python.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The platform deletes the dispatcher rows that name a deleted gateway (api_routes.py:1639-1649),
 * which includes a row just made for an endpoint sent with that gateway's id as a string.
 */
export function dropRowsNaming(store: EmulatorStore, gwids: readonly number[], gone: readonly number[]): void {
  const names = new Set(gone.map(String));
  for (const gwid of gwids) {
    const gw = store.groups.gateway(gwid);
    if (gw?.dispatcherLabel != null && names.has(gw.dispatcherLabel)) store.groups.updateGateway(gwid, { dispatcher: null });
  }
}

/** One endpoint of a PUT: the gateway it updates (with whether its dispatcher row is found), or the label of a new one's row. */
export interface PutStep {
  readonly endpoint: unknown;
  readonly current: StoredGateway | undefined;
  readonly rowFound: boolean;
  /** A new gateway's dispatcher row label: `null` (names none), a sent gwid as text, or `undefined` (its own). */
  readonly label?: string | null;
}

/** The spec profile: a `gwid` of the group (number or digits) updates that gateway; anything else is new. */
export function planSpec(listed: readonly unknown[], current: readonly StoredGateway[]): PutStep[] {
  const mine = new Map(current.map((gw) => [gw.gwid, gw]));
  const withId = (e: unknown): boolean => isObj(e) && e.gwid != null;
  return [...listed.filter((e) => !withId(e)), ...listed.filter(withId)].map((e) => {
    const gwid = withId(e) ? pyInt((e as Obj).gwid) : null;
    const gw = typeof gwid === 'number' ? mine.get(gwid) : undefined;
    return { endpoint: e, current: gw, rowFound: true };
  });
}

/**
 * The deployed platform (api_routes.py:1331-1460): endpoints without a `gwid` are created first,
 * their dispatcher rows naming no gateway; the rest are keyed by `gwid` as sent (a dict: the last
 * of a repeated id wins), and only a JSON number equals a gateway's id, so a string `gwid` makes a
 * new gateway (and the one it named is deleted) whose row names the id sent. A gateway updated
 * keeps its weight only if a row naming it is found.
 */
export function planDeployed(listed: readonly unknown[], current: readonly StoredGateway[]): PutStep[] | Reply {
  const steps: PutStep[] = [];
  const keyed = new Map<string, [unknown, unknown]>();
  for (const e of listed) {
    const gwid = isObj(e) && has(e, 'gwid') ? e.gwid : null;
    if (gwid === null || gwid === undefined) {
      steps.push({ endpoint: e, current: undefined, rowFound: false, label: null });
      continue;
    }
    if (typeof gwid === 'object') return serverError(`unhashable type: '${pyType(gwid)}'`);
    keyed.set(`${typeof gwid === 'string' ? 's' : 'n'}:${pyStr(gwid)}`, [gwid, e]);
  }
  const mine = new Map(current.map((gw) => [gw.gwid, gw]));
  for (const [gwid, e] of keyed.values()) {
    const gw = typeof gwid === 'number' ? mine.get(gwid) : undefined;
    if (!gw) {
      steps.push({ endpoint: e, current: undefined, rowFound: false, label: pyStr(gwid) });
      continue;
    }
    const rowFound = gw.dispatcher !== null && (gw.dispatcherLabel === undefined || gw.dispatcherLabel === String(gw.gwid));
    steps.push({ endpoint: e, current: rowFound ? gw : { ...gw, dispatcher: null, keepalive: false }, rowFound });
  }
  return steps;
}
