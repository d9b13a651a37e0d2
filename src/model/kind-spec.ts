import type { CollectionName, Kind } from './desired.js';

/**
 * What dsipform knows about one kind of object, in one place (as octoDNS keeps one class per record
 * type): its collection in the files, the field that names an object, the noun messages use, and
 * its fields in the order every renderer shows them. Adding a field or rewording a kind touches its
 * module under `src/model/kinds/` and nothing else; `src/model/kinds.ts` lists the modules.
 */
export interface KindSpec<K extends Kind = Kind> {
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
  /** The fields, in the order of their types: the order every renderer shows them in. */
  readonly fields: readonly string[];
  /** Whether its objects are rules the proxy picks for a call (mappings, routes), which may name a carrier group. */
  readonly isRule: boolean;
  /** The fields counted in seconds, shown with a readable hint: `900 (15m)`. */
  readonly secondsFields: readonly string[];
  /**
   * Whether a saved plan writes only the known `fields` of a change's values: true where a secret
   * that wrongly reached a plan (a lease's password) must never reach a plan file.
   */
  readonly onlyKnownFields: boolean;
}
