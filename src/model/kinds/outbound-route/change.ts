import type { ChangeCommon, RouteFields } from '../../plan.js';

/** A change of an outbound route: `promote` (simple → LCR) and `demote` (LCR → simple) are updates. */
export type RouteChange =
  | (ChangeCommon<'outbound_route'> & { readonly action: 'create'; readonly after: RouteFields })
  | (ChangeCommon<'outbound_route'> & {
      readonly action: 'update' | 'promote' | 'demote';
      readonly ruleid: number;
      readonly before: RouteFields;
      readonly after: RouteFields;
    })
  | (ChangeCommon<'outbound_route'> & { readonly action: 'delete'; readonly ruleid: number; readonly before: RouteFields });
