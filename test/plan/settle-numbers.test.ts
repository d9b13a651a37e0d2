// The platform's effects and the numbers' follow-ups (plan/settle-numbers.ts) on a plan without
// changes (issue 33 §4): nothing to walk, nothing to settle, and no live mapping read for it.
import { describe, expect, it } from 'vitest';
import type { InboundMapping } from '../../src/model/inbound-mapping.js';
import type { LiveState } from '../../src/model/live.js';
import type { DesiredNumber, NumberRecord } from '../../src/model/number.js';
import { settleNumbers } from '../../src/plan/settle-numbers.js';
import { ln } from './builders.js';

/** Live mappings whose DID counts how often it is read. */
function countedMappings(n: number): { mappings: InboundMapping[]; reads: () => number } {
  let reads = 0;
  const mappings = Array.from({ length: n }, (_, i) => {
    const did = `1555${1000 + i}`;
    return Object.defineProperty({ ruleid: n - i, servers: ['66'], notes: '' }, 'did', {
      enumerable: true,
      get: () => {
        reads += 1;
        return did;
      },
    }) as unknown as InboundMapping;
  });
  return { mappings, reads: () => reads };
}

const number = (id: number, did: string, status: string): NumberRecord => ln(id, did, status);
const declared = (did: string, status: string): DesiredNumber => ({ did, status, carrier: null, pool: null });

describe('settleNumbers of a plan without changes', () => {
  it.each<[string, readonly DesiredNumber[] | undefined, readonly NumberRecord[] | undefined]>([
    ['no numbers declared or read', undefined, undefined],
    ['numbers read, none declared', undefined, [number(1, '15551000', 'assigned')]],
    ['a declared number whose status differs from the live one', [declared('15551000', 'available')], [number(1, '15551000', 'assigned')]],
  ])('%s: no change, no note, and no live mapping walked', (_, files, numbers) => {
    const { mappings, reads } = countedMappings(500);
    const live: LiveState = { inbound_mappings: mappings, ...(numbers ? { numbers } : {}) };
    expect(settleNumbers([], live, files)).toEqual({ changes: [], notes: [] });
    // Before: the held state read every mapping's DID (500), sorted by ruleid, for no change to walk.
    expect(reads()).toBe(0);
  });
});
