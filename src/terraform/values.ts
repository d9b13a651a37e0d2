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
  return { severity: 'error', summary: `Could not ${what}`, detail: [message, e.hint].filter(Boolean).join('\n') };
}
