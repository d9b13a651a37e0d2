import { secretFingerprint } from '../../api/secret-fingerprint.js';
import type { EndpointGroup, EndpointGroupContent, GroupEndpoint } from '../../model/endpoint-group.js';
import { changedEndpointGroupFields, endpointGroupFields } from '../../model/kinds/endpoint-group/fields.js';
import { KNOWN_SECRET } from '../../model/kinds/endpoint-group/wire.js';
import type { TfObject, TfValue } from '../types.js';
import { hostKey, WRITE_ONLY } from './carrier-group-state.js';

/** The defaults of what a configuration leaves out: the platform's (and the files' normaliser's). */
export const GROUP_DEFAULTS = { strip: 0, prefix: '', weight: 1 } as const;

const isObject = (v: TfValue | undefined): v is TfObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: TfValue | undefined): string | undefined => (typeof v === 'string' ? v : undefined);

/** The blocks of a nested list attribute (`endpoint`) of a state, plan or configuration; none when unset or unknown. */
export function blocksOf(obj: TfObject | null, key: string): TfObject[] {
  const v = obj?.[key];
  return Array.isArray(v) ? v.filter(isObject) : [];
}

/** A single nested block (`auth`, `notifications`, `cdr`) of a state, plan or configuration, or null. */
export function blockOf(obj: TfObject | null, key: string): TfObject | null {
  const v = obj?.[key];
  return isObject(v) ? v : null;
}

/** The gwids a state holds, by position (undefined where unknown). */
export function gwidsOf(obj: TfObject | null): (number | undefined)[] {
  const v = obj?.gwids;
  return Array.isArray(v) ? v.map((x) => (typeof x === 'number' ? x : undefined)) : [];
}

/** The password a write sends: `auth_password`, else the configuration's write-only `auth_password_wo`. */
export function passwordOf(planned: TfObject, config: TfObject | null): string | undefined {
  return text(blockOf(planned, 'auth')?.auth_password) ?? text(blockOf(config, 'auth')?.[WRITE_ONLY.password]);
}

/**
 * What a fully known plan asks the platform to hold, in the model's words (the ones the files'
 * normaliser makes): `auth` only for type "userpwd" (type "ip" and no block are the platform's
 * "no registration"), with the password the write sends (`password`, never in a plan).
 */
export function contentOf(planned: TfObject, password?: string): EndpointGroupContent {
  const auth = blockOf(planned, 'auth');
  const notes = blockOf(planned, 'notifications');
  const cdr = blockOf(planned, 'cdr');
  const over = text(notes?.over_max_call_limit);
  const failure = text(notes?.endpoint_failure);
  return {
    name: String(planned.name),
    call_limit: typeof planned.call_limit === 'number' ? planned.call_limit : null,
    strip: typeof planned.strip === 'number' ? planned.strip : GROUP_DEFAULTS.strip,
    prefix: text(planned.prefix) ?? GROUP_DEFAULTS.prefix,
    endpoints: blocksOf(planned, 'endpoint').map((e) => ({
      name: String(e.name),
      hostname: String(e.hostname),
      weight: typeof e.weight === 'number' ? e.weight : GROUP_DEFAULTS.weight,
    })),
    ...(auth?.type === 'userpwd'
      ? {
          auth: {
            type: 'userpwd' as const,
            auth_username: text(auth.auth_username) ?? '',
            auth_domain: text(auth.auth_domain) ?? '',
            ...(password !== undefined ? { auth_password: password } : {}),
          },
        }
      : {}),
    notifications: { ...(over ? { over_max_call_limit: over } : {}), ...(failure ? { endpoint_failure: failure } : {}) },
    cdr: cdr && text(cdr.email) && text(cdr.send_interval) ? { email: String(cdr.email), send_interval: String(cdr.send_interval) } : null,
  };
}

/**
 * The live endpoints in the order of the state or plan read for: each by its gateway id there, else
 * by name (the platform's order says nothing); endpoints the state does not know come last.
 */
function aligned(live: EndpointGroup, like: TfObject | null): { endpoint: GroupEndpoint; gwid: number }[] {
  const left = live.endpoints.map((endpoint, i) => ({ endpoint, gwid: live.gwids[i]! }));
  const take = (match: (l: (typeof left)[number]) => boolean) => {
    const at = left.findIndex(match);
    return at < 0 ? [] : left.splice(at, 1);
  };
  const gwids = gwidsOf(like);
  const known = blocksOf(like, 'endpoint').map((e, i) => take((l) => l.gwid === gwids[i]).concat(take((l) => l.endpoint.name === e.name)));
  return [...known.map((hits) => hits[0]).filter((h) => h !== undefined), ...left];
}

/**
 * The registration as the state shows it. The platform shows the password (as a fingerprint, the
 * client keeps no more): a state's `auth_password` that is not the one the platform holds reads as
 * null, so the next plan sends it again; a state without one (write-only, or imported) keeps none.
 * Type "ip" and no block read alike from the platform: the state's choice stands.
 */
function authState(live: EndpointGroup, like: TfObject | null): TfObject | null {
  const before = blockOf(like, 'auth');
  const auth = live.auth;
  if (!auth) return before?.type === 'ip' ? { ...before, [WRITE_ONLY.password]: null } : null;
  const version = before?.[WRITE_ONLY.version] ?? null;
  const was = text(before?.auth_password);
  const print = auth.password_fingerprint;
  const same = was !== undefined && (print === undefined || print === KNOWN_SECRET || print === secretFingerprint(was));
  return {
    type: 'userpwd',
    auth_username: auth.auth_username,
    auth_domain: auth.auth_domain,
    auth_password: same ? was : null,
    [WRITE_ONLY.password]: null,
    [WRITE_ONLY.version]: version,
  };
}

/**
 * The Terraform state of a live group. `like` is the state or plan it is read for: its endpoint
 * order, its spelling of an address that means the same (`h` for `h:5060`), its auth type "ip" and
 * its password (when the platform holds that one) are kept, so none shows as drift.
 * The platform always shows a port: an address at the default port reads without it (`h`).
 */
export function toState(live: EndpointGroup, like: TfObject | null): TfObject {
  const likeEndpoints = blocksOf(like, 'endpoint');
  const order = aligned(live, like);
  const { notifications: n, cdr } = live;
  return {
    id: String(live.gwgroupid),
    gwgroupid: live.gwgroupid,
    ref: `#${live.gwgroupid}`,
    name: live.name,
    call_limit: live.call_limit,
    strip: live.strip,
    prefix: live.prefix,
    gwids: order.map((o) => o.gwid),
    endpoint: order.map(({ endpoint: e }, i) => {
      const wrote = likeEndpoints[i]?.hostname;
      // Without a spelling to keep (an import), the default port is left out, as the files and the examples write it.
      const hostname = typeof wrote === 'string' && hostKey(wrote) === hostKey(e.hostname) ? wrote : e.hostname.replace(/:5060$/, '');
      return { name: e.name, hostname, weight: e.weight };
    }),
    auth: authState(live, like),
    notifications:
      n.over_max_call_limit || n.endpoint_failure
        ? { over_max_call_limit: n.over_max_call_limit ?? null, endpoint_failure: n.endpoint_failure ?? null }
        : null,
    cdr: cdr ? { email: cdr.email, send_interval: cdr.send_interval } : null,
  };
}

/**
 * How the group read back differs from what a write sent, one phrase per field (empty: the write
 * took effect): the model's comparison (the one a plan of the files makes), and the password by
 * fingerprint. Secrets are named, never shown.
 */
export function writeDifferences(sent: EndpointGroupContent, live: EndpointGroup): string[] {
  const held = endpointGroupFields(live);
  const asked = endpointGroupFields(sent);
  const out = changedEndpointGroupFields(held, asked).map((f) =>
    f === 'auth' ? 'the registration is not the one written' : `${f} is ${JSON.stringify(held[f as keyof typeof held])} on the platform`,
  );
  const password = sent.auth?.auth_password;
  const print = live.auth?.password_fingerprint;
  if (password !== undefined && print !== undefined && print !== KNOWN_SECRET && print !== secretFingerprint(password))
    out.push('the registration password is not the one written');
  return out;
}
