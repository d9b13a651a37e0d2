/**
 * How a kind's module reads a record of the platform's answers without knowing how a bad one is
 * reported: the module knows the record's shape and its variants (src/model/kinds/<kind>/wire.ts),
 * api/ knows the request it came from and makes the error (`ApiError`, API_UNEXPECTED_RESPONSE).
 */

/** One record of an answer, keys as the platform spells them. */
export type WireRecord = Record<string, unknown>;

/** Reads the parts of an answer's records, failing with the error of the request they came from. */
export interface WireReader {
  /** A value as an object record, or the error that it is not one. */
  record(value: unknown): WireRecord;
  /** An integer sent as a number or as a string of digits, or the error that it is neither. */
  int(rec: WireRecord, key: string): number;
  /** The error of a record whose shape is not the one the platform answers: `what` says how. */
  fail(what: string): Error;
}

/** A text field, whatever JSON type it came as; `fallback` when absent or null. */
export function wireText(rec: WireRecord, key: string, fallback = ''): string {
  const v = rec[key];
  if (v === undefined || v === null) return fallback;
  return typeof v === 'string' ? v : String(v);
}

/** Whether a field is absent, null or `""`: the platform's ways of saying "not set". */
export function wireUnset(rec: WireRecord, key: string): boolean {
  const v = rec[key];
  return v === undefined || v === null || v === '';
}
