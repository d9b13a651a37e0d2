import type { EndpointGroup } from '../../endpoint-group.js';
import { byGwgroupid, sharedNamesLeftOut, type KindExport } from '../../kind-export.js';
import { endpointGroupPasswordVariable } from './fields.js';

/** One exported endpoint group: defaults left out; the password as the variable it must come from. */
export interface ExportedEndpointGroup {
  readonly name: string;
  readonly call_limit?: number;
  readonly strip?: number;
  readonly prefix?: string;
  readonly endpoints: readonly { name: string; hostname: string; weight?: number }[];
  readonly auth?: Readonly<Record<string, string>>;
  readonly notifications?: EndpointGroup['notifications'];
  readonly cdr?: NonNullable<EndpointGroup['cdr']>;
}

/** The platform's default SIP port, which the files may leave out of an address. */
const DEFAULT_PORT = ':5060';

/**
 * One live endpoint group as an entry: every field, defaults left out; a `userpwd` registration
 * gets its password as `${<NAME>_PASSWORD}` (named after the group), never the value, which only
 * the user can supply. Planning the entry against the same group shows no change.
 */
function endpointGroupEntry(g: EndpointGroup): ExportedEndpointGroup {
  const hasNotes = g.notifications.over_max_call_limit !== undefined || g.notifications.endpoint_failure !== undefined;
  return {
    name: g.name,
    ...(g.call_limit !== null ? { call_limit: g.call_limit } : {}),
    ...(g.strip !== 0 ? { strip: g.strip } : {}),
    ...(g.prefix !== '' ? { prefix: g.prefix } : {}),
    endpoints: g.endpoints.map((e) => ({
      name: e.name,
      hostname: e.hostname.endsWith(DEFAULT_PORT) ? e.hostname.slice(0, -DEFAULT_PORT.length) : e.hostname,
      ...(e.weight !== 1 ? { weight: e.weight } : {}),
    })),
    ...(g.auth
      ? {
          auth: {
            type: 'userpwd',
            auth_username: g.auth.auth_username,
            auth_password: `\${${endpointGroupPasswordVariable(g.name)}}`,
            auth_domain: g.auth.auth_domain,
          },
        }
      : {}),
    ...(hasNotes ? { notifications: { ...g.notifications } } : {}),
    ...(g.cdr ? { cdr: { ...g.cdr } } : {}),
  };
}

/** How export writes endpoint groups: as carrier groups are, by gwgroupid, groups sharing a name left out. */
export const ENDPOINT_GROUP_EXPORT: KindExport<'endpoint_group'> = {
  ignoreRank: 0.5,
  ignoreSorted: false,
  leftOut: sharedNamesLeftOut,
  order: byGwgroupid,
  entry: endpointGroupEntry,
};
