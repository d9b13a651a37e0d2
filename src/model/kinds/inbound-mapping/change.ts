import type { ChangeCommon, MappingFields } from '../../plan.js';

/** A change of an inbound mapping. Mappings are never promoted or demoted; `replace` is delete + create. */
export type MappingChange =
  | (ChangeCommon<'inbound_mapping'> & {
      readonly action: 'create';
      readonly after: MappingFields;
      /**
       * The number (as its change names it) whose write, earlier in the plan, makes the platform
       * create this DID's mapping with no servers: apply replaces that row, found by its DID.
       */
      readonly made_by_number?: string;
    })
  | (ChangeCommon<'inbound_mapping'> & {
      readonly action: 'update' | 'replace';
      readonly ruleid: number;
      readonly before: MappingFields;
      readonly after: MappingFields;
    })
  | (ChangeCommon<'inbound_mapping'> & { readonly action: 'delete'; readonly ruleid: number; readonly before: MappingFields });
