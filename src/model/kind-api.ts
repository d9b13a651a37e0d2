import type { Kind } from './desired.js';
import type { WireReader } from './wire-reader.js';

/**
 * A kind's part of the platform's API, as data and pure functions its module states
 * (`KindModule.api`): the paths, methods and bodies of its requests and the readers of their
 * answers, with each way the platform is irregular for the kind said here as a value. The client
 * (src/api/kind-client.ts) has one set of calls over this and never asks which kind it serves.
 */

/** The API a platform speaks (`spec`, `current`): the same values as the client's `ApiProfile`. */
export type ApiProfileName = 'spec' | 'current';

/** One request as data: what the client sends for a module. */
export interface ApiCall {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** From the API root (`/api/v1`), or from the base URL where the kind's API says `fromBase`. */
  readonly path: string;
  readonly query?: Readonly<Record<string, string | number>>;
  readonly body?: unknown;
  /** Whether sending it twice does no harm, where it is not the method's default (every method but POST). */
  readonly idempotent?: boolean;
}

/** What the client hands a module's answer readers: the reader bound to the request, and the process's fingerprint of a secret. */
export interface AnswerContext {
  readonly read: WireReader;
  /** The one record an answer must carry, or the reader's error that it holds none. */
  readonly first: (data: readonly unknown[]) => unknown;
  readonly fingerprint: (secret: string) => string;
}

/** Which object a read asks for: by the platform's id, by the kind's key, or both (a read-back knows both). */
export interface ObjectRef {
  readonly id?: number;
  readonly key?: string;
}

/** What a create's or an update's answer says: the id it holds (none: see `noId`), and the object as the platform stored it where it answers one. */
export interface WriteAnswer<L> {
  readonly id?: number;
  readonly held?: L;
}

/**
 * The platform's API for one kind. `L` is its live record, `S` how its list shows one object
 * (the live record itself, or for a gateway group the list's short form without endpoints).
 */
export interface KindApi<L = unknown, S = unknown> {
  /**
   * Its requests differ by API profile (the inbound note's key, no update in place): the client
   * settles the profile before a write. Without it a write asks nothing first, and the calls are
   * handed `spec`, which they do not read.
   */
  readonly byProfile?: boolean;
  /** The paths are from the platform's base URL, not from `/api/v1` (the Numbers module of release 0.79). */
  readonly fromBase?: boolean;
  /**
   * Only some platforms serve this API: `numbers-module`, a deployed platform with the Numbers
   * module. Reading the kind from any other is NUMBERS_MODULE_MISSING.
   */
  readonly requires?: 'numbers-module';
  /**
   * The platform answers a missing object 404 with `error: "http"`, which reads as an unknown
   * path: such a 404 whose message matches this is an object that does not exist.
   */
  readonly absentSays?: RegExp;
  /** The passwords a write's input carries: registered as secrets (scrubbed from every answer) before it is sent. */
  readonly secretsOf?: (input: object) => readonly (string | undefined)[];
  /** The passwords a read's record shows in plain text: registered before anything reads the record. */
  readonly secretsIn?: (record: unknown) => readonly (string | undefined)[];
  /** Every object (one request): the call, given the list's filters, and how the list shows one. */
  readonly list: { readonly call: (filters?: object) => ApiCall; readonly read: (record: unknown, ctx: AnswerContext) => S };
  /**
   * How the live state holds the collection: `list`, the list's records as they are; `each`, the
   * list's ids (`listedId`), then one `get` per object (a group list holds no endpoints).
   */
  readonly live: { readonly from: 'list' } | { readonly from: 'each'; listedId(listed: S): number };
  /** The platform id of a live object (what `readMany` and a create's read-back find it by). */
  readonly idOf: (live: L) => number;
  /**
   * One object: its requests in order, and the object from their answers' data (`null`: no such
   * object). Any of them finding the object gone is `null` too.
   */
  readonly get: {
    readonly calls: (ref: ObjectRef) => readonly ApiCall[];
    /** `answers[i]` is the data of the i-th call's answer, read with `ctx[i]`. */
    readonly read: (answers: readonly (readonly unknown[])[], ctx: readonly AnswerContext[], ref: ObjectRef) => L | null;
  };
  /**
   * When a create's (or an update's) answer holds no id: `read-by-key`, a create's object read by
   * its key (`keyOfInput`), and `unreadable` the error's words when that finds none; `swallowed`,
   * the platform hid a failed write (API_SWALLOWED_ERROR, with these words). Absent: `read-by-key`.
   */
  readonly noId?:
    | { readonly then: 'read-by-key'; readonly unreadable: (key: string) => string }
    | { readonly then: 'swallowed'; readonly message: string; readonly hint: string };
  readonly create: {
    readonly call: (input: object, profile: ApiProfileName) => ApiCall;
    readonly answer: (data: readonly unknown[], ctx: AnswerContext) => WriteAnswer<L>;
    /** The key of a create's input (its DID, its name). */
    readonly keyOfInput: (input: object) => string;
    /**
     * A create is never sent twice blindly: after an ambiguous failure (5xx, reset, timeout) the
     * client asks whether it happened, by reading the object of the input's key (`key`) or the
     * whole list (`list`), and takes an object `same` as the input as created (by `key`: another
     * one holding the key gives up; by `list`: the newest of those the same). Absent: not retried
     * (the caller reads back).
     */
    readonly recover?: { readonly by: 'key' | 'list'; readonly same: (found: L, input: object) => boolean };
  };
  readonly update: {
    readonly call: (
      ref: ObjectRef,
      patch: object,
      profile: ApiProfileName,
      members: readonly (number | undefined)[],
      current: L | null,
    ) => ApiCall;
    /** The profiles that cannot update in place: an update there is API_UNSUPPORTED with these words. */
    readonly notInPlace?: { readonly on: (profile: ApiProfileName) => boolean; readonly message: string; readonly hint: string };
    /** Refuses a patch before anything is sent (throws its coded error): content that would overwrite what the API never shows. */
    readonly refuse?: (ref: ObjectRef, patch: object) => void;
    /** Whether the call needs the object as it is now (a field the platform wants beside another), read first. */
    readonly needsCurrent?: (patch: object) => boolean;
    /** The answer: the object as stored where the platform answers it; throws where an answer says the write failed. */
    readonly answer?: (data: readonly unknown[], ctx: AnswerContext) => WriteAnswer<L>;
  };
  /** Deletes one object, by its id (or by its key where `deletesByKey`). */
  readonly delete: (ref: ObjectRef) => ApiCall;
  /** Whether an object can be deleted by its key: a row the platform made by itself, whose id a plan cannot know. */
  readonly deletesByKey?: boolean;
  /** Deletes many objects in one request (all or none), and how its answer shows each deleted one. */
  readonly deleteMany?: {
    readonly call: (which: { readonly ids: readonly number[]; readonly keys: readonly string[] }) => ApiCall;
    readonly read: (record: unknown, ctx: AnswerContext) => unknown;
  };
}

/**
 * The field a delete target (`PlatformClient.deleteIfPresent`) names each kind's object by: the
 * library's names, older than the kind modules. A kind not listed names it `id`.
 */
interface TargetIdNames {
  readonly inbound_mapping: 'ruleid';
  readonly outbound_route: 'ruleid';
  readonly endpoint_lease: 'lease_id';
  readonly carrier_group: 'gwgroupid';
  readonly endpoint_group: 'gwgroupid';
  readonly did_number: 'number_id';
}

/** What `deleteIfPresent` removes: one object of a kind, by its id under the kind's field name. */
export type DeleteTarget = {
  [K in Kind]: { readonly kind: K } & { readonly [F in K extends keyof TargetIdNames ? TargetIdNames[K] : 'id']: number };
}[Kind];
