import type { ConfigIssue, SourceLocation } from '../model/desired.js';
import { DUPLICATE_HINTS } from '../model/normalize.js';
import { lcrPattern } from '../model/outbound-route.js';
import { numberIdentity } from '../model/kinds/did-number/fields.js';
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

/**
 * Identities must be unique across all files: DIDs, route names of entries without a pinned
 * ruleid, LCR patterns (`<from_prefix>-<prefix>`), pinned ruleids, lease and carrier-group names, numbers'
 * DIDs (without their leading `+`s); only one
 * file may hold a `policy`, and only one a `proxy.timezone`.
 * Each repeat is one issue at the entry, naming where else it is declared.
 */
export function duplicateIssues(files: readonly LoadedFile[]): ConfigIssue[] {
  const raw = (o: Occurrence, name: string): string => {
    const entry = entryAt(o) as Record<string, unknown>;
    return written(o.file, [...o.path, name], String(entry[name]));
  };
  const field = (o: Occurrence, name: string): string => {
    const entry = entryAt(o) as Record<string, unknown>;
    return shown(o.file, [...o.path, name], String(entry[name]));
  };
  const dids = new Registry((o) => `DID ${field(o, 'did')}`, DUPLICATE_HINTS.did);
  const names = new Registry(
    (o) => `route name ${field(o, 'name')}`,
    `${DUPLICATE_HINTS.routeName}, or pin each one to its live route with ruleid: N`,
  );
  const patterns = new Registry(
    (o) => `LCR pattern ${JSON.stringify(lcrPattern(raw(o, 'from_prefix'), raw(o, 'prefix')))}`,
    DUPLICATE_HINTS.lcrPattern,
  );
  const ruleids = new Registry((o) => `pinned ruleid ${raw(o, 'ruleid')}`, 'pin each live route from one entry only');
  const leases = new Registry((o) => `lease name ${field(o, 'name')}`, DUPLICATE_HINTS.leaseName);
  const groups = new Registry((o) => `carrier group name ${field(o, 'name')}`, 'keep one of them, or give the other group its own name');
  const endpointGroups = new Registry(
    (o) => `endpoint group name ${field(o, 'name')}`,
    'keep one of them, or give the other group its own name',
  );
  // By the platform's identity of a DID: "+1555…" and "1555…" are one number to it.
  const numbers = new Registry(
    (o) => `number ${field(o, 'did')}`,
    'keep one of them: the platform takes "+1555…" and "1555…" for one number',
  );
  // The proxy's zone is one fact of the platform: two files that both say it (even alike) would
  // leave which one counts to the order the files are read in.
  const zones = new Registry(() => 'proxy.timezone', 'keep one proxy.timezone, in one file (the platform has one proxy zone)');
  const policies: { file: LoadedFile; loc: SourceLocation }[] = [];

  for (const file of files) {
    const top = file.data.value as Record<string, unknown> | null;
    if (top === null || typeof top !== 'object' || Array.isArray(top)) continue;
    // The field's path is built only when some string of the file names an unset variable.
    const known = (path: Path, field: string, value: unknown): value is string =>
      typeof value === 'string' && (file.data.unresolved.size === 0 || !isUnresolved(file, [...path, field]));
    forEachEntry(top.inbound_mappings, (entry, i) => {
      const path = ['inbound_mappings', i];
      if (known(path, 'did', entry.did)) dids.add(entry.did, { file, path });
    });
    forEachEntry(top.outbound_routes, (entry, i) => {
      const path = ['outbound_routes', i];
      const { name, prefix, from_prefix: fromPrefix, ruleid } = entry;
      // Entries that pin a ruleid are identified by it, so they may share a name (live routes can).
      if (known(path, 'name', name) && ruleid === undefined) names.add(name, { file, path });
      // An LCR route with an empty prefix is already an issue of its own.
      if (known(path, 'from_prefix', fromPrefix) && fromPrefix !== '' && known(path, 'prefix', prefix) && prefix !== '') {
        patterns.add(lcrPattern(fromPrefix, prefix), { file, path });
      }
      if (typeof ruleid === 'number' && Number.isInteger(ruleid)) ruleids.add(String(ruleid), { file, path });
    });
    forEachEntry(top.endpoint_leases, (entry, i) => {
      const path = ['endpoint_leases', i];
      if (known(path, 'name', entry.name)) leases.add(entry.name, { file, path });
    });
    forEachEntry(top.carrier_groups, (entry, i) => {
      const path = ['carrier_groups', i];
      if (known(path, 'name', entry.name)) groups.add(entry.name, { file, path });
    });
    forEachEntry(top.endpoint_groups, (entry, i) => {
      const path = ['endpoint_groups', i];
      if (known(path, 'name', entry.name)) endpointGroups.add(entry.name, { file, path });
    });
    forEachEntry(top.numbers, (entry, i) => {
      const path = ['numbers', i];
      if (known(path, 'did', entry.did)) numbers.add(numberIdentity(entry.did), { file, path });
    });
    if ('policy' in top) policies.push({ file, loc: at(file, ['policy'], true) });
    const proxy = top.proxy;
    if (proxy !== null && typeof proxy === 'object' && 'timezone' in proxy) zones.add('timezone', { file, path: ['proxy', 'timezone'] });
  }

  const issues = [dids, names, patterns, ruleids, leases, groups, endpointGroups, numbers, zones].flatMap((r) => r.issues());
  const [first, ...rest] = policies;
  for (const again of rest) {
    const message = `policy is declared in more than one file: also at ${formatLocation(first!.loc)}`;
    issues.push(issueAt(again.loc, message, 'keep one policy block, in one file'));
  }
  return issues;
}

function entryAt(o: Occurrence): unknown {
  let here: unknown = o.file.data.value;
  for (const seg of o.path) here = (here as Record<string | number, unknown>)[seg];
  return here;
}
