import { pathKey } from './data.js';
import { soleVariable } from './env.js';
import type { LoadedFile } from './loaded.js';
import type { Path } from './locate.js';

/** Where an entry's password sits in a file: `<collection>[index].<block>.auth_password` (a kind's `passwordBlock`). */
export interface PasswordPlace {
  readonly collection: string;
  readonly block: string;
}

/** The path of an entry's password in a file. */
export function passwordPath(index: number, place: PasswordPlace): Path {
  return [place.collection, index, place.block, 'auth_password'];
}

/**
 * The environment variable an entry's password comes from, when the file writes it as `${NAME}`
 * alone (set here, or left to the commands that send it); undefined otherwise.
 */
export function passwordVariable(file: LoadedFile, index: number, place: PasswordPlace): string | undefined {
  const key = pathKey(passwordPath(index, place));
  const later = file.data.deferred.get(key);
  if (later !== undefined) return later;
  const written = file.data.substituted.get(key);
  return written === undefined ? undefined : soleVariable(written);
}

/** Whether an entry's password variable is not set here: the value is read by the commands that send it. */
export function passwordDeferred(file: LoadedFile, index: number, place: PasswordPlace): boolean {
  return file.data.deferred.size > 0 && file.data.deferred.has(pathKey(passwordPath(index, place)));
}
