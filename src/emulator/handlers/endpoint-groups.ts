/**
 * `/endpointgroups[/<id>]` under both profiles: gui/modules/api/api_routes.py at v0.79-rel
 * (DELETE :848-939, GET one :942-1066, list :1069-1107, PUT :1110-1761, POST :1764-2103). The
 * platform rolls back on any failure, so every check runs before anything is written. Names, call
 * settings, `userpwd`/`ip` auth, strip, prefix, endpoints, notifications, the CDR report and the
 * FusionPBX database are kept (endpoint-group-extras.ts); the FusionPBX dispatcher set (id + 1000)
 * and the address rows are not. docs/platform-profiles.md ("Groups") lists the answers.
 */
import { badRequest, httpError, notFoundReply, ok, serverError, type Reply } from '../envelope.js';
import type { Handler, ParsedRequest } from '../router.js';
import { FLT_PBX, type StoredGateway, type StoredGroup } from '../store/groups.js';
import type { EmulatorStore } from '../store/store.js';
import { has, isReply, parseId } from './args.js';
import { endpointGroupRecord, groupSummary } from './group-common.js';
import { firstUnreadable, unreadableName } from './descriptions.js';
import { callSettingsOf, gatewayOf, sanitize, subscriberOf, type Obj } from './endpoint-group-fields.js';
import { extrasOnCreate, extrasOnUpdate, extrasPatch, fusionFlagOnUpdate, fusionOnCreate } from './endpoint-group-extras.js';
import { dropRowsNaming, planDeployed, planSpec } from './endpoint-put-plan.js';
import { mergedRequestData, pyInt, raised } from './python.js';

const GONE = 'Endpoint Group Does Not Exist';

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
    const broken = deployed ? (firstUnreadable([g], membersOf(store, g)) ?? portUnreadable(membersOf(store, g))) : null;
    return broken ? serverError(broken.raised) : ok('Endpoint group found', [endpointGroupRecord(store, g)]);
  };
}

/**
 * The GET reads each member's port as `int(address.split(':')[1])` (:1017-1023): an IPv6 address
 * (`[2001:db8::1]:5060`) gives `'db8'`, which `int()` refuses, so the whole read is a 500.
 */
function portUnreadable(members: readonly StoredGateway[]): { raised: string } | null {
  for (const gw of [...members].sort((a, b) => a.gwid - b.gwid)) {
    const parts = gw.address.split(':');
    const port = parts.length > 1 ? pyInt(parts[1]) : 0;
    if (raised(port)) return port;
  }
  return null;
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
    const fusion = fusionOnCreate(data, deployed);
    if (isReply(fusion)) return failed(fusion);
    const sent: unknown[] = Array.isArray(data.endpoints) ? (data.endpoints as unknown[]) : [];
    const listed = [...sent, ...(fusion.endpoint ? [fusion.endpoint] : [])];
    const eps = listed.map((e) => gatewayOf(e, data, 0, undefined, deployed));
    const refused = eps.find(isReply);
    if (refused) return failed(refused);
    const unreadable = deployed ? unreadableName(data.name as string, FLT_PBX) : null;
    if (unreadable) return failed(serverError(unreadable.raised));
    const extras = extrasOnCreate(data);
    if (isReply(extras)) return failed(extras);
    const gwgroupid = store.groups.createGroup({
      name: data.name as string,
      type: FLT_PBX,
      gwlist: [],
      lb_enabled: false,
      registration: null,
      subscriber: sub ?? null,
      call_settings: cs,
      ...extrasPatch({ ...extras, fusionpbx: fusion.fusionpbx }),
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
    const fusionFlag = fusionFlagOnUpdate(data);
    if (isReply(fusionFlag)) return fusionFlag;
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
    const extras = extrasOnUpdate(data, group, fusionFlag);
    if (isReply(extras)) return extras;
    store.groups.updateGroup(gwgroupid, {
      name: has(data, 'name') ? (data.name as string) : deployed ? '' : group.name,
      call_settings: cs,
      ...(sub !== undefined ? { subscriber: sub } : {}),
      ...extrasPatch(extras),
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
