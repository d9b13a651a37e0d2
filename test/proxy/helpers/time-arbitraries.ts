import fc from 'fast-check';
import type { ScenarioRoute } from './scenario.js';

/**
 * Time recurrences and call instants for the differential suite: every field of a recurrence
 * (intervals, until, byday with and without numbers under every freq, bymonthday and byyearday
 * from either end, byweekno, several months, durations in every form the proxy reads and some it
 * does not), dtstarts on either side of the clock changes of New York and London, and instants
 * on the edges of the scenario's windows (the start, the last second, the end, the second after).
 */

/** dtstarts: ordinary days, month and year ends, and either side of the 2027 clock changes (New York 14 March and 7 November, London 28 March and 31 October). */
const DTSTART = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '20270104T090000',
      '20270101T000000',
      '20261228T220000',
      '20270201T173000',
      '20270109T235900',
      '20270131T120000',
      '20261231T235959',
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '20270313T220000',
      '20270314T013000',
      '20270314T023000',
      '20270314T030000',
      '20271106T230000',
      '20271107T003000',
      '20271031T003000',
      '20270327T230000',
      '20270328T003000',
      '20270328T013000',
      '20271030T230000',
    ),
  },
);

/** Durations: P with weeks and days, PT with hours, minutes and seconds, bare H/M/S, and bare day or week counts (read as 0). */
const DURATION = fc.constantFrom(
  '8H',
  'PT8H',
  '4H',
  'PT30M',
  '90M',
  '45S',
  '1H30M',
  'P1D',
  'P1W',
  'P2W',
  'PT2H30M',
  'PT1H',
  'PT90S',
  'P1DT2H',
  'PT23H59M59S',
  '1D',
  '3D',
  '2W',
  'p1d',
  'pt8h',
);

const FREQ = fc.constantFrom('', 'daily', 'weekly', 'monthly', 'yearly');
const UNTIL = fc.oneof(
  { weight: 4, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: fc.constantFrom('20270110T000000', '20270314T030000', '20271231T235959', '20270301T120000', '20271107T003000') },
);
const INTERVAL = fc.oneof(
  { weight: 4, arbitrary: fc.constant('') },
  { weight: 2, arbitrary: fc.constantFrom('1', '2', '3', '7', '10', '12', '21') },
);
const BYDAY = fc.oneof(
  { weight: 5, arbitrary: fc.constant('') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'MO,TU,WE,TH,FR',
      'SA,SU',
      'MO',
      'FR',
      '1MO',
      '-1FR',
      '2TU,-2TH',
      '5SU',
      '+1WE',
      '4MO',
      '1SA,1SU',
      '-1SU',
      '10MO',
      '52FR',
      '1mo',
    ),
  },
);
const BYMONTHDAY = fc.oneof(
  { weight: 6, arbitrary: fc.constant('') },
  { weight: 2, arbitrary: fc.constantFrom('1', '-1', '4', '15', '28', '29', '30', '31', '1,15', '-7,-1', '-31', '-30', '+2') },
);
const BYYEARDAY = fc.oneof(
  { weight: 8, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: fc.constantFrom('1', '-1', '4', '60', '365', '366', '-366', '100,-100', '10,11,12') },
);
const BYWEEKNO = fc.oneof(
  { weight: 8, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: fc.constantFrom('1', '2', '-1', '10', '52,53', '11,-42', '53') },
);
const BYMONTH = fc.oneof(
  { weight: 6, arbitrary: fc.constant('') },
  { weight: 2, arbitrary: fc.constantFrom('1', '2', '3', '12', '-1', '-12', '3,6,9', '1,-12', '1,2,3,4,5,6,7,8,9,10,11') },
);

/** Time recurrences: often always; else every field, the by-fields mostly empty. Trailing empty fields are cut off. */
export const timerecArbitrary: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  {
    weight: 4,
    arbitrary: fc
      .tuple(DTSTART, DURATION, FREQ, UNTIL, INTERVAL, BYDAY, BYMONTHDAY, BYYEARDAY, BYWEEKNO, BYMONTH)
      .map((fields) => fields.join('|').replace(/\|+$/, '')),
  },
);

/** A free instant, or one on an edge of a route's window, moved on by whole days. */
export type InstantTemplate =
  { readonly free: string } | { readonly route: number; readonly edge: 'start' | 'last' | 'end' | 'after'; readonly days: number };

const freeInstant = fc
  .record({
    date: fc.constantFrom(
      '2027-01-04',
      '2027-01-05',
      '2027-01-01',
      '2027-01-09',
      '2027-01-10',
      '2027-02-01',
      '2027-01-18',
      '2026-12-28',
      '2027-07-05',
      '2027-03-15',
      '2027-03-14',
      '2027-03-28',
      '2027-03-29',
      '2027-11-07',
      '2027-11-08',
      '2027-10-31',
      '2027-12-31',
      '2028-02-29',
      '2027-02-28',
      '2027-01-29',
      '2027-04-30',
    ),
    hour: fc.constantFrom('00', '01', '02', '03', '06', '07', '08', '09', '12', '16', '17', '21', '22', '23'),
    minute: fc.constantFrom('00', '29', '30', '59'),
    second: fc.constantFrom('00', '30', '59'),
  })
  .map((t) => ({ free: `${t.date}T${t.hour}:${t.minute}:${t.second}` }));

/** Instants: free, or on a window's edge (a day, a week, a month or a year on, too). */
export const instantArbitrary: fc.Arbitrary<InstantTemplate> = fc.oneof(
  { weight: 1, arbitrary: freeInstant },
  {
    weight: 1,
    arbitrary: fc.record({
      route: fc.nat(9),
      edge: fc.constantFrom('start' as const, 'last' as const, 'end' as const, 'after' as const),
      days: fc.constantFrom(0, 0, 1, 2, 7, 14, 31, 365),
    }),
  },
);

/** Seconds of a duration as the proxy reads it (0 for one it cannot read): enough for the edges. */
function durationSeconds(text: string): number {
  const m = /^(p)?(?:(\d+)w)?(?:(\d+)d)?(t)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/i.exec(text);
  if (!m) return 0;
  const [, p, w, d, t, h, mi, s] = m;
  if (!p && (w || d || t)) return 0;
  if (p && !t && (h || mi || s)) return 0;
  const n = (x: string | undefined): number => Number(x ?? 0);
  return (((n(w) * 7 + n(d)) * 24 + n(h)) * 60 + n(mi)) * 60 + n(s);
}

/** `YYYY-MM-DDTHH:MM:SS` of wall-clock seconds (read as UTC). */
function wallText(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 19);
}

/** The UTC offset (seconds) of a zone at an instant. */
function offsetAt(tz: string, epoch: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: tz,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(epoch * 1000));
  const get = (type: string): number => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour') % 24, get('minute'), get('second')) / 1000 - epoch;
}

/**
 * Whether a wall-clock time names exactly one instant in a zone: not skipped when the clocks go
 * forward, nor repeated when they go back (the proxy's C library reads a repeated time as either,
 * depending on the conversion it made before: see docs/routing-model.md).
 */
export function onceIn(local: string, tz: string): boolean {
  const wall = Date.parse(`${local}Z`) / 1000;
  const fits = new Set<number>();
  for (const guess of [wall - offsetAt(tz, wall - 86_400), wall - offsetAt(tz, wall + 86_400)]) {
    if (guess + offsetAt(tz, guess) === wall) fits.add(guess);
  }
  return fits.size === 1;
}

/** Whether a time recurrence's dtstart and until each name one instant in the zone. */
function anchoredOnce(timerec: string, tz: string): boolean {
  const [dtstart = '', , , until = ''] = timerec.split('|');
  const local = (t: string): string =>
    `${t.slice(0, 4)}-${t.slice(4, 6)}-${t.slice(6, 8)}T${t.slice(9, 11)}:${t.slice(11, 13)}:${t.slice(13, 15)}`;
  return [dtstart, until].every((t) => t === '' || onceIn(local(t), tz));
}

/**
 * Routes whose time recurrence starts or ends in an hour the zone repeats lose their recurrence
 * (the proxy reads such a time as either of the two: not something to compare).
 */
export function withoutRepeatedHours(routes: readonly ScenarioRoute[], tz: string): ScenarioRoute[] {
  return routes.map((r) => (r.timerec === '' || anchoredOnce(r.timerec, tz) ? r : { ...r, timerec: '' }));
}

/**
 * The instants of a scenario: free ones as they are, edges from the routes' time recurrences (a
 * route without one gives none); duplicates dropped, and times the zone skips or repeats left out
 * (the proxy's clock cannot show a skipped time; a repeated one is either of two instants).
 */
export function resolveInstants(templates: readonly InstantTemplate[], routes: readonly ScenarioRoute[], tz: string): string[] {
  const timed = routes.map((r) => r.timerec).filter((t) => t !== '');
  const out: string[] = [];
  for (const t of templates) {
    let local: string;
    if ('free' in t) local = t.free;
    else {
      const rec = timed[t.route % Math.max(1, timed.length)];
      if (rec === undefined) continue;
      const [dtstart = '', duration = ''] = rec.split('|');
      const start =
        Date.parse(
          `${dtstart.slice(0, 4)}-${dtstart.slice(4, 6)}-${dtstart.slice(6, 8)}T${dtstart.slice(9, 11)}:${dtstart.slice(11, 13)}:${dtstart.slice(13, 15)}Z`,
        ) / 1000;
      const length = durationSeconds(duration);
      const shift = { start: 0, last: length - 1, end: length, after: length + 1 }[t.edge];
      local = wallText(start + Math.max(0, shift) + t.days * 86_400);
    }
    if (!out.includes(local) && onceIn(local, tz)) out.push(local);
  }
  return out.length > 0 ? out : ['2027-01-04T12:00:30'];
}
