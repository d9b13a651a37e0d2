import { describe, expect, it } from 'vitest';
import { F, headLines, loadIssues, loadOk } from './helpers.js';

describe('references to groups by name in files', () => {
  it('keeps the name on the desired record, with servers [] and gwgroupid "" until the planner resolves it', async () => {
    const file = `${F}/group-refs/by-name.yaml`;
    const desired = await loadOk([file]);
    expect(desired.inbound_mappings).toEqual([
      { did: '15551230001', servers: [], notes: '', group: 'Skyetel CarrierGroup', origin: { file, line: 3, col: 5 } },
    ]);
    expect(desired.outbound_routes?.[0]).toMatchObject({ name: 'US domestic', gwgroupid: '', carrier_group: 'Flowroute CarrierGroup' });
  });

  it('needs exactly one of servers/group and of gwgroupid/carrier_group, at file:line:col', async () => {
    const file = `${F}/group-refs/neither-or-both.yaml`;
    expect(headLines(await loadIssues([file]))).toEqual([
      `${file}:5:5: inbound_mappings[1].servers or group is required`,
      `${file}:8:12: inbound_mappings[2] gives both servers and group; give one of them`,
      `${file}:13:5: outbound_routes[1].gwgroupid or carrier_group is required`,
    ]);
  });
});
