import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChangeAction, SavedPlan } from '../../src/model/plan.js';
import { manualClock } from '../helpers/emulator.js';
import { scenario } from '../helpers/scenario.js';

/** A desired state of every kind; `v` moves each object through create, update (or promote, demote, renew) and delete. */
function files(v: 1 | 2 | 3): string {
  const groups = [
    '  - name: Carrier A',
    '    lb_enabled: false',
    '    endpoints:',
    `      - {name: a1, hostname: a1.example.com, weight: ${v}}`,
    '    auth: {type: userpwd, auth_username: alice, auth_password: "${CARRIER_A_PASSWORD}"}',
    ...(v === 1 ? ['  - name: Carrier B', '    endpoints:', '      - {name: b1, hostname: b1.example.com}'] : []),
  ];
  const mappings = [`  - {did: "1", group: Carrier A, notes: "v${v}"}`, ...(v < 3 ? ['  - {did: "2", servers: ["#2"]}'] : [])];
  const routes = [
    `  - {name: UK, prefix: "44", carrier_group: Carrier A${v === 2 ? ', from_prefix: "1555"' : ''}}`,
    ...(v === 1 ? ['  - {name: US, prefix: "1", gwgroupid: "2"}'] : []),
  ];
  const leases = v < 3 ? ['  - {name: phone, email: ops@example.com, ttl: 15m, renew_before: 2m}'] : [];
  return [
    'version: 1',
    'carrier_groups:',
    ...groups,
    'inbound_mappings:',
    ...mappings,
    'outbound_routes:',
    ...routes,
    `endpoint_leases:${leases.length === 0 ? ' []' : ''}`,
    ...leases,
    'policy:',
    '  allow_unrouting: true',
    '  ignore: {outbound_routes: ["Default Outbound Route"], carrier_groups: ["* CarrierGroup"]}',
    '',
  ].join('\n');
}

describe('scenario: every plan dsipform saves, of every kind and action, is read back and applied', () => {
  it('creates, updates, promotes, demotes, renews and deletes through saved plans', async () => {
    const clock = manualClock();
    const s = await scenario({ now: clock.now });
    const env = { CARRIER_A_PASSWORD: 's3cret-pass' };
    const out = join(s.dir, 'plan.json');
    const actions = new Set<ChangeAction>();
    for (const v of [1, 2, 3] as const) {
      const path = s.file('all.yaml', files(v));
      const plan = await s.run(['plan', path, '--out', out], { env });
      expect(plan.code, plan.stderr).toBe(0);
      for (const c of (JSON.parse(readFileSync(out, 'utf8')) as SavedPlan).changes) actions.add(c.action);
      const applied = await s.run(['apply', '--plan', out, '--auto-approve', '--force'], { env });
      expect(applied.code, `${applied.stdout}\n${applied.stderr}`).toBe(0);
      // The next run finds the lease near its expiry: a renewal.
      clock.advance(14 * 60_000);
    }
    expect([...actions].sort()).toEqual(
      // On the deployed platform's profile a mapping change is a replace; carrier groups still update.
      [
        'create',
        'delete',
        'demote',
        'obtain',
        'promote',
        'renew',
        'revoke',
        'update',
        ...(s.emu.profile === 'current' ? ['replace'] : []),
      ].sort(),
    );
  });
});
