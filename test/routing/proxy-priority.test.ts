import { describe, expect, it } from 'vitest';
import { lintRules } from '../../src/routing/lint.js';
import { routeCall } from '../../src/routing/match.js';
import { outbound, rules, type TestRoute } from './build.js';

/**
 * The proxy holds a rule's priority as an unsigned int (drouting's rt_info_t): a stored -1 reads as
 * 4294967295, above every priority of 0 or more, and -1 ranks above -2.
 */
describe('priorities compared as the proxy holds them (unsigned)', () => {
  it.each<[string, number, number, string]>([
    ['-1 beats 0', -1, 0, 'A'],
    ['0 loses to -1', 0, -1, 'B'],
    ['-1 beats -2', -1, -2, 'A'],
    ['-2 beats the largest positive priority', -2, 2_147_483_647, 'A'],
    ['the smallest priority beats 2147483647', -2_147_483_648, 2_147_483_647, 'A'],
    ['10 beats 5, as ever', 10, 5, 'A'],
  ])('%s', (_name, a, b, winner) => {
    const set = rules(
      [],
      [
        { name: 'A', prefix: '44', gwgroupid: '5', priority: a },
        { name: 'B', prefix: '44', gwgroupid: '6', priority: b },
      ],
    );
    const d = routeCall(set, outbound('441234'));
    expect(d.result).toBe('routed');
    expect(d.rule?.key).toBe(winner);
  });

  it('says how the proxy reads a negative priority', () => {
    const set = rules(
      [],
      [
        { name: 'A', prefix: '44', gwgroupid: '5', priority: -1 },
        { name: 'B', prefix: '44', gwgroupid: '6', priority: 0 },
      ],
    );
    expect(routeCall(set, outbound('441234')).steps).toContain(
      'route "A" wins: priority -1 (the proxy holds priority unsigned and reads -1 as 4294967295, above every priority of 0 or more), no time recurrence (always)',
    );
  });
});

describe('the lints rank priorities as the proxy does, and warn about a negative one', () => {
  const lint = (routes: TestRoute[]) =>
    lintRules(rules([], routes), { inbound: false, outbound: false }).map((f) => `${f.severity} ${f.code} ${f.key ?? ''}`);
  it.each<[string, TestRoute[], string[]]>([
    [
      'a route at -1 shadows one at 0 (not the other way round)',
      [
        { name: 'A', prefix: '44', gwgroupid: '5', priority: -1 },
        { name: 'B', prefix: '44', gwgroupid: '6', priority: 0 },
      ],
      ['warning negative_priority A', 'warning shadowed B'],
    ],
    [
      'a route at -1 shadows one at -2',
      [
        { name: 'A', prefix: '44', gwgroupid: '5', priority: -2 },
        { name: 'B', prefix: '44', gwgroupid: '6', priority: -1 },
      ],
      ['warning negative_priority A', 'warning negative_priority B', 'warning shadowed A'],
    ],
    ['one route at -5 alone: the warning only', [{ name: 'A', prefix: '', gwgroupid: '5', priority: -5 }], ['warning negative_priority A']],
    ['priority 0 and up: nothing', [{ name: 'A', prefix: '', gwgroupid: '5', priority: 3 }], []],
  ])('%s', (_name, routes, expected) => {
    expect(lint(routes)).toEqual(expected);
  });

  it('the shadowed message and the negative-priority warning say what the proxy reads', () => {
    const findings = lintRules(
      rules(
        [],
        [
          { name: 'A', prefix: '44', gwgroupid: '5', priority: -1 },
          { name: 'B', prefix: '44', gwgroupid: '6', priority: 0 },
        ],
      ),
      { inbound: false, outbound: false },
    );
    expect(findings.map((f) => f.message)).toEqual([
      'route "A" has priority -1: the proxy holds priority unsigned and reads it as 4294967295, so this route ranks above every route of priority 0 or more',
      'route "B" never routes a call: route "A" has the same prefix "44", a higher priority as the proxy reads it (-1 read as 4294967295, above 0) and no time recurrence',
    ]);
    expect(findings[0]?.hint).toBe('use a priority of 0 or more: a higher number ranks first');
  });
});
