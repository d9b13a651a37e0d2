import { InternalError } from '../model/errors.js';
import { defaultRenewBefore, type Normalized, type RawEntry } from '../model/normalize.js';
import { passwordDeferred, passwordPath, passwordVariable } from './password-place.js';
import {
  ALWAYS_IGNORED,
  KINDS,
  type CollectionName,
  type DeleteLimit,
  type DesiredCollections,
  type DesiredState,
  type Policy,
  type ProxySettings,
} from '../model/desired.js';
import type { KindModule } from '../model/kind-spec.js';
import { KIND_SPECS } from '../model/kinds.js';
import { toRoutingTest, type RoutingTest } from '../model/routing-test.js';
import { toInvariant, type Invariant } from '../model/invariant.js';
import { takeNormalized } from './entry-rules.js';
import { at, type LoadedFile } from './loaded.js';

/** A policy block as the schema admits it. */
interface PolicyEntry {
  max_deletes?: number | string;
  max_updates?: number | string;
  protect?: CollectionName[];
  allow_unrouting?: boolean;
  ignore?: Partial<Record<CollectionName, string[]>>;
  accept?: { lint: string; route?: string; did?: string }[];
}

/** A checked file's top level as the schema admits it; its collections are read by the registry's names. */
interface FileShape {
  routing_tests?: Record<string, unknown>[];
  invariants?: Record<string, unknown>[];
  policy?: PolicyEntry;
  proxy?: { timezone?: string };
}

/**
 * Merges checked files (no issues left) into one desired state, in file order. A collection that
 * any file declares, even as `[]`, is defined; one that no file declares stays undefined. Defaults
 * are filled by the one normaliser (model/normalize.ts), and every entry gets its `origin` (the
 * list entry's position).
 */
export function toDesiredState(files: readonly LoadedFile[]): DesiredState {
  const collections: Partial<Record<CollectionName, unknown[]>> = {};
  let tests: RoutingTest[] | undefined;
  let invariants: Invariant[] | undefined;
  let policy: Policy = toPolicy({});
  let proxy: ProxySettings | undefined;
  for (const file of files) {
    const top = file.data.value as FileShape;
    for (const kind of KINDS) {
      const mod = KIND_SPECS[kind] as KindModule;
      const list = (top as Readonly<Record<string, unknown>>)[mod.collection] as RawEntry[] | undefined;
      if (!list) continue;
      const into = (collections[mod.collection] ??= []);
      list.forEach((entry, i) => into.push(toEntry(mod, entry, file, i)));
    }
    if (top.routing_tests) {
      tests ??= [];
      top.routing_tests.forEach((t, i) =>
        tests!.push(toRoutingTest(t, at(file, ['routing_tests', i]), (field) => at(file, ['routing_tests', i, 'expect', field], true))),
      );
    }
    if (top.invariants) {
      invariants ??= [];
      top.invariants.forEach((v, i) => invariants!.push(toInvariant(v, at(file, ['invariants', i]))));
    }
    if (top.policy) policy = toPolicy(top.policy, file);
    // Placed at the proxy key, which the fast reader places without the YAML parser; only one file may set the zone (duplicates.ts).
    if (top.proxy?.timezone !== undefined) proxy = { timezone: top.proxy.timezone, origin: at(file, ['proxy'], true) };
  }
  return {
    ...(collections as DesiredCollections),
    ...(tests ? { routing_tests: tests } : {}),
    ...(invariants ? { invariants } : {}),
    policy,
    ...(proxy ? { proxy } : {}),
    files: files.map((f) => f.file),
  };
}

/**
 * One entry of a kind's collection, normalised by its kind's module, with its `origin` (the list
 * entry's position); for a kind whose entries carry a password (`passwordBlock`), the variable it
 * comes from and where the file names it (the plan carries both, never the value). A variable not
 * set here leaves no password: the commands that send one read it then.
 */
function toEntry(mod: KindModule, entry: RawEntry, file: LoadedFile, i: number): unknown {
  const value = checked(entry, mod.normalize, takeNormalized(file, mod.collection, i)) as Record<string, unknown>;
  const origin = file.entryAt ? file.entryAt(mod.collection, i) : at(file, [mod.collection, i]);
  // The normaliser's object is this entry's alone (taken from the checks, or just made): the origin
  // goes onto it, not onto a copy. A big file holds tens of thousands of entries, and each copy was
  // an object more to allocate and for the young generation's collections to move.
  if (mod.passwordBlock === undefined) {
    value.origin = origin;
    return value;
  }
  const place = { collection: mod.collection, block: mod.passwordBlock };
  const block = value[mod.passwordBlock] as Readonly<Record<string, unknown>> | undefined;
  const variable = passwordVariable(file, i, place);
  if (!block || variable === undefined) return { ...value, origin };
  const { auth_password: secret, ...rest } = block;
  const password = passwordDeferred(file, i, place) || secret === undefined ? {} : { auth_password: secret };
  const withVariable = { ...rest, ...password, password_env: variable, password_origin: at(file, passwordPath(i, place)) };
  return { ...value, [mod.passwordBlock]: withVariable, origin };
}

/** The normalised value of an entry the checks already passed (`kept` by them, or normalised again). */
function checked<T>(entry: RawEntry, normalize: (raw: RawEntry) => Normalized<T>, kept: T | undefined): T {
  if (kept !== undefined) return kept;
  const result = normalize(entry);
  if (result.value === null) throw new InternalError(`a checked entry did not normalise: ${result.issues[0]?.message ?? ''}`);
  return result.value;
}

export { defaultRenewBefore };

function toPolicy(p: PolicyEntry, file?: LoadedFile): Policy {
  const limit = p.max_deletes === undefined ? undefined : toDeleteLimit(p.max_deletes);
  const updates = p.max_updates === undefined ? undefined : toDeleteLimit(p.max_updates);
  return {
    ...(limit ? { max_deletes: limit } : {}),
    ...(updates ? { max_updates: updates } : {}),
    protect: [...(p.protect ?? [])],
    // Every collection's globs as the files give them (the schema admits only collections), those the modules say always listed.
    ignore: {
      ...Object.fromEntries(Object.entries(p.ignore ?? {}).map(([c, globs]) => [c, [...(globs ?? [])]])),
      ...Object.fromEntries(ALWAYS_IGNORED.map((c) => [c, [...(p.ignore?.[c] ?? [])]])),
      // The modules' `ignoreAlwaysListed` are the collections `Policy['ignore']` types as present.
    } as unknown as Policy['ignore'],
    ...(p.allow_unrouting === true ? { allow_unrouting: true } : {}),
    // Placed at the policy key, which the fast reader places without the YAML parser (a warning names the entry's index).
    ...(p.accept ? { accept: p.accept.map((a) => ({ ...a, ...(file ? { origin: at(file, ['policy'], true) } : {}) })) } : {}),
  };
}

/** `10` → `{count: 10}`; `"20%"` → `{percent: 20}` (the schema admits only these two forms). */
function toDeleteLimit(value: number | string): DeleteLimit {
  return typeof value === 'number' ? { count: value } : { percent: Number.parseFloat(value) };
}
