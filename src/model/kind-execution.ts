/**
 * What apply asks of a kind (the helper types of `KindModule`'s execution): the requests one change
 * needs, the secrets the executor hands them, and how a write is read back. Pure types.
 */
import type { Kind } from './desired.js';
import type { DsipformError } from './errors.js';
import type { KindRecords } from './kinds.js';

/**
 * One platform request a change needs, as data: a kind's module maps a change to these (its
 * request mapping), apply sends them in order through the client, which knows each kind's API.
 */
export type KindRequest =
  | { readonly op: 'create'; readonly input: object }
  | {
      readonly op: 'update';
      readonly id: number;
      readonly patch: object;
      /** For a group: the live gateway id of each endpoint sent (none for a new one), so kept endpoints keep theirs. */
      readonly members?: readonly (number | undefined)[];
    }
  | { readonly op: 'delete'; readonly id: number }
  /** Delete the object of this key if there is one (a row the platform made by itself, whose id the plan cannot know). */
  | { readonly op: 'delete_key'; readonly key: string };

/**
 * What the executor hands a request mapping besides the change: the password it read from the
 * environment for a kind with a `passwordBlock` (never in a plan; sent, then scrubbed).
 */
export interface SentSecrets {
  readonly password?: string;
}

/** What a read-back compares a sent password with: the password, and the process's fingerprint of a secret (api/secret-fingerprint.ts). */
export interface SentPassword {
  readonly password?: string;
  readonly fingerprint: (secret: string) => string;
}

/**
 * How apply confirms a write of a kind whose platform may answer 200 and keep nothing (groups,
 * numbers): after every request the executor reads the object back (the client knows how) and asks
 * these pure functions what differs; any answer fails the change with the kind's own error. The
 * texts are the `what` of `notWritten`.
 */
export interface KindReadBack<K extends Kind> {
  /** The kind's error (CARRIER_GROUP_NOT_WRITTEN, ENDPOINT_GROUP_NOT_WRITTEN, NUMBER_NOT_WRITTEN) for the object `key`. */
  readonly notWritten: (key: string, what: string) => DsipformError;
  /** What it says when a create or an update answered `id` but no such object reads back. */
  readonly absent: (verb: 'create' | 'update', id: number) => string;
  /** What differs between what was asked and what reads back, or undefined when nothing does. Never shows a password. */
  readonly mismatch: (
    verb: 'create' | 'update',
    id: number,
    asked: AfterOf<K>,
    held: KindRecords[K]['live'],
    sent: SentPassword,
  ) => string | undefined;
  /** What it says when the object `id` still reads back after its delete. */
  readonly remains: (id: number) => string;
  /** For a kind with `bulkDelete`: the object to name and what it says when some of a bulk delete's objects remain. */
  readonly remainsAfterBulk?: (left: readonly KindRecords[K]['live'][]) => { readonly key: string; readonly what: string };
}

/**
 * How apply carries out a kind's changes: `requests`, the module's `requests` sent in order through
 * the client (which knows each kind's API), each read back where the module says how (`readBack`);
 * `lease`, obtained and recorded in the state before anything else (the platform cannot list
 * leases, so there is nothing to send a request mapping to and nothing to read back).
 */
export type Execution = 'requests' | 'lease';

/** The values of a kind's change that carry an `after` (what it writes). */
export type AfterOf<K extends Kind> = Extract<KindRecords[K]['change'], { readonly after: unknown }>['after'];
