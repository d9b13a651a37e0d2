/**
 * The characters the proxy dials: drouting builds its prefix tree over `0-9 + # *` only, so a rule
 * whose prefix holds another character is dropped at load, a number holding one stops the prefix
 * walk there, and the platform's API refuses such a DID or prefix. The one predicate and the one
 * wording of that rule for every place that judges a number or a prefix (the files, the emulator,
 * the provider, invariants, the simulation). Pure.
 */

/** The dial characters as every message writes them. */
export const DIAL_CHARACTERS = '0-9 + # *';

/**
 * The predicate itself, as data: `DIALLED[code] === 1` for the code of a character the proxy dials,
 * anything else (`0`, or `undefined` past the table) for one it does not. drouting's prefix tree has
 * a child for each of these characters and no other, so the simulation's prefix walk reads this
 * table at each character as the proxy reads its tree (routing/match.ts), and {@link firstNonDial}
 * reads the same table: one definition. A table rather than a regular expression, since the
 * simulation asks per call.
 */
export const DIALLED: Readonly<Uint8Array> = (() => {
  const table = new Uint8Array(128);
  for (const c of '0123456789+#*') table[c.charCodeAt(0)] = 1;
  return table;
})();

/** The index of the first character of `text` the proxy does not dial, or -1 when there is none. */
export function firstNonDial(text: string): number {
  for (let i = 0; i < text.length; i++) if (DIALLED[text.charCodeAt(i)] !== 1) return i;
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
