import { describe, expect, it } from 'vitest';
import { routeCall } from '../../src/routing/match.js';
import type { Call } from '../../src/routing/types.js';
import { MONDAY_10, rules } from './build.js';

/**
 * The request user and the To-user of a call may differ. Inbound, the proxy routes the request
 * user on the DID mappings and, when nothing routes it, retries once with the To-user; outbound,
 * the LCR lookup reads the From- and To-users while `do_routing` reads the request user (held to
 * the real proxy by test/proxy).
 */
const set = rules(
  [
    { did: '44', servers: ['1'] },
    { did: '1', servers: ['2'] },
  ],
  [
    { name: 'to 44', prefix: '44', gwgroupid: '5' },
    { name: 'to 1', prefix: '1', gwgroupid: '6' },
    { name: 'lcr', prefix: '7', from_prefix: '55', gwgroupid: '7' },
  ],
);

describe('a call whose request user is not its To-user', () => {
  it.each<[string, Omit<Call, 'at'>, string]>([
    ['inbound: the request user routes first', { direction: 'inbound', from: '9', to: '12', ruri: '441' }, 'routed 1'],
    [
      'inbound: nothing routes the request user, the To-user retry does',
      { direction: 'inbound', from: '9', to: '12', ruri: '999' },
      'routed 2',
    ],
    ['inbound: neither routes', { direction: 'inbound', from: '9', to: '999', ruri: '888' }, 'no_route'],
    ['inbound: the same number, no retry needed', { direction: 'inbound', from: '9', to: '441' }, 'routed 1'],
    ['outbound: do_routing reads the request user', { direction: 'outbound', from: '9', to: '12', ruri: '441' }, 'routed #5'],
    [
      'outbound: LCR reads the To-user, do_routing the request user in its group',
      { direction: 'outbound', from: '55', to: '71', ruri: '44' },
      'no_route',
    ],
    [
      'outbound: LCR on the To-user selects its group, which routes the request user',
      { direction: 'outbound', from: '55', to: '71', ruri: '74' },
      'routed #7',
    ],
    [
      'outbound: no LCR pattern meets the To-user, group 8000 reads the request user',
      { direction: 'outbound', from: '55', to: '12', ruri: '71' },
      'no_route',
    ],
  ])('%s', (_name, call, expected) => {
    const d = routeCall(set, { ...call, at: MONDAY_10 });
    expect(d.result === 'routed' ? `routed ${d.gwlist}` : d.result).toBe(expected);
  });

  it('says in its steps that the proxy retried with the To-user', () => {
    const d = routeCall(set, { direction: 'inbound', from: '9', to: '12', ruri: '999', at: MONDAY_10 });
    expect(d.steps.join('\n')).toContain('the proxy retries once with rU set to the To-user 12');
  });
});
