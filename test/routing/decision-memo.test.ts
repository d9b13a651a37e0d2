import { beforeEach, describe, expect, it, vi } from 'vitest';
import { comboOf, sharedDecisions } from '../../src/routing/decision-memo.js';
import { parseTimerec, type Timerec } from '../../src/model/time/timerec.js';
import { inventoryOf, withGatewayLabels } from '../../src/routing/rule-set.js';
import type { GatewayGroup } from '../../src/model/group.js';
import type { CallTime, RuleSet } from '../../src/routing/types.js';
import { MONDAY_10, rules, type TestRoute } from './build.js';

/**
 * The decisions of one content of rules are shared by every copy of it (routing/decision-memo.ts):
 * the impact's rules after a plan (the platform's order) and the invariants' (the files' order,
 * other words). Each decision read from the memo must be exactly the one the simulation gives that
 * copy: the same fields in the same order, its own gateway words, a tie's candidates in its own order.
 */
const simulated = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/routing/match.js', async (original) => {
  const real = await original<typeof import('../../src/routing/match.js')>();
  return {
    ...real,
    routeCall: (...args: Parameters<typeof real.routeCall>) => {
      simulated.count++;
      return real.routeCall(...args);
    },
  };
});
const { routeCall } = await vi.importActual<typeof import('../../src/routing/match.js')>('../../src/routing/match.js');

const GROUPS = [
  { gwgroupid: 1, name: 'Carrier A', type: 'carrier', gwids: ['11'] },
  { gwgroupid: 2, name: 'Carrier B', type: 'carrier', gwids: ['12'] },
] as unknown as GatewayGroup[];

/** Routes of their own (another test's in the same process never share this content). */
function routes(tag: string, timerec = ''): TestRoute[] {
  return [
    { name: `${tag} customer 1`, prefix: '1', gwgroupid: '1', from_prefix: '2001', timerec },
    { name: `${tag} customer 2`, prefix: '1', gwgroupid: '2', from_prefix: '2002' },
    { name: `${tag} default`, prefix: '', gwgroupid: '1' },
  ];
}

/** What `set` decides through the memo, and what the simulation alone gives it, as text (fields in order). */
function both(
  set: RuleSet,
  from: string,
  combo: string | undefined,
  at: CallTime = MONDAY_10,
  own?: ReadonlySet<Timerec>,
): [string, string] {
  const call = { direction: 'outbound', from, to: '15551234', at } as const;
  const memo = sharedDecisions().decide(set, call.direction, call.from, call.to, call.at, combo, own);
  const before = simulated.count;
  const alone = routeCall(set, call, { explain: false });
  simulated.count = before;
  return [JSON.stringify(memo), JSON.stringify(alone)];
}

describe('decisions shared by copies of the same rules', () => {
  beforeEach(() => {
    simulated.count = 0;
  });

  it('a copy in another order, with other words, reads a routed decision with its own words', () => {
    const impact = rules([], routes('words'), inventoryOf(GROUPS));
    const renamed = [{ ...GROUPS[0]!, name: 'Carrier A (Frankfurt)' }, GROUPS[1]!];
    const checks = withGatewayLabels(rules([], [...routes('words')].reverse(), inventoryOf(renamed)), [
      { gwid: 11, name: 'edge', address: '192.0.2.11' },
    ]);
    const [first, firstAlone] = both(impact, '2001', '');
    expect(first).toBe(firstAlone);
    const [second, secondAlone] = both(checks, '2001', '', { ...MONDAY_10, local: '2026-12-28T12:00:00' });
    expect(second).toBe(secondAlone);
    expect(second).toContain('Frankfurt');
    expect(first).not.toContain('Frankfurt');
    // Decided once: the second copy read the first's decision.
    expect(simulated.count).toBe(1);
  });

  it('a tie is copied in the order of each copy, with its words', () => {
    const ordered = rules([], routes('tie'), inventoryOf(GROUPS));
    const renamed = [{ ...GROUPS[0]!, name: 'Carrier A (Frankfurt)' }, GROUPS[1]!];
    const reversed = rules([], [...routes('tie')].reverse(), inventoryOf(renamed));
    for (const set of [ordered, reversed, ordered]) {
      const [memo, alone] = both(set, '20012002', '');
      expect(memo).toBe(alone);
      expect(JSON.parse(memo).result).toBe('ambiguous');
    }
    expect(both(reversed, '20012002', '')[0]).toContain('Frankfurt');
    expect(simulated.count).toBe(1);
  });

  it('a tie whose candidates a copy cannot place by key (two routes of one name) is decided on that copy', () => {
    const twice = [...routes('twice'), { name: 'twice customer 1', prefix: '44', gwgroupid: '2' }];
    const ordered = rules([], twice);
    const reversed = rules([], [...twice].reverse());
    for (const set of [ordered, reversed, reversed]) {
      const [memo, alone] = both(set, '20012002', '');
      expect(memo).toBe(alone);
    }
    expect(simulated.count).toBe(2);
  });

  it('a copy whose platform lacks a gateway is another content: decided anew', () => {
    const full = rules([], routes('lacking'), inventoryOf(GROUPS));
    const lacking = rules([], routes('lacking'), inventoryOf([GROUPS[0]!, { ...GROUPS[1]!, gwids: [] }]));
    expect(JSON.parse(both(full, '2002', '')[0]).result).toBe('routed');
    const [memo, alone] = both(lacking, '2002', '');
    expect(memo).toBe(alone);
    expect(JSON.parse(memo).result).toBe('no_route');
    expect(simulated.count).toBe(2);
  });

  it('a content of the same sizes but other gateways is another content: decided anew', () => {
    const mine = rules([], routes('sizes'), inventoryOf(GROUPS));
    const swapped = rules(
      [],
      routes('sizes').map((r) => ({ ...r, gwgroupid: r.gwgroupid === '1' ? '2' : '1' })),
      inventoryOf(GROUPS),
    );
    const [a] = both(mine, '2001', '');
    const [b, alone] = both(swapped, '2001', '');
    expect(b).toBe(alone);
    expect(JSON.parse(a).gwlist).toBe('#1');
    expect(JSON.parse(b).gwlist).toBe('#2');
    expect(simulated.count).toBe(2);
  });

  it('a decision at one instant (no recurrence asked) is not read for a combination of recurrences', () => {
    // Customer 1 open 09:00-11:00: at 10:00 it routes; at noon, no recurrence matching, it fails.
    const set = rules([], routes('instant', '20260101T090000|2H|daily'), inventoryOf(GROUPS));
    expect(JSON.parse(both(set, '2001', undefined)[0]).result).toBe('routed');
    const [shut, alone] = both(set, '2001', '', { ...MONDAY_10, local: '2026-12-28T12:00:00' });
    expect(shut).toBe(alone);
    expect(JSON.parse(shut).result).toBe('no_route');
    expect(simulated.count).toBe(2);
    // A set without any recurrence decides alike at every moment: an instant's decision serves.
    const timeless = rules([], routes('timeless'), inventoryOf(GROUPS));
    both(timeless, '2001', undefined);
    const [later, laterAlone] = both(timeless, '2001', '', { ...MONDAY_10, local: '2026-12-28T12:00:00' });
    expect(later).toBe(laterAlone);
    expect(simulated.count).toBe(3);
  });

  it("an instant's decision is read for the combination matching at that instant, and only for it", () => {
    // Customer 1 open 09:00-11:00. The impact decides at 10:00 (open); the check's horizon then
    // asks the open combination (read: 10:30 is the same decision) and the shut one (simulated).
    const text = '20260101T090000|2H|daily';
    const rec = (parseTimerec(text) as { value: Timerec }).value;
    const own = new Set([rec]);
    const open = comboOf([rec], [0]);
    const set = rules([], routes('read', text), inventoryOf(GROUPS));
    both(set, '2001', undefined);
    expect(simulated.count).toBe(1);
    const [read, readAlone] = both(set, '2001', open, { ...MONDAY_10, local: '2026-12-28T10:30:00' }, own);
    expect(read).toBe(readAlone);
    expect(JSON.parse(read)).toMatchObject({ result: 'routed', at: '2026-12-28T10:30:00 Europe/London' });
    expect(simulated.count).toBe(1);
    const [shut, shutAlone] = both(set, '2001', comboOf([rec], []), { ...MONDAY_10, local: '2026-12-28T12:00:00' }, own);
    expect(shut).toBe(shutAlone);
    expect(JSON.parse(shut).result).toBe('no_route');
    expect(simulated.count).toBe(2);
    // An instant where the window is shut serves the shut combination (another caller: its own key).
    const other = rules([], routes('shut', text), inventoryOf(GROUPS));
    both(other, '2001', undefined, { ...MONDAY_10, local: '2026-12-28T23:00:00' });
    const [night, nightAlone] = both(other, '2001', comboOf([rec], []), { ...MONDAY_10, local: '2026-12-29T03:00:00' }, own);
    expect(night).toBe(nightAlone);
    expect(simulated.count).toBe(3);
    const [day, dayAlone] = both(other, '2001', open, { ...MONDAY_10, local: '2026-12-29T09:30:00' }, own);
    expect(day).toBe(dayAlone);
    expect(JSON.parse(day).result).toBe('routed');
    expect(simulated.count).toBe(4);
  });

  it('one content keeps the decisions of a few instants only: deciding at instant after instant does not grow', () => {
    const set = rules([], routes('instants', '20260101T090000|2H|daily'), inventoryOf(GROUPS));
    const hours = ['08', '09', '10', '11', '12'];
    for (const h of hours) {
      const [memo, alone] = both(set, '2001', undefined, { ...MONDAY_10, local: `2026-12-28T${h}:00:00` });
      expect(memo).toBe(alone);
    }
    expect(simulated.count).toBe(5);
    // The latest instant is still kept; the first was let go with the others when the fifth came.
    both(set, '2001', undefined, { ...MONDAY_10, local: '2026-12-28T12:00:00' });
    expect(simulated.count).toBe(5);
    const [first, firstAlone] = both(set, '2001', undefined, { ...MONDAY_10, local: '2026-12-28T08:00:00' });
    expect(first).toBe(firstAlone);
    expect(simulated.count).toBe(6);
  });
});
