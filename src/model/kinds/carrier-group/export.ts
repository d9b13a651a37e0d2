import type { CarrierGroup, UnreadableCarrierField } from '../../carrier-group.js';
import { byGwgroupid, sharedGroupNames, sharedNamesLeftOut, type KindExport } from '../../kind-export.js';
import { passwordVariableFor } from './fields.js';

/** One exported carrier group: defaults left out; a password as the variable it must come from. */
export interface ExportedCarrierGroup {
  readonly name: string;
  readonly lb_enabled?: true;
  readonly endpoints: readonly { name: string; hostname: string; strip?: number; prefix?: string; weight?: number }[];
  readonly auth?: Readonly<Record<string, string>>;
}

/**
 * One live group as an entry: every field the read could know. `lb_enabled` and `auth` are written
 * only when the read knew them (this API never shows them: `unreadable`); a readable `userpwd`
 * auth gets its password as `${<NAME>_PASSWORD}`, which only the user can supply.
 */
function carrierGroupEntry(g: CarrierGroup): ExportedCarrierGroup {
  const auth = g.auth && !g.unreadable?.includes('auth') ? g.auth : undefined;
  const { auth_password: _secret, password_env: _env, password_origin: _at, ...authRest } = auth ?? { type: 'ip' };
  return {
    name: g.name,
    ...(g.lb_enabled && !g.unreadable?.includes('lb_enabled') ? { lb_enabled: true as const } : {}),
    endpoints: g.endpoints.map((e) => ({
      name: e.name,
      hostname: e.hostname,
      ...(e.strip !== 0 ? { strip: e.strip } : {}),
      ...(e.prefix !== '' ? { prefix: e.prefix } : {}),
      ...(e.weight !== 1 ? { weight: e.weight } : {}),
    })),
    ...(auth ? { auth: { ...authRest, ...(auth.type === 'userpwd' ? { auth_password: `\${${passwordVariableFor(g.name)}}` } : {}) } } : {}),
  };
}

/** How export writes carrier groups: by gwgroupid; groups sharing a name cannot be told apart by it and are left out. */
export const CARRIER_GROUP_EXPORT: KindExport<'carrier_group'> = {
  ignoreRank: 0,
  ignoreSorted: false,
  leftOut: sharedNamesLeftOut,
  order: byGwgroupid,
  entry: carrierGroupEntry,
};

/**
 * The fields of each exported carrier group (by name) that the read could not know and the file
 * therefore leaves out: the user must say them before a plan may change the group (an update writes
 * them; see diff.ts beside this file). Groups left out of the file (shared names) are not listed.
 */
export function unreadCarrierFields(groups: readonly CarrierGroup[]): Map<string, readonly UnreadableCarrierField[]> {
  const shared = sharedGroupNames(groups);
  const out = new Map<string, readonly UnreadableCarrierField[]>();
  for (const g of [...groups].sort((a, b) => a.gwgroupid - b.gwgroupid)) {
    if (!shared.has(g.name) && g.unreadable && g.unreadable.length > 0) out.set(g.name, g.unreadable);
  }
  return out;
}
