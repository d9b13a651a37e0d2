import { STAT_KEYS } from '../../model/stats.js';
import type { ProviderContext } from '../context.js';
import type { DataSourceHandler, StateResponse, TfObject } from '../types.js';
import { apiDiagnostic } from '../values.js';

function source(what: string, read: () => Promise<TfObject>): DataSourceHandler {
  return {
    validate: () => [],
    async read(): Promise<StateResponse> {
      try {
        return { state: await read() };
      } catch (err) {
        return { state: null, diagnostics: [apiDiagnostic(`read ${what}`, err)] };
      }
    },
  };
}

/** The three data sources: proxy counters, every mapping, every route. */
export function dataSources(ctx: ProviderContext): Record<string, DataSourceHandler> {
  return {
    dsiprouter_proxy_stats: source('the proxy counters', async () => {
      const stats = await ctx.client().proxyStats();
      return { id: 'proxy_stats', counters: Object.fromEntries(STAT_KEYS.map((k) => [k, stats[k]])) };
    }),
    dsiprouter_inbound_mappings: source('the inbound mappings', async () => {
      const all = await ctx.client().listInboundMappings();
      all.sort((a, b) => (a.did < b.did ? -1 : a.did > b.did ? 1 : 0));
      return { id: 'inbound_mappings', mappings: all.map((m) => ({ ruleid: m.ruleid, did: m.did, servers: [...m.servers], notes: m.notes })) };
    }),
    dsiprouter_outbound_routes: source('the outbound routes', async () => {
      const all = await ctx.client().listOutboundRoutes();
      all.sort((a, b) => a.ruleid - b.ruleid);
      return {
        id: 'outbound_routes',
        routes: all.map((r) => ({ ruleid: r.ruleid, groupid: r.groupid, kind: r.from_prefix ? 'lcr' : 'simple', name: r.name, prefix: r.prefix, from_prefix: r.from_prefix, gwgroupid: r.gwgroupid, priority: r.priority, timerec: r.timerec, routeid: r.routeid })),
      };
    }),
  };
}
