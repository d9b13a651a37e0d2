import { mkdtempSync, writeFileSync } from 'node:fs';
import { passwordGroupFile } from '../helpers/password-group.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFile } from '../../src/config/check-file.js';
import { formatIssue, loadWith, type LoadResult } from '../../src/config/index.js';
import { fileValidator } from '../../src/config/schema.js';

/*
 * A carrier group's password is needed only by the commands that send it: a file naming an unset
 * variable there loads (validate, plan, route, routes, test need no dummy), without the value and
 * with the variable and where the file names it. Every other `${NAME}` is resolved at load, as it
 * always was, and an unset one is an issue. The fast reader and the YAML parser agree on all of it.
 */

const dir = mkdtempSync(join(tmpdir(), 'dsipform-password-variables-'));
let n = 0;

function fileOf(text: string, ext = 'yaml'): string {
  const file = join(dir, `case-${n++}.${ext}`);
  writeFileSync(file, text);
  return file;
}

/** Loads with both readers; they must agree. */
async function loadBoth(text: string, env: NodeJS.ProcessEnv, ext = 'yaml'): Promise<{ file: string; result: LoadResult }> {
  const file = fileOf(text, ext);
  const fast = await loadWith([file], { env }, 'fast');
  const yaml = await loadWith([file], { env }, 'yaml');
  expect(fast).toStrictEqual(yaml);
  return { file, result: fast };
}

const group = passwordGroupFile;

function authOf(result: LoadResult): unknown {
  if (!result.ok) throw new Error(result.issues.map(formatIssue).join('\n'));
  return result.desired.carrier_groups?.[0]?.auth;
}

describe('a carrier password variable is read where the password is sent', () => {
  it.each([
    ['unset', {}],
    ['empty', { TELNYX_PASSWORD: '' }],
  ])('%s: the file loads, with the variable and its place and no password', async (_, env) => {
    const { file, result } = await loadBoth(group('${TELNYX_PASSWORD}'), env);
    expect(authOf(result)).toEqual({
      type: 'userpwd',
      auth_username: 'acme',
      password_env: 'TELNYX_PASSWORD',
      password_origin: { file, line: 10, col: 22 },
    });
  });

  it('set: the value is loaded as before, with the variable and its place', async () => {
    const { file, result } = await loadBoth(group('"${TELNYX_PASSWORD}"'), { TELNYX_PASSWORD: 'pw-1' });
    expect(authOf(result)).toEqual({
      type: 'userpwd',
      auth_username: 'acme',
      auth_password: 'pw-1',
      password_env: 'TELNYX_PASSWORD',
      password_origin: { file, line: 10, col: 22 },
    });
  });

  it('a JSON file and an aliased auth are read the same way', async () => {
    const json = JSON.stringify({
      version: 1,
      carrier_groups: [{ name: 'J', endpoints: [], auth: { type: 'userpwd', auth_username: 'a', auth_password: '${J_PW}' } }],
    });
    const { result } = await loadBoth(json, {}, 'json');
    expect(authOf(result)).toMatchObject({ password_env: 'J_PW', password_origin: { line: 1 } });
    expect(authOf(result)).not.toHaveProperty('auth_password');
    const aliased = `version: 1
carrier_groups:
  - name: A
    lb_enabled: false
    endpoints: []
    auth: &shared {type: userpwd, auth_username: a, auth_password: "\${SHARED_PW}"}
  - name: B
    lb_enabled: false
    endpoints: []
    auth: *shared
`;
    const loaded = (await loadBoth(aliased, {})).result;
    if (!loaded.ok) throw new Error(loaded.issues.map(formatIssue).join('\n'));
    for (const g of loaded.desired.carrier_groups ?? []) {
      expect(g.auth).toMatchObject({ type: 'userpwd', password_env: 'SHARED_PW' });
      expect(g.auth).not.toHaveProperty('auth_password');
    }
  });

  it.each([
    ['a DID', 'inbound_mappings:\n  - {did: "${MY_DID}", servers: ["66"]}\n', 'inbound_mappings[0].did uses ${MY_DID}'],
    ['a username', '', 'carrier_groups[0].auth.auth_username uses ${ACME_USER}'],
    ['a password with text around the variable', '', 'carrier_groups[0].auth.auth_password uses ${PW}'],
  ])('other variables are still resolved at load: %s unset is an issue', async (what, extra, message) => {
    let text = group('${TELNYX_PASSWORD}', extra);
    if (what === 'a username') text = text.replace('auth_username: acme', 'auth_username: ${ACME_USER}');
    if (what === 'a password with text around the variable') text = group('"x${PW}"');
    const { result } = await loadBoth(text, {});
    expect(result.ok).toBe(false);
    const heads = result.ok ? [] : result.issues.map((i) => i.message);
    expect(heads).toEqual([expect.stringContaining(message)]);
  });

  it('stays on the fast path, placing the password as the YAML parser does', async () => {
    const validate = await fileValidator();
    const text = group('${TELNYX_PASSWORD}');
    const fast = checkFile('case.yaml', text, {}, validate, 'fast');
    const slow = checkFile('case.yaml', text, {}, validate, 'yaml');
    expect(fast.via).toBe('fast');
    expect(fast.issues).toEqual([]);
    const path = ['carrier_groups', 0, 'auth', 'auth_password'];
    expect(fast.file?.locate(path, false)).toEqual(slow.file?.locate(path, false));
    expect([...(fast.file?.data.deferred ?? [])]).toEqual([['["carrier_groups",0,"auth","auth_password"]', 'TELNYX_PASSWORD']]);
  });
});
