import type { ChangeOutcome } from '../model/apply-report.js';
import type { PlanInvariant } from '../model/invariant.js';
import type { EmptiedMappingFinding } from '../model/coexistence.js';
import type { Change, Plan } from '../model/plan.js';
import type { WatchEvent } from './webhook.js';

/**
 * The drift events of one plan: one per change, naming the object and the fields that differ,
 * never their values (a value may be a password or a token the files take from the environment).
 */
export function driftEvents(target: string, plan: Plan, at: string): WatchEvent[] {
  return plan.changes.map((c) => ({
    text: `dsipform: ${target} drifted: ${describe(c)} (would ${c.action})`,
    event: 'drift',
    target,
    at,
    kind: c.kind,
    action: c.action,
    key: c.key,
    fields: c.fields,
  }));
}

/**
 * One event per managed inbound mapping the Numbers module emptied (the plan's `coexistence`,
 * MAPPING_EMPTIED_BY_NUMBERS): the mapping, the number, whether the plan's repair holds, and the
 * finding's words. Numbers and mappings hold no secret.
 */
export function emptiedMappingEvents(target: string, findings: readonly EmptiedMappingFinding[], at: string): WatchEvent[] {
  return findings.map((f) => ({
    text: `dsipform: ${target}: inbound mapping ${JSON.stringify(f.key)} was emptied by the Numbers module (number ${JSON.stringify(f.number.did)} is available)${f.repair_holds ? '' : '; the repair does not hold'}`,
    event: 'mapping_emptied',
    target,
    at,
    code: f.code,
    key: f.key,
    ruleid: f.ruleid,
    number: f.number.did,
    repair_holds: f.repair_holds,
    message: f.message,
    hint: f.hint,
  }));
}

/** One event per change applied (or failed) in a run. */
export function outcomeEvents(target: string, outcomes: readonly ChangeOutcome[], at: string): WatchEvent[] {
  return outcomes
    .filter((o) => o.status === 'applied' || o.status === 'failed')
    .map((o) => {
      const applied = o.status === 'applied';
      return {
        text: `dsipform: ${target}: ${applied ? 'applied' : 'failed to apply'} ${describe(o)} (${o.action})`,
        event: applied ? 'applied' : 'apply_failed',
        target,
        at,
        kind: o.kind,
        action: o.action,
        key: o.key,
        ...(o.error ? { error: { code: o.error.code, message: o.error.message } } : {}),
      };
    });
}

/** The event of a run that failed or whose plan was refused. */
export function problemEvent(target: string, at: string, code: string, message: string, refused: boolean): WatchEvent {
  return {
    text: `dsipform: ${target}: ${refused ? 'plan refused, nothing applied' : 'run failed'}: ${code}: ${message}`,
    event: refused ? 'refused' : 'run_failed',
    target,
    at,
    code,
    message,
  };
}

/**
 * The event of a change in how many of the files' routing invariants the rules after the plan
 * violate (`was`: the count at the last run that planned; none before the first): the count, and
 * each violated one by name with its call and the `dsipform route` command that replays it.
 */
export function invariantsEvent(target: string, at: string, records: readonly PlanInvariant[], was: number): WatchEvent {
  const bad = records.filter((r) => r.status === 'violated');
  const violated = bad.map((r) => ({
    name: r.name,
    ...(r.message !== undefined ? { message: r.message } : {}),
    ...(r.counterexample ? { replay: r.counterexample.replay } : {}),
  }));
  const names = bad.map((r) => JSON.stringify(r.name)).join(', ');
  const words =
    bad.length === 0 ? 'every routing invariant holds' : `${bad.length} of ${records.length} routing invariants violated: ${names}`;
  return {
    text: `dsipform: ${target}: ${words} (was ${was})`,
    event: 'invariants',
    target,
    at,
    violated_count: bad.length,
    was,
    violated,
  };
}

function describe(c: Pick<Change, 'kind' | 'key'>): string {
  return `${c.kind.replace(/_/g, ' ')} ${JSON.stringify(c.key)}`;
}
