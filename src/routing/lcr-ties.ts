/**
 * Which LCR routes can tie with another (lint.ts `ambiguous_lcr`): two patterns of one length, in
 * two LCR groups, whose To-prefixes nest and whose From-prefixes one E.164 From holds (overlap.ts
 * `sharedCaller`). Found through indexes of the From-prefixes, never by looking at every pair: 5,000
 * per-customer routes on one prefix are 12.5 million pairs, and an ordinary per-customer setup
 * (one full caller ID each) has none that tie. The work grows with the routes times a constant
 * (From-prefixes have at most 16 characters), not with the pairs. Pure.
 */
import { callerPart, E164_DIGITS, splitPattern, type CallerPart } from './overlap.js';
import type { LcrRecord, RoutingRule } from './types.js';

/** One kept LCR route: its record, its rule, its From-prefix as an E.164 From holds it, its To-prefix (lower case). */
export interface LcrEntry {
  readonly record: LcrRecord;
  readonly rule: RoutingRule;
  readonly part: CallerPart;
  readonly to: string;
  /** Its place in the rule set's LCR records. */
  readonly order: number;
}

/** The routes of one To-prefix with one From-prefix. */
interface Node {
  readonly part: CallerPart;
  readonly entries: LcrEntry[];
}

/** A list of nodes that all meet one probing node; swept once or twice, never per probe. */
interface Hits {
  readonly nodes: readonly Node[];
  /** The groups already swept with: one group, or every one. */
  swept?: number | 'all';
  /** Two entries of different groups, the first two found (for the probing side's partner). */
  firstTwo?: LcrEntry[];
}

/** The nodes of one To-prefix whose From-prefixes have one `+` flag (so one digit count). */
class Side {
  readonly nodes: Node[] = [];
  readonly byText = new Map<string, Node>();
  // Made on the first lookup: most sides are never probed by index (a bucket of one group alone is skipped).
  private indexes?: Map<string, Map<string, Hits>>;
  private all?: Hits;
  constructor(
    readonly plus: boolean,
    readonly digits: number,
  ) {}

  /** Every node, as one list. */
  everything(): Hits {
    return (this.all ??= { nodes: this.nodes });
  }

  /** The nodes whose digits hold `key` at `kind` (`full`, `prefix`, `suffix`, `inside`) with length `k`. */
  lookup(kind: 'full' | 'prefix' | 'suffix' | 'inside', k: number, key: string): Hits | undefined {
    const name = `${kind}${k}`;
    const indexes = (this.indexes ??= new Map<string, Map<string, Hits>>());
    let index = indexes.get(name);
    if (!index) indexes.set(name, (index = this.build(kind, k)));
    return index.get(key);
  }

  private build(kind: 'full' | 'prefix' | 'suffix' | 'inside', k: number): Map<string, Hits> {
    const index = new Map<string, Hits>();
    const add = (key: string, node: Node): void => {
      const hits = index.get(key);
      if (!hits) index.set(key, { nodes: [node] });
      else if (hits.nodes[hits.nodes.length - 1] !== node) (hits.nodes as Node[]).push(node);
    };
    for (const node of this.nodes) {
      const d = node.part.digits;
      if (kind === 'full') add(d, node);
      else if (kind === 'prefix') add(d.slice(0, k), node);
      else if (kind === 'suffix') add(d.slice(d.length - k), node);
      else for (let i = 0; i + k <= d.length; i++) add(d.slice(i, i + k), node);
    }
    return index;
  }
}

/** The routes of one pattern length and one To-prefix. */
interface Bucket {
  readonly to: string;
  readonly sides: Side[];
  /** The LCR group every entry of the bucket is in, or `many` when they are in two or more. */
  group: number | 'many';
}

/** The lists of nodes of `side` that meet `x` (each list holds only nodes that do; see overlap.ts `sharedCaller`). */
function probe(x: CallerPart, side: Side): Hits[] {
  const out: Hits[] = [];
  const push = (h: Hits | undefined): void => {
    if (h) out.push(h);
  };
  const [dx, dy, d] = [x.digits.length, side.digits, x.digits];
  if (x.plus && side.plus) {
    // Both start the From: one holds the other at its start.
    push(dy <= dx ? side.lookup('full', dy, d.slice(0, dy)) : side.lookup('prefix', dx, d));
    return out;
  }
  // One after the other fits: every node meets.
  if (dx + dy <= E164_DIGITS) return side.nodes.length > 0 ? [side.everything()] : [];
  const least = dx + dy - E164_DIGITS;
  // y inside x: when y starts with "+", only at x's start (and x has none).
  if (dy <= dx) {
    if (side.plus) push(side.lookup('full', dy, d.slice(0, dy)));
    else for (let i = 0; i + dy <= dx; i++) push(side.lookup('full', dy, d.slice(i, i + dy)));
  }
  // x inside y: when x starts with "+", only at y's start.
  if (dx < dy) push(x.plus ? side.lookup('prefix', dx, d) : side.lookup('inside', dx, d));
  // x's tail is y's head (x first; y has no "+"): overlaps of at least `least` digits.
  if (!side.plus) for (let k = Math.max(least, 1); k < Math.min(dx, dy); k++) push(side.lookup('prefix', k, d.slice(dx - k)));
  // y's tail is x's head (y first; x has no "+").
  if (!x.plus) for (let k = Math.max(least, 1); k < Math.min(dx, dy); k++) push(side.lookup('suffix', k, d.slice(0, k)));
  return out;
}

/** Two entries of the list in different groups (or the one or none there is). */
function firstTwo(hits: Hits): LcrEntry[] {
  if (hits.firstTwo) return hits.firstTwo;
  const two: LcrEntry[] = [];
  search: for (const node of hits.nodes)
    for (const e of node.entries) {
      if (two.length === 0 || e.record.groupid !== two[0]!.record.groupid) two.push(e);
      if (two.length === 2) break search;
    }
  return (hits.firstTwo = two);
}

/** Gives each entry of `x` a partner from `hits`, and each entry of `hits` one from `x` (once or twice per list). */
function pair(x: Node, hits: Hits, partner: Map<LcrEntry, LcrEntry>): void {
  const two = firstTwo(hits);
  for (const a of x.entries) {
    if (partner.has(a)) continue;
    const b = two.find((e) => e.record.groupid !== a.record.groupid);
    if (b) partner.set(a, b);
  }
  const groups = new Set(x.entries.map((e) => e.record.groupid));
  const only = groups.size === 1 ? x.entries[0]!.record.groupid : undefined;
  if (hits.swept === 'all' || (only !== undefined && hits.swept === only)) return;
  for (const node of hits.nodes)
    for (const b of node.entries) {
      if (partner.has(b)) continue;
      const a = x.entries.find((e) => e.record.groupid !== b.record.groupid);
      if (a) partner.set(b, a);
    }
  hits.swept = only === undefined || hits.swept !== undefined ? 'all' : only;
}

/** The buckets of each pattern length, by To-prefix. */
function bucketsOf(entries: readonly LcrEntry[]): Map<number, Map<string, Bucket>> {
  const classes = new Map<number, Map<string, Bucket>>();
  for (const e of entries) {
    const length = e.record.pattern.length;
    let byTo = classes.get(length);
    if (!byTo) classes.set(length, (byTo = new Map<string, Bucket>()));
    let bucket = byTo.get(e.to);
    if (!bucket) byTo.set(e.to, (bucket = { to: e.to, sides: [], group: e.record.groupid }));
    else if (bucket.group !== e.record.groupid) bucket.group = 'many';
    const text = `${e.part.plus ? '+' : ''}${e.part.digits}`;
    let side = bucket.sides.find((s) => s.plus === e.part.plus);
    if (!side) bucket.sides.push((side = new Side(e.part.plus, e.part.digits.length)));
    let node = side.byText.get(text);
    if (!node) {
      side.byText.set(text, (node = { part: e.part, entries: [] }));
      side.nodes.push(node);
    }
    node.entries.push(e);
  }
  return classes;
}

/**
 * The kept LCR routes as entries (those whose From-prefix an E.164 From can hold; no other can
 * tie), in record order.
 */
export function lcrEntries(records: readonly LcrRecord[], ruleOf: ReadonlyMap<string, RoutingRule>): LcrEntry[] {
  const out: LcrEntry[] = [];
  records.forEach((record, order) => {
    const rule = ruleOf.get(record.key);
    if (!rule) return;
    const [from, to] = splitPattern(record.pattern);
    const part = callerPart(from);
    if (part) out.push({ record, rule, part, to: to.toLowerCase(), order });
  });
  return out;
}

/**
 * Each entry that can tie with another, with one route it ties with: same pattern length, another
 * LCR group, To-prefixes that nest, From-prefixes one E.164 From holds. Every such entry is in the
 * map, and only those.
 */
export function lcrPartners(entries: readonly LcrEntry[]): Map<LcrEntry, LcrEntry> {
  const partner = new Map<LcrEntry, LcrEntry>();
  for (const byTo of bucketsOf(entries).values()) {
    // From-prefixes have at most 16 characters, so the To-prefixes of one length differ by at most 16.
    const lengths = [...new Set([...byTo.keys()].map((t) => t.length))].sort((a, b) => a - b);
    for (const bucket of byTo.values()) {
      for (const length of lengths) {
        if (length > bucket.to.length) break;
        const other = byTo.get(length === bucket.to.length ? bucket.to : bucket.to.slice(0, length));
        if (!other) continue;
        // A bucket probed against itself when all its entries are in one group: no two can tie (a
        // tie needs two groups), so no partner is found and nothing is cached that changes what
        // later probes find. Per-prefix LCR routes (one route per To-prefix) are all such buckets.
        if (other === bucket && bucket.group !== 'many') continue;
        for (const side of bucket.sides)
          for (const node of side.nodes) for (const s of other.sides) for (const hits of probe(node.part, s)) pair(node, hits, partner);
      }
    }
  }
  return partner;
}
