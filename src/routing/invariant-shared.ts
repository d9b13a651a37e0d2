/**
 * Callers of an invariant table (invariant-table.ts) that route alike, decided once: callers
 * matching the same LCR From parts (none a tie class) get the same decisions (callers.ts), so the
 * first stands for the others, and each still gets spans of its own, with its own From, in the
 * class's order of callers, made when a set reads them. Pure.
 */
import { InternalError } from '../model/errors.js';
import type { Caller } from './callers.js';
import type { CallerSpans, ClassSpan } from './classes.js';
import type { NumberClass } from './number-classes.js';
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

/** One caller of a class, as an invariant table's sets read it: its spans decided when first asked. */
export interface CallerEntry {
  readonly caller: Caller;
  /**
   * The caller that stands for this one (an earlier entry of the class): `spans` are that one's,
   * which this caller's are with its own From (`asCaller`), made only where a set shows one.
   */
  readonly copyOf?: Caller;
  readonly spans: () => readonly ClassSpan[];
}

/** A number class and its callers in order, as an invariant table's sets read them. */
export interface ClassCallers {
  readonly nc: NumberClass;
  readonly entries: readonly CallerEntry[];
}

/**
 * The callers of each class as their spans are first read (classes.ts `classSpansLazily`), class by
 * class (a set skips a class whose numbers it does not hold at once), in the class's order of
 * callers, without deciding them; a caller that another stands for reads that one's spans. A reader
 * that skips a caller (a set whose From it is not) does not decide it.
 */
export function* classCallers(source: Iterable<CallerSpans>, sharing: ReadonlyMap<string, SharedCallers>): Generator<ClassCallers> {
  const it = source[Symbol.iterator]();
  let cur = it.next();
  while (cur.done !== true) {
    const nc = cur.value.nc;
    const shared = sharing.get(classKey(nc));
    const entries: CallerEntry[] = [];
    if (!shared) {
      // A class's callers come together, in order (classes.ts).
      for (; cur.done !== true && cur.value.nc === nc; cur = it.next()) {
        const one = cur.value;
        entries.push({ caller: one.caller, spans: () => one.spans });
      }
      yield { nc, entries };
      continue;
    }
    const decided = new Map<Caller, CallerEntry>();
    for (const c of shared.all) {
      const rep = shared.standsFor.get(c) ?? c;
      const of = decided.get(rep);
      if (rep !== c && of !== undefined) {
        entries.push({ caller: c, copyOf: rep, spans: of.spans });
        continue;
      }
      if (cur.done === true || cur.value.caller !== c) throw new InternalError('an invariant table decided its callers out of order');
      const one = cur.value;
      const entry = { caller: c, spans: () => one.spans };
      decided.set(c, entry);
      entries.push(entry);
      cur = it.next();
    }
    yield { nc, entries };
  }
}

/** An iterable read from the start as often as wanted, each item made once, when first read (sets of one table share it). */
export function replayable<T>(source: Iterable<T>): Iterable<T> {
  const seen: T[] = [];
  const it = source[Symbol.iterator]();
  let done = false;
  return {
    *[Symbol.iterator]() {
      for (let i = 0; ; i++) {
        if (i < seen.length) {
          yield seen[i] as T;
          continue;
        }
        if (done) return;
        const next = it.next();
        if (next.done === true) {
          done = true;
          return;
        }
        seen.push(next.value);
        yield next.value;
      }
    },
  };
}
