import { createHmac, randomBytes } from 'node:crypto';

/*
 * A key made once per process: a fingerprint compares two passwords within one run (the one the
 * platform shows against the one the files declare) and means nothing outside it, so no file,
 * plan or log that might hold one tells anything about the password.
 */
const KEY = randomBytes(32);

/** A keyed hash of a secret, equal for equal secrets within this process only; never the secret. */
export function secretFingerprint(secret: string): string {
  return `hmac:${createHmac('sha256', KEY).update(secret).digest('base64url')}`;
}
