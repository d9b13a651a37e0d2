import type { InboundMapping } from '../model/inbound-mapping.js';
import type { OutboundRoute } from '../model/outbound-route.js';

/** One exported mapping: defaults left out. */
interface ExportedMapping {
  readonly did: string;
  readonly servers: readonly string[];
  readonly notes?: string;
}

/** One exported route: defaults left out; `ruleid` only where the name alone is ambiguous. */
interface ExportedRoute {
  readonly name: string;
  readonly ruleid?: number;
  readonly prefix: string;
  readonly from_prefix?: string;
  readonly gwgroupid: string;
  readonly priority?: number;
  readonly timerec?: string;
  readonly routeid?: string;
}

/** A desired-state document that describes the live state exactly. */
export interface ExportDocument {
  readonly version: 1;
  readonly inbound_mappings: readonly ExportedMapping[];
  readonly outbound_routes: readonly ExportedRoute[];
}

/**
 * Turns the live state into a desired-state document that plans to no changes: fields at their
 * default are left out, routes sharing a name are pinned by ruleid, order is by DID and ruleid.
 */
export function exportDocument(mappings: readonly InboundMapping[], routes: readonly OutboundRoute[]): ExportDocument {
  const nameCount = new Map<string, number>();
  for (const r of routes) nameCount.set(r.name, (nameCount.get(r.name) ?? 0) + 1);
  return {
    version: 1,
    inbound_mappings: [...mappings]
      .sort((a, b) => (a.did < b.did ? -1 : a.did > b.did ? 1 : 0))
      .map((m) => ({ did: m.did, servers: [...m.servers], ...(m.notes ? { notes: m.notes } : {}) })),
    outbound_routes: [...routes]
      .sort((a, b) => a.ruleid - b.ruleid)
      .map((r) => ({
        name: r.name,
        ...((nameCount.get(r.name) ?? 0) > 1 ? { ruleid: r.ruleid } : {}),
        prefix: r.prefix,
        ...(r.from_prefix ? { from_prefix: r.from_prefix } : {}),
        gwgroupid: r.gwgroupid,
        ...(r.priority !== 0 ? { priority: r.priority } : {}),
        ...(r.timerec ? { timerec: r.timerec } : {}),
        ...(r.routeid ? { routeid: r.routeid } : {}),
      })),
  };
}
