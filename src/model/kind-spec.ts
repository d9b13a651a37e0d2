import type { CollectionName, Kind } from './desired.js';
import type { GroupType } from './group.js';
import type { KindRecords } from './kinds.js';
import type { Normalized, RawEntry, Spelling } from './normalize.js';
import type { KindExport } from './kind-export.js';
import type { AfterOf, Execution, KindReadBack, KindRequest, SentSecrets } from './kind-execution.js';
import type { StackMapping, UniqueIdentity } from './kind-inputs.js';
import type { ChangeAction, PlanIssue } from './plan.js';
import type { KindApi } from './kind-api.js';
import type { Lease } from './lease.js';
import type { WireReader } from './wire-reader.js';

/**
 * How a renderer shows a field's value, beyond a plain value: `seconds` with a readable hint
 * (`900 (15m)`), `endpoints` as a list of `{name: …, hostname: …}`, `endpoint-set` the same, but
 * an update shows it endpoint by endpoint (matched by name: `+`, `~`, `-`), `auth` as a
 * registration block whose password is always `(sensitive)`. The module says which; render/ knows how.
 */
export type FieldFormat = 'seconds' | 'endpoints' | 'endpoint-set' | 'auth';

/**
 * A declared password against the record of the one dsipform last sent to the live object:
 * `same`, `changes`, or `unrecorded` (dsipform never sent one to it, or its state is not here).
 * Known only where the password's variable is set (`plan/password-checks.ts`).
 */
export type PasswordCheck = 'same' | 'changes' | 'unrecorded';

/** The key of one object's password check in `KindDiffContext.passwords`: its kind and its key (two kinds may share a name). */
export function passwordKey(kind: string, key: string): string {
  return `${kind}\u0000${key}`;
}

/** What a kind's differ is handed besides the declared and the live objects. */
export interface KindDiffContext {
  /** The clock reading (ms) the plan is made at: leases are renewed against it. */
  readonly now: number;
  /** Whether a live object's key matches the collection's `policy.ignore` globs: it is left alone. */
  readonly ignored: (key: string) => boolean;
  /** Whether to list the matched live objects (`matched`, what `destroy` deletes). */
  readonly listMatched: boolean;
  /** How each declared object's password stands against the one the platform holds or was last sent, by `passwordKey`. */
  readonly passwords?: ReadonlyMap<string, PasswordCheck>;
}

/** What a kind's differ found: the change builders' output for one collection. Pure data. */
export interface KindDiff<K extends Kind> {
  readonly changes: KindRecords[K]['change'][];
  /** Live objects paired with a declared entry, as the change that removes them (what `destroy` does). */
  readonly matched: KindRecords[K]['change'][];
  readonly unchanged: number;
  /** Live objects the plan governs (ignored ones excluded). */
  readonly governed: number;
  readonly issues: PlanIssue[];
  /** Sentences for the plan's reader. */
  readonly notes: string[];
  /** Keys of records that lapsed by themselves (leases): dropped without a request. */
  readonly expired: string[];
}

/**
 * One kind's module: everything dsipform knows about one kind of object, in one place (as octoDNS
 * keeps one class per record type). The generic parts (loader, differ, renderers) look a kind up in
 * the registry (`KIND_SPECS` in src/model/kinds.ts) and call it instead of switching on its name.
 * Adding a field or rewording a kind touches its module under `src/model/kinds/` and nothing else.
 */
export interface KindModule<K extends Kind = Kind> {
  /** The kind, as plans and `Change.kind` write it. */
  readonly kind: K;
  /** The collection of the desired-state files that holds it. */
  readonly collection: CollectionName;
  /** The noun of one object in messages: `carrier group`. */
  readonly noun: string;
  /** The noun of one object where the kind is clear from the sentence (routing steps, impact): `route`. */
  readonly shortNoun: string;
  /** The field whose value is an object's identity (`keyOf`): a mapping's DID, every other kind's name. */
  readonly keyField: 'did' | 'name';
  /**
   * How a renderer names the object whose key is `""`, when that key means something (the
   * default mapping): shown after the quoted key, `"" (default mapping)`.
   */
  readonly emptyKeyLabel?: string;
  /** The fields, in the order every renderer shows them: stated once, by the module's field readers. */
  readonly fields: readonly string[];
  /** Whether its objects are rules the proxy picks for a call (mappings, routes), which may name a carrier group. */
  readonly isRule: boolean;
  /** How renderers show the fields that are not plain values: `ttl` in `seconds`, a group's `endpoints`. */
  readonly formats: Readonly<Record<string, FieldFormat>>;
  /**
   * The fields that hold an id the files may give by name instead, and the field holding that
   * name (`servers` ← `group`, `gwgroupid` ← `carrier_group`): renderers show the name beside the id.
   */
  readonly namedBy: Readonly<Record<string, string>>;
  /**
   * The platform id a change of one live object carries and plans show: `ruleid` for rules,
   * `gwgroupid` for the kinds whose objects are gateway groups (rules refer to them), `id` for
   * numbers; none for leases.
   */
  readonly idField?: 'ruleid' | 'gwgroupid' | 'id';
  /**
   * The type of gateway group its objects are, for the kinds whose objects are groups that rules
   * refer to (carrier groups): a plan's groups after it, the ids it deletes, the rules a failure of
   * one holds back, the make-before-break note. Absent for kinds that are not groups.
   */
  readonly groupType?: GroupType;
  /**
   * For a kind some platforms cannot update in place: on which API profile an update is carried
   * out as a delete, then a create (`replace`), the reason its changes say, and the plan's note.
   */
  readonly updateReplaces?: {
    readonly on: (profile: 'spec' | 'current') => boolean;
    readonly reason: string;
    readonly note: string;
  };
  /**
   * The apply stages of its actions where they are not the default ones (creates 1, updates 2,
   * deletes 3, then leases 4 to 6): groups make before break around the rules that refer to them.
   */
  readonly stages?: Readonly<Partial<Record<ChangeAction, number>>>;
  /**
   * The apply stage of one change where its values decide it (before `stages`): a number written
   * available goes before the mappings, any other number write after them. Undefined: `stages`.
   */
  readonly stageOf?: (change: KindRecords[K]['change']) => number | undefined;
  /**
   * What one of its objects holds that the platform lets one object hold at a time (a route's LCR
   * pattern), read from a change's `before` or `after` values (undefined: that side is absent), or
   * null: the orderer moves a change that frees one before the change that takes it.
   */
  readonly claims?: (values: unknown) => string | null;
  /**
   * Whether a saved plan writes only the known `fields` of a change's values: true where a secret
   * that wrongly reached a plan (a lease's password) must never reach a plan file.
   */
  readonly onlyKnownFields: boolean;
  /**
   * The block of an entry whose `auth_password` is a secret that comes from an environment
   * variable (`auth_password: ${NAME}`), never from the file: the loader records the variable's
   * name and where the file names it (`password_env`, `password_origin`), never the value in a plan.
   */
  readonly passwordBlock?: string;
  /** How apply carries out its changes. */
  readonly execution: Execution;
  /**
   * Whether the platform deletes many of its objects in one request (the Numbers API's bulk delete
   * by `id[]` in the body): apply then carries out the deletes of one step as one request.
   */
  readonly bulkDelete?: boolean;
  /** The request mapping (`execution: 'requests'`): the platform requests one change needs, in order. Pure. */
  readonly requests?: (change: KindRecords[K]['change'], sent: SentSecrets) => readonly KindRequest[];
  /** How apply confirms each write (absent for rules: the platform reports their failures). */
  readonly readBack?: KindReadBack<K>;
  /**
   * Whether apply records a digest of each password it sent to an object (and forgets a deleted
   * object's), for the next plan to compare the files' password with: carrier groups.
   */
  readonly recordsPasswords?: boolean;
  /**
   * A change's values with the id of each group it names that this apply created filled in
   * (`idOf(name, who)` knows them, and fails for one that was not created); the values unchanged
   * when they name none. Groups are created in an earlier step than the rules that refer to them.
   */
  readonly withCreatedGroups?: (after: AfterOf<K>, idOf: (name: string, who: string) => number) => AfterOf<K>;
  /** One raw entry of the files (or a stack, or the provider) → the declared content, or every issue. */
  readonly normalize: (raw: RawEntry, spell?: Spelling) => Normalized<unknown>;
  /**
   * The change builders: the declared entries against the live objects of the collection, paired
   * by key, into creates, updates (only when a compared field differs) and deletes. Pure.
   */
  readonly diff: (
    desired: readonly KindRecords[K]['desired'][],
    live: readonly KindRecords[K]['live'][],
    ctx: KindDiffContext,
  ) => KindDiff<K>;
  /** How `dsipform export` writes its live objects as entries (absent: the kind is not exported, as leases are not). */
  readonly export?: KindExport<K>;

  // ---- the files and the provider ----
  /** The identities of its entries that must be unique across the files, in the order their repeats are reported. */
  readonly unique: readonly UniqueIdentity[];
  /**
   * Whether a policy's `ignore` always lists its collection (`[]` when none is given), as `Policy`
   * types the collections older than carrier groups; a later kind's list is there only when given.
   */
  readonly ignoreAlwaysListed?: true;
  /**
   * With `passwordBlock`: the variable the hint suggests when a password is written in the file
   * instead of coming from one (`CARRIER_PASSWORD`).
   */
  readonly passwordExample?: string;
  /**
   * The fields whose every problem (type, form, range) its normaliser words itself, so the schema
   * check leaves them alone and each problem is reported once, in one voice: a lease's durations.
   */
  readonly wordedByNormalizer?: readonly string[];
  /** What to do about a bad value at each of its schema paths, by path shape (`carrier_groups[].name`). */
  readonly schemaHints: Readonly<Record<string, string>>;
  /** Its managed resource type in the Terraform provider (`dsiprouter_number`), or null while it has none. */
  readonly terraformType: string | null;
  /** How a CDKTF stack's resource of `terraformType` maps to an entry (absent: the stack reader does not read it). */
  readonly stack?: StackMapping;

  // --- the platform's API: what the client, the live read and the live checksum ask of the kind ---

  /**
   * Its part of the platform's API, as data (src/model/kind-api.ts): the client's one set of calls
   * reads, writes and deletes its objects through it, and the live read lists them with it.
   * Absent for a kind the platform cannot list (leases: `liveFrom`).
   */
  readonly api?: KindApi<KindRecords[K]['live']>;
  /** Where its live objects come from when the platform cannot list them: the local state's records (leases). */
  readonly liveFrom?: 'state';
  /** For a kind obtained rather than created (leases): its record in an obtain's answer, given the ttl sent. */
  readonly obtainedFromWire?: (record: unknown, read: WireReader, sentTtl: number) => Lease;
  /**
   * Its live collection as its part of the live checksum (`plan/live-checksum.ts`): the records in
   * a stable order (`order`), each as it is checksummed: `fields`, the record's own flat fields
   * (written as they are, no copy of each record), or `record`, a copy without what must not enter a
   * checksum saved in plan files (a password, a per-process fingerprint, a field the platform
   * restamps by itself). Pure.
   */
  readonly checksum: {
    readonly order: (a: KindRecords[K]['live'], b: KindRecords[K]['live']) => number;
  } & ({ readonly fields: readonly string[] } | { readonly record: (live: KindRecords[K]['live']) => object });
}

/** The former name of {@link KindModule}, kept for callers that still spell it. */
export type KindSpec<K extends Kind = Kind> = KindModule<K>;
