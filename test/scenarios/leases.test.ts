import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI } from '../helpers/cli.js';
import { manualClock } from '../helpers/emulator.js';
import { scenario, type Scenario } from '../helpers/scenario.js';

const LEASES = (ttl = '15m', extra = '') => `version: 1
endpoint_leases:
  - name: ci-softphone
    email: ops@example.com
    ttl: ${ttl}
    renew_before: 2m
${extra}`;
const SECOND_LEASE = `  - name: desk-phone
    email: desk@example.com
    ttl: 600
`;

interface Recorded {
  name: string;
  lease_id: number;
  password: string;
  expires_at: string;
  source: string;
  target: string | null;
}

/** The state file's leases by name (these scenarios use one target), and its in-flight notes. */
function state(s: Scenario, file = join(s.dir, '.dsipform', 'state.json')): { leases: Record<string, Recorded>; obtaining?: unknown[] } {
  const data = JSON.parse(readFileSync(file, 'utf8')) as { leases: Recorded[]; obtaining?: unknown[] };
  return { ...data, leases: Object.fromEntries(data.leases.map((r) => [r.name, r])) };
}

describe('scenario: endpoint leases', () => {
  it('obtains, records at once with a private state file, and plans to no changes', async () => {
    const clock = manualClock();
    const s = await scenario({ now: clock.now });
    const path = s.file('leases.yaml', LEASES());
    const plan = await s.run(['plan', path]);
    expect(plan.stdout).toMatch(/endpoint_lease "ci-softphone" will be obtained/);
    expect(plan.stdout).toMatch(/password: +\(sensitive\)/);
    expect(plan.stdout).toMatch(/1 to obtain/);
    await s.converge([path]);
    const rec = state(s).leases['ci-softphone']!;
    expect(rec).toMatchObject({
      lease_id: 1,
      source: 'files',
      expires_at: new Date(clock.now() + 900_000).toISOString(),
      target: s.emu.url,
    });
    expect(rec.password).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(statSync(join(s.dir, '.dsipform', 'state.json')).mode & 0o777).toBe(0o600);
    expect(statSync(join(s.dir, '.dsipform')).mode & 0o777).toBe(0o700);
  });

  it('renews within renew_before (the clock is driven, not waited for): revoke, then obtain anew', async () => {
    const clock = manualClock();
    const s = await scenario({ now: clock.now });
    const path = s.file('leases.yaml', LEASES());
    await s.converge([path]);
    const first = state(s).leases['ci-softphone']!.lease_id;
    clock.advance(12 * 60_000); // 3 minutes left, renew_before is 2 minutes
    expect((await s.run(['plan', path, '--detailed-exitcode'])).code).toBe(0);
    clock.advance(61_000); // now under 2 minutes left
    const plan = await s.run(['plan', path, '--detailed-exitcode']);
    expect(plan.code).toBe(2);
    expect(plan.stdout).toMatch(/endpoint_lease "ci-softphone" will be renewed/);
    await s.converge([path]);
    const second = state(s).leases['ci-softphone']!.lease_id;
    expect(second).not.toBe(first);
    await expect(s.client.revokeLease(first)).rejects.toMatchObject({ code: 'API_NOT_FOUND' }); // the old one was revoked
  });

  it('renews when the email or ttl changes', async () => {
    const s = await scenario();
    await s.converge([s.file('leases.yaml', LEASES())]);
    const plan = await s.run(['plan', s.file('leases.yaml', LEASES('30m'))]);
    expect(plan.stdout).toMatch(/1 to renew/);
  });

  it('revokes a lease removed from the files, and a 404 on revoke counts as done', async () => {
    const s = await scenario();
    const path = s.file('leases.yaml', LEASES('15m', SECOND_LEASE));
    await s.converge([path]);
    const desk = state(s).leases['desk-phone']!.lease_id;
    await s.client.revokeLease(desk); // someone revoked it behind our back
    const removed = s.file('leases.yaml', LEASES());
    expect((await s.run(['plan', removed])).stdout).toMatch(/endpoint_lease "desk-phone" will be revoked/);
    await s.converge([removed]);
    expect(Object.keys(state(s).leases)).toEqual(['ci-softphone']);
  });

  it('drops a lease that expired by itself from the state, without a request', async () => {
    const clock = manualClock();
    const s = await scenario({ now: clock.now });
    await s.converge([s.file('leases.yaml', LEASES('15m', SECOND_LEASE))]);
    clock.advance(601_000); // desk-phone (600 s) has expired
    const path = s.file('leases.yaml', LEASES());
    const before = (await s.client.proxyStats()).total;
    const plan = await s.run(['plan', path, '--detailed-exitcode']);
    expect(plan.code).toBe(0);
    expect(plan.stdout).toMatch(/Lease "desk-phone" expired by itself; it is dropped from the state without a request/);
    const apply = await s.run(['apply', path, '--auto-approve']);
    expect(apply.code).toBe(0);
    expect((await s.client.proxyStats()).total - before).toBe(1); // only this stats request reached the platform
    expect(Object.keys(state(s).leases)).toEqual(['ci-softphone']);
  });

  it('waits for the state lock, fails naming the holder, and takes over the lock of a dead process', async () => {
    const s = await scenario();
    const path = s.file('leases.yaml', LEASES());
    await s.converge([path]);
    const lockFile = join(s.dir, '.dsipform', 'state.json.lock');
    // A real second process holds the lock while it lives.
    const holder = spawn(
      process.execPath,
      [
        '-e',
        `require('fs').writeFileSync(${JSON.stringify(lockFile)}, JSON.stringify({pid: process.pid, hostname: ${JSON.stringify(hostname())}, command: 'dsipform apply (other pipeline)', started_at: new Date().toISOString()}), {flag: 'wx', mode: 0o600}); console.log('held'); setInterval(() => {}, 1000)`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await once(holder.stdout, 'data');
    const blocked = await s.run(['apply', path, '--auto-approve', '--lock-timeout', '1']);
    expect(blocked.code).toBe(1);
    expect(blocked.stderr).toContain(`pid ${holder.pid}`);
    expect(blocked.stderr).toContain('dsipform apply (other pipeline)');
    // The hint is true: a live holder is waited for; a dead one's lock is taken over (below), never removed by hand.
    expect(blocked.stderr).toContain(
      `hint: wait for pid ${holder.pid} to finish (or stop it) and run again, or give a longer --lock-timeout; the lock of a process that has died is taken over automatically, so never remove ${lockFile} by hand`,
    );
    holder.kill('SIGKILL');
    await once(holder, 'exit');
    const after = await s.run(['apply', path, '--auto-approve', '--lock-timeout', '1']);
    expect(after.code, after.stderr).toBe(0);
    expect(existsSync(lockFile)).toBe(false);
  });

  it('keeps a lease obtained right before a crash (SIGKILL just after the platform answered)', async () => {
    const s = await scenario();
    const path = s.file('leases.yaml', LEASES('15m', SECOND_LEASE));
    const child = spawn(process.execPath, [CLI, 'apply', path, '--auto-approve', '--parallelism', '1'], {
      env: { PATH: process.env.PATH, ...s.env, DSIPFORM_CRASH_AT: 'lease-recorded' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const [, signal] = (await once(child, 'exit')) as [number | null, string | null];
    expect(signal).toBe('SIGKILL');
    const recorded = Object.values(state(s).leases);
    expect(recorded).toHaveLength(1); // the one the platform returned before the crash
    const second = await s.run(['apply', path, '--auto-approve']); // takes over the dead process's lock
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/Apply complete: 1 applied/); // only the missing lease
    const ids = Object.values(state(s).leases)
      .map((l) => l.lease_id)
      .sort();
    expect(ids).toEqual([1, 2]); // nothing obtained twice, nothing forgotten
    expect((await s.run(['plan', path, '--detailed-exitcode'])).code).toBe(0);
  });

  it('refuses a corrupt state file clearly, never resetting it', async () => {
    const s = await scenario();
    const path = s.file('leases.yaml', LEASES());
    await s.converge([path]);
    const file = join(s.dir, '.dsipform', 'state.json');
    writeFileSync(file, '{"format_version": 1, "leases": {"x": ');
    const r = await s.run(['plan', path]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(file);
    expect(readFileSync(file, 'utf8')).toBe('{"format_version": 1, "leases": {"x": ');
  });
});

describe('scenario: using the credentials', () => {
  it('prints them as a table, JSON, or shell-safe export lines, and warns about expired ones', async () => {
    const clock = manualClock();
    const s = await scenario({ now: clock.now });
    const path = s.file('leases.yaml', LEASES('15m', SECOND_LEASE));
    await s.converge([path]);
    const recs = state(s).leases;
    const table = await s.run(['output', 'leases', path]);
    expect(table.stdout.split('\n')[0]).toMatch(/^name +lease_id +username +password +domain +expires_at +status +target$/);
    expect(table.stdout).toContain(recs['ci-softphone']!.password);
    const env = await s.run(['output', 'leases', '--format', 'env', path]);
    const child = spawn('bash', ['-c', 'eval "$(cat)"; printf %s "$DSIP_LEASE_CI_SOFTPHONE_PASSWORD"'], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    child.stdin.end(env.stdout);
    let echoed = '';
    child.stdout.on('data', (d: Buffer) => (echoed += d.toString()));
    await once(child, 'exit');
    expect(echoed).toBe(recs['ci-softphone']!.password);
    clock.advance(601_000);
    const later = await s.run(['output', 'leases', '--format', 'json', path]);
    expect(later.stderr).toMatch(/warning: lease "desk-phone" \(lease \d+\) expired at/);
    expect(JSON.parse(later.stdout).map((r: { name: string; expired: boolean }) => [r.name, r.expired])).toEqual([
      ['ci-softphone', false],
      ['desk-phone', true],
    ]);
    expect((await s.run(['output', 'leases', '--format', 'env', path])).stdout).not.toContain('DESK_PHONE');
  });

  it('obtains and revokes one-off leases by hand; plans leave them alone', async () => {
    const s = await scenario();
    const stateFile = join(s.dir, '.dsipform', 'state.json');
    const got = await s.run(['lease', 'obtain', '--email', 'me@example.com', '--ttl', '5m', '--state', stateFile]);
    expect(got.code, got.stderr).toBe(0);
    // The deployed platform (DSIPFORM_TEST_PROFILE=current) draws the name: lease<1-200>.
    expect(got.stdout).toMatch(/Obtained lease 1 as "lease-1": username lease\d+, .*password \(sensitive\)/);
    expect(state(s).leases['lease-1']).toMatchObject({ source: 'cli', ttl: 300 });
    const files = s.file('leases.yaml', 'version: 1\nendpoint_leases: []\n');
    expect((await s.run(['plan', files, '--detailed-exitcode'])).code).toBe(0);
    const revoked = await s.run(['lease', 'revoke', '1', '--state', stateFile]);
    expect(revoked.stdout).toMatch(/Revoked lease 1 and removed "lease-1"/);
    expect(state(s).leases).toEqual({});
    expect((await s.run(['lease', 'revoke', '1', '--state', stateFile])).stdout).toMatch(/already revoked or expired/);
  });
});

describe('lease obtain input', () => {
  it.each([
    [['--email', 'ops@example', '--ttl', '5m'], /--email: address "ops@example" needs a domain with a dot/],
    [['--email', 'ops@example.com', '--ttl', '0'], /--ttl "0" is not a positive duration/],
  ])('refuses %j before any request', async (args, message) => {
    const s = await scenario();
    const r = await s.run(['lease', 'obtain', ...args, '--state', join(s.dir, 's.json')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(message);
    expect(existsSync(join(s.dir, 's.json'))).toBe(false);
  });
});
