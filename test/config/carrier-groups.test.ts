import { describe, expect, it } from 'vitest';
import { F, loadIssues, loadOk } from './helpers.js';

const ENV = { CARRIER_A_PASSWORD: 's3cret-pw' };

describe('carrier_groups in files', () => {
  it('loads groups with defaults filled, :5060 added, and the password variable named', async () => {
    const desired = await loadOk([`${F}/carrier-groups.yaml`], ENV);
    expect(desired.carrier_groups).toEqual([
      {
        name: 'Carrier A',
        lb_enabled: true,
        endpoints: [
          { name: 'gw1', hostname: 'gw1.example.com:5060', strip: 0, prefix: '', weight: 1 },
          { name: 'gw2', hostname: '10.0.0.2:5080', strip: 1, prefix: '9', weight: 2 },
        ],
        auth: {
          type: 'userpwd',
          auth_username: 'alice',
          auth_password: 's3cret-pw',
          password_env: 'CARRIER_A_PASSWORD',
          password_origin: { file: `${F}/carrier-groups.yaml`, line: 16, col: 22 },
        },
        origin: { file: `${F}/carrier-groups.yaml`, line: 3, col: 5 },
      },
      {
        name: 'Carrier B',
        lb_enabled: false,
        endpoints: [{ name: 'b1', hostname: 'b1.example.com:5060', strip: 0, prefix: '', weight: 1 }],
        // Left out: a create writes the defaults, an update is refused until the file says them.
        unstated: ['lb_enabled', 'auth'],
        origin: { file: `${F}/carrier-groups.yaml`, line: 17, col: 5 },
      },
    ]);
  });

  it('reports each bad value at file:line:col, and never the literal password', async () => {
    const issues = await loadIssues([`${F}/carrier-groups-bad.yaml`]);
    const heads = issues.map((t) => t.split('\n')[0]);
    expect(heads).toEqual([
      `${F}/carrier-groups-bad.yaml:3:11: carrier_groups[0].name may not contain ","`,
      `${F}/carrier-groups-bad.yaml:6:19: carrier_groups[0].endpoints[0].hostname "gw 1" is not a host name or address (with an optional :port)`,
      `${F}/carrier-groups-bad.yaml:8:19: carrier_groups[0].endpoints[1].hostname "gw2.example.com:99999" has no valid port (1-65535)`,
      `${F}/carrier-groups-bad.yaml:13:22: carrier_groups[1].auth.auth_password must come from an environment variable, not be written in the file`,
      `${F}/carrier-groups-bad.yaml:16:7: carrier_groups[2].auth.auth_password is required when auth.type is "userpwd"`,
      `${F}/carrier-groups-bad.yaml:17:5: carrier group name "Literal" is declared twice: also at ${F}/carrier-groups-bad.yaml:9:5`,
    ]);
    expect(issues.join('\n')).not.toContain('hunter2-literal');
  });
});

describe('carrier-group names and hosts the platform cannot use (issue 24)', () => {
  it('refuses "," in group and endpoint names, and hosts the platform skips or the proxy cannot reach, each at file:line:col with a hint', async () => {
    const issues = await loadIssues([`${F}/carrier-group-hosts-bad.yaml`]);
    const at = `${F}/carrier-group-hosts-bad.yaml`;
    expect(issues.map((t) => t.split('\n')[0])).toEqual([
      `${at}:3:11: carrier_groups[0].name may not contain ","`,
      `${at}:5:15: carrier_groups[0].endpoints[0].name may not contain ","`,
      `${at}:8:19: carrier_groups[0].endpoints[1].hostname "12345" is neither an IPv4 address (four numbers from 0 to 255) nor a host name (whose last label is not all digits): the platform would store it, but the proxy cannot send calls to it`,
      `${at}:10:19: carrier_groups[0].endpoints[2].hostname "1.2.3.256" is neither an IPv4 address (four numbers from 0 to 255) nor a host name (whose last label is not all digits): the platform would store it, but the proxy cannot send calls to it`,
      `${at}:12:19: carrier_groups[0].endpoints[3].hostname "example_com" is not a host name the platform takes (labels of letters and digits, with "-" and "_" inside only, and no "_" in the last label): it would skip this endpoint`,
      `${at}:14:19: carrier_groups[0].endpoints[4].hostname "example.com." ends with ".": the platform refuses it and would skip this endpoint; leave the final dot out`,
      `${at}:16:19: carrier_groups[0].endpoints[5].hostname "gw.example.com:60000": the platform refuses port 60000 (it takes 1-59999, 61000-64999, 65100-65499, 65510-65529 and 65531-65535) and would skip this endpoint`,
    ]);
    for (const issue of issues) expect(issue).toMatch(/\n  hint: \S/);
    expect(issues[0]).toContain('without ","');
  });
});
