import { describe, expect, it } from 'vitest';
import { routeCall } from '../../src/routing/match.js';
import { inbound, outbound, rules, type TestRoute } from './build.js';

/**
 * A number with a character outside `0-9 * # +`: the proxy walks its one prefix tree (shared by
 * every group) down the number and stops at the deepest node before that character; only when the
 * walk reaches the character does it give up on prefixes, and the prefixless rules still run.
 */
describe('numbers with a character outside 0-9 * # +', () => {
  const DEFAULT: TestRoute = { name: 'Default', prefix: '', gwgroupid: '1' };
  const UK: TestRoute = { name: 'UK', prefix: '44', gwgroupid: '5' };
  it.each<[string, { did: string; servers: string[] }[], TestRoute[], string, string | null]>([
    ['a rule at 44 routes 44a1 (no longer prefix below 44)', [], [UK], '44a1', 'UK'],
    ['a rule at 44 routes 44a1, and the prefixless route is not needed', [], [DEFAULT, UK], '44a1', 'UK'],
    [
      'a longer prefix of another group (an LCR route at 445) takes the walk to the letter: the prefixless route',
      [],
      [DEFAULT, UK, { name: 'LCR', prefix: '445', from_prefix: '1555', gwgroupid: '6' }],
      '44a1',
      'Default',
    ],
    [
      'a DID of the inbound mappings at 4455 shares the tree: the walk reaches the letter',
      [{ did: '4455', servers: ['66'] }],
      [DEFAULT, UK],
      '44a1',
      'Default',
    ],
    ['the walk reaches the letter and there is no prefixless route: no route', [{ did: '4455', servers: ['66'] }], [UK], '44a1', null],
    ['a letter first: only the prefixless rules', [], [DEFAULT, UK], 'a44', 'Default'],
    ['a letter first and no prefixless rule: no route', [], [UK], 'a44', null],
    [
      'the walk stops at 44 (a prefix 47 elsewhere does not continue it): the rule at 4 routes',
      [],
      [
        { name: 'Four', prefix: '4', gwgroupid: '5' },
        { name: 'Seven', prefix: '47', gwgroupid: '6', priority: 1 },
      ],
      '44a',
      'Four',
    ],
    [
      'a rule the proxy drops for its prefix still leaves its leading digits in the tree',
      [],
      [DEFAULT, UK, { name: 'Bad', prefix: '44x9', gwgroupid: '6' }],
      '44a1',
      'Default',
    ],
    [
      'a rule the proxy drops for its time recurrence never reaches the tree',
      [],
      [DEFAULT, UK, { name: 'Bad time', prefix: '445', gwgroupid: '6', timerec: '2026|8H' }],
      '44a1',
      'UK',
    ],
    ['the letter is the last character: the walk stops before it', [], [DEFAULT, UK], '44a', 'UK'],
  ])('%s', (_name, mappings, routes, to, winner) => {
    const d = routeCall(rules(mappings, routes), outbound(to));
    if (winner === null) expect(d.result).toBe('no_route');
    else {
      expect(d.result).toBe('routed');
      expect(d.rule?.key).toBe(winner);
    }
  });

  it.each<[string, string, string | null]>([
    ['an inbound DID with letters after it routes by the mapping', '1555abc', '1555'],
    ['a DID the walk ends on routes a number with a letter after it', '15561x', '15561'],
    ['the default mapping when the walk reaches the letter', '1556x', ''],
  ])('inbound: %s', (_name, to, did) => {
    const set = rules(
      [
        { did: '1555', servers: ['66'] },
        { did: '15561', servers: ['67'] },
        { did: '', servers: ['68'] },
      ],
      [],
    );
    const d = routeCall(set, inbound(to));
    expect(d.result).toBe('routed');
    expect(d.rule?.key).toBe(did);
  });

  it('says where the walk stopped, or that it reached the character', () => {
    const stops = routeCall(rules([], [UK]), outbound('44a1')).steps.join('\n');
    expect(stops).toContain(
      '"44a1" holds "a" (outside 0-9 + # *) at position 3: the prefix walk stops at "44", the deepest node of the rule tree (shared by every group) before it, and backs off from there',
    );
    const reaches = routeCall(
      rules([], [DEFAULT, UK, { name: 'L', prefix: '445', from_prefix: '1', gwgroupid: '6' }]),
      outbound('44a1'),
    ).steps.join('\n');
    expect(reaches).toContain(
      '"44a1" holds "a" (outside 0-9 + # *) at position 3, and the rule tree (shared by every group) goes on past "44": the prefix walk reaches "a" and gives up on prefixes; the prefixless rules still run',
    );
  });
});
