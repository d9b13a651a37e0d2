import { createHmac, timingSafeEqual } from 'node:crypto';
import { DsipformError } from '../model/errors.js';
import type { Plan, SavedPlan } from '../model/plan.js';
import { canonicalJson } from './checksum.js';

/**
 * Saved plans signed with a shared key (HMAC-SHA256). The checksum alone is unkeyed: anyone who can
 * write the file can edit it and compute the checksum anew. With a key that only the plan job and the
 * apply job hold (a CI secret), an edited plan cannot be made to pass.
 */

/** How a signature starts in a plan file: the algorithm, then 64 hex digits. */
const PREFIX = 'hmac-sha256:';

/** The fewest bytes a key may have: shorter keys could be guessed. */
export const MIN_PLAN_KEY_BYTES = 16;

/**
 * Checks a signing key and returns it. `source` says where it came from (a file, or the variable),
 * for the message; the key itself is never part of a message.
 */
export function checkPlanKey(key: Uint8Array, source: string): Uint8Array {
  if (key.length < MIN_PLAN_KEY_BYTES) {
    throw new DsipformError(
      'PLAN_KEY_INVALID',
      `the plan signing key from ${source} is ${key.length === 0 ? 'empty' : `too short (${key.length} bytes)`}: it must have at least ${MIN_PLAN_KEY_BYTES} bytes`,
      'Make a key once with: openssl rand -hex 32 > plan.key && chmod 600 plan.key, and give the same key to the plan and the apply jobs (a CI secret).',
    );
  }
  return key;
}

/** The signature of a plan (without `checksum` and `signature`): HMAC-SHA256 of its canonical JSON. */
export function planSignature(plan: Plan, key: Uint8Array): string {
  return `${PREFIX}${createHmac('sha256', key).update(canonicalJson(plan)).digest('hex')}`;
}

/** The saved plan with its signature. */
export function signPlan(saved: SavedPlan, key: Uint8Array): SavedPlan {
  const { checksum, signature: _old, ...plan } = saved;
  return Object.freeze({ ...saved, checksum, signature: planSignature(plan, key) });
}

/**
 * Whether `signature` is the plan's signature under `key`. The comparison takes the same time
 * wherever the first difference is, so timing tells nothing about the right signature.
 */
export function signatureMatches(plan: Plan, signature: string, key: Uint8Array): boolean {
  const expected = Buffer.from(planSignature(plan, key));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
