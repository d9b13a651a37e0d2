/**
 * The callers of a number class whose From-user starts with an invariant's `from_prefix`
 * (routing/invariants.ts): one representative per set of the class's LCR From parts such a caller
 * can hold, so the simulation decides each kind of caller once. Pure.
 */
import { partsIn, type Caller } from './callers.js';
import { partsKey } from './invariant-shared.js';
import type { NumberClass } from './number-classes.js';

/**
 * The callers of `nc` starting with `prefix`: the prefix alone, the prefix followed by each From
 * part (and by each overlap of its end with a part's beginning), each part that itself starts with
 * the prefix, and the prefix before each of the class's own representatives (the tie callers
 * among them). Each distinct set of parts matched is kept once; none carries a tie, so the
 * simulation (`routeCall`) decides them, never a shortcut. Inbound calls are routed on the
 * number alone, so one caller (the prefix) stands for all.
 */
export function callersStarting(nc: NumberClass, prefix: string): Caller[] {
  if (prefix === '') return [...nc.callers];
  if (nc.direction === 'inbound') return [{ from: prefix, from_parts: [] }];
  // They depend on the class's callers alone, one list per LCR To-part (number-classes.ts), which
  // classes under one another and the tables of one check share (class 1 and a probe's class
  // 1900, each `during`'s table): the list read once for all its prefixes, each prefix's made once.
  let index = indexes.get(nc.callers);
  if (index === undefined) indexes.set(nc.callers, (index = indexOf(nc.callers)));
  let known = index.starting.get(prefix);
  if (known === undefined) index.starting.set(prefix, (known = startingWith(index, prefix)));
  return [...known];
}

/** What {@link startingWith} reads of a class's callers, read once per list. */
interface CallerIndex {
  /** The From parts the callers match, each once, sorted. */
  readonly parts: readonly string[];
  readonly known: ReadonlySet<string>;
  /** The longest part's length, and the parts' distinct lengths ascending (`partsIn` looks up substrings of those only). */
  readonly longest: number;
  readonly lengths: readonly number[];
  /** The callers' Froms that are not parts (a part's From is already a candidate), each once, in the callers' order. */
  readonly froms: readonly string[];
  /** The callers starting with each prefix asked. */
  readonly starting: Map<string, readonly Caller[]>;
}

const indexes = new WeakMap<readonly Caller[], CallerIndex>();

function indexOf(callers: readonly Caller[]): CallerIndex {
  const known = new Set<string>();
  for (const c of callers) for (const p of c.from_parts) known.add(p);
  const parts = [...known].sort();
  const longest = parts.reduce((n, p) => Math.max(n, p.length), 0);
  const lengths = [...new Set(parts.map((p) => p.length))].sort((a, b) => a - b);
  const froms = new Set<string>();
  for (const c of callers) if (c.from !== '' && !known.has(c.from)) froms.add(c.from);
  return { parts, known, longest, lengths, froms: [...froms], starting: new Map() };
}

/** {@link callersStarting} of an outbound class whose callers are indexed in `index`. */
function startingWith(index: CallerIndex, prefix: string): Caller[] {
  const { parts, known, longest, lengths } = index;
  // A part begins with the end of the prefix when it starts with one of the prefix's last k
  // characters (k shorter than the part): the prefix's ends made once, not a slice per part and k.
  const ends: string[] = [];
  for (let k = 1; k <= Math.min(prefix.length, longest - 1); k++) ends[k] = prefix.slice(prefix.length - k);
  const candidates = [prefix];
  for (const p of parts) {
    if (p.startsWith(prefix)) candidates.push(p);
    candidates.push(prefix + p);
    for (let k = 1; k < p.length && k < ends.length; k++) if (p.startsWith(ends[k] as string)) candidates.push(prefix + p.slice(k));
  }
  for (const from of index.froms) candidates.push(prefix + from);
  const out = new Map<string, Caller>();
  // Each From matched once: a caller of one part is that part, so K customers wrote each twice (a
  // From seen again adds nothing: the same parts, not shorter).
  for (const from of new Set(candidates)) {
    const matched = partsIn(from, parts, known, longest, lengths);
    const key = partsKey(matched);
    const had = out.get(key);
    // The shortest From stands for its kind: the simplest call to replay.
    if (!had || from.length < had.from.length) out.set(key, { from, from_parts: matched });
  }
  return [...out.values()];
}
