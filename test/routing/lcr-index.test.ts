import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { indexLcrRecords, lcrCandidates } from '../../src/routing/lcr-index.js';
import { lcrRegex } from '../../src/routing/lcr-match.js';
import { routeCall } from '../../src/routing/match.js';
import { outbound, rules } from './build.js';

// The index must find every record the proxy's test matches (the caller then tests only those):
// digits, dashes, letters of both cases and the characters whose case folds oddly (final sigma,
// the Kelvin sign, the long s), in Froms and Tos with and without a dash.
const unit = fc.constantFrom(...'0123456789-aAbBkKsS\u03c3\u03c2\u03a3\u212a\u017f'.split(''));
const text = (max: number): fc.Arbitrary<string> => fc.array(unit, { maxLength: max }).map((u) => u.join(''));

describe('lcrCandidates', () => {
  it('holds every record the proxy matches, each once', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(text(4), text(3)), { maxLength: 10 }), text(10), text(8), (parts, from, to) => {
        const records = parts.map(([f, t]) => ({ pattern: `${f.replaceAll('-', '')}-${t}` }));
        const found = lcrCandidates(indexLcrRecords(records), { from, to });
        const lookup = `${from}-${to}`;
        for (const r of records) if (lcrRegex(r.pattern).test(lookup)) expect(found, `${r.pattern} on ${lookup}`).toContain(r);
        expect(new Set(found).size).toBe(found.length);
      }),
      { numRuns: 20_000 },
    );
  });

  it.each([
    ['2000-1', '12000555', '1444', true],
    ['2000-1', '2000x5', '1444', false],
    ['\u03c3-1', '\u03c2', '1', true],
    ['k-1', '\u212a', '1', false],
    ['-1', '', '1444', true],
    ['2000-1', '2000', '1-2', true],
  ])('%s for From %s To %s: %s', (pattern, from, to, expected) => {
    // Among many records, so the index looks pieces up rather than handing the whole bucket back.
    const record = { pattern };
    const others = Array.from({ length: 50 }, (_, i) => ({ pattern: `${7000 + i}-1` }));
    expect(lcrCandidates(indexLcrRecords([...others, record]), { from, to }).includes(record)).toBe(expected);
    expect(lcrRegex(pattern).test(`${from}-${to}`)).toBe(expected);
  });
});

describe('an outbound call among thousands of per-customer LCR routes', () => {
  afterEach(() => vi.restoreAllMocks());

  it('tests a few patterns, not every pattern of its To prefix', () => {
    const k = 4_000;
    const set = rules(
      [],
      Array.from({ length: k }, (_, i) => ({ name: `Customer ${i}`, prefix: '1', gwgroupid: '5', from_prefix: String(10_000 + i) })),
    );
    routeCall(set, outbound('15550100', '99999'), { explain: false }); // the rule set prepared once
    const test = vi.spyOn(RegExp.prototype, 'test');
    const decision = routeCall(set, outbound('15550100', '4412345'), { explain: false });
    expect(decision.rule?.lcr_pattern).toBe('12345-1');
    // Each pattern was once a regular expression tested on the lookup: 4,000 tests per call.
    expect(test.mock.calls.length).toBeLessThan(20);
  });
});
