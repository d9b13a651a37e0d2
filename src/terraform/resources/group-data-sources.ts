import type { GatewayGroup } from '../../model/group.js';
import type { ProviderContext } from '../context.js';
import type { DataSourceHandler, StateResponse, TfObject } from '../types.js';
import { apiDiagnostic, attrError, knownString } from '../values.js';
import { liveGroups, sharedGroupName, unknownGroupName } from './group-names.js';

/** The state of a group data source: the id, ready as a rule's `#<id>`, and its gateways. */
function groupObject(name: string, g: GatewayGroup): TfObject {
  return { id: String(g.gwgroupid), name, gwgroupid: g.gwgroupid, ref: `#${g.gwgroupid}`, gwids: g.gwids.map(Number) };
}

/**
 * A data source that looks one group up by name: no group of that name is an error listing the
 * names there are; several are an error listing their ids (the words of the files' `group:` and
 * `carrier_group:` references).
 */
function groupByName(ctx: ProviderContext, type: GatewayGroup['type']): DataSourceHandler {
  const what = `${type} group`;
  return {
    validate: () => [],
    async read(config): Promise<StateResponse> {
      const name = knownString(config, 'name')!;
      try {
        const groups = await liveGroups(ctx, type);
        const found = groups.filter((g) => g.name === name).sort((a, b) => a.gwgroupid - b.gwgroupid);
        if (found.length === 1) return { state: groupObject(name, found[0]!) };
        const problem = found.length === 0 ? unknownGroupName(name, type, groups) : sharedGroupName(name, 'name', found);
        return { state: null, diagnostics: [attrError(['name'], problem.summary, problem.detail)] };
      } catch (err) {
        return { state: null, diagnostics: [apiDiagnostic(`read the ${what}s`, err)] };
      }
    },
  };
}

/** `dsiprouter_carrier_group` and `dsiprouter_endpoint_group` (data sources): one group by name. */
export function groupDataSources(ctx: ProviderContext): Record<string, DataSourceHandler> {
  return {
    dsiprouter_carrier_group: groupByName(ctx, 'carrier'),
    dsiprouter_endpoint_group: groupByName(ctx, 'endpoint'),
  };
}
