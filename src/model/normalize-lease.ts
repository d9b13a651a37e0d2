/**
 * The normaliser of an endpoint lease, and the rule of its name the loader shares
 * (model/normalize.ts holds what every normaliser shares). Pure.
 */
import { parseTtl, ttlRangeProblem, type LeaseContent } from './lease.js';
import { answer, Checker, defaultRenewBefore, HINTS, kindOf, type Normalized, type RawEntry, type Spelling } from './normalize.js';
import { emailProblem } from './rules.js';
import { count } from './words.js';

/** The form of a duration written as a string: digits and an optional unit, nothing around them. */
const DURATION_TEXT = /^[0-9]+[smh]?$/;
const CONTROL = /\p{Cc}/u;
const EXAMPLES: Readonly<Record<string, readonly [string, string]>> = { ttl: ['900', '"15m"'], renew_before: ['120', '"2m"'] };

/** A lease name: no control characters (it is a key in the state file and in `output leases`). */
export function leaseNameProblem(name: string): string | null {
  return CONTROL.test(name) ? `name ${JSON.stringify(name)} must not contain control characters` : null;
}

/**
 * An endpoint lease: email and ttl required; ttl in (0, MAX_TTL_SECONDS]; renew_before in
 * [0, ttl), default `defaultRenewBefore(ttl)`; durations as whole seconds or `"<n>[smh]"`. The name
 * (the key) is checked when the front end has one (the provider's lease has none: its key is the
 * resource address).
 */
export function normalizeLease(raw: RawEntry, spell?: Spelling): Normalized<LeaseContent> {
  const c = new Checker(raw, spell);
  const name = c.string('name', false);
  if (name === '') c.add(['name'], 'name must not be empty', HINTS.leaseNameEmpty, 'schema');
  else c.rule(['name'], name, leaseNameProblem, HINTS.leaseName);
  const email = c.string('email', true);
  c.rule(['email'], email, emailProblem, HINTS.email);
  if (raw.ttl === undefined) c.add(['ttl'], 'ttl is required', HINTS.ttl, 'required');
  const ttl = seconds(c, 'ttl');
  if (ttl !== null) {
    const problem = ttlRangeProblem(ttl);
    if (problem !== null)
      c.add(['ttl'], `ttl ${problem}, not ${c.shown(['ttl'], raw.ttl)}`, ttl <= 0 ? HINTS.ttlZero : HINTS.ttlMax, 'rule');
  }
  const renew = seconds(c, 'renew_before');
  if (renew !== null && renew < 0) {
    c.add(
      ['renew_before'],
      `renew_before must be 0 seconds or more, not ${c.shown(['renew_before'], raw.renew_before)}`,
      HINTS.renewNegative,
      'rule',
    );
  } else if (renew !== null && ttl !== null && ttlRangeProblem(ttl) === null && renew >= ttl) {
    const inSeconds = (field: string, secs: number): string => c.spell?.([field], secs) ?? count(secs, 'second');
    c.add(
      ['renew_before'],
      `renew_before (${inSeconds('renew_before', renew)}) must be less than ttl (${inSeconds('ttl', ttl)})`,
      HINTS.renewTtl,
      'rule',
    );
  }
  return answer(c, () => ({
    name: name ?? '',
    email: email as string,
    ttl: ttl as number,
    renew_before: renew ?? defaultRenewBefore(ttl as number),
  }));
}

/** A duration field in seconds; `null` when absent or not a duration (then the issue is added). */
function seconds(c: Checker, field: string): number | null {
  const value = c.raw[field];
  if (value === undefined) return null;
  const secs = typeof value === 'string' && !DURATION_TEXT.test(value) ? null : parseTtl(value);
  if (secs !== null) return secs;
  const [number, text] = EXAMPLES[field] ?? ['900', '"15m"'];
  const message = `${field} must be seconds (${number}) or "<n>s", "<n>m" or "<n>h" (${text}), not ${typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? c.shown([field], value) : kindOf(value)}`;
  c.add([field], message, field === 'ttl' ? HINTS.ttl : HINTS.renewForm, 'rule');
  return null;
}
