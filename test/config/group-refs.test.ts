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

  // The schema says "exactly one" with if/else and dependentSchemas, not a oneOf (no error object per
  // valid entry): the same issues at the same places, and in the same order where two share a place.
  it('words both, neither, a misspelt alternative and a non-mapping entry as one issue each', async () => {
    const file = `${F}/group-refs/exactly-one-edges.yaml`;
    expect(headLines(await loadIssues([file]))).toEqual([
      `${file}:5:12: inbound_mappings[0] gives both servers and group; give one of them`,
      `${file}:7:5: inbound_mappings[1] has an unknown key "server"; did you mean "servers"?`,
      `${file}:11:5: inbound_mappings[2] has an unknown key "grup"; did you mean "group"?`,
      `${file}:12:5: inbound_mappings[3] must be a mapping (key: value), not a string`,
      `${file}:13:5: inbound_mappings[4].servers or group is required`,
      `${file}:14:5: inbound_mappings[4] has an unknown key "colour"`,
      `${file}:19:20: outbound_routes[0] gives both gwgroupid and carrier_group; give one of them`,
      `${file}:19:20: outbound_routes[0].carrier_group must not be empty`,
      `${file}:22:5: outbound_routes[1] has an unknown key "carrier_grup"; did you mean "carrier_group"?`,
      `${file}:26:20: outbound_routes[2] gives both gwgroupid and carrier_group; give one of them`,
    ]);
  });
});
