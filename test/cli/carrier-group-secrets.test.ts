import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { scenario } from '../helpers/scenario.js';

const PASSWORD = 'Zq-carrier-secret-81d3';

describe('the built CLI never prints a carrier-group password', () => {
  it('plan, saved plan, apply with a report, a failing apply and export: the password is in none of them', async () => {
    const s = await scenario({ empty: true, faults: { swallowGroupErrors: true } });
    const env = { ...s.env, CARRIER_PW: PASSWORD };
    const file = (host: string) =>
      s.file(
        'g.yaml',
        `version: 1\ncarrier_groups:\n  - name: Secure\n    endpoints:\n      - {name: s1, hostname: ${host}}\n    auth:\n      type: userpwd\n      auth_username: acme\n      auth_password: \${CARRIER_PW}\n`,
      );
    const saved = join(s.dir, 'plan.json');
    const report = join(s.dir, 'report.json');
    const runs = [
      await runCli(['plan', file('s1.example.com'), '--out', saved], env),
      await runCli(['apply', '--plan', saved, '--auto-approve', '--report', report], env),
      await runCli(['plan', file('s1.example.com'), '--format', 'json'], env),
      // A group the platform refuses (swallowed): the failure message is printed, the password is not.
      await runCli(
        [
          'apply',
          s.file(
            'h.yaml',
            readFileSync(join(s.dir, 'g.yaml'), 'utf8').replace('Secure', 'Broken').replace('s1.example.com', '"[1::2::3]"'),
          ),
          '--auto-approve',
          '--format',
          'json',
        ],
        env,
      ),
      await runCli(['export'], env),
    ];
    expect(runs.map((r) => r.code)).toEqual([0, 0, 0, 1, 0]);
    expect(runs[3]!.stdout).toContain('CARRIER_GROUP_NOT_WRITTEN');
    const everything = [...runs.flatMap((r) => [r.stdout, r.stderr]), readFileSync(saved, 'utf8'), readFileSync(report, 'utf8')].join('\n');
    expect(everything).toContain('(sensitive) from ${CARRIER_PW}');
    expect(everything).not.toContain(PASSWORD);
  });
});
