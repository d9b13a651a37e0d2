import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../helpers/emulator.js';
import { scenario } from '../helpers/scenario.js';

/** Every file under a directory except the lease state itself (the one place passwords belong). */
function writtenFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => join(dir, f))
    .filter((f) => statSync(f).isFile() && !f.endsWith(join('.dsipform', 'state.json')));
}

describe('secrets never leak', () => {
  it('a full scenario (plan, apply, renew, failed apply, destroy) prints and writes no token and no password', async () => {
    const clock = manualClock();
    const s = await scenario({ now: clock.now });
    const printed: string[] = [];
    const passwords = new Set<string>();
    const stateFile = join(s.dir, '.dsipform', 'state.json');
    const run = async (args: string[]) => {
      const r = await s.run(args);
      printed.push(r.stdout, r.stderr);
      // Every password the run ever held passes through the state: collect them after each step.
      if (existsSync(stateFile))
        for (const l of Object.values<{ password: string }>(JSON.parse(readFileSync(stateFile, 'utf8')).leases)) passwords.add(l.password);
      return r;
    };
    // The files replace the fresh install's "Default Outbound Route" (calls to "0" lose their route):
    // a side step here, allowed by policy.allow_unrouting.
    const config = (ttl: string, extraRoutes = '', extraPolicy = '') => `version: 1
endpoint_leases:
  - name: softphone
    email: ops@example.com
    ttl: ${ttl}
  - name: desk
    email: desk@example.com
    ttl: 10m
outbound_routes:
  - name: fine
    prefix: "1"
    gwgroupid: "2"
${extraRoutes}policy:
  allow_unrouting: true
${extraPolicy}`;
    const path = s.file('p.yaml', config('15m'));
    await run(['plan', path, '--out', join(s.dir, 'plan.json'), '--format', 'json']);
    await run(['apply', '--plan', join(s.dir, 'plan.json'), '--auto-approve', '--format', 'json']);
    clock.advance(14 * 60_000); // renew time
    await run(['plan', path, '--format', 'markdown']);
    await run(['apply', path, '--auto-approve']);
    await run(['apply', s.file('p.yaml', config('20m')), '--auto-approve', '--format', 'json']); // renew by ttl change
    // A failed apply: the platform refuses a route, while leases are renewed in the same run.
    await s.client.createOutboundRoute({ name: 'manual', prefix: '44', from_prefix: '9', gwgroupid: '3' });
    const failed = await run([
      'apply',
      s.file(
        'p.yaml',
        config(
          '25m',
          '  - name: clash\n    prefix: "44"\n    from_prefix: "9"\n    gwgroupid: "5"\n',
          '  ignore:\n    outbound_routes: ["manual"]\n',
        ),
      ),
      '--auto-approve',
      '--force', // the clashing LCR pattern makes calls ambiguous, which alone would refuse the plan
    ]);
    expect(failed.code).toBe(1);
    // Plans that hold leases' before-values: a renew (ttl change) and a revoke (desk removed).
    const onlySoftphone = s.file('q.yaml', config('30m').replace(/  - name: desk\n    email: desk@example.com\n    ttl: 10m\n/, ''));
    const last = await run(['plan', onlySoftphone, '--format', 'json', '--out', join(s.dir, 'plan2.json')]);
    expect(JSON.parse(last.stdout).summary.total).toMatchObject({ renew: 1, revoke: 1 });
    await run(['plan', onlySoftphone, '--format', 'markdown']);
    await run(['destroy', s.file('p.yaml', config('25m')), '--auto-approve', '--force']);

    const state = JSON.parse(readFileSync(stateFile, 'utf8'));
    expect(state.leases).toEqual([]); // destroy revoked them all
    // 2 obtained; at 14 min softphone is renewed and desk (10 min) obtained anew; then softphone is
    // renewed for its ttl change twice (the second time in the failed run).
    expect(passwords.size).toBe(6);
    const everything = [...printed, ...writtenFiles(s.dir).map((f) => readFileSync(f, 'utf8'))].join('\n');
    expect(everything).not.toContain(s.emu.token);
    expect(everything).toMatch(/\(sensitive\)/);
    for (const password of passwords) expect(everything).not.toContain(password);
  });
});
