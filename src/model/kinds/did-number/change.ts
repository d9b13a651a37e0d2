import type { ChangeCommon } from '../../plan.js';

/**
 * The compared fields of a number of the platform's DID inventory, as plans hold them: the DID as
 * written, and `status`, `carrier` and `pool` (`null`: none; the files leave a field out for none).
 */
export interface NumberFields {
  readonly did: string;
  readonly status: string | null;
  readonly carrier: string | null;
  readonly pool: string | null;
}

/** A change of a number, addressed by the platform's `id` of it (a create has none yet). */
export type NumberChange =
  | (ChangeCommon<'did_number'> & { readonly action: 'create'; readonly after: NumberFields })
  | (ChangeCommon<'did_number'> & {
      readonly action: 'update';
      readonly id: number;
      readonly before: NumberFields;
      readonly after: NumberFields;
    })
  | (ChangeCommon<'did_number'> & { readonly action: 'delete'; readonly id: number; readonly before: NumberFields });
