import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { scenario } from '../helpers/scenario.js';

/**
 * `route --live` and `test --live` agree with the proxy on a live mapping whose plain gateway id
 * does not exist (the API accepts it): the proxy drops the rule, so the call falls to a shorter DID.
 */
describe('--live: a plain gateway id that no group holds', () => {
  it('route passes the mapping over as dropped, says why, and routes by the shorter DID', async () => {
    const s = await scenario();
    await s.client.createInboundMapping({ did: '1555', servers: ['9999'] });
    await s.client.createInboundMapping({ did: '15', servers: ['16'] });
    const r = await runCli(['route', '--live', '--direction', 'inbound', '--to', '15551230001', '--tz', 'UTC'], s.env);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Result: routed by inbound mapping "15"');
    expect(r.stdout).toContain(
      'mapping "1555" is not loaded: servers name gateway 9999, which no carrier or endpoint group holds: the proxy drops the rule when no such gateway exists (the platform\'s API lists gateways only through their groups',
    );
  });

  it('test --live agrees', async () => {
    const s = await scenario();
    await s.client.createInboundMapping({ did: '1555', servers: ['9999'] });
    await s.client.createInboundMapping({ did: '15', servers: ['16'] });
    const file = s.file(
      't.yaml',
      'version: 1\nrouting_tests:\n  - name: falls to 15\n    direction: inbound\n    to: "15551230001"\n    expect: { did: "15" }\n',
    );
    const r = await runCli(['test', file, '--live'], s.env);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain('1 passed, 0 failed');
  });
});
