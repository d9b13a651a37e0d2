import type { DesiredState } from '../model/desired.js';
import { numberIdentity } from '../model/kinds/did-number/fields.js';
import type { LiveState } from '../model/live.js';
import type { Change } from '../model/plan.js';
import type { InventoryNumber } from '../routing/number-lints.js';
import { sendsCalls } from './emptied-mappings.js';

/**
 * The platform's numbers as they stand once the plan is applied, for the number lints: the live
 * ones (read when the platform has the Numbers module) with the plan's number changes made, each
 * declared one carrying its place in the files; then what the platform does to numbers the files
 * do not declare when the plan writes their mappings (a mapping created with servers, or replaced,
 * marks its number `assigned`; one deleted marks it `available`). A declared number keeps its
 * declared status, which the next apply writes again. Undefined when no number was read or
 * declared. Pure. (Kept small here for the lints; the plan's side effects of every change, issue 35
 * §3, say the same of each change.)
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
  for (const c of changes) {
    if (c.kind !== 'inbound_mapping') continue;
    const id = numberIdentity(c.key);
    const held = byIdentity.get(id);
    if (!held || declared.has(id)) continue;
    const routes = 'after' in c && sendsCalls(c.after);
    if ((c.action === 'create' || c.action === 'replace') && routes) byIdentity.set(id, { ...held, status: 'assigned' });
    else if (c.action === 'delete') byIdentity.set(id, { ...held, status: 'available' });
  }
  return [...byIdentity.values()];
}
