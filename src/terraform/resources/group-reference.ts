import type { ProviderContext } from '../context.js';
import { isUnknown, UNKNOWN, type Diagnostic, type TfObject, type TfValue } from '../types.js';
import { apiDiagnostic, attrError, knownString } from '../values.js';
import { resolveGroup, type GroupScope } from './group-names.js';

/**
 * A reference to a group by name that stands instead of an id attribute: a route's
 * `carrier_group` instead of `gwgroupid`, a mapping's `group` instead of `servers`.
 */
export interface GroupByName {
  /** The name attribute. */
  readonly name: string;
  /** The id attribute it fills (optional and computed in the schema). */
  readonly id: string;
  readonly scope: GroupScope;
  /** The id attribute's value for a group id: `"5"` for a route, `["#5"]` for a mapping. */
  readonly idOf: (gwgroupid: number) => TfValue;
  /** What the id attribute holds, for the message when neither is set. */
  readonly idWords: string;
}

const isSet = (v: TfValue | undefined): boolean => v !== null && v !== undefined;

/** Exactly one of the two attributes, and a name that is not empty. */
export function byNameDiagnostics(config: TfObject, by: GroupByName): Diagnostic[] {
  const name = config[by.name];
  if (isSet(name) && isSet(config[by.id]))
    return [
      attrError(
        [by.name],
        `Both ${by.id} and ${by.name} are set`,
        `Set one of them: ${by.id} (${by.idWords}) or ${by.name} (the group's name).`,
      ),
    ];
  if (!isSet(name) && !isSet(config[by.id]))
    return [
      { severity: 'error', summary: `No ${by.id} or ${by.name}`, detail: `Set ${by.id} (${by.idWords}) or ${by.name} (the group's name).` },
    ];
  if (name === '') return [attrError([by.name], `Invalid ${by.name}`, `${by.name} must not be empty: give the name of the group.`)];
  return [];
}

/**
 * The plan with the id attribute filled from the name: the group's id when one live group has the
 * name; unknown when the name is unknown, or names a group this apply creates (then it resolves at
 * apply); an error at the name attribute when no group, or several, have it. Without a name the
 * plan is returned as it is.
 */
export async function resolvedAtPlan(
  ctx: ProviderContext,
  planned: TfObject,
  config: TfObject | null,
  by: GroupByName,
): Promise<{ planned: TfObject; diagnostics?: Diagnostic[] }> {
  const name = config?.[by.name];
  if (isUnknown(name)) return { planned: { ...planned, [by.id]: UNKNOWN } };
  if (typeof name !== 'string') return { planned };
  try {
    const r = await resolveGroup(ctx, name, by.scope, by.name, 'plan');
    if ('problem' in r) return { planned, diagnostics: [attrError([by.name], r.problem.summary, r.problem.detail)] };
    return { planned: { ...planned, [by.id]: 'gwgroupid' in r ? by.idOf(r.gwgroupid) : UNKNOWN } };
  } catch (err) {
    return { planned, diagnostics: [apiDiagnostic(`look up the group named "${name}"`, err)] };
  }
}

/**
 * At apply, the plan with the id attribute known: left as it is when the plan resolved it, else
 * resolved now against the live groups (a group created earlier in this apply is live by now).
 */
export async function resolvedAtApply(
  ctx: ProviderContext,
  planned: TfObject,
  by: GroupByName,
): Promise<{ planned: TfObject } | { diagnostics: Diagnostic[] }> {
  if (!isUnknown(planned[by.id])) return { planned };
  const name = knownString(planned, by.name)!;
  const r = await resolveGroup(ctx, name, by.scope, by.name, 'apply');
  if ('gwgroupid' in r) return { planned: { ...planned, [by.id]: by.idOf(r.gwgroupid) } };
  const problem = 'problem' in r ? r.problem : { summary: `No group is named "${name}"`, detail: '' };
  return { diagnostics: [attrError([by.name], problem.summary, problem.detail)] };
}
