// The number module's differ (issue 35 §2, §3): pairing by the DID without its leading +, what an
// update lists, deletes under ignore globs, and the platform's side effect the plan states.
import { describe, expect, it } from 'vitest';
import { KIND_SPECS } from '../../src/model/kinds.js';
import type { DesiredNumber, NumberRecord } from '../../src/model/number.js';
import { ln } from '../plan/builders.js';

const live = (id: number, did: string, status: string | null = 'reserved'): NumberRecord =>
  ln(id, did, status, { date_created: '2026-01-01 00:00:00' });
const want = (did: string, status: string | null = 'reserved'): DesiredNumber => ({ did, status, carrier: null, pool: null });
const diff = (d: DesiredNumber[], l: NumberRecord[], ignored = (_: string) => false) =>
  KIND_SPECS.did_number.diff(d, l, { now: 0, ignored, listMatched: false });
const shown = (d: DesiredNumber[], l: NumberRecord[], ignored?: (k: string) => boolean) =>
  diff(d, l, ignored).changes.map((c) => `${c.action} ${c.key} ${c.fields.join(',')}`);

describe('the number differ', () => {
  it.each([
    ['a new number is a create with every field', [want('1555')], [], ['create 1555 did,status,carrier,pool']],
    ['the same number is no change', [want('1555')], [live(1, '1555')], []],
    ['a + on one side only is an update of did', [want('1555')], [live(1, '+1555')], ['update 1555 did']],
    ['a status changes', [want('1555', 'assigned')], [live(1, '1555')], ['update 1555 status']],
    ['an undeclared number is deleted', [], [live(1, '1555')], ['delete 1555 ']],
  ] as const)('%s', (_, d, l, expected) => {
    expect(shown([...d], [...l])).toEqual(expected);
  });

  it('keeps a live number an ignore glob matches', () => {
    expect(shown([], [live(1, '18005550100'), live(2, '1555')], (did) => did.startsWith('1800'))).toEqual(['delete 1555 ']);
  });

  it('refuses to guess between two live numbers the platform takes for one DID', () => {
    const found = diff([want('1555')], [live(1, '1555'), live(2, '+1555')]);
    expect(found.changes).toEqual([]);
    expect(found.issues[0]?.message).toContain('the platform holds "1555" (id 1) and "+1555" (id 2)');
  });
});
