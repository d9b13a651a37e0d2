import { describe, expect, it } from 'vitest';
import { parseTimerec, timerecProblem, timerecWarning } from '../../src/model/time/timerec.js';

// A plan of a big file asks about the same few recurrences thousands of times: each text is parsed
// once and the answer shared, so it must be frozen all the way down (no caller can change another's).
describe('parseTimerec: one frozen answer per text', () => {
  it.each([
    ['20260101T090000|8H|weekly|||MO,TU,WE,TH,FR'],
    ['20260101T000000|24H|monthly||2||1,-1|||3,6'],
    ['20260101T000000|P1D|yearly||||||1,-53'],
    [''],
    ['not a recurrence'],
  ])('%j: the same object each time, frozen with its lists', (text) => {
    const first = parseTimerec(text);
    expect(parseTimerec(text)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    if (!('value' in first) || first.value === null) return;
    const t = first.value;
    expect(Object.isFrozen(t)).toBe(true);
    expect(Object.isFrozen(t.start)).toBe(true);
    for (const list of [t.byday, t.bymonthday, t.byyearday, t.byweekno, t.bymonth]) if (list) expect(Object.isFrozen(list)).toBe(true);
    for (const day of t.byday ?? []) expect(Object.isFrozen(day)).toBe(true);
  });

  it('a shared answer cannot be changed by one caller under another', () => {
    const parsed = parseTimerec('20260101T090000|8H|weekly|||MO,TU');
    if (!('value' in parsed) || parsed.value === null) throw new Error('expected a recurrence');
    expect(() => {
      (parsed.value as { duration: number }).duration = 0;
    }).toThrow(TypeError);
    expect(() => (parsed.value!.byday as unknown as { weekday: number }[]).push({ weekday: 0 })).toThrow(TypeError);
    expect(parseTimerec('20260101T090000|8H|weekly|||MO,TU')).toMatchObject({ value: { duration: 8 * 3600 } });
  });

  it('the answers stay those of a fresh parse after thousands of distinct texts (the memo empties when full)', () => {
    const texts = Array.from({ length: 5000 }, (_, i) => `2026${String((i % 12) + 1).padStart(2, '0')}01T090000|${(i % 23) + 1}H|daily`);
    const first = texts.map((t) => parseTimerec(t));
    texts.forEach((t, i) => expect(parseTimerec(t)).toEqual(first[i]));
    expect(parseTimerec(texts[4999]!)).toMatchObject({ value: { duration: ((4999 % 23) + 1) * 3600 } });
  });

  it.each([
    ['20260101T090000|1D|daily', null, 'did you mean "P1D"?'],
    ['20260101T090000||daily', 'has no duration', 'has no duration'],
    ['2026|8H', 'dtstart "2026"', null],
  ])('%j: the problem and the warning are the same when asked again', (text, problem, warning) => {
    for (let i = 0; i < 2; i += 1) {
      const p = timerecProblem(text);
      const w = timerecWarning(text);
      if (problem === null) expect(p).toBeNull();
      else expect(p).toContain(problem);
      if (warning === null) expect(w).toBeNull();
      else expect(w).toContain(warning);
    }
  });
});
