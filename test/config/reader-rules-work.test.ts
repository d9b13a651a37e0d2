import { describe, expect, it } from 'vitest';
import { readFast } from '../../src/config/fast-reader.js';

/*
 * Issue 33 §4: the fast reader sees every entry of a file of tens of thousands on every plan and
 * validate, and what it makes per entry lives to the end of the run, copied by each collection of
 * the young generation. Counted, not timed, by hand (a spy would keep its calls with the very
 * method it counts): at the branch point (7633faa) a flow list (`servers: ["23", "53"]`) was an
 * empty list pushed into, which grows it to 17 slots on the first push: two pushes per mapping.
 */

/** `count` mappings with two servers each and `count / 2` routes, as users write them. */
function bigFile(count: number): string {
  const lines = ['version: 1', 'inbound_mappings:'];
  for (let i = 0; i < count; i += 1) {
    lines.push(`  - did: "${15_550_000_000 + i}"`, `    servers: ["${23 + (i % 5)}", "53"]`, `    notes: Reception ${i} — café`);
  }
  lines.push('outbound_routes:');
  for (let i = 0; i < count / 2; i += 1)
    lines.push(`  - name: Route ${i}`, `    prefix: "${1000 + i}"`, '    gwgroupid: "5"', `    priority: ${i}`);
  return `${lines.join('\n')}\n`;
}

/** How many times `run` calls `Array.prototype[method]` (counted by a stand-in, put back after), and its result. */
function counting<T>(method: 'push' | 'join' | typeof Symbol.iterator, run: () => T): [number, T] {
  const proto = Array.prototype as unknown as Record<typeof method, (...args: unknown[]) => unknown>;
  const original = proto[method];
  let calls = 0;
  proto[method] = function (this: unknown[], ...args: unknown[]): unknown {
    calls += 1;
    return original.apply(this, args);
  };
  let result: T;
  try {
    result = run();
  } finally {
    proto[method] = original;
  }
  return [calls, result];
}

describe('the fast reader', () => {
  it('makes a flow list of one or two items at its length, not by pushing into an empty list', () => {
    const text = bigFile(2_000);
    const [calls, result] = counting('push', () => readFast(text, {}));
    const data = result?.data.value as { inbound_mappings: { servers: string[] }[] };
    expect(data.inbound_mappings[7]?.servers).toEqual(['25', '53']);
    // One push per entry of each top-level list and one for its recorded place: 6,000 for the
    // 3,000 entries; at the branch point 10,010, two more for each mapping's servers.
    expect(calls).toBeLessThan(6_100);
  });
});
