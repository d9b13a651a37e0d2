import type { DesiredNumber, NumberRecord } from '../../number.js';
import type { Change } from '../../plan.js';
import type { NumberChange } from './change.js';
import type { HeldState } from './effects.js';
import { NUMBER_READERS, numberFields, numberIdentity } from './fields.js';

/**
 * The number writes a plan needs so its declared numbers end as the files say, given what the
 * platform does by itself along the plan (`held`, the end of effects.ts's walk): a mapping written
 * with servers (or deleted) sets its number's status, so a declared number whose status that
 * changes is written again after the mappings (its update sends `status`; a number the plan did
 * not change gets an update), by identity. A number declared `available` whose mapping the plan
 * writes with servers cannot end so: a note says it, at its origin. Pure.
 */
export function statusFollowUps(
  changes: readonly Change[],
  held: HeldState,
  declared: readonly DesiredNumber[],
  live: readonly NumberRecord[],
): { readonly again: Map<string, NumberChange>; readonly notes: string[] } {
  const notes: string[] = [];
  const again = new Map<string, NumberChange>();
  for (const want of declared) {
    const bare = numberIdentity(want.did);
    const end = held.numbers?.get(bare);
    if (!end || end.status === want.status) continue;
    const marker = lastMarker(changes, end.did);
    if (marker === undefined) continue;
    const where = want.origin ? `${want.origin.file}:${want.origin.line}:${want.origin.col}: ` : '';
    if (want.status === 'available') {
      notes.push(
        `${where}number ${want.did} is declared available, but mapping ${marker} routes and the plan writes it after the number, so the platform marks the number ${end.status ?? 'none'}: a number written available would empty its mapping again. Declare it status: assigned to keep both.`,
      );
      continue;
    }
    const reason = `the platform marks it ${end.status ?? 'none'} when mapping ${marker} is written before it: its status is written again`;
    const own = changes.find((c): c is NumberChange => c.kind === 'did_number' && c.action !== 'delete' && numberIdentity(c.key) === bare);
    const number = live.find((n) => numberIdentity(n.did) === bare);
    const update = followUp(own, number, want, end.status, reason);
    if (update) again.set(bare, update);
  }
  return { again, notes };
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
    fields: Object.keys(NUMBER_READERS).filter((f) => fields.includes(f)),
    reason,
    ...origin,
  };
}
