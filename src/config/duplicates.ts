import { KINDS, type ConfigIssue, type SourceLocation } from '../model/desired.js';
import type { KindModule } from '../model/kind-spec.js';
import type { UniqueIdentity } from '../model/kind-inputs.js';
import { KIND_SPECS } from '../model/kinds.js';
import { formatLocation, issueAt } from './issue.js';
import { at, isUnresolved, shown, written, type LoadedFile } from './loaded.js';
import type { Path } from './locate.js';

interface Occurrence {
  readonly file: LoadedFile;
  readonly path: Path;
}

/**
 * Every entry the checks read, as a number: the entries of one list of one file are a block of
 * consecutive numbers, so an entry's number is its block's first number plus its index. Most
 * identities occur once, so an `Occurrence` (and its path) is made only for those that repeat, and
 * nothing is recorded per entry: a big file's tens of thousands of entries leave no object, and no
 * slot of a growing list, behind (issue 33 §4).
 */
class Occurrences {
  readonly #files: LoadedFile[] = [];
  /** Per block, in increasing order: its first number, its file's number. */
  readonly #starts: number[] = [];
  readonly #fileOf: number[] = [];
  #next = 0;
  fileNumber(file: LoadedFile): number {
    return this.#files.push(file) - 1;
  }
  /** The number of the first of `count` entries of the file numbered `file`; entry `i` is that plus `i`. */
  block(file: number, count: number): number {
    const start = this.#next;
    this.#starts.push(start);
    this.#fileOf.push(file);
    this.#next += count;
    return start;
  }
  /** The block holding entry number `n`: the last block starting at or before it (blocks are few). */
  #blockOf(n: number): number {
    let b = this.#starts.length - 1;
    while (b > 0 && (this.#starts[b] as number) > n) b--;
    return b;
  }
  file(n: number): LoadedFile {
    return this.#files[this.#fileOf[this.#blockOf(n)] as number] as LoadedFile;
  }
  index(n: number): number {
    return n - (this.#starts[this.#blockOf(n)] as number);
  }
}

/** Occurrences of one identity across all files, by identity, in file and list order. */
class Registry {
  /** The first occurrence of each identity, by number; most identities occur once, so no list is kept for them. */
  readonly #first = new Map<string, number>();
  /** Every occurrence of the identities that occur more than once. */
  readonly #repeated = new Map<string, number[]>();
  constructor(
    readonly occurrences: Occurrences,
    /** The path of the entry at an index: `[collection, index]`, or a fixed key's. */
    readonly pathAt: (index: number) => Path,
    readonly describe: (first: Occurrence) => string,
    readonly hint: string,
  ) {}
  add(identity: string, occurrence: number): void {
    const first = this.#first.get(identity);
    if (first === undefined) {
      this.#first.set(identity, occurrence);
      return;
    }
    const list = this.#repeated.get(identity);
    if (list) list.push(occurrence);
    else this.#repeated.set(identity, [first, occurrence]);
  }
  /** One issue per identity declared more than once, at its last place, naming the others. */
  issues(): ConfigIssue[] {
    const out: ConfigIssue[] = [];
    if (this.#repeated.size === 0) return out;
    for (const identity of this.#first.keys()) {
      const places = this.#repeated.get(identity);
      if (!places) continue;
      const list = places.map((n) => ({ file: this.occurrences.file(n), path: this.pathAt(this.occurrences.index(n)) }));
      const last = list[list.length - 1] as Occurrence;
      const others = list.slice(0, -1).map((o) => formatLocation(at(o.file, o.path)));
      const times = list.length === 2 ? 'twice' : `${list.length} times`;
      const message = `${this.describe(list[0] as Occurrence)} is declared ${times}: also at ${others.join(', ')}`;
      out.push(issueAt(at(last.file, last.path), message, this.hint));
    }
    return out;
  }
}

/** One kind's identities that must be unique, each with the occurrences of its values found so far. */
interface KindChecks {
  readonly collection: string;
  readonly checks: readonly { readonly unique: UniqueIdentity; readonly registry: Registry }[];
}

/**
 * Identities must be unique across all files: each kind's module says which (`unique`: a
 * mapping's DID, a route's name, LCR pattern and pinned ruleid, a group's name, …); only one file
 * may hold a `policy`, and only one a `proxy.timezone`. Each repeat is one issue at the entry,
 * naming where else it is declared, in the order of the registry and of each kind's identities.
 */
export function duplicateIssues(files: readonly LoadedFile[]): ConfigIssue[] {
  const occurrences = new Occurrences();
  const kinds: KindChecks[] = KINDS.map((kind) => {
    const { collection, unique } = KIND_SPECS[kind] as KindModule;
    const pathAt = (i: number): Path => [collection, i];
    return {
      collection,
      checks: unique.map((u) => ({ unique: u, registry: new Registry(occurrences, pathAt, (o) => describe(u, o), u.filesHint ?? u.hint) })),
    };
  });
  // The proxy's zone is one fact of the platform: two files that both say it (even alike) would
  // leave which one counts to the order the files are read in.
  const zonePath: Path = ['proxy', 'timezone'];
  const zones = new Registry(
    occurrences,
    () => zonePath,
    () => 'proxy.timezone',
    'keep one proxy.timezone, in one file (the platform has one proxy zone)',
  );
  const policies: { file: LoadedFile; loc: SourceLocation }[] = [];

  for (const file of files) {
    const top = file.data.value as Record<string, unknown> | null;
    if (top === null || typeof top !== 'object' || Array.isArray(top)) continue;
    const fileNumber = occurrences.fileNumber(file);
    for (const { collection, checks } of kinds) {
      const list = top[collection];
      if (!Array.isArray(list) || checks.length === 0) continue;
      const base = occurrences.block(fileNumber, list.length);
      // One reader of the entry's text per collection, over the entry at hand: not a closure per
      // entry. A file naming no unset variable (the usual case) needs no path to check each string.
      let entry: Readonly<Record<string, unknown>> = {};
      let index = 0;
      const text =
        file.data.unresolved.size === 0
          ? (field: string): string | undefined => {
              const value = entry[field];
              return typeof value === 'string' ? value : undefined;
            }
          : (field: string): string | undefined => knownText(file, collection, index, field, entry[field]);
      // A plain loop: run once per plan over tens of thousands of entries, mostly before V8 has
      // compiled it, where each callback and destructuring costs.
      for (let i = 0; i < list.length; i++) {
        const e: unknown = list[i];
        if (e === null || typeof e !== 'object' || Array.isArray(e)) continue;
        entry = e as Readonly<Record<string, unknown>>;
        index = i;
        for (let c = 0; c < checks.length; c++) {
          const check = checks[c]!;
          const identity = check.unique.of(entry, text);
          if (identity !== undefined) check.registry.add(identity, base + i);
        }
      }
    }
    if ('policy' in top) policies.push({ file, loc: at(file, ['policy'], true) });
    const proxy = top.proxy;
    if (proxy !== null && typeof proxy === 'object' && 'timezone' in proxy) zones.add('timezone', occurrences.block(fileNumber, 1));
  }

  const issues = [...kinds.flatMap((k) => k.checks.map((c) => c.registry)), zones].flatMap((r) => r.issues());
  const [first, ...rest] = policies;
  for (const again of rest) {
    const message = `policy is declared in more than one file: also at ${formatLocation(first!.loc)}`;
    issues.push(issueAt(again.loc, message, 'keep one policy block, in one file'));
  }
  return issues;
}

/** A field's value when it is text the check may read: a string not naming an unset variable (reported already). */
function knownText(file: LoadedFile, collection: string, index: number, field: string, value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  // The field's path is built only when some string of the file names an unset variable.
  return file.data.unresolved.size === 0 || !isUnresolved(file, [collection, index, field]) ? value : undefined;
}

/**
 * How the error names an identity: `what`, then the field it `shows` as the file shows it (with
 * the variable it came from), or else the identity worked out from the values as written.
 */
function describe(unique: UniqueIdentity, o: Occurrence): string {
  const entry = entryAt(o) as Readonly<Record<string, unknown>>;
  if (unique.shows !== undefined) return `${unique.what} ${shown(o.file, [...o.path, unique.shows], String(entry[unique.shows]))}`;
  const asWritten = unique.of(entry, (field) => {
    const value = entry[field];
    return typeof value === 'string' ? written(o.file, [...o.path, field], value) : undefined;
  });
  return `${unique.what} ${unique.bare ? String(asWritten) : JSON.stringify(asWritten)}`;
}

function entryAt(o: Occurrence): unknown {
  let here: unknown = o.file.data.value;
  for (const seg of o.path) here = (here as Record<string | number, unknown>)[seg];
  return here;
}
