import { describe, expect, it } from 'vitest';
import type { CarrierGroup } from '../../src/model/carrier-group.js';
import type { DesiredCarrierGroup, DesiredState } from '../../src/model/desired.js';
import type { CarrierGroupChange } from '../../src/model/kinds/carrier-group/change.js';
import type { Plan } from '../../src/model/plan.js';
import { buildPlan } from '../../src/plan/build-plan.js';
import { passwordKey, type PasswordCheck } from '../../src/model/kind-spec.js';
import { matchesDigest, passwordDigest } from '../../src/plan/password-digest.js';
import { passwordChecks } from '../../src/plan/password-checks.js';
import { renderPlanText } from '../../src/render/plan-text.js';
import { desired } from './builders.js';

/*
 * The platform never shows a carrier group's password, so a plan compares the files' password with
 * a digest of the one dsipform last sent (kept in the state): a different one is an update that
 * says the password changes, never what to; without a record, or without the value, the plan says
 * what it could not compare.
 */

const endpoints = [{ name: 'gw1', hostname: 'gw1.example.com:5060', strip: 0, prefix: '', weight: 1 }];
const AUTH = { type: 'userpwd', auth_username: 'acme', password_env: 'ACME_PW' } as const;

function state(auth: DesiredCarrierGroup['auth']): DesiredState {
  return { ...desired({}), carrier_groups: [{ name: 'Acme', lb_enabled: false, endpoints, ...(auth ? { auth } : {}) }] };
}

const live: CarrierGroup = {
  gwgroupid: 7,
  name: 'Acme',
  lb_enabled: false,
  endpoints,
  gwids: [70],
  unreadable: ['lb_enabled', 'auth'],
};

function plan(check: PasswordCheck | undefined, auth: DesiredCarrierGroup['auth'] = { ...AUTH, auth_password: 'pw' }): Plan {
  const passwords = check ? new Map([[passwordKey('carrier_group', 'Acme'), check]]) : undefined;
  const result = buildPlan({
    desired: state(auth),
    live: { carrier_groups: [live] },
    target: 't',
    now: 0,
    ...(passwords ? { passwords } : {}),
  });
  if (!result.ok) throw new Error(result.issues.map((i) => i.message).join('\n'));
  return result.plan;
}

describe('a carrier password compared as a secret', () => {
  it('changed: an update of the auth alone, saying it changes and never to what', () => {
    const p = plan('changes');
    expect(p.changes).toHaveLength(1);
    const change = p.changes[0] as CarrierGroupChange & { action: 'update' };
    expect(change.action).toBe('update');
    expect(change.fields).toEqual(['lb_enabled', 'auth']);
    expect(change.after.auth).toEqual({ ...AUTH, password_state: 'changes' });
    const text = renderPlanText(p, { color: false });
    expect(text).toContain('auth_password: (sensitive) from ${ACME_PW}: changes}');
    expect(JSON.stringify(p)).not.toContain('"pw"');
  });

  it.each([
    ['the same password', 'same' as const, []],
    ['no check (no state given)', undefined, []],
    [
      'no record of the one sent',
      'unrecorded' as const,
      [
        'Carrier group "Acme": no record here of the password dsipform last sent it (the platform never shows one), so whether the password from ${ACME_PW} changed is not known; it is sent, and recorded in the state, with the group\'s next change.',
      ],
    ],
  ])('%s: no change', (_, check, notes) => {
    const p = plan(check);
    expect(p.changes).toEqual([]);
    expect(p.notes).toEqual(notes);
  });

  it('the variable not set here: no change, and a note that nothing was compared, with where the files name it', () => {
    const origin = { file: 'groups.yaml', line: 9, col: 22 };
    const p = plan(undefined, { ...AUTH, password_origin: origin });
    expect(p.changes).toEqual([]);
    expect(p.notes).toEqual([
      'Carrier group "Acme": its password comes from ${ACME_PW} (groups.yaml:9:22), which is not set here, so this plan did not compare it; the apply of a change to the group reads it.',
    ]);
  });
});

describe('the digest of a password sent', () => {
  it('matches its password only, with a fresh salt each time, and never holds the password', async () => {
    const [a, b] = await Promise.all([passwordDigest('Pw-1'), passwordDigest('Pw-1')]);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt:16384:8:1:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+$/);
    expect(a).not.toContain('Pw-1');
    expect(await matchesDigest('Pw-1', a)).toBe(true);
    expect(await matchesDigest('Pw-1', b)).toBe(true);
    expect(await matchesDigest('Pw-2', a)).toBe(false);
    expect(await matchesDigest('Pw-1', 'scrypt:16384:8:1:AAAA:AAAA')).toBe(false);
    expect(await matchesDigest('Pw-1', 'md5:whatever')).toBe(false);
  });

  it('passwordChecks: same, changes or unrecorded by the live group the name pairs with; none without a known password', async () => {
    const digest = await passwordDigest('old');
    const records = [{ target: 't', gwgroupid: 7, digest }];
    const withPassword = (pw: string): DesiredState => state({ ...AUTH, auth_password: pw });
    const liveState = { carrier_groups: [live] };
    const key = passwordKey('carrier_group', 'Acme');
    expect([...(await passwordChecks(withPassword('old').carrier_groups ?? [], liveState, records))]).toEqual([[key, 'same']]);
    expect([...(await passwordChecks(withPassword('new').carrier_groups ?? [], liveState, records))]).toEqual([[key, 'changes']]);
    expect([...(await passwordChecks(withPassword('new').carrier_groups ?? [], liveState, []))]).toEqual([[key, 'unrecorded']]);
    expect([...(await passwordChecks(state(AUTH).carrier_groups ?? [], liveState, records))]).toEqual([]);
    expect([...(await passwordChecks(withPassword('new').carrier_groups ?? [], { carrier_groups: [] }, records))]).toEqual([]);
  });
});
