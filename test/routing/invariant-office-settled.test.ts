import { describe, expect, it, vi } from 'vitest';
import { checkInvariants } from '../../src/routing/invariants.js';
import { routeCall } from '../../src/routing/match.js';
import { rules } from './build.js';
import { benchBlock, BOOK, holidays, START } from './invariant-fixtures.js';

/**
 * The office hours' table of the bench's block (a set with a window, routing/invariant-table.ts)
 * on K prefixes with a yearly recurrence each (issue 36 §2, the bench's `yearly` shape): its K + 1
 * number classes, their callers and horizon were made only for its screen to find every outcome
 * already held in what the built-ins' table kept. Now read from those outcomes without the
 * classes (routing/invariant-settled.ts) when they settle it, and built as before when they do
 * not. Counted as the number classes made, not timed.
 */
const made = vi.hoisted(() => ({ classes: 0, tables: 0 }));
vi.mock('../../src/routing/number-classes.js', async (original) => {
  const real = await original<typeof import('../../src/routing/number-classes.js')>();
  return {
    ...real,
    numberClasses: (...args: Parameters<typeof real.numberClasses>) => {
      const out = real.numberClasses(...args);
      made.classes += out.length;
      made.tables++;
      return out;
    },
  };
});

const K = 60;

/** The bench's block checked on the yearly shape, and the number classes made for it. */
function run(office: 'always' | 'never'): { results: ReturnType<typeof checkInvariants>; classes: number; tables: number } {
  made.classes = 0;
  made.tables = 0;
  const results = checkInvariants(rules([], holidays(K)), benchBlock(office), START, BOOK);
  return { results, classes: made.classes, tables: made.tables };
}

describe('an office-hours set the built-ins settle is not made into classes', () => {
  it(`K = ${K}, the office hours always routed: held, its ${K + 1} classes not made, the results the base's`, () => {
    const { results, classes, tables } = run('always');
    // The base made three lists of classes (2b2320e: 1 + 63 + 61): the built-ins' (inbound, outbound)
    // and the office hours' (1, the K prefixes under it).
    expect(tables).toBe(2);
    expect(classes).toBe(64);
    expect(results.map((r) => r.status)).toEqual(['held', 'held', 'held', 'held', 'violated', 'held', 'held', 'held']);
    const premium = results[4]!.counterexample!;
    expect([premium.to, premium.from, premium.at.local, premium.when]).toEqual(['1900', '', '2026-01-01T00:00:00', 'always']);
  });

  it(`K = ${K}, the office hours never routed: the outcomes break it, the table is made and shows the base's call`, () => {
    const set = rules([], holidays(K));
    const { results, classes, tables } = run('never');
    // Built as on the base: the office hours' 61 classes beside the built-ins' 64.
    expect(tables).toBe(3);
    expect(classes).toBe(125);
    const office = results.find((r) => r.invariant.name === 'office');
    expect(office?.status).toBe('violated');
    const c = office!.counterexample!;
    expect([c.to, c.from, c.at.local, c.took]).toEqual([
      '1',
      '2005',
      '2026-01-05T09:00:00',
      'route "default" (prefix "", priority 0) to #1',
    ]);
    expect(c.when).toBe(
      'Mon 2026-01-05 09:00–17:00:01; Tue 2026-01-06, Wed 2026-01-07, Thu 2026-01-08, Fri 2026-01-09 and 254 more days 09:00–17:00 America/New_York',
    );
    expect(routeCall(set, { direction: c.direction, from: c.from, to: c.to, at: c.at }).rule?.key).toBe(c.decision.rule?.key);
  });
});
