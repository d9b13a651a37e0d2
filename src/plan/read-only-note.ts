import type { CollectionName } from '../model/desired.js';
import type { LiveState } from '../model/live.js';
import { count, plural } from '../model/words.js';

/**
 * What a plan says when it read the platform's numbers though the files declare none, only to show
 * what the platform does to them by itself (pipeline/plan-platform.ts `sideEffectReads`): that
 * the platform has the Numbers module, and that no number is written. `null` otherwise, and when it
 * holds no number.
 */
export function readOnlyNote(live: LiveState, managed: readonly CollectionName[]): string | null {
  // A platform holding no number has nothing the plan could show of them.
  if (!live.numbers || live.numbers.length === 0 || managed.includes('numbers')) return null;
  const n = live.numbers.length;
  return `The platform has the Numbers module: its ${count(n, 'number')} ${plural(n, 'was', 'were')} read to show what the platform does to them (the files declare no numbers: none is created, changed or deleted).`;
}
