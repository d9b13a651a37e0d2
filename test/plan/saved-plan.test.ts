import { describe, expect, it } from 'vitest';
import { DsipformError } from '../../src/model/errors.js';
import type { SavedPlan } from '../../src/model/plan.js';
import { savePlan } from '../../src/plan/build-plan.js';
import { checksumOf } from '../../src/plan/checksum.js';
import { checkPlanKey, signPlan } from '../../src/plan/plan-signature.js';
import { parseSavedPlan } from '../../src/plan/saved-plan.js';
import { renderPlanJson } from '../../src/render/plan-json.js';
import type { Plan } from '../../src/model/plan.js';
import { bigPlan, EMPTY_PLAN, MIXED_PLAN as MIXED_FIXTURE } from '../render/fixtures.js';

/** A fixture with the live checksum a real plan has (`sha256:` and 64 hex digits). */
const real = (plan: Plan): Plan => ({ ...plan, live_checksum: `sha256:${plan.live_checksum}` });
const MIXED_PLAN = real(MIXED_FIXTURE);

type Json = Record<string, unknown>;

/** The plan file `plan --out` writes for a plan. */
const fileOf = (saved: SavedPlan): string => renderPlanJson(saved);

/** An edit of a saved plan, its checksum computed anew (as anyone who can write the file can). */
function forged(edit: (plan: Json & { changes: Json[] }) => void, from = MIXED_PLAN): string {
  const plan = structuredClone(from) as unknown as Json & { changes: Json[] };
  edit(plan);
  return fileOf({ ...(plan as unknown as SavedPlan), checksum: checksumOf(plan) });
}

/** What parsing a file throws: `CODE: message`. */
function refusal(text: string, key?: Uint8Array): string {
  try {
    parseSavedPlan(text, 'plan.json', key ? { key } : {});
  } catch (err) {
    if (err instanceof DsipformError) return `${err.code}: ${err.message}`;
    throw err;
  }
  return 'accepted';
}

describe('parseSavedPlan reads back every plan dsipform saves', () => {
  it.each([
    ['every kind of change, a finding, notes and leases', MIXED_PLAN],
    ['no change', real(EMPTY_PLAN)],
    ['a big plan refused by a threshold', real(bigPlan(200))],
  ])('%s', (_case, plan) => {
    const saved = savePlan(plan);
    expect(parseSavedPlan(fileOf(saved), 'plan.json')).toEqual(saved);
  });
});

describe('parseSavedPlan refuses a plan dsipform would not write, even with its checksum computed anew', () => {
  const at = (plan: Json & { changes: Json[] }, i: number) => plan.changes[i]!;
  it.each<[string, (plan: Json & { changes: Json[] }) => void, RegExp]>([
    ['an unknown kind', (p) => (at(p, 0).kind = 'firewall_rule'), /changes\[0\]\.kind: "firewall_rule" is not one of inbound_mapping, /],
    [
      'an action of another kind',
      (p) => (at(p, 0).action = 'promote'),
      /changes\[0\]\.action: "promote" is not one of create, update, replace, delete$/,
    ],
    [
      'a before on a create',
      (p) => (at(p, 0).before = at(p, 0).after),
      /changes\[0\]\.before: this key does not belong in a change of this kind and action$/,
    ],
    [
      'a delete without its ruleid',
      (p) => delete p.changes.find((c) => c.action === 'delete')!.ruleid,
      /changes\[\d+\]: the key "ruleid" is missing$/,
    ],
    [
      'a ruleid that is text',
      (p) => (p.changes.find((c) => c.action === 'delete')!.ruleid = '7'),
      /changes\[\d+\]\.ruleid: must be a whole number$/,
    ],
    ['a lease id on a mapping', (p) => (at(p, 0).lease_id = 3), /changes\[0\]\.lease_id: this key does not belong/],
    ['a step of 0', (p) => (at(p, 0).step = 0), /changes\[0\]\.step: must be at least 1$/],
    ['an unknown key in a change', (p) => (at(p, 0).then = 'rm -rf'), /changes\[0\]\.then: unknown key$/],
    [
      'a safety finding taken out of the plan, as a rule apply does not know',
      (p) => ((p.safety as Json[])[0]!.rule = 'none'),
      /safety\[0\]\.rule: "none" is not one of/,
    ],
    [
      'a live checksum of another form',
      (p) => (p.live_checksum = 'md5:abc'),
      /live_checksum: "md5:abc" is not of the form \^sha256:\[0-9a-f\]\{64\}\$$/,
    ],
    ['allow_unrouting false', (p) => ((p.policy as Json).allow_unrouting = false), /policy\.allow_unrouting: must be true$/],
    [
      'a summary that hides a delete',
      (p) => (((p.summary as Json).total as Json).delete = 0),
      /summary\.total\.delete: says 0, but the plan holds \d+ such changes$/,
    ],
    [
      'a password in a carrier group',
      (p) =>
        p.changes.push({
          action: 'create',
          kind: 'carrier_group',
          key: 'X',
          fields: ['name'],
          after: { name: 'X', lb_enabled: false, endpoints: [], auth: { type: 'userpwd', auth_password: 'hunter2' } },
        }),
      /changes\[\d+\]\.after\.auth\.auth_password: this key does not belong/,
    ],
    [
      'no checksum-covered format version',
      (p) => (p.format_version = 2),
      /^PLAN_FILE_INVALID: plan\.json is not a dsipform plan \(format_version 1\)$/,
    ],
  ])('%s', (_case, edit, expected) => {
    expect(refusal(forged(edit))).toMatch(
      expected.source.startsWith('^')
        ? expected
        : new RegExp(`^PLAN_CORRUPT: plan\\.json:\\d+:\\d+: the plan is corrupt: ${expected.source}`),
    );
  });

  it('names where a duplicate key is, before anything else', () => {
    const text = fileOf(savePlan(MIXED_PLAN)).replace('\n  "changes": [', '\n  "changes": [],\n  "changes": [');
    const line = text.split('\n').findIndex((l, i, all) => l === '  "changes": [' && all[i - 1] === '  "changes": [],') + 1;
    expect(refusal(text)).toBe(`PLAN_CORRUPT: plan.json:${line}:3: the plan is corrupt: the key "changes" appears twice in one object`);
  });
});

describe('signed plans', () => {
  const key = Buffer.from('0123456789abcdef-shared-key');
  const signed = fileOf(signPlan(savePlan(MIXED_PLAN), key));

  it.each<[string, string, Uint8Array | undefined, string]>([
    ['signed, checked with the key', signed, key, 'accepted'],
    ['signed, read without a key', signed, undefined, 'accepted'],
    [
      'unsigned, with a key',
      fileOf(savePlan(MIXED_PLAN)),
      key,
      'PLAN_UNSIGNED: plan.json is not signed, and a signing key was given: only a plan signed with that key is applied',
    ],
    [
      'signed with another key',
      signed,
      Buffer.from('fedcba9876543210-other-key'),
      'PLAN_SIGNATURE_MISMATCH: plan.json has a signature that the given key did not make: the plan was changed after it was signed, or signed with another key',
    ],
    [
      'edited, checksum computed anew, signature kept',
      forged((p) => ((p.changes[0]!.after as Json).servers = ['99']), { ...MIXED_PLAN }).replace(
        /\n}\n$/,
        `,\n  "signature": ${JSON.stringify((JSON.parse(signed) as SavedPlan).signature)}\n}\n`,
      ),
      key,
      'PLAN_SIGNATURE_MISMATCH: plan.json has a signature that the given key did not make: the plan was changed after it was signed, or signed with another key',
    ],
  ])('%s: %s', (_case, text, k, expected) => {
    expect(refusal(text, k)).toBe(expected);
  });

  it('signs the content, not the key order: the signature is that of the canonical JSON', () => {
    const a = signPlan(savePlan(MIXED_PLAN), key).signature;
    const reordered = Object.fromEntries(Object.entries(MIXED_PLAN).reverse()) as unknown as typeof MIXED_PLAN;
    expect(signPlan(savePlan(reordered), key).signature).toBe(a);
  });

  it.each([
    [0, 'the plan signing key from KEYFILE is empty: it must have at least 16 bytes'],
    [15, 'the plan signing key from KEYFILE is too short (15 bytes): it must have at least 16 bytes'],
  ])('refuses a key of %i bytes', (n, message) => {
    expect(() => checkPlanKey(Buffer.alloc(n, 'k'), 'KEYFILE')).toThrow(message);
    expect(checkPlanKey(Buffer.alloc(16, 'k'), 'KEYFILE')).toHaveLength(16);
  });
});

describe('the library API', () => {
  it('signs and reads back a signed plan with a key (dsipform: savePlan, signPlan, parseSavedPlan)', async () => {
    const api = await import('../../src/index.js');
    const key = api.checkPlanKey(Buffer.from('a-key-of-sixteen-bytes-or-more'), 'the test');
    const text = api.renderPlanJson(api.signPlan(api.savePlan(MIXED_PLAN), key));
    expect(api.parseSavedPlan(text, 'plan.json', { key }).signature).toMatch(/^hmac-sha256:[0-9a-f]{64}$/);
  });
});
