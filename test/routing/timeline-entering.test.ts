import { describe, expect, it, vi } from 'vitest';
import { timelineOf } from '../../src/routing/combination-timeline.js';
import { PointList } from '../../src/model/time/point-list.js';
import { parseTimerec, type Timerec } from '../../src/model/time/timerec.js';
import { timerecMatchesWall } from '../../src/model/time/timerec-match.js';
import { horizonFor } from '../../src/model/time/windows.js';
import { pad } from './invariant-fixtures.js';

/**
 * The combination entering each segment of a caller's timeline (routing/combination-timeline.ts) is
 * the one the segment before it ends with, not found by counting every recurrence's change points
 * before the segment (issue 36 §2: 160 one-minute windows and a leap day, 12 segments, 1,920
 * counts). Counted, and held equal to the answers asked at the second before each segment.
 */
function rec(text: string): Timerec {
  const parsed = parseTimerec(text);
  if (!('value' in parsed) || parsed.value === null) throw new Error(text);
  return parsed.value;
}

/** K - 1 one-minute daily windows from `first` minutes past midnight, 9 apart, and a leap day every four years. */
function minutes(k: number, first: number): Timerec[] {
  const out = Array.from({ length: k - 1 }, (_, i) => {
    const minute = (first + i * 9) % 1440;
    return rec(`20260101T${pad(Math.floor(minute / 60))}${pad(minute % 60)}00|1M|daily`);
  });
  return [...out, rec('20280229T000000|24H|yearly||4')];
}

describe('the combination entering each segment of a timeline', () => {
  it.each([
    ['from midnight (the bench)', 0, 'America/New_York'],
    ['around the hour skipped in spring', 61, 'America/New_York'],
    ['at Lord Howe (a half-hour change)', 91, 'Australia/Lord_Howe'],
  ])('is the answers at the second before it, without counting change points: %s', (_, first, tz) => {
    const recs = minutes(41, first);
    const examined = horizonFor(recs, '2026-11-30T00:00:00', tz);
    const counted = vi.spyOn(PointList.prototype, 'countBefore');
    const timeline = timelineOf(recs, examined);
    // 492 to 1,476 counts (12 to 36 segments of 41 recurrences) on 7633faa (it fails there), none now.
    expect(counted).not.toHaveBeenCalled();
    counted.mockRestore();
    expect(timeline.segments.length).toBeGreaterThan(4);
    for (const seg of timeline.segments) {
      // The horizon's first second has no change point before it: the answers there.
      const at = seg.lo === examined.from ? seg.lo : seg.lo - 1;
      const asked = recs.flatMap((r, i) => (timerecMatchesWall(r, at, tz) ? [i] : []));
      expect({ lo: seg.lo, members: timeline.members(seg.entering) }).toEqual({ lo: seg.lo, members: asked });
    }
  });
});
