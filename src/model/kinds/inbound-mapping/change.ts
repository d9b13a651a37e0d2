import type { ChangeCommon, MappingFields } from '../../plan.js';

/** A change of an inbound mapping. Mappings are never promoted or demoted; `replace` is delete + create. */
export type MappingChange =
  | (ChangeCommon<'inbound_mapping'> & { readonly action: 'create'; readonly after: MappingFields })
  | (ChangeCommon<'inbound_mapping'> & {
      readonly action: 'update' | 'replace';
      readonly ruleid: number;
      readonly before: MappingFields;
      readonly after: MappingFields;
    })
  | (ChangeCommon<'inbound_mapping'> & { readonly action: 'delete'; readonly ruleid: number; readonly before: MappingFields });
