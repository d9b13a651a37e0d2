/**
 * The never/always invariants of one table (invariant-table.ts) read together: one walk of the
 * table's classes and callers finds each set's first counterexample. Each set walked the table on
 * its own (issue 36 §2: a yearly recurrence per prefix, three sets over 1,000 classes, each class
 * and caller met three times through two generators); a set's first counterexample is the first span
 * in the table's order that holds its calls and breaks it, whoever else reads the table beside it,
 * and a caller is decided only when a set still looking reads it, as when each walked alone. Pure.
 */
import { InternalError } from '../model/errors.js';
import type { CallSet, Invariant } from '../model/invariant.js';
import type { Caller } from './callers.js';
import type { CallerSpans, ClassSpan } from './classes.js';
import { classKey, type SharedCallers } from './invariant-shared.js';

/**
 * A span a set reads, of the caller from `from`: the span itself, or, for a caller another stands
 * for, that one's (the same decisions and windows), shown as its own (`asCaller`) only if it breaks the set.
 */
export interface SetSpan {
  readonly span: ClassSpan;
  readonly from: string;
}

/** A never/always invariant (not a built-in check). */
export type SetInvariant = Invariant & { readonly set: CallSet };

/**
 * The first span of `callers` (every caller of every class, in order, as classes.ts decides them
 * when first read) of each of `members` that breaks it (`breaksAt`: the span holds calls of its set,
 * invariant-table.ts `inSet`, and its decision breaks it, read as the caller from `from`); an
 * invariant without one is absent. A class `sharing` names (by `classKey`) has callers that route
 * alike (invariant-shared.ts): each but the one standing for them is absent from `callers` and reads
 * that one's spans; a set that reads that one leaves it out (it routes alike and comes first, so the
 * set's first counterexample is never among its copies), another reads its spans as its own
 * (`SetSpan`). The walk ends when every set has found one.
 */
export function firstBreaking(
  callers: Iterable<CallerSpans>,
  sharing: ReadonlyMap<string, SharedCallers>,
  members: readonly SetInvariant[],
  breaksAt: (invariant: SetInvariant, span: ClassSpan, from: string) => boolean,
): Map<Invariant, SetSpan> {
  const found = new Map<Invariant, SetSpan>();
  let open = members;
  // The one decided for each caller of the class being walked, by caller: reused from class to class.
  const decided = new Map<Caller, CallerSpans>();
  const it = callers[Symbol.iterator]();
  let cur = it.next();
  while (cur.done !== true && open.length > 0) {
    const nc = cur.value.nc;
    const here = open.filter((m) => nc.direction === m.set.direction && nc.prefix.startsWith(m.set.to_prefix));
    /** One caller read by the sets of `here` still looking: its own spans, or (`copyOf`) those of the one standing for it. */
    const read = (caller: Caller, spansOf: CallerSpans, copyOf?: Caller): void => {
      for (const m of here) {
        if (found.has(m) || !reads(m.set, caller) || (copyOf !== undefined && reads(m.set, copyOf))) continue;
        for (const span of spansOf.spans)
          if (breaksAt(m, span, caller.from)) {
            found.set(m, { span, from: caller.from });
            break;
          }
      }
    };
    const shared = sharing.get(classKey(nc));
    if (!shared) {
      // A class's callers come together, in order (classes.ts).
      for (; cur.done !== true && cur.value.nc === nc; cur = it.next()) if (here.length > 0) read(cur.value.caller, cur.value);
    } else {
      decided.clear();
      for (const c of shared.all) {
        const rep = shared.standsFor.get(c) ?? c;
        const of = decided.get(rep);
        if (rep !== c && of !== undefined) {
          if (here.length > 0) read(c, of, rep);
          continue;
        }
        if (cur.done === true || cur.value.caller !== c) throw new InternalError('an invariant table decided its callers out of order');
        decided.set(c, cur.value);
        if (here.length > 0) read(c, cur.value);
        cur = it.next();
      }
    }
    if (here.some((m) => found.has(m))) open = open.filter((m) => !found.has(m));
  }
  return found;
}

/** Whether a set reads a caller's spans: every caller, or one whose From starts with its `from_prefix` (a tie class never). */
function reads(s: CallSet, c: Caller): boolean {
  return fromInSet(s, c.from, c.from_holds);
}

/**
 * Whether calls from `from` (a caller of the kind `holds`: a tie class, or none) are of set `s` by
 * their caller: every caller when it names no `from_prefix`, else one whose From starts with it (a
 * tie class stands for callers of every kind, so never). invariant-table.ts `inSet` asks it too.
 */
export function fromInSet(s: CallSet, from: string, holds: string | undefined): boolean {
  return s.from_prefix === '' || (holds === undefined && from.startsWith(s.from_prefix));
}
