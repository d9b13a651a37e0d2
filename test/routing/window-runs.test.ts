/**
 * One-minute daily windows over a four-year horizon (a route every 4 years beside them): each
 * class's windows are a daily run per time of day (`days`), not one window per day, and the words
 * say `daily`, while every moment still decides as the span holding it says (issue 36, part 2).
 */
import { describe, expect, it } from 'vitest';
import { routingTable } from '../../src/routing/classes.js';
import { decisionKey } from '../../src/routing/decide-class.js';
import { routeCall } from '../../src/routing/match.js';
import { windowHolds } from '../../src/model/time/window-runs.js';
import { rules, type TestRoute } from './build.js';

const pad = (n: number): string => String(n).padStart(2, '0');
const K = 20;
const routes: TestRoute[] = [
  ...Array.from({ length: K }, (_, i) => {
    const minute = (i * 67) % 1440;
    return {
      name: `Minute ${i}`,
      prefix: '1',
      gwgroupid: String(2 + (i % 5)),
      priority: i + 1,
      timerec: `20260101T${pad(Math.floor(minute / 60))}${pad(minute % 60)}00|1M|daily`,
    };
  }),
  { name: 'Leap day', prefix: '1', gwgroupid: '9', priority: 0, timerec: '20280229T000000|24H|yearly||4' },
  { name: 'Default', prefix: '', gwgroupid: '1' },
];
const set = rules([], routes);
const start = { local: '2026-11-30T00:00:00', tz: 'America/New_York' };
const table = routingTable(set, start, { direction: 'outbound' });

describe('daily windows over four years', () => {
  it('examines four years and writes each daily window once, with its days', () => {
    expect(table.horizon.start).toBe('2026-01-01T00:00:00');
    expect(table.horizon.end).toBe('2030-01-01T00:00:00');
    const windows = table.spans.reduce((n, s) => n + s.windows.length, 0);
    // One window per day of 4 years per route was 20 × 1,461 + the rest: some 60,000.
    expect(windows).toBeLessThan(10 * K);
    const minute = table.spans.find((s) => s.decisions[0]?.rule?.key === 'Minute 3');
    expect(minute?.windows.some((w) => (w.days ?? 0) > 1400)).toBe(true);
    expect(minute?.when).toMatch(/daily .*America\/New_York$/);
    expect(minute?.when.length).toBeLessThan(200);
  });

  it('decides every moment as the span holding it says', () => {
    // Moments on many days, at the routes' minutes and between them, the leap day included.
    const moments: string[] = [];
    for (let day = 0; day < 1461; day += 97)
      for (let i = 0; i < K; i += 3) {
        const date = new Date(Date.UTC(2026, 0, 1 + day, 0, (i * 67) % 1440, 30)).toISOString().slice(0, 19);
        moments.push(
          date,
          date.replace(/:30$/, ':00').replace(/T(\d\d):(\d\d)/, (_, h, m) => `T${h}:${pad((Number(m) + 1) % 60)}`),
        );
      }
    moments.push('2028-02-29T12:00:00', '2028-02-29T00:00:30');
    for (const local of moments) {
      const to = '15550100';
      const span = table.spans.find((s) => s.class.to === '1' && s.windows.some((w) => windowHolds(w, local)));
      const decided = routeCall(set, { direction: 'outbound', from: '', to, at: { local, tz: start.tz } }, { explain: false });
      expect(span, local).toBeDefined();
      expect(decisionKey(span!.decisions[0]!), local).toBe(decisionKey(decided));
    }
  });
});
