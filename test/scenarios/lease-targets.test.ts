import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI } from '../helpers/cli.js';
import { manualClock } from '../helpers/emulator.js';
import { scenario, type Scenario } from '../helpers/scenario.js';

const LEASE = `version: 1
endpoint_leases:
  - name: ci-softphone
    email: ops@example.com
    ttl: 15m
`;

interface Recorded {
  name: string;
  lease_id: number;
  target: string | null;
}
interface StateText {
  format_version: number;
  leases: Recorded[];
  obtaining?: { email: string; ttl: number; expires_by: string }[];
}

function readStateFile(s: Scenario): StateText {
  return JSON.parse(readFileSync(join(s.dir, '.dsipform', 'state.json'), 'utf8')) as StateText;
}

/** The flags of a run against the built-in emulator, whatever DSIP_URL the scenario sets. */
const EMULATOR_ENV = { DSIP_URL: '', DSIP_TOKEN: '' };

describe('leases are bound to the platform they came from', () => {
  it('a lease obtained with --emulator is never held, renewed or revoked against another platform', async () => {
    const s = await scenario();
    const path = s.file('leases.yaml', LEASE);
    const data = join(s.dir, 'emu.json');
    const emuApply = await s.run(['apply', path, '--auto-approve', '--emulator', '--emulator-data', data], { env: EMULATOR_ENV });
    expect(emuApply.code, emuApply.stderr).toBe(0);
    expect(readStateFile(s).leases).toEqual([expect.objectContaining({ name: 'ci-softphone', lease_id: 1, target: `emulator:${data}` })]);

    // Someone else holds lease 1 on the other platform: the same id, not ours.
    const theirs = await s.client.obtainLease({ email: 'someone@example.com', ttl: 900 });
    expect(theirs.leaseid).toBe(1);

    const plan = await s.run(['plan', path]);
    expect(plan.stdout).toMatch(/endpoint_lease "ci-softphone" will be obtained/);
    expect(plan.stdout).not.toMatch(/revoke/);
    const destroy = await s.run(['destroy', path, '--auto-approve']);
    expect(destroy.code, destroy.stderr).toBe(0);
    expect(destroy.stdout).not.toMatch(/revoke/);
    await s.client.revokeLease(1); // still live: the destroy never touched it

    // The emulator's own lease is still recorded, and a run against the emulator still holds it.
    expect(readStateFile(s).leases.map((r) => r.target)).toEqual([`emulator:${data}`]);
    const again = await s.run(['plan', path, '--detailed-exitcode', '--emulator', '--emulator-data', data], { env: EMULATOR_ENV });
    expect(again.code, again.stdout + again.stderr).toBe(0);
  });

  it('one state file holds a lease of the same name for two platforms; output leases shows each target', async () => {
    const s = await scenario();
    const path = s.file('leases.yaml', LEASE);
    expect((await s.run(['apply', path, '--auto-approve', '--emulator'], { env: EMULATOR_ENV })).code).toBe(0);
    await s.converge([path]);
    expect(readStateFile(s).leases.map((r) => [r.name, r.target])).toEqual([
      ['ci-softphone', 'emulator:(in memory)'],
      ['ci-softphone', s.emu.url],
    ]);
    const table = await s.run(['output', 'leases', path]);
    expect(table.stdout.split('\n')[0]).toMatch(/ +status +target$/);
    expect(table.stdout).toMatch(/ ok +emulator:\(in memory\)\n/);
    expect(table.stdout).toContain(` ok      ${s.emu.url}\n`);
    const json = JSON.parse((await s.run(['output', 'leases', path, '--format', 'json'])).stdout) as Recorded[];
    expect(json.map((r) => r.target)).toEqual(['emulator:(in memory)', s.emu.url]);
    const clash = await s.run(['output', 'leases', path, '--format', 'env']);
    expect(clash.code).toBe(1);
    expect(clash.stderr).toContain('hint: The state holds leases of this name for several targets: choose one with --target TARGET.');
    const one = await s.run(['output', 'leases', path, '--format', 'env', '--target', s.emu.url]);
    expect(one.code, one.stderr).toBe(0);
    expect(one.stdout.match(/^export DSIP_LEASE_CI_SOFTPHONE_ID='(\d+)'$/m)?.[1]).toBe('1');
  });

  it('reads a state file of format 1: its leases belong to an unknown platform, are never revoked, and are explained', async () => {
    const clock = manualClock();
    const s = await scenario({ now: clock.now });
    const path = s.file('leases.yaml', 'version: 1\nendpoint_leases: []\n');
    const file = join(s.dir, '.dsipform', 'state.json');
    const old = await s.client.obtainLease({ email: 'ops@example.com', ttl: 900 });
    const at = new Date(clock.now()).toISOString();
    const until = new Date(clock.now() + 900_000).toISOString();
    const record = {
      name: 'ci-softphone',
      lease_id: old.leaseid,
      username: old.username,
      domain: old.domain,
      password: old.password,
      email: 'ops@example.com',
      ttl: 900,
      obtained_at: at,
      expires_at: until,
      source: 'files',
    };
    mkdirSync(join(s.dir, '.dsipform'), { mode: 0o700 });
    writeFileSync(file, JSON.stringify({ format_version: 1, leases: { 'ci-softphone': record } }), { mode: 0o600 });

    const plan = await s.run(['plan', path, '--detailed-exitcode']);
    expect(plan.code, plan.stdout + plan.stderr).toBe(0); // not held here: nothing to revoke
    expect(plan.stderr).toContain(
      `warning: ${file} holds a lease recorded before dsipform noted which platform a lease came from: "ci-softphone" (lease ${old.leaseid}). No plan renews or revokes it; to revoke one, run dsipform lease revoke ID against the platform it came from`,
    );
    expect((await s.run(['destroy', path, '--auto-approve'])).code).toBe(0);
    expect((await s.run(['output', 'leases', path])).stdout).toMatch(/ ok +\(unknown\)\n/);

    const revoked = await s.run(['lease', 'revoke', String(old.leaseid), '--state', file]);
    expect(revoked.stdout).toBe(`Revoked lease ${old.leaseid} and removed "ci-softphone" from ${file}.\n`);
    expect(readStateFile(s)).toEqual({ format_version: 2, leases: [] });
  });
});

describe('an obtain in flight when the process dies', () => {
  const note = (expiresBy: string) => ({
    id: 'a1b2c3',
    target: 'https://dsip.example.com',
    email: 'ops@example.com',
    ttl: 900,
    started_at: '2030-01-01T00:00:00.000Z',
    expires_by: expiresBy,
  });

  it('is reported by the next run (as a killed process leaves it), until that lease has certainly expired', async () => {
    const clock = manualClock(Date.parse('2030-01-01T00:05:00.000Z'));
    const s = await scenario({ now: clock.now });
    const path = s.file('leases.yaml', LEASE);
    mkdirSync(join(s.dir, '.dsipform'), { mode: 0o700 });
    writeFileSync(
      join(s.dir, '.dsipform', 'state.json'),
      JSON.stringify({ format_version: 2, leases: [], obtaining: [note('2030-01-01T00:25:00.000Z')] }),
      { mode: 0o600 },
    );
    const message =
      'warning: 1 lease may have been obtained from https://dsip.example.com and not recorded (ops@example.com, expires by 2030-01-01T00:25:00.000Z): a run lost the answer to its obtain, or was stopped while waiting for it.';
    expect((await s.run(['plan', path])).stderr).toContain(message);
    expect((await s.run(['output', 'leases', path])).stderr).toContain(message);
    const apply = await s.run(['apply', path, '--auto-approve']);
    expect(apply.stderr).toContain(message);
    expect(readStateFile(s).obtaining).toHaveLength(1); // kept: the next run must still be told
    clock.advance(20 * 60_000 + 1);
    expect((await s.run(['plan', path])).stderr).not.toContain('may have been obtained');
    const renew = s.file('leases.yaml', LEASE.replace('15m', '30m'));
    expect((await s.run(['apply', renew, '--auto-approve'])).code).toBe(0);
    expect(readStateFile(s).obtaining).toBeUndefined(); // the next write dropped the lapsed note
  });

  it('a real kill -9 between the note and the request leaves the note; a normal obtain leaves none', async () => {
    const s = await scenario();
    const path = s.file('leases.yaml', LEASE);
    const child = spawn(process.execPath, [CLI, 'apply', path, '--auto-approve'], {
      env: { PATH: process.env.PATH, ...s.env, DSIPFORM_CRASH_AT: 'lease-requested' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const [, signal] = (await once(child, 'exit')) as [number | null, string | null];
    expect(signal).toBe('SIGKILL');
    expect(readStateFile(s)).toMatchObject({ leases: [], obtaining: [{ email: 'ops@example.com', ttl: 900 }] });
    const expiresBy = readStateFile(s).obtaining![0]!.expires_by;
    const next = await s.run(['apply', path, '--auto-approve']);
    expect(next.code, next.stderr).toBe(0);
    expect(next.stderr).toContain(
      `warning: 1 lease may have been obtained from ${s.emu.url} and not recorded (ops@example.com, expires by ${expiresBy})`,
    );
    expect(readStateFile(s).obtaining).toHaveLength(1); // the dead run's note, still true
    expect(readStateFile(s).leases).toHaveLength(1); // this run's obtain left no note of its own

    const other = await scenario();
    const got = await other.run(['lease', 'obtain', '--email', 'me@example.com', '--ttl', '5m', '--state', join(other.dir, 's.json')]);
    expect(got.code, got.stderr).toBe(0);
    expect(Object.keys(JSON.parse(readFileSync(join(other.dir, 's.json'), 'utf8')))).toEqual(['format_version', 'leases']);
  });

  it('a refused obtain (4xx) certainly issued nothing: its note is removed', async () => {
    const s = await scenario();
    const file = join(s.dir, 's.json');
    // A wrong token: the platform answers 401, so no lease was issued.
    const r = await s.run(['lease', 'obtain', '--email', 'me@example.com', '--ttl', '5m', '--state', file], {
      env: { DSIP_TOKEN: 'wrong-token' },
    });
    expect(r.code).toBe(1);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ format_version: 2, leases: [] });
  });
});
