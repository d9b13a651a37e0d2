import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalText, lcrLookup, lcrMatches, lcrMatchesUsers, lcrParts, lcrRegex, lcrTexts } from '../../src/routing/lcr-match.js';

// The linear LCR test must give the regular expression's answer (the one held to the real proxy) on
// every lookup: digits, dashes, letters of both cases and the characters whose case folds oddly.
const unit = fc.constantFrom(...'0123456789--aAbBkKsS+*#\u212a\u017f\u00df\u0131\u0130'.split(''));
const text = (max: number): fc.Arbitrary<string> => fc.array(unit, { maxLength: max }).map((u) => u.join(''));

describe('lcrMatches', () => {
  it('answers as the regular expression does', () => {
    fc.assert(
      fc.property(text(4), text(3), text(12), text(12), (f, t, from, to) => {
        const pattern = `${f.replaceAll('-', '')}-${t}`;
        const lookup = `${from}-${to}`;
        expect(lcrMatches(lcrParts(pattern), lcrLookup(lookup)), `${pattern} on ${lookup}`).toBe(lcrRegex(pattern).test(lookup));
      }),
      { numRuns: 20_000 },
    );
  });

  it.each([
    ['1-44', '1555-4420', true],
    ['1-44', '1555a-4420', false],
    ['1-44', 'x1-9-44', false],
    ['1-44', 'x1-9-1-44', true],
    ['k-1', '\u212a-1', false],
    ['s-1', 'S9-12', true],
    ['-', '', false],
    ['-', '-', true],
  ])('%s on %s: %s', (pattern, lookup, expected) => {
    expect(lcrMatches(lcrParts(pattern), lcrLookup(lookup))).toBe(expected);
    expect(lcrRegex(pattern).test(lookup)).toBe(expected);
  });
});

describe('lcrMatchesUsers', () => {
  it('answers as the regular expression does when neither user holds a -', () => {
    const user = (max: number): fc.Arbitrary<string> => text(max).map((t) => t.replaceAll('-', ''));
    fc.assert(
      fc.property(text(4), text(3), user(12), user(12), (f, t, from, to) => {
        const pattern = `${f.replaceAll('-', '')}-${t}`;
        const lookup = `${from}-${to}`;
        const got = lcrMatchesUsers(lcrTexts(pattern), canonicalText(from), canonicalText(to));
        expect(got, `${pattern} on ${lookup}`).toBe(lcrRegex(pattern).test(lookup));
      }),
      { numRuns: 20_000 },
    );
  });

  it.each([
    ['1-44', '1555', '4420', true],
    ['1-44', '1555a', '4420', false],
    ['1', '91', '', true],
    ['s-1', 'S9', '12', true],
    ['k-1', '\u212a', '1', false],
    ['2000-1', '20072000', '1900', true],
    ['2007-1', '20072000', '1900', true],
    ['2007-1', '2007a', '1900', false],
  ])('%s on %s-%s: %s', (pattern, from, to, expected) => {
    expect(lcrMatchesUsers(lcrTexts(pattern), canonicalText(from), canonicalText(to))).toBe(expected);
    expect(lcrRegex(pattern).test(`${from}-${to}`)).toBe(expected);
  });
});
