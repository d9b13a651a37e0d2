import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/*
 * The digest a password record holds (model/password-record.ts): scrypt with a random salt per
 * record, so the state file, which holds it beside the leases, never holds the password, and a
 * digest says nothing about another record's. scrypt is slow on purpose (some 50 ms): a plan checks
 * one digest per carrier group it manages with a password, in the background pool.
 */

const COST = { N: 16_384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, { ...options, maxmem: 64 * 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** A new digest of `password` (a fresh salt each time). */
export async function passwordDigest(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, COST);
  return `scrypt:${COST.N}:${COST.r}:${COST.p}:${salt.toString('base64url')}:${hash.toString('base64url')}`;
}

/** Whether `password` is the one `digest` was made from; false for a digest this build cannot read. */
export async function matchesDigest(password: string, digest: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = digest.split(':');
  if (scheme !== 'scrypt' || salt === undefined || hash === undefined) return false;
  const want = Buffer.from(hash, 'base64url');
  if (want.length !== KEY_LENGTH) return false;
  try {
    const got = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
    return timingSafeEqual(got, want);
  } catch {
    // Cost parameters this machine refuses (out of range, too much memory): not comparable.
    return false;
  }
}
