import type { DesiredNumber } from '../model/number.js';
import type { LiveState } from '../model/live.js';
import type { Change } from '../model/plan.js';
import { KIND_SPECS } from '../model/kinds.js';
import { withPlatformEffects } from '../model/kinds/did-number/effects.js';
import { numberIdentity } from '../model/kinds/did-number/fields.js';
import { statusFollowUps } from '../model/kinds/did-number/settle.js';
import { orderChanges } from './order.js';

/** The ordered changes with the platform's effects, and what the plan says of numbers it cannot settle. */
export interface SettledChanges {
  readonly changes: Change[];
  readonly notes: string[];
}

/**
 * The plan's ordered changes with what the platform does by itself (effects.ts), settled so the
 * declared numbers end as the files say (settle.ts: a number whose status a mapping write changes
 * is written again after it), then ordered again and walked again for their effects. Pure.
 */
export function settleNumbers(ordered: readonly Change[], live: LiveState, declared: readonly DesiredNumber[] | undefined): SettledChanges {
  // No change, no effect and nothing to settle (a follow-up needs a change that marks a number):
  // a no-change plan builds no held state (every live mapping sorted by ruleid, issue 33 §4).
  if (ordered.length === 0) return { changes: [], notes: [] };
  const first = withPlatformEffects(ordered, live);
  if (!declared || !live.numbers) return { changes: first.changes, notes: [] };
  const { again, notes } = statusFollowUps(first.changes, first.held, declared, live.numbers);
  if (again.size === 0) return { changes: first.changes, notes };
  const kind = KIND_SPECS.did_number.kind;
  const kept = ordered.filter((c) => !(c.kind === kind && again.has(numberIdentity(c.key))));
  const reordered = orderChanges([...kept, ...again.values()]).changes;
  return { changes: withPlatformEffects(reordered, live).changes, notes };
}
