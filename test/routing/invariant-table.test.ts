import { describe, expect, it } from 'vitest';
import type { CallSet, Invariant } from '../../src/model/invariant.js';
import { timerecMatches } from '../../src/model/time/timerec-match.js';
import { parseTimerec, type Timerec } from '../../src/model/time/timerec.js';
import { checkInvariants } from '../../src/routing/invariants.js';
import { routeCall } from '../../src/routing/match.js';
import { rules, type TestRoute } from './build.js';
import { BOOK, START } from './invariant-fixtures.js';

/**
 * The invariants of a check share their tables (routing/invariant-table.ts: one per `during`, one
 * probe set per table): each verdict is the one the invariant gets when decided alone, and each
 * counterexample is a call of its set that routes as it says.
 */
const OFFICE = '20260105T090000|8H|weekly|||MO,TU,WE,TH,FR';
const NIGHT = '20260101T220000|8H|daily';

const ROUTES: TestRoute[] = [
  { name: 'all', prefix: '1', gwgroupid: '1' },
  { name: 'premium', prefix: '1900', gwgroupid: '2', timerec: '20260101T180000|6H|daily' },
  { name: 'uk', prefix: '44', gwgroupid: '3', timerec: OFFICE },
  ...Array.from({ length: 12 }, (_, i) => ({
    name: `cust ${i}`,
    prefix: '1',
    from_prefix: String(2000 + i),
    gwgroupid: String(4 + (i % 3)),
  })),
  { name: 'cust x', prefix: '1312', from_prefix: '1312555', gwgroupid: '9' },
];
const MAPPINGS = [
  { did: '1555123', servers: ['#7'] },
  { did: '15551239', servers: ['8'] },
  { did: '', servers: ['#7'] },
];

const set = (s: Partial<CallSet> & Pick<CallSet, 'direction'>, kind: 'never' | 'always', name: string): Invariant => ({
  name,
  kind,
  set: { from_prefix: '', to_prefix: '', during: '', ...s },
});
const INVARIANTS: Invariant[] = [
  { name: 'dids', kind: 'builtin', builtin: 'every_did_routed' },
  { name: 'dead', kind: 'builtin', builtin: 'no_dead_rule' },
  { name: 'carrier', kind: 'builtin', builtin: 'inbound_never_to_carrier' },
  set({ direction: 'outbound', to_prefix: '1900' }, 'never', 'premium never'),
  set({ direction: 'outbound', to_prefix: '1900', during: NIGHT }, 'never', 'premium at night'),
  set({ direction: 'outbound', to_prefix: '19', during: NIGHT }, 'always', 'nineteen at night'),
  set({ direction: 'outbound', to_prefix: '44' }, 'always', 'uk always'),
  set({ direction: 'outbound', to_prefix: '44', during: OFFICE }, 'always', 'uk in office hours'),
  set({ direction: 'outbound', to_prefix: '1', from_prefix: '2005' }, 'always', 'area 2005'),
  set({ direction: 'outbound', from_prefix: '1200', reaches: { gateways: ['9'] } }, 'never', 'customer x'),
  set({ direction: 'outbound', to_prefix: '1312', from_prefix: '2003', during: OFFICE }, 'always', 'area 2003 in office hours'),
  set({ direction: 'inbound', to_prefix: '1555123', reaches: { gateways: ['8'] } }, 'never', 'acme'),
  set({ direction: 'inbound', to_prefix: '1555' }, 'always', 'inbound 1555'),
];

/** A `during` as the matcher takes it. */
function during(text: string): Timerec | null {
  const parsed = parseTimerec(text);
  if ('problem' in parsed) throw new Error(parsed.problem);
  return parsed.value;
}

describe('invariants decided over shared tables', () => {
  const ruleSet = rules(MAPPINGS, ROUTES);
  const together = checkInvariants(ruleSet, INVARIANTS, START, BOOK);

  it.each(INVARIANTS.map((inv, i) => [inv.name, i] as const))('%s: the verdict it gets alone', (_name, i) => {
    const alone = checkInvariants(ruleSet, [INVARIANTS[i]!], START, BOOK)[0]!;
    expect(together[i]?.status).toBe(alone.status);
  });

  it('holds some and breaks some, each broken one with a call of its set that routes as it says', () => {
    expect(together.map((r) => r.status)).toContain('held');
    const broken = together.filter((r) => r.status === 'violated' && r.counterexample);
    expect(broken.length).toBeGreaterThan(5);
    for (const r of broken) {
      const c = r.counterexample!;
      const inv = r.invariant;
      if (inv.kind !== 'builtin') {
        expect(c.direction).toBe(inv.set.direction);
        expect(c.to.startsWith(inv.set.to_prefix), `${inv.name}: ${c.to}`).toBe(true);
        expect(c.from.startsWith(inv.set.from_prefix), `${inv.name}: ${c.from}`).toBe(true);
        if (inv.set.during !== '') expect(timerecMatches(during(inv.set.during), c.at.local, c.at.tz), inv.name).toBe(true);
      }
      const d = routeCall(ruleSet, { direction: c.direction, from: c.from, to: c.to, at: c.at });
      expect([d.result, d.rule?.key], inv.name).toEqual([c.decision.result, c.decision.rule?.key]);
    }
  });
});
