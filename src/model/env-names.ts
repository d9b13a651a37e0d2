/**
 * Names of environment variables, and the values people paste where a name belongs. A token pasted
 * into `${…}` or `token: { env: … }` would be echoed by every "variable … is not set" message, so
 * such a text is refused, or reported, without being shown.
 */

/**
 * A part of a name (between `_`s) that is a value's: 12 or more characters in which letters and
 * digits alternate at least four times (`4f8a9c2e71b3`), or 20 or more holding a digit and a
 * lower-case letter (`51H8aBcDeFgHiJkLmNoPq`). `schemas/targets.schema.json` refuses a `token.env`
 * by this very pattern (a test holds the two equal).
 */
export const VALUE_PATTERN =
  /(?:^|_)(?:(?=[A-Za-z0-9]{12})(?:[A-Za-z]+[0-9]+[A-Za-z]+[0-9]+[A-Za-z]|[0-9]+[A-Za-z]+[0-9]+[A-Za-z]+[0-9])|(?=[A-Za-z0-9]{20})(?=[A-Za-z0-9]*[0-9])(?=[A-Za-z0-9]*[a-z]))/;

/**
 * Whether a text given as an environment variable's name looks like a value instead: a token, a key
 * or a password. Names are words joined by `_` (`DSIP_TOKEN_STAGING`, `TF_VAR_db_password`); a
 * value has a part like {@link VALUE_PATTERN}'s. Only a conventional name is sure to pass: callers
 * use this where a false alarm costs a reworded message, or for names in files (where an unusual
 * name is easily renamed, and a pasted secret is a leak).
 */
export function looksLikeValue(name: string): boolean {
  return VALUE_PATTERN.test(name);
}

/** The words for a value found where a name belongs: it is never shown, only said to be one. */
export const VALUE_NOT_NAME = 'looks like a value (a token, key or password), not the name of an environment variable, so it is not shown';
