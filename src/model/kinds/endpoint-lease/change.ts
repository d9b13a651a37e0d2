import type { ChangeCommon, LeaseFields } from '../../plan.js';

/** A change of an endpoint lease. */
export type LeaseChange =
  | (ChangeCommon<'endpoint_lease'> & { readonly action: 'obtain'; readonly after: LeaseFields })
  | (ChangeCommon<'endpoint_lease'> & {
      readonly action: 'renew';
      readonly lease_id: number;
      readonly before: LeaseFields;
      readonly after: LeaseFields;
    })
  | (ChangeCommon<'endpoint_lease'> & { readonly action: 'revoke'; readonly lease_id: number; readonly before: LeaseFields });
