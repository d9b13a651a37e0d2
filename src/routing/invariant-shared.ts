/**
 * Callers of an invariant table (invariant-table.ts) that route alike, decided once: callers
 * matching the same LCR From parts (none a tie class) get the same decisions (callers.ts), so the
 * first stands for the others, and each still gets spans of its own, with its own From, in the
 * class's order of callers, made when a set reads them (invariant-read.ts). Pure.
 */
import type { Caller } from './callers.js';
import type { ClassSpan } from './classes.js';
import type { Direction } from './types.js';

/**
 * A class's callers, and for each the one decided for it: callers matching the same From parts and
 * none a tie class route alike (callers.ts), so the first stands for the others (a table with a
 * `from_prefix` holds the prefix beside the class's own callers: `''` and `2007` alike when no LCR
 * From part is met). Each caller still gets its own spans, with its own From (`classCallers`, `asCaller`).
 */
export interface SharedCallers {
  readonly all: readonly Caller[];
  readonly standsFor: ReadonlyMap<Caller, Caller>;
  readonly decided: readonly Caller[];
}

/** The callers of a class shared out; `null` when two decided ones would look alike in their spans (then each is decided). */
export function sharedCallers(callers: readonly Caller[]): SharedCallers | null {
  const byParts = new Map<string, Caller>();
  const standsFor = new Map<Caller, Caller>();
  const decided: Caller[] = [];
  const firstLooking = firstOfEach(looksAlike);
  for (const c of callers) {
    if (!firstLooking(c)) return null;
    const key = c.tie || c.from_holds || c.from_except ? null : partsKey(c.from_parts);
    const first = key === null ? undefined : byParts.get(key);
    if (first !== undefined) {
      standsFor.set(c, first);
      continue;
    }
    if (key !== null) byParts.set(key, c);
    standsFor.set(c, c);
    decided.push(c);
  }
  return { all: callers, standsFor, decided };
}

/**
 * A test of callers met one after another: whether none met before is `alike` the one given (then
 * it is noted). Callers are looked up by their From and compared field by field, not each written
 * as a text of its From, kind and parts (issue 36 §2: the K per-customer callers of class 1 were
 * written so twice per table).
 */
function firstOfEach(alike: (a: Caller, b: Caller) => boolean): (c: Caller) => boolean {
  // A list only for a From met again.
  const met = new Map<string, Caller | Caller[]>();
  return (c) => {
    const had = met.get(c.from);
    if (had === undefined) {
      met.set(c.from, c);
      return true;
    }
    const same = Array.isArray(had) ? had : [had];
    if (same.some((m) => alike(m, c))) return false;
    same.push(c);
    if (!Array.isArray(had)) met.set(c.from, same);
    return true;
  };
}

/**
 * A set of From parts as a key: the part itself for one (most callers hold one, a customer's
 * area), not a text joined anew. Equal for equal lists; parts hold dial characters only.
 */
export function partsKey(parts: readonly string[]): string {
  return parts.length === 1 ? (parts[0] as string) : parts.join('\u0000');
}

/** A number class as its spans name it. */
export function classKey(c: { readonly direction: Direction; readonly prefix: string }): string {
  return `${c.direction}\u0000${c.prefix}`;
}

/** Whether two callers of one From show alike in their spans (CallClass): the same kind and From parts. */
function looksAlike(a: Caller, b: Caller): boolean {
  if ((a.from_holds ?? '') !== (b.from_holds ?? '') || a.from_parts.length !== b.from_parts.length) return false;
  return a.from_parts.every((p, i) => p === b.from_parts[i]);
}

/** A span of one caller as the span of another that routes alike: its From in the class and the decisions; windows and words read from the first. */
export function asCaller(span: ClassSpan, from: string): ClassSpan {
  const out = { class: { ...span.class, from }, decisions: span.decisions.map((d) => ({ ...d, from })) } as unknown as ClassSpan;
  Object.defineProperties(out, {
    windows: { enumerable: true, get: () => span.windows },
    when: { enumerable: true, get: () => span.when },
  });
  return out;
}
