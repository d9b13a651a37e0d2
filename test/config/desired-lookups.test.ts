import { describe, expect, it } from 'vitest';
import { checkFile } from '../../src/config/check-file.js';
import type { LoadedFile } from '../../src/config/loaded.js';
import { toDesiredState } from '../../src/config/normalize.js';
import { fileValidator } from '../../src/config/schema.js';

/*
 * The desired state of a big file (issue 33 §4): each entry takes the value the checks normalised
 * and its place as the fast reader recorded it. Counted, not timed: both are looked up once per
 * list, not once per entry (at the branch point a weak-map and a map lookup for the value and two
 * map lookups for the place, per entry), and every entry still has its own value and place.
 */

function bigFile(count: number): string {
  const lines = ['version: 1', 'inbound_mappings:'];
  for (let i = 0; i < count; i += 1) lines.push(`  - did: "${15_550_000_000 + i}"`, `    servers: ["${i % 90}"]`);
  lines.push('outbound_routes:');
  for (let i = 0; i < count / 2; i += 1) lines.push(`  -   name: "r${i}"`, `      prefix: "${1000 + i}"`, '      gwgroupid: "5"');
  return `${lines.join('\n')}\n`;
}

/** Calls `fn`, counting the lookups of every `Map` and `WeakMap` (by hand: a spy keeps its calls in maps and lists of its own). */
function countingLookups<T>(fn: () => T): { result: T; lookups: number } {
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called with .call on its own map, and put back
  const mapGet = Map.prototype.get;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- the same
  const weakGet = WeakMap.prototype.get;
  let lookups = 0;
  Map.prototype.get = function (this: Map<unknown, unknown>, key: unknown): unknown {
    lookups += 1;
    return mapGet.call(this, key);
  };
  WeakMap.prototype.get = function (this: WeakMap<object, unknown>, key: object): unknown {
    lookups += 1;
    return weakGet.call(this, key);
  };
  try {
    return { result: fn(), lookups };
  } finally {
    Map.prototype.get = mapGet;
    WeakMap.prototype.get = weakGet;
  }
}

describe('toDesiredState of a big file', () => {
  it('looks each entry’s value and place up once per list, and places each entry exactly', async () => {
    const checked = checkFile('big.yaml', bigFile(3_000), {}, await fileValidator(), 'fast');
    expect(checked.issues).toEqual([]);
    expect(checked.via).toBe('fast');
    const { result: desired, lookups } = countingLookups(() => toDesiredState([checked.file as LoadedFile]));
    // At the branch point: four for each of the 4,500 entries.
    expect(lookups).toBeLessThan(100);
    const mappings = desired.inbound_mappings ?? [];
    const routes = desired.outbound_routes ?? [];
    expect(mappings).toHaveLength(3_000);
    expect(routes).toHaveLength(1_500);
    expect(mappings[2_999]).toEqual({
      did: '15550002999',
      servers: ['29'],
      notes: '',
      origin: { file: 'big.yaml', line: 6001, col: 5 },
    });
    expect(routes[1_499]?.origin).toEqual({ file: 'big.yaml', line: 10501, col: 7 });
    expect(routes[1_499]?.name).toBe('r1499');
  });
});
