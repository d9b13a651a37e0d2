import { describe, expect, it } from 'vitest';
import type { RoutingExpectation, RoutingTest } from '../../src/model/routing-test.js';
import { runRoutingTest } from '../../src/routing/expect.js';
import { MONDAY_10, rules } from './build.js';

const SET = rules(
  [
    { did: '15551230001', servers: ['66', '67'] },
    { did: '', servers: ['#9'] },
  ],
  [
    { name: 'UK', prefix: '44', gwgroupid: '5' },
    { name: 'UK twin', prefix: '4420', gwgroupid: '6' },
    { name: 'UK twin 2', prefix: '4420', gwgroupid: '7' },
  ],
);

function run(direction: 'inbound' | 'outbound', to: string, expectation: RoutingExpectation): string[] {
  const test: RoutingTest = { name: 't', direction, to, from: '', expect: expectation };
  return [...runRoutingTest(SET, test, MONDAY_10).failures];
}

describe('routing test expectations', () => {
  it.each<[string, 'inbound' | 'outbound', string, RoutingExpectation, string[]]>([
    ['the route holds', 'outbound', '4479', { route: 'UK' }, []],
    ['the route and its group hold', 'outbound', '4479', { route: 'UK', gwgroupid: '5', result: 'routed' }, []],
    [
      'another route won',
      'outbound',
      '4479',
      { route: 'France' },
      ['expected route "France", but the call took route "UK" (prefix "44", priority 0) to #5'],
    ],
    [
      'another group',
      'outbound',
      '4479',
      { gwgroupid: '6' },
      ['expected carrier group #6, but the call took route "UK" (prefix "44", priority 0) to #5'],
    ],
    ['no route expected and none taken', 'outbound', '33', { result: 'no_route' }, []],
    [
      'a route expected, none taken',
      'outbound',
      '33',
      { route: 'UK' },
      ['expected the call to be routed, but the call took no route (the call fails)'],
    ],
    [
      'ambiguous is never a pass for a route',
      'outbound',
      '442071',
      { route: 'UK twin' },
      [
        'expected the call to be routed, but the call took ambiguous: the proxy picks route "UK twin" (routed to #6) or route "UK twin 2" (routed to #7) in an undefined order',
      ],
    ],
    ['ambiguous expected', 'outbound', '442071', { result: 'ambiguous' }, []],
    ['the mapping and its servers hold', 'inbound', '15551230001', { did: '15551230001', servers: ['66', '67'] }, []],
    [
      'the servers in another order fail',
      'inbound',
      '15551230001',
      { servers: ['67', '66'] },
      ['expected servers ["67","66"], but the call took mapping "15551230001" (prefix "15551230001", priority 0) to servers ["66","67"]'],
    ],
    ['the default mapping', 'inbound', '999', { did: '', servers: ['#9'] }, []],
    [
      'each broken key is its own failure',
      'inbound',
      '999',
      { did: '999', servers: ['66'] },
      [
        'expected mapping "999", but the call took the default mapping (did "") (prefix "", priority 0) to servers ["#9"]',
        'expected servers ["66"], but the call took the default mapping (did "") (prefix "", priority 0) to servers ["#9"]',
      ],
    ],
  ])('%s', (_name, direction, to, expectation, failures) => {
    expect(run(direction, to, expectation)).toEqual(failures);
  });
});
