import { DsipformError } from '../model/errors.js';
import { findDuplicateKey, formatJsonPath, locateJsonValue, type TextPosition } from '../model/strict-json.js';
import { checksumOf } from './checksum.js';
import { planShapeProblem } from './plan-shape.js';
import { signatureMatches } from './plan-signature.js';
import type { Plan, SavedPlan } from '../model/plan.js';
import type { CollectionName } from '../model/desired.js';
import type { LiveState } from '../model/live.js';
import { liveChecksums } from './live-checksum.js';

/** How a saved plan is read. */
export interface ReadPlanOptions {
  /**
   * The shared signing key: the plan must carry a signature made with it (`PLAN_UNSIGNED`,
   * `PLAN_SIGNATURE_MISMATCH` otherwise). Without a key, a signature is not checked.
   */
  readonly key?: Uint8Array;
}

const MAKE_ONE = 'Make a plan with: dsipform plan PATH... --out FILE';

/** `PLAN_CORRUPT` at a place of the file. */
function corrupt(file: string, at: TextPosition | null, what: string): DsipformError {
  const where = at ? `${file}:${at.line}:${at.col}` : file;
  return new DsipformError(
    'PLAN_CORRUPT',
    `${where}: the plan is corrupt: ${what}`,
    `A plan is applied only as dsipform wrote it, and this file is not: it was edited or made by hand. Make a new plan with: dsipform plan PATH... --out FILE, review it, and apply that file.`,
  );
}

/**
 * Reads a plan file written by `plan --out`, and checks it is whole and as dsipform wrote it: strict
 * JSON (a key twice in one object is refused: readers disagree on which one counts), the right
 * format version, a checksum that matches its content (an edited or truncated plan is refused,
 * never half-applied), the signature when a key is given, then the structure of a plan (schema,
 * one change per object, a summary that counts the changes), so that an edit whose checksum was
 * computed anew still cannot smuggle in an action or a field dsipform never writes.
 */
export function parseSavedPlan(text: string, file: string, options: ReadPlanOptions = {}): SavedPlan {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new DsipformError('PLAN_FILE_INVALID', `${file} is not a plan file: ${(err as Error).message}`, MAKE_ONE);
  }
  const duplicate = findDuplicateKey(text);
  if (duplicate) throw corrupt(file, duplicate, `the key ${JSON.stringify(duplicate.key)} appears twice in one object`);
  const v = value as Partial<SavedPlan> | null;
  if (!v || typeof v !== 'object' || v.format_version !== 1 || !Array.isArray(v.changes) || typeof v.checksum !== 'string') {
    throw new DsipformError('PLAN_FILE_INVALID', `${file} is not a dsipform plan (format_version 1)`, MAKE_ONE);
  }
  const { checksum, signature, ...plan } = v as SavedPlan;
  if (checksumOf(plan) !== checksum) {
    throw new DsipformError(
      'PLAN_FILE_MODIFIED',
      `${file} was changed after it was written: its checksum does not match its content`,
      'Plans are applied exactly as reviewed. Make a new plan instead of editing one.',
    );
  }
  if (options.key) checkSignature(plan, signature, options.key, file);
  const problem = planShapeProblem(value);
  if (problem) throw corrupt(file, locateJsonValue(text, problem.path), `${formatJsonPath(problem.path)}: ${problem.message}`);
  return v as SavedPlan;
}

/** Refuses a plan without a signature, or with one the key did not make. */
function checkSignature(plan: Plan, signature: unknown, key: Uint8Array, file: string): void {
  const how =
    'Apply only plans that the plan job signed with the same key (plan --out FILE with --sign-key-file or DSIPFORM_PLAN_KEY), and check that both jobs have the same key.';
  if (signature === undefined) {
    throw new DsipformError(
      'PLAN_UNSIGNED',
      `${file} is not signed, and a signing key was given: only a plan signed with that key is applied`,
      `Make the plan with the key (dsipform plan PATH... --out FILE --sign-key-file KEYFILE, or DSIPFORM_PLAN_KEY set). ${how}`,
    );
  }
  if (typeof signature !== 'string' || !signatureMatches(plan, signature, key)) {
    throw new DsipformError(
      'PLAN_SIGNATURE_MISMATCH',
      `${file} has a signature that the given key did not make: the plan was changed after it was signed, or signed with another key`,
      `Do not apply it. ${how}`,
    );
  }
}

/** What a saved plan is checked against: the platform it is applied to, as read now. */
export interface CurrentPlatform {
  readonly target: string;
  /** `liveChecksum` of the collections the plan manages, read now. */
  readonly liveChecksum: string;
  readonly groupsChecksum?: string | undefined;
  /**
   * The live state read now; with it, a stale plan that kept each collection's checksum
   * (`live_checksums`) names the collections that changed instead of every one it manages.
   */
  readonly live?: LiveState;
}

/** Why a saved plan no longer fits the platform, or null when it still does. */
export function staleness(saved: Plan, current: CurrentPlatform): DsipformError | null {
  if (saved.target !== current.target) {
    return new DsipformError(
      'PLAN_TARGET_MISMATCH',
      `the plan was made for ${saved.target}, not ${current.target}`,
      'Apply it against the platform it was made for, or make a new plan.',
    );
  }
  if (saved.live_checksum !== current.liveChecksum) {
    const changed = changedCollections(saved, current.live);
    return new DsipformError(
      'PLAN_STALE',
      `the live state of ${changed.join(' and ')} has changed since the plan was made (checksum ${saved.live_checksum.slice(0, 19)}…, now ${current.liveChecksum.slice(0, 19)}…)`,
      'Someone or something changed the platform after the review. Run dsipform plan again, review it, and apply the new plan.',
    );
  }
  if (saved.groups_checksum !== undefined && saved.groups_checksum !== current.groupsChecksum) {
    return new DsipformError(
      'PLAN_STALE',
      `the platform's carrier and endpoint groups have changed since the plan was made (the plan resolved group names and checked references against them)`,
      'A group was added, removed, renamed or given other gateways after the review. Run dsipform plan again, review it, and apply the new plan.',
    );
  }
  return null;
}

/**
 * The managed collections whose checksum differs from the plan's, when the plan kept one per
 * collection and the live state is at hand; otherwise every managed collection (a plan of one
 * collection, or saved before plans kept them).
 */
function changedCollections(saved: Plan, live: LiveState | undefined): readonly CollectionName[] {
  const kept = saved.live_checksums;
  if (!kept || !live) return saved.managed;
  const now = liveChecksums(live, saved.managed).each;
  const changed = saved.managed.filter((c) => kept[c] !== now[c]);
  return changed.length > 0 ? changed : saved.managed;
}
