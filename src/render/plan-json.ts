import type { Change, SafetyFinding, SavedPlan } from '../reconcile/types.js';
import { FIELD_ORDER } from './values.js';

type Json = Readonly<Record<string, unknown>>;

const PLAN_KEYS = ['format_version', 'target', 'managed', 'live_checksum', 'policy', 'summary', 'changes', 'safety', 'notes', 'checksum'];
const POLICY_KEYS = ['max_deletes', 'protect'];
const SUMMARY_KEYS = ['total', 'by_kind', 'unchanged'];
const COUNT_KEYS = ['create', 'update', 'promote', 'demote', 'delete', 'unchanged'];
const KIND_KEYS = ['inbound_mapping', 'outbound_route'];
const CHANGE_KEYS = ['action', 'kind', 'key', 'ruleid', 'before', 'after', 'fields', 'reason', 'origin'];
const ORIGIN_KEYS = ['file', 'line', 'col'];
const FINDING_KEYS = ['collection', 'rule', 'deletes', 'live', 'limit', 'keys', 'message'];

/**
 * A saved plan as pretty JSON (2 spaces) with a trailing newline: what `--format json` prints and
 * `--out` writes. Nothing is added, dropped or changed; only the key order is fixed, to the order of
 * the types (`SavedPlan`: format_version … notes, then checksum; a change: action, kind, key,
 * ruleid, before, after, fields, reason, origin; fields in their type's order), so that the output
 * does not depend on how the plan object was built. Keys the types do not know follow, as given.
 */
export function renderPlanJson(plan: SavedPlan): string {
  const p = plan as unknown as Json;
  const ordered = reorder(p, PLAN_KEYS, {
    policy: (v) => reorder(v as Json, POLICY_KEYS),
    summary: (v) => orderSummary(v as Json),
    changes: (v) => (v as readonly Change[]).map(orderChange),
    safety: (v) => (v as readonly SafetyFinding[]).map((f) => reorder(f as unknown as Json, FINDING_KEYS)),
  });
  return `${JSON.stringify(ordered, null, 2)}\n`;
}

function orderSummary(summary: Json): Json {
  return reorder(summary, SUMMARY_KEYS, {
    total: (v) => reorder(v as Json, COUNT_KEYS),
    by_kind: (v) => reorder(v as Json, KIND_KEYS, Object.fromEntries(KIND_KEYS.map((k) => [k, (c: unknown) => reorder(c as Json, COUNT_KEYS)]))),
  });
}

function orderChange(change: Change): Json {
  const fields = (v: unknown) => reorder(v as Json, FIELD_ORDER[change.kind] ?? []);
  return reorder(change as unknown as Json, CHANGE_KEYS, { before: fields, after: fields, origin: (v) => reorder(v as Json, ORIGIN_KEYS) });
}

// Known keys first in `order`, then the others in their own order; `inner` reorders nested values.
function reorder(value: Json, order: readonly string[], inner: Readonly<Record<string, (v: unknown) => unknown>> = {}): Json {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const keys = [...order.filter((k) => k in value), ...Object.keys(value).filter((k) => !order.includes(k))];
  return Object.fromEntries(
    keys.map((k) => {
      const v = value[k];
      const fix = inner[k];
      return [k, fix !== undefined && v !== undefined && v !== null ? fix(v) : v];
    }),
  );
}
