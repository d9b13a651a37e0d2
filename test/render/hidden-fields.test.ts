import { describe, expect, it } from 'vitest';
import type { Change } from '../../src/model/plan.js';
import { changeBlock } from '../../src/render/change-block.js';

// Issue 24, part 1: "(N unchanged fields hidden)" never hides a field the apply changes. A field is
// shown when the plan lists it, when its value differs between before and after (whatever the plan
// listed), or when the change writes it over a value the platform does not show.

const ep = { name: 'e1', hostname: 'a.example.com:5060', strip: 0, prefix: '', weight: 1 };
const group = { name: 'BW', lb_enabled: false, endpoints: [ep], auth: null };

function text(change: Change): string {
  return changeBlock(change)
    .map((l) => ('text' in l ? l.text : '}'))
    .join('\n');
}

describe('the fields of an update block', () => {
  it.each<[string, Change, string[], number]>([
    [
      'a mapping whose listed fields miss a changed one',
      {
        action: 'update',
        kind: 'inbound_mapping',
        key: '1555',
        ruleid: 4,
        before: { did: '1555', servers: ['#1'], notes: 'old' },
        after: { did: '1555', servers: ['#2'], notes: 'new' },
        fields: ['servers'],
      },
      ['servers: ["#1"] → ["#2"]', 'notes:   "old" → "new"'],
      1,
    ],
    [
      'a route: only what differs',
      {
        action: 'update',
        kind: 'outbound_route',
        key: 'R',
        ruleid: 9,
        before: { name: 'R', prefix: '1', from_prefix: null, gwgroupid: '2', priority: 0, timerec: '', routeid: '' },
        after: { name: 'R', prefix: '1', from_prefix: null, gwgroupid: '2', priority: 3, timerec: '', routeid: '' },
        fields: ['priority'],
      },
      ['priority: 0 → 3'],
      6,
    ],
    [
      'a carrier group written over what the platform does not show',
      {
        action: 'update',
        kind: 'carrier_group',
        key: 'BW',
        gwgroupid: 11,
        gwids: [56],
        before: { ...group, unreadable: ['lb_enabled', 'auth'] },
        after: { ...group, endpoints: [{ ...ep, weight: 5 }] },
        fields: ['endpoints'],
      },
      ['lb_enabled: (not shown by the platform) → false', 'auth:       (not shown by the platform) → none'],
      1,
    ],
  ])('%s', (_case, change, shown, hidden) => {
    const block = text(change);
    for (const row of shown) expect(block).toContain(row);
    expect(block).toContain(`# (${hidden} unchanged field${hidden === 1 ? '' : 's'} hidden)`);
  });
});
