import { DsipformError } from '../model/errors.js';

/**
 * The groups an apply created, by name → gwgroupid. The group executor fills it as each create is
 * confirmed (read back); the rule executors read it for a rule that names a group this plan
 * creates (`servers: []` / `gwgroupid: ""` beside the name in the plan: "known after apply"),
 * through their kind module's `withCreatedGroups`. Groups are created in an earlier step than the
 * rules that refer to them.
 */
export type CreatedGroups = Map<string, number>;

/**
 * How a kind module looks up a group this apply created: its id, or APPLY_GROUP_NOT_CREATED saying
 * which rule (`who`) named the group that was not created.
 */
export function createdGroupIds(created: ReadonlyMap<string, number> | undefined): (name: string, who: string) => number {
  return (name, who) => {
    const id = created?.get(name);
    if (id !== undefined) return id;
    throw new DsipformError(
      'APPLY_GROUP_NOT_CREATED',
      `${who} refers to the carrier group ${JSON.stringify(name)}, which this apply was to create, but it was not created`,
      'See the carrier group change above for why it failed; fix that, then plan and apply again.',
    );
  };
}
