import type { DesiredState } from '../model/desired.js';
import { numberIdentity } from '../model/kinds/did-number/fields.js';
import type { LiveState } from '../model/live.js';
import type { Change } from '../model/plan.js';
import type { InventoryNumber } from '../routing/number-lints.js';

/**
 * The platform's numbers as they stand once the plan is applied, for the number lints: the live
 * ones (read when the platform has the Numbers module) with the plan's number changes made, each
 * declared one carrying its place in the files; then what the platform does to numbers the files
 * do not declare when the plan writes their mappings, as the plan's changes say it (`effects`: a
 * mapping written with servers marks its number `assigned`, one deleted marks it `available`). A
 * declared number keeps its declared status (apply writes it again after the mapping). Undefined
 * when no number was read or declared. Pure.
 */
export function numbersAfterPlan(desired: DesiredState, live: LiveState, changes: readonly Change[]): InventoryNumber[] | undefined {
  if (!live.numbers && !desired.numbers) return undefined;
  const byIdentity = new Map<string, InventoryNumber>();
  for (const n of live.numbers ?? []) byIdentity.set(numberIdentity(n.did), { did: n.did, status: n.status });
  const declared = new Map((desired.numbers ?? []).map((n) => [numberIdentity(n.did), n]));
  for (const c of changes) {
    if (c.kind !== 'did_number') continue;
    if (c.action === 'delete') byIdentity.delete(numberIdentity(c.before.did));
    else {
      if (c.action === 'update') byIdentity.delete(numberIdentity(c.before.did));
      byIdentity.set(numberIdentity(c.after.did), { did: c.after.did, status: c.after.status });
    }
  }
  for (const [id, n] of declared) if (byIdentity.has(id) || !live.numbers) byIdentity.set(id, n);
  // What the platform does to the numbers the files do not declare when the plan writes their
  // mappings: the plan's own model of it (each change's `effects`, model/kinds/did-number/effects.ts).
  for (const c of changes) {
    for (const e of c.effects ?? []) {
      if (e.on !== 'did_number') continue;
      const id = numberIdentity(e.did);
      const held = byIdentity.get(id);
      if (held && !declared.has(id)) byIdentity.set(id, { ...held, status: e.status });
    }
  }
  return [...byIdentity.values()];
}
