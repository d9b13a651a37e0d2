import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY } from '../../src/model/desired.js';
import type { LiveState } from '../../src/model/live.js';
import type { RoutingTest } from '../../src/model/routing-test.js';
import { endpointGroupsToName } from '../../src/plan/groups-to-name.js';

/** Three live endpoint groups (11, 12, 13) and a carrier group (5); mappings to 11 (default), 12 and 13. */
const live: LiveState = {
  groups: [
    { gwgroupid: 5, name: 'Carrier', type: 'carrier', gwids: ['1'] },
    { gwgroupid: 11, name: 'Default PBX', type: 'endpoint', gwids: ['21'] },
    { gwgroupid: 12, name: 'Acme PBX', type: 'endpoint', gwids: ['22', '23'] },
    { gwgroupid: 13, name: 'Other PBX', type: 'endpoint', gwids: ['24'] },
  ],
  inbound_mappings: [
    { ruleid: 1, did: '', servers: ['#11'], notes: '' },
    { ruleid: 2, did: '1555123', servers: ['#12'], notes: '' },
    { ruleid: 3, did: '1555999', servers: ['#13'], notes: '' },
  ],
};
type Mapping = { did: string; servers: string[]; group?: string; notes: string };
const same: Mapping[] = [
  { did: '', servers: [], group: 'Default PBX', notes: '' },
  { did: '1555123', servers: ['#12'], notes: '' },
  { did: '1555999', servers: [], group: 'Other PBX', notes: 'a note' },
];
const desired = (inbound_mappings: Mapping[], routing_tests: RoutingTest[] = [], ignore: readonly string[] = []) => ({
  inbound_mappings,
  routing_tests,
  policy: { ...DEFAULT_POLICY, ignore: { ...DEFAULT_POLICY.ignore, inbound_mappings: ignore } },
});

describe('the endpoint groups a plan reads to name their endpoints', () => {
  it('none when no mapping changes where it sends (a note changes), nor without inbound tests', () => {
    expect(endpointGroupsToName(desired(same), live)).toEqual([]);
  });

  it('a mapping added: its group and the group of the mapping that took its calls (the longest prefix)', () => {
    const added = [...same, { did: '15551230002', servers: [], group: 'Other PBX', notes: '' }];
    expect(endpointGroupsToName(desired(added), live)).toEqual([12, 13]);
  });

  it('a mapping removed: its group and the default that takes its calls; unless policy.ignore keeps it', () => {
    const removed = same.filter((m) => m.did !== '1555999');
    expect(endpointGroupsToName(desired(removed), live)).toEqual([11, 13]);
    expect(endpointGroupsToName(desired(removed, [], ['1555*']), live)).toEqual([]);
  });

  it("an inbound test's call: the groups of the mappings it reaches on either side", () => {
    const test = { name: 't', direction: 'inbound', from: '', to: '15559990001', expect: {} } as unknown as RoutingTest;
    expect(endpointGroupsToName(desired(same, [test]), live)).toEqual([13]);
  });

  it('none that the plan read with their endpoints, and none without the groups', () => {
    const moved = same.map((m) => (m.did === '1555123' ? { ...m, servers: ['#13'] } : m));
    expect(endpointGroupsToName(desired(moved), live)).toEqual([12, 13]);
    const managed = { ...live, endpoint_groups: [{ gwgroupid: 13 }] } as unknown as LiveState;
    expect(endpointGroupsToName(desired(moved), managed)).toEqual([12]);
    expect(endpointGroupsToName(desired(moved), { ...live, groups: undefined })).toEqual([]);
  });
});
