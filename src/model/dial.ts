/**
 * The characters the proxy dials: drouting builds its prefix tree over `0-9 + # *` only, so a rule
 * whose prefix holds another character is dropped at load, a number holding one stops the prefix
 * walk there, and the platform's API refuses such a DID or prefix. The one predicate and the one
 * wording of that rule for every place that judges a number or a prefix (the files, the emulator,
 * the provider, invariants, the simulation). Pure.
 */

/** The dial characters as every message writes them. */
export const DIAL_CHARACTERS = '0-9 + # *';

/** The index of the first character of `text` the proxy does not dial, or -1 when there is none. */
export function firstNonDial(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // 0-9, +, #, *: a loop rather than a regular expression, since the simulation asks per call.
    if (!((c >= 48 && c <= 57) || c === 43 || c === 35 || c === 42)) return i;
  }
  return -1;
}

/** Whether every character of `text` is one the proxy dials; `""` is (the catch-all). */
export function isDialString(text: string): boolean {
  return firstNonDial(text) < 0;
}

/**
 * The one wording of a value outside the dial characters, `DID "12a" may contain only the
 * characters 0-9 + # *` (`what` names the value: `DID`, `prefix`, `never.to_prefix`), or `null`
 * when every character is one the proxy dials.
 */
export function dialProblem(what: string, value: string): string | null {
  return isDialString(value) ? null : `${what} ${JSON.stringify(value)} may contain only the characters ${DIAL_CHARACTERS}`;
}

/** What to write instead, one wording: `use only 0-9 + # * in a DID, and quote it: did: "+15551230001"`. */
export function dialHint(noun: string, key: string, example: string): string {
  return `use only ${DIAL_CHARACTERS} in a ${noun}, and quote it: ${key}: ${JSON.stringify(example)}`;
}
