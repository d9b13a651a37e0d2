import { KINDS, type ConfigIssue } from '../model/desired.js';
import type { KindModule } from '../model/kind-spec.js';
import { KIND_SPECS } from '../model/kinds.js';
import { entryIssues, keptEntries } from './entry-rules.js';
import { issueOn, isUnresolved, type LoadedFile } from './loaded.js';
import { passwordPath, passwordVariable, type PasswordPlace } from './password-place.js';
import { forEachEntry } from './value-rules.js';

/**
 * The rules on the entries of every kind's collection in one file, kind by kind in the registry's
 * order: those of the kind's one normaliser (its module's `normalize`, model/), and for a kind
 * whose entries carry a password (`passwordBlock`) that the password comes from an environment
 * variable (`auth_password: ${NAME}`), never written in the file: plans carry the variable's name
 * and apply reads the value, so a saved plan holds no secret. The variable need not be set to load
 * the file. A value of the wrong type is left to the schema check, and a string naming an unset
 * variable is skipped, so each problem is reported once.
 */
export function kindRuleIssues(file: LoadedFile): ConfigIssue[] {
  const top = file.data.value as Readonly<Record<string, unknown>> | null;
  if (top === null || typeof top !== 'object' || Array.isArray(top)) return [];
  const issues: ConfigIssue[] = [];
  for (const kind of KINDS) {
    const mod = KIND_SPECS[kind] as KindModule;
    const place: PasswordPlace | undefined =
      mod.passwordBlock === undefined ? undefined : { collection: mod.collection, block: mod.passwordBlock };
    const list = top[mod.collection];
    if (!Array.isArray(list)) continue;
    const kept = keptEntries(file, mod.collection);
    forEachEntry(list, (entry, i) => {
      entryIssues(file, mod.collection, i, entry, mod.normalize, kept, issues);
      if (place) {
        const issue = writtenPassword(file, entry, i, place, mod.passwordExample ?? 'PASSWORD');
        if (issue) issues.push(issue);
      }
    });
  }
  return issues;
}

/** The issue of a password written in the file instead of coming from a variable, if it is one. */
function writtenPassword(
  file: LoadedFile,
  entry: Readonly<Record<string, unknown>>,
  i: number,
  place: PasswordPlace,
  example: string,
): ConfigIssue | undefined {
  const block = entry[place.block] as Readonly<Record<string, unknown>> | null | undefined;
  if (block === null || typeof block !== 'object' || typeof block.auth_password !== 'string') return undefined;
  if (isUnresolved(file, passwordPath(i, place)) || passwordVariable(file, i, place) !== undefined) return undefined;
  return issueOn(
    file,
    passwordPath(i, place),
    `${place.collection}[${i}].${place.block}.auth_password must come from an environment variable, not be written in the file`,
    `write auth_password: \${${example}} and set ${example} in the environment of apply`,
  );
}
