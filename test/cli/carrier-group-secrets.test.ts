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

  it('a plan saved without the variable, applied where it is set (report, JSON events), then rotated: the password is in none of them', async () => {
    const s = await scenario({ empty: true });
    const file = s.file(
      'g.yaml',
      `version: 1\ncarrier_groups:\n  - name: Secure\n    lb_enabled: false\n    endpoints:\n      - {name: s1, hostname: s1.example.com}\n    auth:\n      type: userpwd\n      auth_username: acme\n      auth_password: \${CARRIER_PW}\n`,
    );
    const saved = join(s.dir, 'plan.json');
    const report = join(s.dir, 'report.json');
    const rotated = `${PASSWORD}-rotated`;
    const runs = [
      await runCli(['plan', file, '--out', saved], s.env),
      await runCli(['apply', '--plan', saved, '--auto-approve'], s.env),
      await runCli(['apply', '--plan', saved, '--auto-approve', '--report', report, '--format', 'json'], {
        ...s.env,
        CARRIER_PW: PASSWORD,
      }),
      ...(await Promise.all(
        ['text', 'markdown', 'json', 'html'].map((format) => runCli(['plan', file, '--format', format], { ...s.env, CARRIER_PW: rotated })),
      )),
      await runCli(['apply', file, '--auto-approve', '--format', 'json'], { ...s.env, CARRIER_PW: rotated }),
    ];
    expect(runs.map((r) => r.code)).toEqual([0, 1, 0, 0, 0, 0, 0, 0]);
    expect(runs[1]!.stderr).toContain('CARRIER_GROUP_PASSWORD_UNSET');
    expect(runs[3]!.stdout).toContain('(sensitive) from ${CARRIER_PW}: changes');
    const state = readFileSync(join(s.dir, '.dsipform', 'state.json'), 'utf8');
    const everything = [
      ...runs.flatMap((r) => [r.stdout, r.stderr]),
      readFileSync(saved, 'utf8'),
      readFileSync(report, 'utf8'),
      state,
    ].join('\n');
    expect(everything).not.toContain(PASSWORD);
  });
});
