import type { KindExport } from '../../kind-export.js';

/** One exported route: defaults left out; `ruleid` only where the name alone is ambiguous. */
export interface ExportedRoute {
  readonly name: string;
  readonly ruleid?: number;
  readonly prefix: string;
  readonly from_prefix?: string;
  readonly gwgroupid?: string;
  /** Instead of `gwgroupid`, when no other carrier group has the name. */
  readonly carrier_group?: string;
  readonly priority?: number;
  readonly timerec?: string;
  readonly routeid?: string;
}

/**
 * How export writes routes: by ruleid, pinned by it where routes share a name, a carrier group by
 * its name where no other carrier group has it; a route whose numeric gwgroupid the proxy would
 * drop is left out with every route of its name (an ignore glob keeps them all).
 */
export const ROUTE_EXPORT: KindExport<'outbound_route'> = {
  ignoreRank: 2,
  ignoreSorted: true,
  leftOut: (live, { judge }) => {
    const left = new Map<string, string>();
    for (const r of live) {
      const why = judge && /^#?[0-9]+$/.test(r.gwgroupid) ? judge.gwgroupid(r.gwgroupid) : null;
      if (why !== null && !left.has(r.name)) left.set(r.name, why);
    }
    return left;
  },
  order: (a, b) => a.ruleid - b.ruleid,
  entry: (r, ctx): ExportedRoute => {
    const carrierGroup = /^[0-9]+$/.test(r.gwgroupid) ? ctx.groupName(Number(r.gwgroupid), 'carrier') : undefined;
    return {
      name: r.name,
      ...(ctx.keyCount(r.name) > 1 ? { ruleid: r.ruleid } : {}),
      prefix: r.prefix,
      ...(r.from_prefix ? { from_prefix: r.from_prefix } : {}),
      ...(carrierGroup !== undefined ? { carrier_group: carrierGroup } : { gwgroupid: r.gwgroupid }),
      ...(r.priority !== 0 ? { priority: r.priority } : {}),
      ...(r.timerec ? { timerec: r.timerec } : {}),
      ...(r.routeid ? { routeid: r.routeid } : {}),
    };
  },
};
