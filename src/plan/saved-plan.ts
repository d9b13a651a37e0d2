import { DsipformError } from '../model/errors.js';
import { checksumOf } from './checksum.js';
import type { Plan, SavedPlan } from '../model/plan.js';

/**
 * Reads a plan file written by `plan --out`, and checks it is whole: the right format version and
 * a checksum that matches its content (an edited or truncated plan is refused, never half-applied).
 */
export function parseSavedPlan(text: string, file: string): SavedPlan {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new DsipformError(
      'PLAN_FILE_INVALID',
      `${file} is not a plan file: ${(err as Error).message}`,
      'Make a plan with: dsipform plan PATH... --out FILE',
    );
  }
  const v = value as Partial<SavedPlan> | null;
  if (!v || typeof v !== 'object' || v.format_version !== 1 || !Array.isArray(v.changes) || typeof v.checksum !== 'string') {
    throw new DsipformError(
      'PLAN_FILE_INVALID',
      `${file} is not a dsipform plan (format_version 1)`,
      'Make a plan with: dsipform plan PATH... --out FILE',
    );
  }
  const { checksum, ...plan } = v as SavedPlan;
  if (checksumOf(plan) !== checksum) {
    throw new DsipformError(
      'PLAN_FILE_MODIFIED',
      `${file} was changed after it was written: its checksum does not match its content`,
      'Plans are applied exactly as reviewed. Make a new plan instead of editing one.',
    );
  }
  return v as SavedPlan;
}

/** Why a saved plan no longer fits the platform, or null when it still does. */
export function staleness(
  saved: Plan,
  current: { target: string; liveChecksum: string; groupsChecksum?: string | undefined },
): DsipformError | null {
  if (saved.target !== current.target) {
    return new DsipformError(
      'PLAN_TARGET_MISMATCH',
      `the plan was made for ${saved.target}, not ${current.target}`,
      'Apply it against the platform it was made for, or make a new plan.',
    );
  }
  if (saved.live_checksum !== current.liveChecksum) {
    return new DsipformError(
      'PLAN_STALE',
      `the live state of ${saved.managed.join(' and ')} has changed since the plan was made (checksum ${saved.live_checksum.slice(0, 19)}…, now ${current.liveChecksum.slice(0, 19)}…)`,
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
