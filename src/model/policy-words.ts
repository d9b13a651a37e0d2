/**
 * How a message names a policy setting, for where the policy was written: the files' `policy:`
 * block (`policy.allow_unrouting: true`) or a CDKTF stack's `DsipformPolicy` construct
 * (`allowUnrouting: true`). One wording, so a stack's user is never told to edit a block their
 * stack does not have. Pure.
 */

/** Where a plan's policy was written: the files (the default) or a stack's `DsipformPolicy`. */
export type PolicyPlace = 'files' | 'stack';

/** A setting of the policy, as the files spell it. */
export type PolicySetting = 'allow_unrouting' | 'ignore' | 'max_deletes' | 'max_updates' | 'protect' | 'accept';

/** `allow_unrouting` → `allowUnrouting`: the construct's property. */
function camel(setting: string): string {
  return setting.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** The setting's name where it is written: `policy.protect`, or `DsipformPolicy's protect`. */
export function policySetting(setting: PolicySetting, place: PolicyPlace = 'files'): string {
  return place === 'stack' ? `DsipformPolicy's ${camel(setting)}` : `policy.${setting}`;
}

/**
 * A setting with its value, and where to write it: `policy.allow_unrouting: true in the files`, or
 * `allowUnrouting: true in the stack's DsipformPolicy`.
 */
export function policyAssignment(setting: PolicySetting, value: string, place: PolicyPlace = 'files'): string {
  return place === 'stack' ? `${camel(setting)}: ${value} in the stack's DsipformPolicy` : `policy.${setting}: ${value} in the files`;
}
