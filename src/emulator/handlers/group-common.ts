/**
 * What the carrier-group and endpoint-group handlers share: the address rule of the platform's
 * `safeUriToHost` (gui/util/networking.py:308-346), the records they answer, and the error page
 * a swallowed carrier-group error leaves in an answer.
 */
import { isIPv6 } from 'node:net';
import type { EmulatorStore } from '../store/store.js';
import type { StoredGateway, StoredGroup } from '../store/groups.js';
import { extrasRecord } from './endpoint-group-extras.js';

/*
 * The address rule of the platform's `safeUriToHost` over `parseGenericUri` (gui/util/networking.py
 * at v0.79-rel), in our own words: an optional scheme (letters and `:`, then up to two `/`), an
 * optional `user[:password]@`, then an IPv6 address (brackets optional) or a name of dot-separated
 * labels, an optional `:port`, an optional `/path` and an optional `;params` or `?query`. A label
 * is letters and digits with `-` (and `_`, except in the last label) inside, never at either end.
 * There is no separate IPv4 rule: digits are a label like any other, so `12345` and `1.2.3.256`
 * pass (as names) while `example_com` and `example.com.` do not. The ports it takes are 1-9, any
 * two to four digits, and five digits from 10000-59999, 61000-64999, 65100-65499, 65510-65529
 * and 65531-65535. The pieces are tried in that order with backtracking, as Python's `re` does:
 * `localhost:5080` reads as the scheme `localhost` and the host `5080`.
 */
const SCHEME = '(?:[A-Za-z]+:/?/?)?';
const USERINFO = '(?:[A-Za-z0-9._-]+(?::.+)?@)?';
const IPV6 = '\\[?([0-9A-Fa-f:.]*::[0-9A-Fa-f:.]*(?:%[0-9A-Za-z]+)?|(?:[0-9A-Fa-f]{1,4}:){7}[0-9A-Fa-f]{1,4})\\]?';
const INNER_LABEL = '(?:[A-Za-z0-9]|\\w[\\w-]*[A-Za-z0-9])';
const LAST_LABEL = '(?:[A-Za-z0-9]|[A-Za-z0-9][A-Za-z0-9-]*[A-Za-z0-9])';
const NAME = `((?:${INNER_LABEL}\\.)*${LAST_LABEL})`;
const PORT = '(?::([1-9]|[0-9]{2,4}|[1-5][0-9]{4}|6[1-4][0-9]{3}|65[1-4][0-9]{2}|655[12][0-9]|6553[1-5]))?';
const URI = new RegExp(`^${SCHEME}${USERINFO}(?:${IPV6}|${NAME})${PORT}(?:/[^\\s?;]*)?(?:[?;].*)?$`);

/**
 * `host:port` of a host, address or URI as the platform's `safeUriToHost` makes it (IPv6 in
 * brackets), with `defaultPort` when it names none; `null` when the platform finds it malformed
 * ("hostname/address is malformed"). No trimming: the API does not trim either.
 */
export function sipAddress(text: string, defaultPort: number): string | null {
  const m = URI.exec(text);
  if (!m) return null;
  const [, v6, name, port] = m;
  const where = `:${port ?? defaultPort}`;
  if (v6 !== undefined) return isIPv6(v6.replace(/%.*$/, '')) ? `[${v6}]${where}` : null;
  return `${name}${where}`;
}

/** A group in a list (`GET /carriergroups`, `GET /endpointgroups`). */
export function groupSummary(g: StoredGroup): Record<string, unknown> {
  return { gwgroupid: g.gwgroupid, name: g.name, gwlist: g.gwlist.join(',') };
}

/** `GET /carriergroups/<id>`: the summary and the gateways whose description names the group. */
export function carrierGroupRecord(store: EmulatorStore, g: StoredGroup): Record<string, unknown> {
  const endpoints = store.groups.gatewaysOf(g.gwgroupid).map((gw) => ({
    gwid: gw.gwid,
    name: gw.name,
    hostname: gw.address,
    strip: gw.strip,
    prefix: gw.prefix,
  }));
  return { ...groupSummary(g), endpoints };
}

/**
 * `GET /endpointgroups/<id>` (api_routes.py:942-1066), for any group: the gateways of its gwlist,
 * each with the weight and keepalive of the dispatcher row whose destination equals its address
 * (0 when none does: the default gateways, whose address has no port, and a carrier gateway moved
 * to another address), and the subscriber's password in plain text.
 */
export function endpointGroupRecord(store: EmulatorStore, g: StoredGroup): Record<string, unknown> {
  const weights = new Map<string, StoredGateway>();
  for (const gw of store.groups.gatewaysOf(g.gwgroupid)) if (gw.dispatcher !== null) weights.set(gw.dispatcher, gw);
  const members = g.gwlist.map((id) => store.groups.gateway(id)).filter((gw): gw is StoredGateway => gw !== undefined);
  const out: Record<string, unknown> = {
    name: g.name,
    gwgroupid: g.gwgroupid,
    call_settings: g.call_settings ? { limit: g.call_settings.limit, timeout: g.call_settings.timeout } : {},
    auth: g.subscriber
      ? { type: 'userpwd', user: g.subscriber.user, pass: g.subscriber.pass, domain: g.subscriber.domain }
      : { type: 'ip' },
    did_override: '',
    endpoints: [] as unknown[],
  };
  for (const gw of members.sort((a, b) => a.gwid - b.gwid)) {
    const [host, port] = splitAddress(gw.address);
    const ds = weights.get(gw.address);
    (out.endpoints as unknown[]).push({
      gwid: gw.gwid,
      host,
      port,
      signalling: gw.signalling,
      media: gw.media,
      description: gw.name,
      rweight: ds ? ds.rweight : 0,
      keepalive: ds?.keepalive ? 1 : 0,
      maintmode: '',
    });
    out.strip = gw.strip;
    out.prefix = gw.prefix;
  }
  return { ...out, ...extrasRecord(g) };
}

/**
 * `host:port` → [host, port]; 5060 when the address has none; an IPv6 address comes out of its
 * brackets. (The deployed platform splits at every `:`, which its GET fails on for IPv6: the
 * `current` handler answers that 500 before it gets here.)
 */
export function splitAddress(address: string): [string, number] {
  const v6 = /^\[([^\]]*)\](?::(\d+))?$/.exec(address);
  if (v6) return [v6[1] ?? '', v6[2] === undefined ? 5060 : Number(v6[2])];
  const parts = address.split(':');
  return [parts[0] ?? '', parts.length > 1 ? Number(parts[1]) : 5060];
}

/**
 * The `gwgroupid` a swallowed group-level error leaves in a deployed carrier-group answer: the
 * `(page, 500)` pair the platform's `showError` returns, serialised as a list.
 */
export function swallowedGroupId(): unknown[] {
  return [
    '<!DOCTYPE html>\n<html lang="en">\n<head><title>dSIPRouter - Error</title></head>\n<body><h1>An error occurred</h1></body>\n</html>',
    500,
  ];
}
