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
  const seen = new Set<string>();
  for (const c of callers) {
    const shown = callerKey(c);
    if (seen.has(shown)) return null;
    seen.add(shown);
    const key = c.tie || c.from_holds || c.from_except ? null : c.from_parts.join('\u0000');
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

/** A number class as its spans name it. */
export function classKey(c: { readonly direction: Direction; readonly prefix: string }): string {
  return `${c.direction}\u0000${c.prefix}`;
}

/** A caller as its spans show it (CallClass). */
function callerKey(c: { readonly from: string; readonly from_holds?: string; readonly from_parts: readonly string[] }): string {
  return `${c.from}\u0000${c.from_holds ?? ''}\u0000${c.from_parts.join(',')}`;
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
