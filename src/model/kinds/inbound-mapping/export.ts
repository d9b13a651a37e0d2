import type { InboundMapping } from '../../inbound-mapping.js';
import type { KindExport } from '../../kind-export.js';
import { serverListProblem } from '../../rules.js';

/** One exported mapping: defaults left out. */
export interface ExportedMapping {
  readonly did: string;
  readonly servers?: readonly string[];
  /** Instead of `servers: ["#<id>"]`, when no other group has the name. */
  readonly group?: string;
  readonly notes?: string;
}

/** The name of the one group a mapping sends to (`servers: ["#<id>"]`), where no other group of any type has it. */
function groupOf(servers: readonly string[], name: (id: number) => string | undefined): string | undefined {
  return servers.length === 1 && /^#[0-9]+$/.test(servers[0]!) ? name(Number(servers[0]!.slice(1))) : undefined;
}

/**
 * How export writes mappings: by DID; a mapping whose servers mix gateway ids and a group, or name
 * two groups, or (with the live groups) name one the proxy would drop, is left out (the files
 * refuse it) and kept by its ignore glob.
 */
export const MAPPING_EXPORT: KindExport<'inbound_mapping'> = {
  ignoreRank: 1,
  ignoreSorted: true,
  leftOut: (live, { judge }) => {
    const left = new Map<string, string>();
    for (const m of live) {
      const why = serverListProblem(m.servers) ?? m.servers.map((s) => judge?.server(s) ?? null).find((w) => w !== null) ?? null;
      if (why !== null) left.set(m.did, why);
    }
    return left;
  },
  order: (a: InboundMapping, b: InboundMapping) => (a.did < b.did ? -1 : a.did > b.did ? 1 : 0),
  entry: (m, ctx): ExportedMapping => {
    const group = groupOf(m.servers, (id) => ctx.groupName(id));
    return { did: m.did, ...(group !== undefined ? { group } : { servers: [...m.servers] }), ...(m.notes ? { notes: m.notes } : {}) };
  },
};
