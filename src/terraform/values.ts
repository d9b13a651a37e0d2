import { truthfulMessage } from './operation-tally.js';
import { isUnknown, type AttributePath, type Diagnostic, type TfObject } from './types.js';

/** The value of a known string attribute, else undefined (null or unknown). */
export function knownString(obj: TfObject | null, key: string): string | undefined {
  const v = obj?.[key];
  return typeof v === 'string' ? v : undefined;
}

/** The value of a known number attribute, else undefined. */
export function knownNumber(obj: TfObject | null, key: string): number | undefined {
  const v = obj?.[key];
  return typeof v === 'number' ? v : undefined;
}

/** A known list of known strings, else undefined (any element unknown counts as unknown). */
export function knownStrings(obj: TfObject | null, key: string): string[] | undefined {
  const v = obj?.[key];
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) return undefined;
  return v as string[];
}

/** An error diagnostic pointing at an attribute. */
export function attrError(attribute: AttributePath, summary: string, detail?: string): Diagnostic {
  return { severity: 'error', summary, attribute, ...(detail ? { detail } : {}) };
}

/** Adds a diagnostic when a rule finds a problem with a known value. */
export function check(out: Diagnostic[], attribute: AttributePath, value: unknown, rule: (v: never) => string | null, hint?: string): void {
  if (value === undefined || value === null || isUnknown(value)) return;
  const problem = rule(value as never);
  if (problem) out.push(attrError(attribute, `Invalid ${String(attribute[0])}`, hint ? `${problem}. ${hint}` : problem));
}

/**
 * An error diagnostic for a failed platform call, without anything secret in it. A timeout says
 * what the whole operation tried (see `truthfulMessage`), not only what the last request waited.
 */
export function apiDiagnostic(what: string, err: unknown): Diagnostic {
  const e = err as { message?: string; hint?: string; code?: string };
  const message = truthfulMessage(e.code, e.message ?? String(err));
  const diagnostic: Diagnostic = { severity: 'error', summary: `Could not ${what}`, detail: [message, e.hint].filter(Boolean).join('\n') };
  return e.code !== undefined && PLATFORM_WIDE.has(e.code)
    ? { ...diagnostic, platformFailure: { code: e.code, brief: message } }
    : diagnostic;
}

/**
 * The failures that are the platform's (or the connection's) as a whole, so every request of the
 * run meets them alike: the token, the licence, the URL, the scheme, the certificate, the network.
 * A 404 of one object, a 400 of one write or a 5xx of one request are that request's own.
 */
const PLATFORM_WIDE: ReadonlySet<string> = new Set([
  'API_UNAUTHORIZED',
  'API_UNLICENSED',
  'API_NO_SUCH_ENDPOINT',
  'API_UNEXPECTED_RESPONSE',
  'API_TIMEOUT',
  'API_CONNECTION_REFUSED',
  'API_HOST_NOT_FOUND',
  'API_TLS',
  'API_HTTPS_EXPECTED',
  'API_NETWORK',
]);
