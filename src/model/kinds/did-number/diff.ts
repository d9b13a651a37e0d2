import type { KindDiff, KindDiffContext } from '../../kind-spec.js';
import type { DesiredNumber, NumberRecord } from '../../number.js';
import type { PlanIssue } from '../../plan.js';
import type { NumberChange } from './change.js';
import { changedNumberFields, numberFields, numberIdentity } from './fields.js';

/** The kind, as its changes carry it. */
const KIND = 'did_number';

function deleteOf(have: NumberRecord): NumberChange {
  return { action: 'delete', kind: KIND, key: have.did, id: have.id, before: numberFields(have), fields: [] };
}

/**
 * Declared numbers against the platform's, paired by the DID without its leading `+`s (the
 * platform's identity of a DID, `numberIdentity`): a declared `15557770001` against a live
 * `+15557770001` is an update of `did`, never a create the platform would refuse. Two live numbers
 * of one identity (`1555…` and `+1555…`, which the platform lets in that order) are an issue when
 * the files declare it, never a guess. A live number no entry declares is deleted unless an ignore
 * glob matches its DID. Pure.
 */
export function numberDiff(
  desired: readonly DesiredNumber[],
  live: readonly NumberRecord[],
  { ignored, listMatched }: KindDiffContext,
): KindDiff<'did_number'> {
  const changes: NumberChange[] = [];
  const matched: NumberChange[] = [];
  const issues: PlanIssue[] = [];
  const byIdentity = new Map<string, NumberRecord[]>();
  for (const n of live) {
    const id = numberIdentity(n.did);
    const list = byIdentity.get(id);
    if (list) list.push(n);
    else byIdentity.set(id, [n]);
  }
  const claimed = new Set<number>();
  let unchanged = 0;
  for (const want of desired) {
    const origin = want.origin ? { origin: want.origin } : {};
    const candidates = byIdentity.get(numberIdentity(want.did)) ?? [];
    for (const c of candidates) claimed.add(c.id);
    if (candidates.length > 1) {
      const held = candidates.map((n) => `"${n.did}" (id ${n.id})`).join(' and ');
      issues.push({
        message: `number "${want.did}": the platform holds ${held}, which it takes for one DID, so the entry cannot tell which one it means`,
        hint: `Delete all but one of them on the Numbers page (or DELETE /api/numbers/v1/number/${candidates[candidates.length - 1]!.id}), then plan again.`,
        ...origin,
      });
      continue;
    }
    const have = candidates[0];
    const after = numberFields(want);
    if (!have) {
      changes.push({ action: 'create', kind: KIND, key: want.did, after, fields: Object.keys(after), ...origin });
      continue;
    }
    if (listMatched) matched.push(deleteOf(have));
    const fields = changedNumberFields(have, want);
    if (fields.length === 0) unchanged += 1;
    else changes.push({ action: 'update', kind: KIND, key: want.did, id: have.id, before: numberFields(have), after, fields, ...origin });
  }
  let governed = 0;
  for (const have of live) {
    if (claimed.has(have.id)) governed += 1;
    else if (!ignored(have.did)) {
      governed += 1;
      changes.push(deleteOf(have));
    }
  }
  return { changes, matched, unchanged, governed, issues, notes: [], expired: [] };
}
