import type { EndpointGroup, EndpointGroupContent } from '../../endpoint-group.js';
import type { GatewayGroup } from '../../group.js';
import type { KindApi } from '../../kind-api.js';
import { ENDPOINT_GROUPS, everyMemberNamed, GROUP_API, groupAnswer, groupFromWire, groupPath } from '../group-api.js';
import { endpointGroupFromWire, endpointGroupPasswordOnWire, endpointGroupToWire } from './wire.js';

/**
 * The endpoint-group API (`/endpointgroups`). Its irregularities: the list holds no endpoints (the
 * live state reads each group); a read shows the registration password in plain text (registered
 * as a secret before anything reads the answer; the model keeps only its fingerprint); the
 * platform answers 200 without an id for a failed write, and 200 to a delete of an unknown id
 * (apply reads back); an update replaces the whole endpoint set.
 */
export const ENDPOINT_GROUP_API: KindApi<EndpointGroup, GatewayGroup> = {
  ...GROUP_API,
  secretsOf: (content) => [(content as EndpointGroupContent).auth?.auth_password],
  secretsIn: (record) => [endpointGroupPasswordOnWire(record)],
  list: { call: () => ({ method: 'GET', path: ENDPOINT_GROUPS }), read: (record, ctx) => groupFromWire(record, ctx, 'endpoint') },
  live: { from: 'each', listedId: (g) => g.gwgroupid },
  idOf: (g) => g.gwgroupid,
  get: {
    calls: (ref) => [{ method: 'GET', path: groupPath(ENDPOINT_GROUPS, ref.id) }],
    read: ([data], [ctx]) => (data && ctx && data.length > 0 ? endpointGroupFromWire(data[0], ctx.read, ctx.fingerprint) : null),
  },
  create: {
    call: (content) => ({ method: 'POST', path: ENDPOINT_GROUPS, body: endpointGroupToWire(content as EndpointGroupContent) }),
    answer: groupAnswer,
    keyOfInput: (content) => (content as EndpointGroupContent).name,
  },
  update: {
    call: (ref, patch, _profile, members) => {
      const content = patch as EndpointGroupContent;
      const body = endpointGroupToWire(content, members);
      return { method: 'PUT', path: groupPath(ENDPOINT_GROUPS, ref.id), body, idempotent: everyMemberNamed(content.endpoints, members) };
    },
    answer: groupAnswer,
  },
  delete: (ref) => ({ method: 'DELETE', path: groupPath(ENDPOINT_GROUPS, ref.id) }),
};
