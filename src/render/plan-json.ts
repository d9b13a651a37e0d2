import { KINDS } from '../model/desired.js';
import { jsonChunks } from './json-chunks.js';
import type { KindSpec } from '../model/kind-spec.js';
import { KIND_SPECS } from '../model/kinds.js';
import type { Change, SafetyFinding, SavedPlan } from '../model/plan.js';

type Json = Readonly<Record<string, unknown>>;

const PLAN_KEYS = [
  'format_version',
  'target',
  'api_profile',
  'numbers_module',
  'managed',
  'live_checksum',
  'live_checksums',
  'groups_checksum',
  'policy',
  'summary',
  'changes',
  'names',
  'routing_impact',
  'horizon',
  'safety',
  'routing_tests',
  'invariants',
  'coexistence',
  'notes',
  'expired_leases',
  'state_file',
  'pending_reload',
  'checksum',
  'signature',
];
const POLICY_KEYS = ['max_deletes', 'max_updates', 'protect', 'allow_unrouting', 'place'];
const SUMMARY_KEYS = ['total', 'by_kind', 'unchanged'];
const COUNT_KEYS = ['create', 'update', 'promote', 'demote', 'replace', 'delete', 'obtain', 'renew', 'revoke', 'unchanged'];
const KIND_KEYS = KINDS;
const CHANGE_KEYS = [
  'action',
  'kind',
  'key',
  'ruleid',
  'lease_id',
  'gwgroupid',
  'gwids',
  'before',
  'after',
  'fields',
  'reason',
  'origin',
  'step',
  'made_by_number',
  'effects',
];
const ORIGIN_KEYS = ['file', 'line', 'col'];
const EMPTIED_KEYS = ['code', 'key', 'ruleid', 'number', 'repair_holds', 'message', 'hint', 'origin'];
const NUMBER_KEYS = ['id', 'did', 'status'];
const FINDING_KEYS = ['collection', 'rule', 'deletes', 'replaces', 'updates', 'live', 'limit', 'calls', 'keys', 'numbers', 'message'];
const IMPACT_KEYS = [
  'direction',
  'prefix',
  'except',
  'from_parts',
  'from_holds',
  'from_except',
  'from',
  'to',
  'when',
  'windows',
  'before',
  'after',
];
const HORIZON_KEYS = ['start', 'end', 'tz', 'words'];
const WINDOW_KEYS = ['start', 'end', 'days'];
/** A decision's keys as `dsipform route --format json` writes them. */
const DECISION_KEYS = ['direction', 'from', 'to', 'at', 'result', 'rule', 'gwlist', 'gwlist_words', 'candidates', 'steps'];
const RULE_KEYS = ['kind', 'key', 'ruleid', 'group', 'prefix', 'lcr_pattern', 'priority'];

/**
 * A saved plan as pretty JSON (2 spaces) with a trailing newline: what `--format json` prints and
 * `--out` writes. Nothing is added or changed; only the key order is fixed, to the order of the
 * types (`SavedPlan`: format_version … notes, expired_leases, state_file, then checksum; a change:
 * action, kind, key, ruleid or lease_id, before, after, fields, reason, origin, step; fields in
 * their type's order), so that the output does not depend on how the plan object was built. Keys
 * the types do not know follow, as given, except in a lease's fields: there only the known fields
 * are written, so a secret that wrongly reached a plan (a password) never reaches a plan file.
 */
export function renderPlanJson(plan: SavedPlan): string {
  return [...planJsonChunks(plan)].join('');
}

/** {@link renderPlanJson}'s text in pieces of about 64 KiB, the routing impact entry by entry (json-chunks.ts). */
export function planJsonChunks(plan: SavedPlan): Generator<string> {
  const p = plan as unknown as Json;
  const ordered = reorder(p, PLAN_KEYS, {
    policy: (v) => reorder(v as Json, POLICY_KEYS),
    summary: (v) => orderSummary(v as Json),
    changes: (v) => (v as readonly Change[]).map(orderChange),
    routing_impact: (v) => (v as readonly Json[]).map(orderImpact),
    horizon: (v) => reorder(v as Json, HORIZON_KEYS),
    safety: (v) => (v as readonly SafetyFinding[]).map((f) => reorder(f as unknown as Json, FINDING_KEYS)),
    coexistence: (v) =>
      (v as readonly Json[]).map((f) =>
        reorder(f, EMPTIED_KEYS, { number: (n) => reorder(n as Json, NUMBER_KEYS), origin: (o) => reorder(o as Json, ORIGIN_KEYS) }),
      ),
  });
  const impact = ordered.routing_impact;
  if (!Array.isArray(impact))
    return (function* (): Generator<string> {
      yield `${JSON.stringify(ordered, null, 2)}\n`;
    })();
  return jsonChunks(ordered, 'routing_impact', impact);
}

function orderSummary(summary: Json): Json {
  return reorder(summary, SUMMARY_KEYS, {
    total: (v) => reorder(v as Json, COUNT_KEYS),
    by_kind: (v) =>
      reorder(v as Json, KIND_KEYS, Object.fromEntries(KIND_KEYS.map((k) => [k, (c: unknown) => reorder(c as Json, COUNT_KEYS)]))),
  });
}

function orderImpact(entry: Json): Json {
  const rule = (r: unknown) => reorder(r as Json, RULE_KEYS);
  const decision = (d: unknown) => reorder(d as Json, DECISION_KEYS, { rule, candidates: (c) => (c as readonly unknown[]).map(rule) });
  const windows = (w: unknown) => (w as readonly Json[]).map((x) => reorder(x, WINDOW_KEYS));
  return reorder(entry, IMPACT_KEYS, { windows, before: decision, after: decision });
}

function orderChange(change: Change): Json {
  // A plan file may name a kind this version does not know; its values are then kept as given.
  const spec = KIND_SPECS[change.kind] as KindSpec | undefined;
  const order = spec?.fields ?? [];
  const fields = (v: unknown) => (spec?.onlyKnownFields === true ? pick(v as Json, order) : reorder(v as Json, order));
  return reorder(change as unknown as Json, CHANGE_KEYS, { before: fields, after: fields, origin: (v) => reorder(v as Json, ORIGIN_KEYS) });
}

// Only the keys of `order`, in that order.
function pick(value: Json, order: readonly string[]): Json {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(order.filter((k) => k in value).map((k) => [k, value[k]]));
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
