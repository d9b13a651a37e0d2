import type { ConfigIssue } from '../model/desired.js';
import { normalizeCarrierGroup } from '../model/carrier-group-normalize.js';
import { pathKey } from './data.js';
import { soleVariable } from './env.js';
import { entryIssues } from './entry-rules.js';
import { issueOn, isUnresolved, type LoadedFile } from './loaded.js';
import type { Path } from './locate.js';
import { forEachEntry } from './value-rules.js';

/** Where an entry's password sits in a file: `carrier_groups[index].auth.auth_password` by default. */
export interface PasswordPlace {
  readonly collection: string;
  readonly block: string;
}

const CARRIER_PASSWORD: PasswordPlace = { collection: 'carrier_groups', block: 'auth' };

/** The path of an entry's password in a file (a carrier group's unless `place` says another). */
export function passwordPath(index: number, place: PasswordPlace = CARRIER_PASSWORD): Path {
  return [place.collection, index, place.block, 'auth_password'];
}

/**
 * The environment variable an entry's password comes from, when the file writes it as `${NAME}`
 * alone (set here, or left to the commands that send it); undefined otherwise.
 */
export function passwordVariable(file: LoadedFile, index: number, place: PasswordPlace = CARRIER_PASSWORD): string | undefined {
  const key = pathKey(passwordPath(index, place));
  const later = file.data.deferred.get(key);
  if (later !== undefined) return later;
  const written = file.data.substituted.get(key);
  return written === undefined ? undefined : soleVariable(written);
}

/** Whether an entry's password variable is not set here: the value is read by the commands that send it. */
export function passwordDeferred(file: LoadedFile, index: number, place: PasswordPlace = CARRIER_PASSWORD): boolean {
  return file.data.deferred.size > 0 && file.data.deferred.has(pathKey(passwordPath(index, place)));
}

/**
 * The rules on `carrier_groups` entries of one file: those of the one normaliser
 * (model/carrier-group-normalize.ts), and a password that comes from an environment variable
 * (`auth_password: ${NAME}`), never written in the file: plans carry the variable's name, and
 * apply reads the value, so a saved plan holds no secret. The variable need not be set to load
 * the file (`deferredVariable`).
 */
export function carrierGroupRuleIssues(file: LoadedFile): ConfigIssue[] {
  const top = file.data.value as Readonly<Record<string, unknown>> | null;
  if (top === null || typeof top !== 'object' || Array.isArray(top)) return [];
  const issues: ConfigIssue[] = [];
  forEachEntry(top.carrier_groups, (entry, i) => {
    for (const issue of entryIssues(file, 'carrier_groups', i, entry, normalizeCarrierGroup)) issues.push(issue);
    const auth = entry.auth as Readonly<Record<string, unknown>> | null | undefined;
    if (auth === null || typeof auth !== 'object' || typeof auth.auth_password !== 'string') return;
    if (isUnresolved(file, passwordPath(i)) || passwordVariable(file, i) !== undefined) return;
    issues.push(
      issueOn(
        file,
        passwordPath(i),
        `carrier_groups[${i}].auth.auth_password must come from an environment variable, not be written in the file`,
        'write auth_password: ${CARRIER_PASSWORD} and set CARRIER_PASSWORD in the environment of apply',
      ),
    );
  });
  return issues;
}
