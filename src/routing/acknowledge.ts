import type { LintAcceptance } from '../model/desired.js';
import { KIND_SPECS } from '../model/kinds.js';
import { compileIgnore } from '../model/globs.js';
import type { RoutingFinding } from './types.js';

/** An acknowledgement with its globs compiled, and whether it matched a rule of some finding. */
interface Entry {
  readonly accept: LintAcceptance;
  readonly index: number;
  readonly route: ((name: string) => boolean) | null;
  readonly did: ((name: string) => boolean) | null;
  used: boolean;
}

/** `{lint: ambiguous_lcr, route: "cust-*"}`, as the files write it. */
function written(a: LintAcceptance): string {
  const parts = [`lint: ${a.lint}`];
  if (a.route !== undefined) parts.push(`route: ${JSON.stringify(a.route)}`);
  if (a.did !== undefined) parts.push(`did: ${JSON.stringify(a.did)}`);
  return `{${parts.join(', ')}}`;
}

/** Whether the entry names the rule `key` of `kind` (an entry with neither glob names every rule): mappings by `did`, routes by `route`. */
function names(e: Entry, kind: RoutingFinding['kind'], key: string): boolean {
  if (e.route === null && e.did === null) return true;
  if (kind === undefined) return false;
  const glob = KIND_SPECS[kind].keyField === 'did' ? e.did : e.route;
  return glob?.(key) ?? false;
}

/**
 * The findings with those `accept` acknowledges marked `acknowledged` (same order), then one
 * `accept_unused` warning per acknowledgement that matched no rule of any finding (a stale or
 * mistyped one would otherwise hide nothing, silently). A warning is acknowledged when an entry
 * of its lint names every rule it names (`keys`, else `key`): `route` globs for routes, `did` globs
 * for mappings, an entry with neither for all; a finding that names no rule (a missing catch-all)
 * only by an entry with neither. Errors are never acknowledged.
 */
export function acknowledgeFindings(findings: readonly RoutingFinding[], accept: readonly LintAcceptance[] | undefined): RoutingFinding[] {
  if (!accept || accept.length === 0) return [...findings];
  const entries: Entry[] = accept.map((a, index) => ({
    accept: a,
    index,
    route: a.route === undefined ? null : compileIgnore([a.route]),
    did: a.did === undefined ? null : compileIgnore([a.did]),
    used: false,
  }));
  const out = findings.map((f) => {
    if (f.severity !== 'warning') return f;
    const mine = entries.filter((e) => e.accept.lint === f.code);
    if (mine.length === 0) return f;
    const named = f.keys ?? (f.key !== undefined ? [f.key] : []);
    let all = true;
    if (named.length === 0) {
      const broad = mine.filter((e) => e.route === null && e.did === null);
      for (const e of broad) e.used = true;
      all = broad.length > 0;
    } else
      for (const key of named) {
        const by = mine.filter((e) => names(e, f.kind, key));
        for (const e of by) e.used = true;
        if (by.length === 0) all = false;
      }
    return all ? { ...f, acknowledged: true as const } : f;
  });
  for (const e of entries) {
    if (e.used) continue;
    out.push({
      severity: 'warning',
      code: 'accept_unused',
      message: `policy.accept[${e.index}] ${written(e.accept)} acknowledges no finding: no ${e.accept.lint} warning names ${e.accept.route !== undefined ? 'a route it matches' : e.accept.did !== undefined ? 'a mapping it matches' : 'anything'}`,
      hint: 'remove the entry (the lint no longer finds it), or correct its lint code or glob',
      ...(e.accept.origin ? { origin: e.accept.origin } : {}),
    });
  }
  return out;
}
