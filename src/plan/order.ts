import { KINDS } from '../model/desired.js';
import { KIND_SPECS } from '../model/kinds.js';
import type { KindModule } from '../model/kind-spec.js';
import type { Change, ChangeAction, PlanIssue } from '../model/plan.js';

/**
 * The default stage of each action: make before break. Lease changes come after every rule change,
 * in stages of their own: they run one at a time, so no obtain is ever in flight beside other work.
 */
const STAGE: Readonly<Record<ChangeAction, number>> = {
  create: 1,
  update: 2,
  promote: 2,
  demote: 2,
  replace: 2,
  delete: 3,
  obtain: 4,
  renew: 5,
  revoke: 6,
};

/**
 * The default stage of a change: its kind's own for its action (groups make before break around the
 * rules that refer to them: created and updated before any rule change, deleted after every rule
 * delete), else its action's.
 */
function stageOf(change: Change): number {
  const mod = KIND_SPECS[change.kind] as KindModule;
  return mod.stageOf?.(change) ?? mod.stages?.[change.action] ?? STAGE[change.action];
}

/** Ordered changes with their steps, notes for the reader, and issues that block the plan. */
interface OrderResult {
  readonly changes: Change[];
  readonly issues: PlanIssue[];
  /**
   * How many changes were moved before their stage to free an LCR pattern. Counted here, not from
   * the changes' `reason`, which other rules set too (a mapping replaced on the deployed platform).
   */
  readonly moved: number;
}

/** What one side of a change holds that only one object may hold (its kind's `claims`: a route's LCR pattern), or null. */
function held(change: Change, side: 'before' | 'after'): string | null {
  const claims = (KIND_SPECS[change.kind] as KindModule).claims;
  if (claims === undefined) return null;
  return claims(side in change ? (change as Record<typeof side, unknown>)[side] : undefined);
}

/** The LCR pattern a change takes for its route, if it takes a new one. */
function claimOf(change: Change): string | null {
  const after = held(change, 'after');
  return after !== null && after !== held(change, 'before') ? after : null;
}

/** The LCR pattern a change gives up, if it gives one up. */
function releaseOf(change: Change): string | null {
  const before = held(change, 'before');
  return before !== null && before !== held(change, 'after') ? before : null;
}

function compare(a: Change, b: Change): number {
  const kind = KINDS.indexOf(a.kind) - KINDS.indexOf(b.kind);
  if (kind !== 0) return kind;
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

/**
 * Orders changes: creates, then updates, promotions and demotions, then deletes, so that no DID or
 * prefix is left without a route partway through; ties broken by (kind, key). Carrier groups are
 * created and updated before every rule change and deleted after the rule deletes, so no rule
 * refers to a missing group partway through. The platform allows
 * one LCR record per pattern, so a change that frees a pattern another change takes is moved
 * before it (and says why). Changes that swap patterns in a cycle cannot be ordered: an issue.
 */
export function orderChanges(changes: readonly Change[]): OrderResult {
  const claimers = new Map<string, number[]>();
  changes.forEach((c, i) => {
    const p = claimOf(c);
    if (p !== null) claimers.set(p, [...(claimers.get(p) ?? []), i]);
  });
  const rank = new Array<number | undefined>(changes.length);
  const reason = new Array<string | undefined>(changes.length);
  const visiting = new Set<number>();
  const cycle: number[] = [];

  const rankOf = (i: number): number => {
    const known = rank[i];
    if (known !== undefined) return known;
    if (visiting.has(i)) {
      cycle.push(i);
      return stageOf(changes[i]!);
    }
    visiting.add(i);
    const change = changes[i]!;
    let r = stageOf(change);
    const freed = releaseOf(change);
    for (const j of freed === null ? [] : (claimers.get(freed) ?? [])) {
      if (j === i) continue;
      const needed = rankOf(j) - 0.5;
      if (needed < r) {
        r = needed;
        reason[i] = `moved before ${changes[j]!.action} of ${changes[j]!.kind} "${changes[j]!.key}": it frees LCR pattern ${freed} for it`;
      }
    }
    visiting.delete(i);
    rank[i] = r;
    return r;
  };
  changes.forEach((_c, i) => rankOf(i));

  if (cycle.length > 0) {
    const keys = [...new Set(cycle.map((i) => `"${changes[i]!.key}"`))].join(', ');
    return {
      changes: [],
      moved: 0,
      issues: [
        {
          message: `outbound routes ${keys} swap LCR patterns among themselves, which the platform cannot do in one step`,
          hint: 'Apply in two steps: first give one route a temporary from_prefix, apply, then set the final values.',
        },
      ],
    };
  }
  const steps = [...new Set(rank as number[])].sort((a, b) => a - b);
  const ordered = changes
    // Object.assign, not a spread followed by keys (V8's slow path, once per change of a big plan).
    .map((c, i): Change & { step: number } =>
      Object.assign({}, c, { step: steps.indexOf(rank[i]!) + 1 }, reason[i] ? { reason: reason[i] } : undefined),
    )
    .sort((a, b) => a.step - b.step || compare(a, b));
  return { changes: ordered, issues: [], moved: reason.filter((r) => r !== undefined).length };
}
