import type { CarrierAuth, CarrierEndpoint, CarrierGroup, CarrierGroupContent, UnreadableCarrierField } from '../../model/carrier-group.js';
import type { TfObject, TfValue } from '../types.js';

/** The platform's defaults of an endpoint's optional fields. */
export const ENDPOINT_DEFAULTS = { strip: 0, prefix: '', weight: 1 } as const;
/** The attributes of an `auth` block besides `type`, as the platform names them. */
const AUTH_FIELDS = ['r_username', 'auth_username', 'auth_password', 'auth_domain', 'auth_proxy'] as const;
/**
 * The write-only password and its version: configuration only. Terraform keeps the password out of
 * plan and state (a provider must return it null); the version is stored, and a new one sends the
 * password again (Terraform cannot compare a value it never keeps).
 */
export const WRITE_ONLY = { password: 'auth_password_wo', version: 'auth_password_wo_version' } as const;

/**
 * The address of an endpoint without the platform's default port: `h` and `h:5060` (and
 * `[::1]` and `[::1]:5060`) are the same endpoint, and the platform adds `:5060` when none is given.
 */
export function hostKey(hostname: string): string {
  const m = /^(\[[^\]]*\]|[^:]*):5060$/.exec(hostname);
  return (m ? m[1]! : hostname).toLowerCase();
}

const isObject = (v: TfValue | undefined): v is TfObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The `endpoint` blocks of a state, plan or configuration (none when unset or unknown). */
export function endpointBlocks(obj: TfObject | null): TfObject[] {
  const v = obj?.endpoint;
  return Array.isArray(v) ? v.filter(isObject) : [];
}

/** The gwids a state holds, by position (undefined where unknown). */
export function gwidsOf(obj: TfObject | null): (number | undefined)[] {
  const v = obj?.gwids;
  return Array.isArray(v) ? v.map((x) => (typeof x === 'number' ? x : undefined)) : [];
}

function authOf(block: TfValue | undefined, writeOnly: string | undefined): CarrierAuth | undefined {
  if (!isObject(block)) return undefined;
  const out: Record<string, string> = { type: String(block.type) };
  for (const f of AUTH_FIELDS) if (typeof block[f] === 'string') out[f] = block[f];
  if (writeOnly !== undefined && out.auth_password === undefined) out.auth_password = writeOnly;
  return out as unknown as CarrierAuth;
}

/** The write-only password a configuration gives (`auth.auth_password_wo`), when known. */
export function writeOnlyPassword(config: TfObject | null): string | undefined {
  const auth = config?.auth;
  const v = isObject(auth) ? auth[WRITE_ONLY.password] : undefined;
  return typeof v === 'string' ? v : undefined;
}

/** The `auth_password_wo_version` of a state or plan (null: none). */
export function writeOnlyVersion(obj: TfObject | null): TfValue {
  const auth = obj?.auth;
  return (isObject(auth) ? auth[WRITE_ONLY.version] : null) ?? null;
}

/** A plan's auth block with the write-only password null, as Terraform requires of every plan and state. */
export function withoutWriteOnly(auth: TfValue | undefined): TfValue {
  return isObject(auth) ? { ...auth, [WRITE_ONLY.password]: null } : (auth ?? null);
}

/**
 * Whether the state does not know the group's lb_enabled and registration: the platform never shows
 * them, and Terraform never wrote them (the group was imported). Its `lb_enabled` is null then.
 */
export function unreadInState(prior: TfObject | null): boolean {
  return prior !== null && prior.lb_enabled === null;
}

/**
 * The fields an update of a group whose state does not know them (`unreadInState(prior)`) would
 * write blind because the plan leaves them out: lb_enabled unset, no auth block.
 */
export function unstatedOf(prior: TfObject | null, planned: TfObject): UnreadableCarrierField[] {
  if (!unreadInState(prior)) return [];
  const out: UnreadableCarrierField[] = [];
  if (typeof planned.lb_enabled !== 'boolean') out.push('lb_enabled');
  if (!isObject(planned.auth)) out.push('auth');
  return out;
}

/**
 * What a fully known planned state asks the platform to hold; with the prior state of an update,
 * the fields it leaves out that the platform would overwrite blind (`unstated`: the client refuses).
 * `writeOnly` is the configuration's write-only password: sent as the registration password (the
 * platform's update writes the registration whole, so every write sends it).
 */
export function contentOf(planned: TfObject, prior: TfObject | null = null, writeOnly?: string): CarrierGroupContent {
  const auth = authOf(planned.auth, writeOnly);
  const unstated = unstatedOf(prior, planned);
  return {
    ...(unstated.length > 0 ? { unstated } : {}),
    name: String(planned.name),
    lb_enabled: planned.lb_enabled === true,
    endpoints: endpointBlocks(planned).map((e) => ({
      name: String(e.name),
      hostname: String(e.hostname),
      strip: typeof e.strip === 'number' ? e.strip : ENDPOINT_DEFAULTS.strip,
      prefix: typeof e.prefix === 'string' ? e.prefix : ENDPOINT_DEFAULTS.prefix,
      weight: typeof e.weight === 'number' ? e.weight : ENDPOINT_DEFAULTS.weight,
    })),
    ...(auth ? { auth } : {}),
  };
}

/** An endpoint the state expects, by name and (when it has one) gateway id. */
export interface EndpointRef {
  readonly name: string;
  readonly gwid?: number | undefined;
}

/** A live endpoint with its gateway id. */
interface LiveEndpoint {
  readonly endpoint: CarrierEndpoint;
  readonly gwid: number;
}

/**
 * Orders the live endpoints like `reference` (the state's or the plan's order): paired by gateway
 * id, then by name, then in order; live endpoints left over follow. Terraform compares the blocks
 * by position, and the platform does not keep an order of its own, so the group's order is the one
 * it was given.
 */
export function alignEndpoints(reference: readonly EndpointRef[], live: CarrierGroup): LiveEndpoint[] {
  const pool: (LiveEndpoint | undefined)[] = live.endpoints.map((endpoint, i) => ({ endpoint, gwid: live.gwids[i] ?? 0 }));
  const slots: (LiveEndpoint | undefined)[] = reference.map(() => undefined);
  const take = (i: number, match: (l: LiveEndpoint) => boolean): void => {
    if (slots[i]) return;
    const at = pool.findIndex((l) => l !== undefined && match(l));
    if (at >= 0) [slots[i], pool[at]] = [pool[at], undefined];
  };
  reference.forEach((r, i) => r.gwid !== undefined && take(i, (l) => l.gwid === r.gwid));
  reference.forEach((r, i) => take(i, (l) => l.endpoint.name === r.name));
  reference.forEach((_, i) => take(i, () => true));
  return [...slots, ...pool].filter((l): l is LiveEndpoint => l !== undefined);
}

/**
 * The auth block as the state shows it: the live values of the fields the state sets; a field it
 * leaves unset stays unset (the platform fills defaults, e.g. its own auth domain, which are not
 * drift). Without a block in the state, a live block with credentials shows (drift, import).
 */
function authState(live: CarrierAuth | undefined, like: TfValue | undefined): TfObject | null {
  const before = isObject(like) ? like : null;
  if (live === undefined) return before; // the platform did not say: what was written stands
  if (!before) {
    if (live.type !== 'userpwd' && AUTH_FIELDS.every((f) => !live[f])) return null;
    return Object.fromEntries([['type', live.type], ...AUTH_FIELDS.map((f) => [f, live[f] || null])]) as TfObject;
  }
  // The write-only password is never in a state (left out: null); its version is Terraform's own.
  const version = before[WRITE_ONLY.version];
  const out: TfObject = {
    type: live.type || before.type!,
    ...(version === null || version === undefined ? {} : { [WRITE_ONLY.version]: version }),
  };
  for (const f of AUTH_FIELDS) {
    const was = before[f];
    out[f] = was === null || was === undefined ? null : (live[f] ?? was);
  }
  return out;
}

/**
 * The Terraform state of a live group. `like` is the state or plan it is read for: its endpoint
 * order, its spelling of an address that means the same (`h` for `h:5060`), and what the platform
 * does not read back (the auth block when the platform leaves it out) are kept, so none shows as drift.
 */
export function toState(live: CarrierGroup, like: TfObject | null, reference?: readonly EndpointRef[]): TfObject {
  const likeEndpoints = endpointBlocks(like);
  const likeGwids = gwidsOf(like);
  const ref = reference ?? likeEndpoints.map((e, i) => ({ name: String(e.name), gwid: likeGwids[i] }));
  const aligned = alignEndpoints(ref, live);
  return {
    id: String(live.gwgroupid),
    gwgroupid: live.gwgroupid,
    ref: `#${live.gwgroupid}`,
    name: live.name,
    // Not shown by the platform: what Terraform wrote stands; never written by it (an import), null.
    lb_enabled: !unreadable(live, 'lb_enabled') ? live.lb_enabled : typeof like?.lb_enabled === 'boolean' ? like.lb_enabled : null,
    gwids: aligned.map((l) => l.gwid),
    endpoint: aligned.map(({ endpoint: e }, i) => {
      const wrote = likeEndpoints[i]?.hostname;
      const hostname = typeof wrote === 'string' && hostKey(wrote) === hostKey(e.hostname) ? wrote : e.hostname;
      return { name: e.name, hostname, strip: e.strip, prefix: e.prefix, weight: e.weight };
    }),
    auth: authState(unreadable(live, 'auth') ? undefined : live.auth, like?.auth),
  };
}

/** Whether the platform's API does not show this field (the client holds a placeholder). */
const unreadable = (live: CarrierGroup, field: 'lb_enabled' | 'auth'): boolean => live.unreadable?.includes(field) ?? false;

/** An endpoint by what decides whether it can keep its gateway. */
export interface EndpointKey {
  readonly name: string;
  readonly hostname: string;
}

/**
 * The gateway each planned endpoint updates in place (undefined: a new gateway): the prior
 * endpoint of the same name and address, else one of the same address (a rename). An endpoint
 * whose address changes gets a new gateway: the platform updates a gateway's address but leaves
 * its load-balancing (dispatcher) entry at the old one. The platform's carrier-group API cannot
 * remove a gateway, so a prior gateway left without an endpoint means the group is replaced
 * ({@link leavesGateways}).
 */
export function gatewayAssignment(prior: TfObject, planned: readonly EndpointKey[]): (number | undefined)[] {
  const gwids = gwidsOf(prior);
  const pool = endpointBlocks(prior).map((e, i) => ({ name: String(e.name), host: hostKey(String(e.hostname)), gwid: gwids[i] }));
  const take = (match: (p: (typeof pool)[number]) => boolean): number | undefined => {
    const at = pool.findIndex(match);
    return at < 0 ? undefined : pool.splice(at, 1)[0]!.gwid;
  };
  const byName = planned.map((e) => take((p) => p.name === e.name && p.host === hostKey(e.hostname)));
  return byName.map((g, i) => g ?? take((p) => p.host === hostKey(planned[i]!.hostname)));
}

/** Whether some prior gateway keeps no endpoint under {@link gatewayAssignment} (the group must be replaced). */
export function leavesGateways(prior: TfObject, planned: readonly EndpointKey[]): boolean {
  const kept = new Set(gatewayAssignment(prior, planned));
  return gwidsOf(prior).some((g) => !kept.has(g));
}

const show = (v: TfValue | undefined): string => (v === null || v === undefined ? 'unset' : JSON.stringify(v));

/**
 * How the read-back state differs from what the write asked for, one sentence each (empty: the
 * write took effect). Secrets are named, never shown.
 */
export function writeDifferences(planned: TfObject, state: TfObject): string[] {
  const out: string[] = [];
  const field = (what: string, want: TfValue | undefined, got: TfValue | undefined, secret = false): void => {
    if (JSON.stringify(want ?? null) === JSON.stringify(got ?? null)) return;
    out.push(secret ? `${what} is not the one written` : `${what} is ${show(got)} on the platform, not ${show(want)}`);
  };
  field('name', planned.name, state.name);
  field('lb_enabled', planned.lb_enabled, state.lb_enabled);
  const want = endpointBlocks(planned);
  const got = endpointBlocks(state);
  want.forEach((w, i) => {
    const g = got[i];
    if (!g) return void out.push(`endpoint "${String(w.name)}" (${String(w.hostname)}) is missing`);
    const at = `endpoint "${String(w.name)}"`;
    field(`${at}: name`, w.name, g.name);
    if (hostKey(String(w.hostname)) !== hostKey(String(g.hostname))) field(`${at}: hostname`, w.hostname, g.hostname);
    for (const k of ['strip', 'prefix', 'weight']) field(`${at}: ${k}`, w[k], g[k]);
  });
  for (const g of got.slice(want.length)) out.push(`the platform also holds endpoint "${String(g.name)}" (${String(g.hostname)})`);
  const wa = isObject(planned.auth) ? planned.auth : null;
  const ga = isObject(state.auth) ? state.auth : null;
  if (!wa !== !ga) out.push(wa ? 'the auth block is missing' : 'the platform holds an auth block');
  else if (wa && ga) {
    field('auth.type', wa.type, ga.type);
    for (const f of AUTH_FIELDS) field(`auth.${f}`, wa[f], ga[f], f === 'auth_password');
  }
  return out;
}
