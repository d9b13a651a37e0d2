import { mkdtempSync, readFileSync } from 'node:fs';
import { passwordGroupFile } from '../helpers/password-group.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scenario } from '../helpers/scenario.js';

/*
 * The platform never shows a carrier group's password. Each apply that sends one records a salted
 * digest of it in the state, and a plan made where the variable is set compares the files'
 * password with it: a password rotated alone is an update that says it changes, never to what.
 * Where the variable is not set, or nothing was recorded, the plan says what it could not compare.
 */

const FILE = passwordGroupFile();
const FIRST = 'Tx-first-3b8e1a';
const SECOND = 'Tx-second-9c47d2';

function held(dataFile: string): unknown {
  const data = JSON.parse(readFileSync(dataFile, 'utf8')) as {
    groups: { groups: { name: string; registration: { auth_password: string } | null }[] };
  };
  return data.groups.groups.find((g) => g.name === 'Telnyx')?.registration?.auth_password;
}

describe('a carrier password rotated alone', () => {
  it('is an update in a plan made with it set, applied, recorded as a digest; not compared where unset', async () => {
    const dataFile = join(mkdtempSync(join(tmpdir(), 'dsipform-password-changes-')), 'emulator.json');
    const s = await scenario({ empty: true, dataFile });
    const printed: string[] = [];
    const run = async (args: string[], env: NodeJS.ProcessEnv = {}) => {
      const r = await s.run(args, { env });
      printed.push(r.stdout, r.stderr);
      return r;
    };
    const f = s.file('g.yaml', FILE);
    const state = join(s.dir, '.dsipform', 'state.json');
    expect((await run(['apply', f, '--auto-approve'], { TELNYX_PASSWORD: FIRST })).code).toBe(0);
    expect(held(dataFile)).toBe(FIRST);
    const recorded = readFileSync(state, 'utf8');
    expect(JSON.parse(recorded)).toMatchObject({ carrier_passwords: [{ gwgroupid: 1, digest: expect.stringMatching(/^scrypt:/) }] });

    const same = await run(['plan', f, '--detailed-exitcode'], { TELNYX_PASSWORD: FIRST });
    expect(same.code, same.stdout).toBe(0);
    const rotated = await run(['plan', f, '--detailed-exitcode'], { TELNYX_PASSWORD: SECOND });
    expect(rotated.code, rotated.stdout).toBe(2);
    expect(rotated.stdout).toContain('~ carrier_group "Telnyx"');
    expect(rotated.stdout).toContain('auth_password: (sensitive) from ${TELNYX_PASSWORD}: changes}');
    expect(rotated.stdout).toContain('Plan: 0 to create, 1 to update, 0 to delete.');
    // Without the value, the plan cannot tell, and says so rather than "No changes" alone.
    const unset = await run(['plan', f, '--detailed-exitcode']);
    expect(unset.code).toBe(0);
    expect(unset.stdout).toContain('which is not set here, so this plan did not compare it');
    const drift = await run(['drift', f], { TELNYX_PASSWORD: SECOND });
    expect(drift.code, drift.stdout).toBe(2);

    expect((await run(['apply', f, '--auto-approve'], { TELNYX_PASSWORD: SECOND })).code).toBe(0);
    expect(held(dataFile)).toBe(SECOND);
    const after = await run(['plan', f, '--detailed-exitcode'], { TELNYX_PASSWORD: SECOND });
    expect(after.code, after.stdout).toBe(0);
    expect(readFileSync(state, 'utf8')).not.toBe(recorded);

    // A group dsipform did not write (its record gone): the plan cannot tell, and says so.
    const other = join(s.dir, 'other-state.json');
    const unknown = await run(['plan', f, '--detailed-exitcode', '--state', other], { TELNYX_PASSWORD: FIRST });
    expect(unknown.code).toBe(0);
    expect(unknown.stdout).toContain('no record here of the password dsipform last sent it');

    // destroy forgets the group's record with the group.
    expect((await run(['destroy', f, '--auto-approve'])).code).toBe(0);
    expect(JSON.parse(readFileSync(state, 'utf8'))).not.toHaveProperty('carrier_passwords');
    for (const text of [...printed, readFileSync(state, 'utf8')]) {
      expect(text).not.toContain(FIRST);
      expect(text).not.toContain(SECOND);
    }
  });

  it('a plan saved without the value applies where it is set and records the password in the state the plan read', async () => {
    const s = await scenario({ empty: true });
    const f = s.file('g.yaml', FILE);
    const saved = join(s.dir, 'plan.json');
    expect((await s.run(['plan', f, '--out', saved])).code).toBe(0);
    expect((await s.run(['apply', '--plan', saved, '--auto-approve'], { env: { TELNYX_PASSWORD: FIRST } })).code).toBe(0);
    const state = JSON.parse(readFileSync(join(s.dir, '.dsipform', 'state.json'), 'utf8')) as { carrier_passwords?: unknown[] };
    expect(state.carrier_passwords).toHaveLength(1);
    const rotated = await s.run(['plan', f, '--detailed-exitcode'], { env: { TELNYX_PASSWORD: SECOND } });
    expect(rotated.code, rotated.stdout).toBe(2);
  });
});
