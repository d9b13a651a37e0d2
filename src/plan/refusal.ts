import { DsipformError } from '../model/errors.js';
import type { Plan, PlanPolicy, SafetyFinding, UnroutedCall } from '../model/plan.js';
import { fromWords } from '../model/routing.js';
import { policyAssignment, policySetting } from '../model/policy-words.js';

/** Names at most 10 keys, quoted, and counts the rest. */
function listed(keys: readonly string[]): string {
  const more = keys.length > 10 ? `, and ${keys.length - 10} more` : '';
  return `${keys
    .slice(0, 10)
    .map((k) => JSON.stringify(k))
    .join(', ')}${more}`;
}

/**
 * A class of calls that loses its route, in words: `1… from …1555 (Mon–Fri 18:00–24:00
 * America/New_York)`, `every other number`; not its representative number, which would read as
 * the calls to that one number.
 */
function callWords(c: UnroutedCall): string {
  const to = c.prefix === '' ? 'every other number' : `${JSON.stringify(c.prefix).slice(1, -1)}…`;
  const from = fromWords(c.from_parts, c.from_holds, (p) => JSON.stringify(p).slice(1, -1), c.from_except);
  return `${to}${from}${c.when === 'always' ? '' : ` (${c.when})`}`;
}

/** Names at most 10 classes of calls and counts the rest. */
function listedCalls(calls: readonly UnroutedCall[]): string {
  const more = calls.length > 10 ? `, and ${calls.length - 10} more` : '';
  return `${calls.slice(0, 10).map(callWords).join(', ')}${more}`;
}

/**
 * Why a plan is refused without `force`, or `undefined` when nothing in its `safety` refuses it:
 * PLAN_UNSAFE when it deletes or changes too much (and names any calls it leaves unrouted too),
 * PLAN_UNROUTING when only calls lose their route. Every front end (the CLI's apply, the library's
 * `applyPlan`) refuses with this one error, so they refuse the same plans in the same words.
 */
export function planRefusal(plan: Pick<Plan, 'safety'> & { readonly policy?: Pick<PlanPolicy, 'place'> }): DsipformError | undefined {
  const place = plan.policy?.place;
  const findings: readonly SafetyFinding[] = plan.safety;
  if (findings.length === 0) return undefined;
  const what = findings
    .map((f) =>
      f.rule === 'unrouting'
        ? `${f.message}: calls to ${listedCalls(f.calls)} (routed before by ${listed(f.keys)})`
        : `${f.message}: ${listed(f.keys)}`,
    )
    .join('; ');
  if (findings.every((f) => f.rule === 'unrouting')) {
    return new DsipformError(
      'PLAN_UNROUTING',
      `refused: ${what}`,
      `The plan's Routing impact shows each class of calls and when. If these calls are meant to stop routing, apply with --force, or set ${policyAssignment('allow_unrouting', 'true', place)}.`,
    );
  }
  const updates = findings.some((f) => f.rule === 'update_threshold');
  const deletes = findings.some((f) => f.rule === 'protected' || f.rule === 'threshold');
  const which = deletes && updates ? 'these deletes and changes are' : deletes ? 'these deletes are' : 'these changes are';
  return new DsipformError(
    'PLAN_UNSAFE',
    `refused: ${what}`,
    `Check the ${place === 'stack' ? 'stack manages' : 'files manage'} what you think ${place === 'stack' ? 'it does' : 'they do'} (${policySetting('ignore', place)} keeps live objects${updates ? `; ${policySetting('max_updates', place)} sets the limit of changes` : ''}). If ${which} intended, apply with --force.`,
  );
}
