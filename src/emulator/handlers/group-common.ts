/**
 * What the carrier-group and endpoint-group handlers share: the address rule of the platform's
 * `safeUriToHost` (gui/util/networking.py:308-346), the records they answer, and the error page
 * a swallowed carrier-group error leaves in an answer.
 */
import type { EmulatorStore } from '../store/store.js';
import type { StoredGateway, StoredGroup } from '../store/groups.js';

const HOSTNAME = /^(?=.{1,253}$)[A-Za-z0-9_]([A-Za-z0-9_-]{0,62})(\.[A-Za-z0-9_]([A-Za-z0-9_-]{0,62}))*\.?$/;
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function validPort(text: string): boolean {
  return /^\d{1,5}$/.test(text) && Number(text) >= 1 && Number(text) <= 65535;
}

/**
 * `host:port` of a host, address or SIP URI (`sip:`, `user@`, `;params` dropped; IPv6 in brackets),
 * with `defaultPort` when it names none; `null` when it is malformed (the platform's "hostname/
 * address is malformed").
 */
export function sipAddress(text: string, defaultPort: number): string | null {
  let rest = text.trim().replace(/^sips?:/i, '');
  rest = rest.slice(rest.lastIndexOf('@') + 1).split(/[;?]/)[0] ?? '';
  let host: string;
  let port = String(defaultPort);
  const v6 = /^\[([0-9A-Fa-f:.]+)\](?::(\d+))?$/.exec(rest);
  if (v6) {
    host = `[${v6[1]}]`;
    if (v6[2] !== undefined) port = v6[2];
  } else if ((rest.match(/:/g) ?? []).length > 1) {
    if (!/^[0-9A-Fa-f:.]+$/.test(rest)) return null;
    host = `[${rest}]`;
  } else {
    const [h, p] = rest.split(':');
    host = h ?? '';
    if (p !== undefined) port = p;
    const v4 = IPV4.exec(host);
    if (v4 ? v4.slice(1).some((o) => Number(o) > 255) : !HOSTNAME.test(host) || /^\d+$/.test(host)) return null;
  }
  return validPort(port) ? `${host}:${port}` : null;
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
  return { ...out, notifications: {}, fusionpbx: {}, cdr: {} };
}

/** `host:port` → [host, port]; 5060 when the address has none (the platform splits at the first `:`). */
export function splitAddress(address: string): [string, number] {
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
