import { describe, expect, it } from 'vitest';
import { diff } from '../../src/plan/diff.js';
import type { LiveState } from '../../src/model/live.js';
import { orderChanges } from '../../src/plan/order.js';
import { desired, dm, dr, lm, lr } from './builders.js';

function ordered(state: ReturnType<typeof desired>, live: LiveState): string[] {
  const r = orderChanges(diff(state, live, 0).changes);
  expect(r.issues).toEqual([]);
  return r.changes.map((c) => `${c.step} ${c.action} ${c.kind === 'inbound_mapping' ? 'm' : 'r'}:${c.key}`);
}

describe('orderChanges', () => {
  it.each<[string, ReturnType<typeof desired>, LiveState, string[]]>([
    [
      'creates, then updates/promotions/demotions, then deletes; ties by kind then key',
      desired({
        inbound_mappings: [dm('2'), dm('1'), dm('3', ['9'])],
        outbound_routes: [dr('B', '2'), dr('A', '1', { from_prefix: '7' }), dr('C', '3')],
      }),
      {
        inbound_mappings: [lm(10, '3'), lm(11, '4')],
        outbound_routes: [lr(12, 'A', '1'), lr(13, 'C', '3', { from_prefix: '7' }), lr(14, 'Z', '9')],
      },
      ['1 create m:1', '1 create m:2', '1 create r:B', '2 update m:3', '2 promote r:A', '2 demote r:C', '3 delete m:4', '3 delete r:Z'],
    ],
    [
      'a delete that frees an LCR pattern runs before the create that takes it',
      desired({ outbound_routes: [dr('New', '44', { from_prefix: '1555' }), dr('Other', '1')] }),
      { outbound_routes: [lr(2, 'Old', '44', { from_prefix: '1555' }), lr(3, 'Gone', '5')] },
      ['1 delete r:Old', '2 create r:New', '2 create r:Other', '3 delete r:Gone'],
    ],
    [
      'a demote that frees a pattern runs before the promote that takes it',
      desired({ outbound_routes: [dr('A', '44'), dr('B', '44', { from_prefix: '1555' })] }),
      { outbound_routes: [lr(2, 'A', '44', { from_prefix: '1555' }), lr(3, 'B', '44')] },
      ['1 demote r:A', '2 promote r:B'],
    ],
    ['no changes, no steps', desired({ inbound_mappings: [dm('1')] }), { inbound_mappings: [lm(2, '1')] }, []],
  ])('%s', (_case, state, live, expected) => {
    expect(ordered(state, live)).toEqual(expected);
  });

  it('explains a moved change', () => {
    const r = orderChanges(
      diff(
        desired({ outbound_routes: [dr('New', '44', { from_prefix: '1555' })] }),
        { outbound_routes: [lr(2, 'Old', '44', { from_prefix: '1555' })] },
        0,
      ).changes,
    );
    expect(r.changes[0]!.reason).toBe('moved before create of outbound_route "New": it frees LCR pattern 1555-44 for it');
    expect(r.changes[1]!.reason).toBeUndefined();
    expect(r.moved).toBe(1);
  });

  it('counts only the changes it moved, not those that carry a reason of their own (a replaced mapping)', () => {
    const replaced = {
      ...diff(desired({ inbound_mappings: [dm('1', ['9'])] }), { inbound_mappings: [lm(2, '1')] }, 0).changes[0]!,
      reason: 'replaced',
    };
    const r = orderChanges([replaced]);
    expect(r.changes[0]!.reason).toBe('replaced');
    expect(r.moved).toBe(0);
  });

  it('refuses routes that swap LCR patterns in a cycle', () => {
    const r = orderChanges(
      diff(
        desired({ outbound_routes: [dr('A', '2', { from_prefix: '9' }), dr('B', '1', { from_prefix: '9' })] }),
        { outbound_routes: [lr(2, 'A', '1', { from_prefix: '9' }), lr(3, 'B', '2', { from_prefix: '9' })] },
        0,
      ).changes,
    );
    expect(r.issues).toHaveLength(1);
    expect(r.issues[0]!.message).toMatch(/swap LCR patterns/);
    expect(r.issues[0]!.hint).toMatch(/two steps/);
  });

  it('is stable: the same input in any order gives the same plan', () => {
    const changes = diff(desired({ inbound_mappings: ['5', '3', '9', '1'].map((d) => dm(d)) }), { inbound_mappings: [] }, 0).changes;
    const a = orderChanges(changes).changes.map((c) => c.key);
    const b = orderChanges([...changes].reverse()).changes.map((c) => c.key);
    expect(a).toEqual(['1', '3', '5', '9']);
    expect(b).toEqual(a);
  });
});
