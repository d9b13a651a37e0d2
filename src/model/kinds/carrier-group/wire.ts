import type { CarrierAuth, CarrierGroup, CarrierGroupContent } from '../../carrier-group.js';
import { wireText, wireUnset, type WireReader, type WireRecord } from '../../wire-reader.js';

/**
 * A carrier group's content → the body of `POST`/`PUT /carriergroups`. The platform reads every
 * endpoint field with `len()`, so each is sent as a string (a number there is an error it
 * swallows); `gwids[i]`, when given, makes endpoint i update that gateway instead of creating one.
 */
export function carrierGroupToWire(
  content: CarrierGroupContent,
  gwgroupid: number | '',
  gwids: readonly (number | undefined)[] = [],
): WireRecord {
  const body: WireRecord = {
    name: content.name,
    gwgroupid: String(gwgroupid),
    lb_enabled: content.lb_enabled ? 1 : 0,
    endpoints: content.endpoints.map((e, i) => ({
      ...(gwids[i] !== undefined ? { gwid: String(gwids[i]) } : {}),
      name: e.name,
      hostname: e.hostname,
      strip: String(e.strip),
      prefix: e.prefix,
      rweight: String(e.weight),
    })),
  };
  if (content.auth) body.auth = authToWire(content.auth);
  return body;
}

/** The registration keys the platform reads; where the password comes from is the files' business, not the platform's. */
const WIRE_AUTH_KEYS = ['type', 'r_username', 'auth_username', 'auth_password', 'auth_domain', 'auth_proxy'] as const;

function authToWire(auth: CarrierAuth): WireRecord {
  const out: WireRecord = {};
  for (const key of WIRE_AUTH_KEYS) if (auth[key] !== undefined) out[key] = auth[key];
  return out;
}

/** The platform's default SIP port, which it writes into an address given without one. */
const DEFAULT_PORT = ':5060';

/**
 * `GET /carriergroups/<id>` (name, gwlist, endpoints) plus the weights `GET /endpointgroups/<id>`
 * shows (by gwid) → model. The platform's API shows neither `lb_enabled` nor the registration
 * auth of a carrier group: they are listed in `unreadable` and hold placeholders. A weight is read
 * as the platform shows it, which is 0 after an endpoint's address changed (the platform keeps the
 * dispatcher row at the old address).
 */
export function carrierGroupFromWire(value: unknown, weights: ReadonlyMap<number, number>, read: WireReader): CarrierGroup {
  const rec = read.record(value);
  const endpoints = rec.endpoints;
  if (!Array.isArray(endpoints)) throw read.fail('endpoints is not a list');
  const eps = endpoints.map((v) => read.record(v));
  const gwids = eps.map((e) => read.int(e, 'gwid'));
  return {
    gwgroupid: read.int(rec, 'gwgroupid'),
    name: wireText(rec, 'name'),
    lb_enabled: false,
    endpoints: eps.map((e, i) => {
      const host = wireText(e, 'hostname');
      return {
        name: wireText(e, 'name'),
        // The platform stores `host:5060` for a host given without a port: the model omits it.
        hostname: host.endsWith(DEFAULT_PORT) ? host.slice(0, -DEFAULT_PORT.length) : host,
        strip: wireUnset(e, 'strip') ? 0 : read.int(e, 'strip'),
        prefix: wireText(e, 'prefix'),
        // The platform finds a weight by `host:port`: for an address stored without a port (the
        // fresh install's gateways) it shows 0 whatever the weight is, so that one reads as the default 1.
        weight: /^(\[[^\]]*\]|[^:]*):\d+$/.test(host) ? (weights.get(gwids[i] ?? -1) ?? 1) : 1,
      };
    }),
    gwids,
    unreadable: ['lb_enabled', 'auth'],
  };
}

/** `GET /endpointgroups/<id>` → each endpoint's `rweight` by gwid (an endpoint without one is left out). */
export function weightsFromWire(value: unknown, read: WireReader): Map<number, number> {
  const rec = read.record(value);
  const out = new Map<number, number>();
  if (!Array.isArray(rec.endpoints)) return out;
  for (const v of rec.endpoints) {
    const e = read.record(v);
    if (!wireUnset(e, 'rweight')) out.set(read.int(e, 'gwid'), read.int(e, 'rweight'));
  }
  return out;
}
