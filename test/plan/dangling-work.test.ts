import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GatewayGroup } from '../../src/model/group.js';
import { danglingReferences } from '../../src/plan/check-refs.js';
import { desired, dm, dr } from './builders.js';

/*
 * The dangling-reference check of a plan of a big file (issue 33 §4): thousands of rules share a few
 * gateway lists, each judged once. Counted, not timed: the lists are no longer looked up by a text
 * joined per rule, and every rule whose list is dangling is still reported at its own entry.
 */

afterEach(() => {
  vi.restoreAllMocks();
});

const GROUPS: GatewayGroup[] = [
  { gwgroupid: 5, name: 'Carrier A', type: 'carrier', gwids: ['1', '2'] },
  { gwgroupid: 6, name: 'Carrier B', type: 'carrier', gwids: ['3'] },
];

describe('danglingReferences on many rules sharing a few lists', () => {
  it('makes no key text per rule, and reports each rule of a dangling list at its own entry', () => {
    const origin = (line: number) => ({ file: 'a.yaml', line, col: 5 });
    const mappings = Array.from({ length: 2_000 }, (_, i) => ({
      ...dm(String(15_550_000_000 + i), i % 500 === 7 ? ['#99'] : i % 2 === 0 ? ['1', '#6'] : ['#5']),
      origin: origin(i + 1),
    }));
    const routes = Array.from({ length: 1_000 }, (_, i) => ({
      ...dr(`r${i}`, String(100 + i), { gwgroupid: i === 3 ? '42' : String(5 + (i % 2)) }),
      origin: origin(5_000 + i),
    }));
    // At the branch point each rule's list was looked up joined into one text with NULs.
    const has = vi.spyOn(Set.prototype, 'has');
    const found = danglingReferences(desired({ inbound_mappings: mappings, outbound_routes: routes }), GROUPS, new Set());
    const joined = has.mock.calls.filter((args) => typeof args[0] === 'string' && args[0].includes('\u0000')).length;
    has.mockRestore();
    expect(joined).toBe(0);
    expect(found.map((i) => `${i.origin?.line}: ${i.message.split(':')[0]}`)).toEqual([
      '8: inbound mapping "15550000007"',
      '508: inbound mapping "15550000507"',
      '1008: inbound mapping "15550001007"',
      '1508: inbound mapping "15550001507"',
      '5003: outbound route "r3"',
    ]);
  });
});
