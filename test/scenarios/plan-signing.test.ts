import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checksumOf } from '../../src/plan/checksum.js';
import { renderPlanJson } from '../../src/render/plan-json.js';
import type { SavedPlan } from '../../src/model/plan.js';
import { scenario, type Scenario } from '../helpers/scenario.js';

const FILE = 'version: 1\ninbound_mappings:\n  - did: "1"\n    servers: ["1"]\n';
const KEY = 'k3y-0f-the-plan-and-apply-jobs-7f2c9a';
const OTHER_KEY = 'another-key-of-32-bytes-000000000';

/** Plans FILE to `plan.json` with the given environment and extra flags; returns the file's path. */
async function planTo(s: Scenario, env: NodeJS.ProcessEnv = {}, extra: string[] = []): Promise<string> {
  const out = join(s.dir, 'plan.json');
  const r = await s.run(['plan', s.file('m.yaml', FILE), '--out', out, ...extra], { env });
  expect(r.code, r.stderr).toBe(0);
  return out;
}

/** A key file as it must be kept: private to the user (group and others have no access). */
function keyFileOf(s: Scenario, text: string): string {
  const file = s.file('plan.key', text);
  chmodSync(file, 0o600);
  return file;
}

function applySaved(s: Scenario, out: string, env: NodeJS.ProcessEnv = {}, extra: string[] = []) {
  return s.run(['apply', '--plan', out, '--auto-approve', ...extra], { env });
}

describe('scenario: signed saved plans (--sign-key-file, DSIPFORM_PLAN_KEY)', () => {
  it('signs with the key from the variable, applies with the same key from a file', async () => {
    const s = await scenario();
    const out = await planTo(s, { DSIPFORM_PLAN_KEY: KEY });
    const saved = JSON.parse(readFileSync(out, 'utf8')) as SavedPlan;
    expect(saved.signature).toMatch(/^hmac-sha256:[0-9a-f]{64}$/);
    const keyFile = keyFileOf(s, `${KEY}\n`);
    const r = await applySaved(s, out, {}, ['--sign-key-file', keyFile]);
    expect(r.code, r.stderr).toBe(0);
    expect((await s.client.listInboundMappings()).map((m) => m.did)).toEqual(['1']);
    expect(r.stdout + r.stderr).not.toContain(KEY);
  });

  it('refuses an unsigned plan when a key is given (PLAN_UNSIGNED)', async () => {
    const s = await scenario();
    const out = await planTo(s);
    const r = await applySaved(s, out, { DSIPFORM_PLAN_KEY: KEY });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `error (PLAN_UNSIGNED): ${out} is not signed, and a signing key was given: only a plan signed with that key is applied`,
    );
    expect(await s.client.listInboundMappings()).toEqual([]);
  });

  it('refuses a plan signed with another key, and one edited with its checksum computed anew (PLAN_SIGNATURE_MISMATCH)', async () => {
    const s = await scenario();
    const out = await planTo(s, { DSIPFORM_PLAN_KEY: OTHER_KEY });
    const other = await applySaved(s, out, { DSIPFORM_PLAN_KEY: KEY });
    expect(other.code).toBe(1);
    expect(other.stderr).toContain(`error (PLAN_SIGNATURE_MISMATCH): ${out} has a signature that the given key did not make`);

    await planTo(s, { DSIPFORM_PLAN_KEY: KEY });
    // What someone who can write the file but has no key does: edit, recompute the unkeyed checksum.
    const { checksum: _c, signature, ...plan } = JSON.parse(readFileSync(out, 'utf8')) as SavedPlan;
    const edited = { ...plan, changes: plan.changes.map((c) => ({ ...c, after: { did: '1', servers: ['99'], notes: '' } })) };
    writeFileSync(
      out,
      renderPlanJson({ ...(edited as unknown as SavedPlan), checksum: checksumOf(edited), ...(signature ? { signature } : {}) }),
    );
    const forged = await applySaved(s, out, { DSIPFORM_PLAN_KEY: KEY });
    expect(forged.code).toBe(1);
    expect(forged.stderr).toMatch(/has a signature that the given key did not make: the plan was changed after it was signed/);
    expect(forged.stderr + forged.stdout).not.toContain(KEY);
    expect(await s.client.listInboundMappings()).toEqual([]);
  });

  it('applies a signed plan without a key, warning that the signature was not checked', async () => {
    const s = await scenario();
    const out = await planTo(s, { DSIPFORM_PLAN_KEY: KEY });
    const r = await applySaved(s, out);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`warning: ${out} is signed, but no key was given`);
  });

  it.each([
    ['an empty key file', '', 'is empty'],
    ['a short key file', 'short\n', 'is too short (5 bytes)'],
  ])('refuses %s before reading the platform (PLAN_KEY_INVALID)', async (_case, text, why) => {
    const s = await scenario();
    const keyFile = keyFileOf(s, text);
    const r = await s.run(['plan', s.file('m.yaml', FILE), '--out', join(s.dir, 'plan.json'), '--sign-key-file', keyFile]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`error (PLAN_KEY_INVALID): the plan signing key from ${keyFile} ${why}: it must have at least 16 bytes`);
    expect(r.stderr).toMatch(/hint: Make a key once with: openssl rand -hex 32/);
  });
});
