import { KINDS, type CollectionName, type DesiredState, type Kind } from '../model/desired.js';
import { compileIgnore } from '../model/globs.js';
import type { KindDiff, PasswordCheck } from '../model/kind-spec.js';
import { KIND_SPECS } from '../model/kinds.js';
import type { LiveState } from '../model/live.js';
import type { Change, PlanIssue } from '../model/plan.js';

/** What the differ found: changes in no particular order, plus counts and blocking issues. */
interface DiffResult {
  changes: Change[];
  readonly unchanged: Record<Kind, number>;
  /** Live objects of each managed collection that the plan governs (ignored ones excluded). */
  readonly governed: Partial<Record<CollectionName, number>>;
  readonly issues: PlanIssue[];
  /** Live objects paired with a desired entry (what `destroy` deletes). */
  readonly matched: Change[];
  /** Recorded leases that expired by themselves. */
  readonly expired_leases: string[];
  /** Sentences for the plan's reader (e.g. duplicate live routes the plan deletes). */
  readonly notes: string[];
}

/** How to diff. */
interface DiffOptions {
  /**
   * Whether to list the matched live objects (`matched`, what `destroy` deletes); default true.
   * A plan to apply does not need them, and leaving them out spares one object per live object.
   */
  readonly matched?: boolean;
  /** How each declared carrier group's password stands against the record of the one last sent, by name. */
  readonly passwords?: ReadonlyMap<string, PasswordCheck>;
}

/**
 * Compares desired with live, one managed collection at a time, through each kind's module (its
 * change builders pair objects by identity, then compare their normalized content). Pure: no I/O,
 * no order. A no-op is never a change; it only counts as unchanged. `now` (ms) decides lease renewals.
 */
export function diff(desired: DesiredState, live: LiveState, now: number, options: DiffOptions = {}): DiffResult {
  const result: DiffResult = {
    changes: [],
    unchanged: Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>,
    governed: {},
    issues: [],
    matched: [],
    expired_leases: [],
    notes: [],
  };
  for (const kind of KINDS) {
    const found = diffKind(kind, desired, live, now, options);
    if (!found) continue;
    for (const c of found.changes) result.changes.push(c);
    for (const c of found.matched) result.matched.push(c);
    for (const i of found.issues) result.issues.push(i);
    for (const n of found.notes) result.notes.push(n);
    result.expired_leases.push(...found.expired);
    result.unchanged[kind] = found.unchanged;
    result.governed[KIND_SPECS[kind].collection] = found.governed;
  }
  return result;
}

/** One kind's collection through its module's differ; undefined when the files do not manage it. */
function diffKind<K extends Kind>(
  kind: K,
  desired: DesiredState,
  live: LiveState,
  now: number,
  options: DiffOptions,
): KindDiff<K> | undefined {
  const mod = KIND_SPECS[kind];
  const declared = desired[mod.collection] as Parameters<typeof mod.diff>[0] | undefined;
  if (!declared) return undefined;
  const held = (live[mod.collection] ?? []) as Parameters<typeof mod.diff>[1];
  return mod.diff(declared, held, {
    now,
    ignored: compileIgnore(desired.policy.ignore[mod.collection] ?? []),
    listMatched: options.matched ?? true,
    ...(options.passwords ? { passwords: options.passwords } : {}),
  });
}
