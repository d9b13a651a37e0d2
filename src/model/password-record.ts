/**
 * What dsipform keeps of a carrier-group password it sent: the platform never shows a password, so
 * whether the one in the files changed can only be told against what was last sent (as Terraform
 * keeps a sensitive value in its state). Never the password: a salted, slow digest of it
 * (`plan/password-digest.ts`), in the state file beside the leases, per platform and group.
 */
export interface PasswordRecord {
  /** The platform it was sent to (the `target` of a plan: its base URL, or an emulator label). */
  readonly target: string;
  /** The carrier group it was sent to (group ids are never reused). */
  readonly gwgroupid: number;
  /** `scrypt:<N>:<r>:<p>:<salt>:<hash>` (salt and hash in base64url). */
  readonly digest: string;
}

/** The shape of a digest a record holds. */
export const PASSWORD_DIGEST = /^scrypt:[0-9]+:[0-9]+:[0-9]+:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+$/;
