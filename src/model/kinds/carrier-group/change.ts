import type { CarrierGroupFields, ChangeCommon } from '../../plan.js';

/**
 * A change of a carrier group, addressed by its `gwgroupid`. An update also carries the live
 * gateway ids (`gwids`, in the order of `before.endpoints`), so the platform updates those gateways.
 */
export type CarrierGroupChange =
  | (ChangeCommon<'carrier_group'> & { readonly action: 'create'; readonly after: CarrierGroupFields })
  | (ChangeCommon<'carrier_group'> & {
      readonly action: 'update';
      readonly gwgroupid: number;
      readonly gwids: readonly number[];
      readonly before: CarrierGroupFields;
      readonly after: CarrierGroupFields;
    })
  | (ChangeCommon<'carrier_group'> & { readonly action: 'delete'; readonly gwgroupid: number; readonly before: CarrierGroupFields });
