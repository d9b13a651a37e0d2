/**
 * The callers of a number class whose From-user starts with an invariant's `from_prefix`
 * (routing/invariants.ts): one representative per set of the class's LCR From parts such a caller
 * can hold, so the simulation decides each kind of caller once. Pure.
 */
import { partsIn, type Caller } from './callers.js';
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
  // They depend on the class's callers alone, which classes under one another and the tables of
  // one check share (class 1 and a probe's class 1900, each `during`'s table): made once for each.
  const key = `${prefix}\u0003${callersKey(nc.callers)}`;
  let known = made.get(key);
  if (known === undefined) {
    if (made.size >= KEPT) made.delete(made.keys().next().value as string);
    made.set(key, (known = startingWith(nc.callers, prefix)));
  }
  return [...known];
}

/** How many lists of callers are kept (a check asks for a few `from_prefix` over a few classes). */
const KEPT = 16;
const made = new Map<string, readonly Caller[]>();

/** The callers as text: their From and From parts, what {@link startingWith} reads. */
function callersKey(callers: readonly Caller[]): string {
  let out = '';
  for (const c of callers) out += `${c.from}\u0001${c.from_parts.join('\u0002')}\u0000`;
  return out;
}

/** {@link callersStarting} of an outbound class with these callers. */
function startingWith(callers: readonly Caller[], prefix: string): Caller[] {
  const parts = [...new Set(callers.flatMap((c) => c.from_parts))].sort();
  const candidates = [prefix];
  for (const p of parts) {
    if (p.startsWith(prefix)) candidates.push(p);
    candidates.push(prefix + p);
    for (let k = 1; k < p.length; k++) if (prefix.endsWith(p.slice(0, k))) candidates.push(prefix + p.slice(k));
  }
  for (const c of callers) if (c.from !== '') candidates.push(prefix + c.from);
  const known = new Set(parts);
  const longest = parts.reduce((n, p) => Math.max(n, p.length), 0);
  const out = new Map<string, Caller>();
  // Each From matched once: a caller of one part is that part, so K customers wrote each twice (a
  // From seen again adds nothing: the same parts, not shorter).
  for (const from of new Set(candidates)) {
    const matched = partsIn(from, parts, known, longest);
    const key = matched.join('\u0000');
    const had = out.get(key);
    // The shortest From stands for its kind: the simplest call to replay.
    if (!had || from.length < had.from.length) out.set(key, { from, from_parts: matched });
  }
  return [...out.values()];
}
