/**
 * A number of the platform's DID inventory: the Numbers module of release 0.79 (its `dsip_number`
 * table). The platform answers every value as text; the kind's wire mapping
 * (src/model/kinds/did-number/wire.ts) turns the id into a number and the text `"None"` into `null`.
 */
export interface NumberRecord {
  /** The platform's id of the number (an auto-increment, never reused). */
  readonly id: number;
  /** The number, as written (the platform takes `+1555…` and `1555…` for the same DID). */
  readonly did: string;
  /** Free text; `available` (exactly) makes the DID's inbound mapping route nowhere, `assigned` is set by a mapping with servers. */
  readonly status: string | null;
  readonly carrier: string | null;
  readonly pool: string | null;
  /** Free text (the platform stamps `assigned_date` whenever a write sets it). */
  readonly assigned_length: string | null;
  readonly assigned_reference_id: string | null;
  /** `YYYY-MM-DD HH:MM:SS` in UTC, as the platform writes it, or null. */
  readonly assigned_date: string | null;
  /** `YYYY-MM-DD HH:MM:SS` in the platform database's time zone. */
  readonly date_created: string | null;
}

/** What creating a number takes: the DID, and any of the text fields (absent: NULL). */
export interface NumberInput {
  readonly did: string;
  readonly status?: string;
  readonly carrier?: string;
  readonly pool?: string;
  readonly assigned_length?: string;
  readonly assigned_reference_id?: string;
}

/** What updating a number sets: each field given (`null` clears it); the others stay. */
export type NumberPatch = {
  readonly [K in Exclude<keyof NumberRecord, 'id' | 'date_created'>]?: K extends 'did' ? string : string | null;
};

/**
 * Which numbers a list returns: all of the given conditions. `starts_with`, `contains` and
 * `ends_with` match the DID's text literally.
 */
export interface NumberFilters {
  readonly carrier?: string;
  readonly pool?: string;
  readonly status?: string;
  readonly starts_with?: string;
  readonly contains?: string;
  readonly ends_with?: string;
}

/** A number a bulk delete removed. */
export interface DeletedNumber {
  readonly id: number;
  readonly did: string;
}

/** The statuses a declared number may have: the ones the platform's Numbers page and handlers use. */
export const NUMBER_STATUSES = ['available', 'reserved', 'assigned'] as const;

/**
 * A number as the files declare it (`numbers:`), identified by its DID: `status`, `carrier` and
 * `pool` are `null` when left out (the number has none; an update clears one the platform holds).
 */
export interface DesiredNumber {
  readonly did: string;
  readonly status: string | null;
  readonly carrier: string | null;
  readonly pool: string | null;
  readonly origin?: import('./desired.js').SourceLocation;
}

/**
 * The identity the platform gives a DID: the DID without its leading `+`s. It refuses a second
 * number whose DID is another's with one `+` in front, and writes the DID's inbound mapping without
 * them, so `+15557770001` and `15557770001` are one number to pair and to declare once.
 */
export function numberIdentity(did: string): string {
  return did.replace(/^\++/, '');
}
