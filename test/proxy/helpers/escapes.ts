import fc from 'fast-check';
import { scenarioArbitrary } from './arbitraries.js';
import type { Scenario } from './scenario.js';
import type { SipCall } from './sip.js';

/**
 * How a generated call's users are escaped on the wire: each character either as it is or as
 * `%XX` (upper or lower case hex), and now and then a broken escape the platform's
 * `s.unescape.user` refuses (`%2`, `%zz`, `%00`, `%7F`) put in at some place.
 */
interface Escaping {
  /** Per character position: escape it (upper case hex), escape it (lower case), or leave it. */
  readonly marks: readonly (0 | 1 | 2)[];
  readonly broken: { readonly text: string; readonly at: number } | null;
}

const escaping: fc.Arbitrary<Escaping> = fc.record({
  marks: fc.array(fc.constantFrom<0 | 1 | 2>(0, 0, 1, 2), { maxLength: 10 }),
  broken: fc.oneof(
    { weight: 6, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.record({ text: fc.constantFrom('%2', '%zz', '%00', '%7F', '%'), at: fc.nat(8) }) },
  ),
});

/** `user` escaped as `e` says; `#`, `*` and `+` are escaped whenever their mark asks, digits too. */
export function escapeUser(user: string, e: Escaping): string {
  let out = '';
  [...user].forEach((c, i) => {
    const mark = e.marks[i] ?? 0;
    const hex = c.charCodeAt(0).toString(16).padStart(2, '0');
    out += mark === 0 || c === '%' ? c : `%${mark === 1 ? hex.toUpperCase() : hex}`;
  });
  if (e.broken === null) return out;
  const at = Math.min(e.broken.at, out.length);
  return `${out.slice(0, at)}${e.broken.text}${out.slice(at)}`;
}

/** A call with its From-, To- and request users escaped each in its own way. */
function escapedCall(call: SipCall, from: Escaping, to: Escaping, ruri: Escaping): SipCall {
  const escaped = { direction: call.direction, from: escapeUser(call.from, from), to: escapeUser(call.to, to) };
  return call.ruri === undefined ? escaped : { ...escaped, ruri: escapeUser(call.ruri, ruri) };
}

/** The generated scenarios, every call's users escaped on the wire (most of them partly). */
export const escapedScenarioArbitrary: fc.Arbitrary<Scenario> = scenarioArbitrary.chain((s) =>
  fc.array(fc.tuple(escaping, escaping, escaping), { minLength: s.calls.length, maxLength: s.calls.length }).map((es) => ({
    ...s,
    calls: s.calls.map((c, i) => escapedCall(c, ...(es[i] as [Escaping, Escaping, Escaping]))),
  })),
);
