import type { ChangeCommon } from '../../plan.js';
import type { EndpointGroupFields } from './fields.js';

/**
 * A change of an endpoint group, addressed by its `gwgroupid`. An update also carries the live
 * gateway ids (`gwids`, in the order of `before.endpoints`): the platform's update replaces the
 * group's whole endpoint set, so each endpoint kept by name is sent with its gateway id, which
 * keeps that id; one not sent is deleted.
 */
export type EndpointGroupChange =
  | (ChangeCommon<'endpoint_group'> & { readonly action: 'create'; readonly after: EndpointGroupFields })
  | (ChangeCommon<'endpoint_group'> & {
      readonly action: 'update';
      readonly gwgroupid: number;
      readonly gwids: readonly number[];
      readonly before: EndpointGroupFields;
      readonly after: EndpointGroupFields;
    })
  | (ChangeCommon<'endpoint_group'> & { readonly action: 'delete'; readonly gwgroupid: number; readonly before: EndpointGroupFields });
