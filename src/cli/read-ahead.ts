import { KINDS } from '../model/desired.js';
import type { KindApi } from '../model/kind-api.js';
import type { KindModule } from '../model/kind-spec.js';
import { KIND_SPECS } from '../model/kinds.js';
import type { OnParsed } from './desired.js';
import type { EarlyPlatform } from './platform.js';

/**
 * The lists a plan of a file reads whatever the rest of the files say, from the file's top-level
 * data as written (before its values are checked): the list of each collection it declares (the
 * plan reads every managed collection, `readLive`), and the group lists when the plan reads the
 * groups: a file that declares carrier or endpoint groups, or (unless `allowDangling`) any mapping
 * or route (`needsGroups`, plan/resolve-groups.ts). Never a read the plan would not make: the
 * kinds only some platforms serve (numbers), and with `allowDangling` the groups (read then only
 * for names), are left to the plan. For `readAhead`, file by file.
 */
export function planReadsAhead(value: unknown, allowDangling: boolean): KindApi[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  const data = value as Readonly<Record<string, unknown>>;
  const listed = (collection: string): boolean => Array.isArray(data[collection]) && (data[collection] as unknown[]).length > 0;
  const groups =
    data.carrier_groups !== undefined ||
    data.endpoint_groups !== undefined ||
    (!allowDangling && (listed('inbound_mappings') || listed('outbound_routes')));
  const apis: KindApi[] = [];
  for (const kind of KINDS) {
    const mod = KIND_SPECS[kind] as KindModule;
    if (!mod.api || mod.api.requires !== undefined) continue;
    if (data[mod.collection] !== undefined || (groups && mod.groupType !== undefined)) apis.push(mod.api as KindApi);
  }
  return apis;
}

/** The plan's reads sent to `early` as each file parses ({@link planReadsAhead}), for `loadOrFail`. */
export function readingAhead(early: EarlyPlatform, allowDangling: boolean): OnParsed {
  return {
    parsed: (values) => early.readAhead(values.flatMap((value) => planReadsAhead(value, allowDangling))),
    get sent() {
      return early.sent;
    },
  };
}
