import { STAT_KEYS } from '../../model/stats.js';
import type { ProviderContext } from '../context.js';
import type { DataSourceHandler, Diagnostic, StateResponse, TfObject } from '../types.js';
import type { OutboundRoute } from '../../model/outbound-route.js';
import { DIAL_CHARACTERS } from '../../model/dial.js';
import { didProblem } from '../../model/rules.js';
import { apiDiagnostic, attrError, check, knownString } from '../values.js';
import { groupDataSources } from './group-data-sources.js';
import { routeNamed } from './route-by-name.js';

/** A lookup that found nothing, or too much: the message is the diagnostic, pointing at the key. */
class LookupProblem extends Error {
  constructor(
    readonly attribute: string,
    readonly summary: string,
    detail: string,
  ) {
    super(detail);
  }
}

function source(
  what: string,
  read: (config: TfObject) => Promise<TfObject>,
  validate: DataSourceHandler['validate'] = () => [],
): DataSourceHandler {
  return {
    validate,
    async read(config): Promise<StateResponse> {
      try {
        return { state: await read(config) };
      } catch (err) {
        if (err instanceof LookupProblem) return { state: null, diagnostics: [attrError([err.attribute], err.summary, err.message)] };
        return { state: null, diagnostics: [apiDiagnostic(`read ${what}`, err)] };
      }
    },
  };
}

function routeObject(r: OutboundRoute): TfObject {
  return {
    ruleid: r.ruleid,
    groupid: r.groupid,
    kind: r.from_prefix ? 'lcr' : 'simple',
    name: r.name,
    prefix: r.prefix,
    from_prefix: r.from_prefix,
    gwgroupid: r.gwgroupid,
    priority: r.priority,
    timerec: r.timerec,
    routeid: r.routeid,
  };
}

/**
 * The data sources: proxy counters, every mapping, every route, one mapping by DID, one route by
 * name, one carrier group or endpoint group by name.
 */
export function dataSources(ctx: ProviderContext): Record<string, DataSourceHandler> {
  return {
    ...groupDataSources(ctx),
    dsiprouter_proxy_stats: source('the proxy counters', async () => {
      const stats = await ctx.client().proxyStats();
      return { id: 'proxy_stats', counters: Object.fromEntries(STAT_KEYS.map((k) => [k, stats[k]])) };
    }),
    dsiprouter_inbound_mappings: source('the inbound mappings', async () => {
      const all = await ctx.client().listInboundMappings();
      all.sort((a, b) => (a.did < b.did ? -1 : a.did > b.did ? 1 : 0));
      return {
        id: 'inbound_mappings',
        mappings: all.map((m) => ({ ruleid: m.ruleid, did: m.did, servers: [...m.servers], notes: m.notes })),
      };
    }),
    dsiprouter_outbound_routes: source('the outbound routes', async () => {
      const all = await ctx.client().listOutboundRoutes();
      all.sort((a, b) => a.ruleid - b.ruleid);
      return {
        id: 'outbound_routes',
        routes: all.map(routeObject),
      };
    }),
    dsiprouter_inbound_mapping: source(
      'the inbound mapping',
      async (config) => {
        const did = knownString(config, 'did')!;
        const m = await ctx.client().getInboundMapping({ did });
        if (!m) throw new LookupProblem('did', 'No such inbound mapping', `The platform has no inbound mapping for DID "${did}".`);
        return { id: String(m.ruleid), did: m.did, ruleid: m.ruleid, servers: [...m.servers], notes: m.notes };
      },
      (config) => {
        const out: Diagnostic[] = [];
        check(out, ['did'], config.did, didProblem, `Quote the DID and use only ${DIAL_CHARACTERS}; "" is the default mapping.`);
        return out;
      },
    ),
    dsiprouter_outbound_route: source('the outbound route', async (config) => {
      const found = await routeNamed(ctx, knownString(config, 'name')!);
      if ('summary' in found) throw new LookupProblem('name', found.summary, found.detail);
      return { id: String(found.ruleid), ...routeObject(found) };
    }),
  };
}
