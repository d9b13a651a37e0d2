import type { DesiredNumber, NumberRecord } from '../model/number.js';
import type { LiveState } from '../model/live.js';
import type { Change } from '../model/plan.js';
import type { NumberChange } from '../model/kinds/did-number/change.js';
import { withPlatformEffects } from '../model/kinds/did-number/effects.js';
import { numberFields, numberIdentity } from '../model/kinds/did-number/fields.js';
import { orderChanges } from './order.js';

/** The ordered changes with the platform's effects, and what the plan says of numbers it cannot settle. */
export interface SettledChanges {
  readonly changes: Change[];
  readonly notes: string[];
}

/**
 * The plan's ordered changes with what the platform does by itself (effects.ts), settled so the
 * declared numbers end as the files say: a mapping written with servers (or deleted) sets its
 * number's status, so a declared number whose status that changes is written again after the
 * mappings (its update sends `status`; a number the plan did not change gets an update). A number
 * declared `available` whose mapping the plan writes with servers cannot end so (an available
 * number's mapping routes nowhere): the plan says so among its notes, and counts on `assigned`.
 * Pure.
 */
export function settleNumbers(ordered: readonly Change[], live: LiveState, declared: readonly DesiredNumber[] | undefined): SettledChanges {
  const first = withPlatformEffects(ordered, live);
  if (!declared || !live.numbers) return { changes: first.changes, notes: [] };
  const notes: string[] = [];
  const again = new Map<string, NumberChange>();
  for (const want of declared) {
    const bare = numberIdentity(want.did);
    const end = first.held.numbers?.get(bare);
    if (!end || end.status === want.status) continue;
    const marker = lastMarker(first.changes, end.did);
    if (marker === undefined) continue;
    const where = want.origin ? `${want.origin.file}:${want.origin.line}:${want.origin.col}: ` : '';
    if (want.status === 'available') {
      notes.push(
        `${where}number ${want.did} is declared available, but mapping ${marker} routes and the plan writes it after the number, so the platform marks the number ${end.status ?? 'none'}: a number written available would empty its mapping again. Declare it status: assigned to keep both.`,
      );
      continue;
    }
    const reason = `the platform marks it ${end.status ?? 'none'} when mapping ${marker} is written before it: its status is written again`;
    const own = first.changes.find(
      (c): c is NumberChange => c.kind === 'did_number' && c.action !== 'delete' && numberIdentity(c.key) === bare,
    );
    const held = live.numbers.find((n) => numberIdentity(n.did) === bare);
    const update = followUp(own, held, want, end.status, reason);
    if (update) again.set(bare, update);
  }
  if (again.size === 0) return { changes: first.changes, notes };
  const replaced = ordered.filter((c) => !(c.kind === 'did_number' && again.has(numberIdentity(c.key))));
  const reordered = orderChanges([...replaced, ...again.values()]).changes;
  return { changes: withPlatformEffects(reordered, live).changes, notes };
}

/** The mapping key of the last change whose effect sets the status of the number `did`. */
function lastMarker(changes: readonly Change[], did: string): string | undefined {
  let key: string | undefined;
  for (const c of changes) if (c.effects?.some((e) => e.on === 'did_number' && e.did === did)) key = c.key;
  return key;
}

/**
 * The number's update that writes its status after the mappings: its own update with `status`
 * among its fields (its `before` showing the status the platform gives it then), or a new update
 * of a number the plan did not change. None for a create (no mapping can mark a number not made yet).
 */
function followUp(
  own: NumberChange | undefined,
  held: NumberRecord | undefined,
  want: DesiredNumber,
  status: string | null,
  reason: string,
): NumberChange | undefined {
  if (own?.action === 'create') return undefined;
  const base = own ?? (held ? { id: held.id, before: numberFields(held), fields: [] as readonly string[] } : undefined);
  if (!base) return undefined;
  const fields = base.fields.includes('status') ? base.fields : [...base.fields, 'status'];
  const origin = want.origin ? { origin: want.origin } : {};
  return {
    action: 'update',
    kind: 'did_number',
    key: want.did,
    id: base.id,
    before: { ...base.before, status },
    after: numberFields(want),
    fields: NUMBER_FIELD_ORDER.filter((f) => fields.includes(f)),
    reason,
    ...origin,
  };
}

/** The compared fields in their order. */
const NUMBER_FIELD_ORDER = ['did', 'status', 'carrier', 'pool'];
