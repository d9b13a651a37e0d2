/**
 * What the files and the provider ask of a kind (the helper types of `KindModule`'s "files and
 * provider" block): the identities that must be unique, and how a CDKTF stack's resource maps to an
 * entry. Pure types.
 */
import type { RawEntry } from './normalize.js';

/**
 * One identity of a kind's entries that must be unique across the files (and across a stack's
 * resources): a mapping's DID, a route's name and its LCR pattern. Pure: each front end hands it
 * an entry and how to read a field of it as text.
 */
export interface UniqueIdentity {
  /** What the duplicate error calls it, before the value: `route name`, `LCR pattern`. */
  readonly what: string;
  /**
   * The identity of one entry, or undefined when it has none to compare. `text(field)` is the
   * field's value when it is text a check may read (for the files: not naming an unset variable,
   * which is reported already); an entry without it takes no part.
   */
  readonly of: (entry: RawEntry, text: (field: string) => string | undefined) => string | undefined;
  /**
   * The field whose value, as the file shows it (`"UK" (from ${ROUTE})`), the files' error names
   * after `what`. Absent: the identity itself, worked out from the values as written, quoted
   * unless `bare` (`pinned ruleid 12`).
   */
  readonly shows?: string;
  readonly bare?: boolean;
  /** What to do about it, in every front end. */
  readonly hint: string;
  /** What to do about it in the files, where they can say more (pin a route to its ruleid). */
  readonly filesHint?: string;
}

/** A nested block of a kind's resource in a CDKTF stack (the provider's schema): how it maps to an entry's field. */
export interface StackBlock {
  /** The entry's field it gives: the `endpoint` blocks are the files' `endpoints`. */
  readonly field: string;
  /** Whether the field is a list of such blocks (a single block counts as a list of one). */
  readonly list: boolean;
  /** The block's attributes; any other is an issue. */
  readonly attributes: readonly string[];
  /** The attributes Terraform types as numbers; every other one is text. */
  readonly numeric: readonly string[];
}

/**
 * How a kind's resource in a synthesized CDKTF stack (its `terraformType`) maps to an entry of the
 * files, for the stack reader to convert it as Terraform would and hand it to the kind's normaliser.
 */
export interface StackMapping {
  /** The resource's attributes, in the order an error lists them; any other is an issue. */
  readonly attributes: readonly string[];
  /** The attributes Terraform types other than as text (or a list of text): numbers and bools. */
  readonly types?: Readonly<Record<string, 'number' | 'bool'>>;
  /** The entry's field the resource's logical id gives (a lease's name is its id in the stack). */
  readonly idField?: string;
  /** Its nested blocks, by attribute. The kind's `passwordBlock` takes its password from a Terraform variable. */
  readonly blocks?: Readonly<Record<string, StackBlock>>;
}
