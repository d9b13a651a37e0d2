import { KINDS, type ConfigIssue, type SourceLocation } from '../model/desired.js';
import type { KindModule, UniqueIdentity } from '../model/kind-spec.js';
import { KIND_SPECS } from '../model/kinds.js';
import { formatLocation, issueAt } from './issue.js';
import { at, isUnresolved, shown, written, type LoadedFile } from './loaded.js';
import type { Path } from './locate.js';
import { forEachEntry } from './value-rules.js';

interface Occurrence {
  readonly file: LoadedFile;
  readonly path: Path;
}

/** Occurrences of one identity across all files, by identity, in file and list order. */
class Registry {
  /** The first occurrence of each identity; most identities occur once, so no list is kept for them. */
  readonly #first = new Map<string, Occurrence>();
  /** Every occurrence of the identities that occur more than once. */
  readonly #repeated = new Map<string, Occurrence[]>();
  constructor(
    readonly describe: (first: Occurrence) => string,
    readonly hint: string,
  ) {}
  add(identity: string, occurrence: Occurrence): void {
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
      const list = this.#repeated.get(identity);
      if (!list) continue;
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
  const kinds: KindChecks[] = KINDS.map((kind) => {
    const { collection, unique } = KIND_SPECS[kind] as KindModule;
    return { collection, checks: unique.map((u) => ({ unique: u, registry: new Registry((o) => describe(u, o), u.filesHint ?? u.hint) })) };
  });
  // The proxy's zone is one fact of the platform: two files that both say it (even alike) would
  // leave which one counts to the order the files are read in.
  const zones = new Registry(() => 'proxy.timezone', 'keep one proxy.timezone, in one file (the platform has one proxy zone)');
  const policies: { file: LoadedFile; loc: SourceLocation }[] = [];

  for (const file of files) {
    const top = file.data.value as Record<string, unknown> | null;
    if (top === null || typeof top !== 'object' || Array.isArray(top)) continue;
    for (const { collection, checks } of kinds) {
      forEachEntry(top[collection], (entry, i) => {
        const path = [collection, i];
        const text = (field: string): string | undefined => knownText(file, path, field, entry[field]);
        for (const { unique, registry } of checks) {
          const identity = unique.of(entry, text);
          if (identity !== undefined) registry.add(identity, { file, path });
        }
      });
    }
    if ('policy' in top) policies.push({ file, loc: at(file, ['policy'], true) });
    const proxy = top.proxy;
    if (proxy !== null && typeof proxy === 'object' && 'timezone' in proxy) zones.add('timezone', { file, path: ['proxy', 'timezone'] });
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
function knownText(file: LoadedFile, path: Path, field: string, value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  // The field's path is built only when some string of the file names an unset variable.
  return file.data.unresolved.size === 0 || !isUnresolved(file, [...path, field]) ? value : undefined;
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
