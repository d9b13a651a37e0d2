// Issue 33 §2: a kind's export lives in its module. `dsipform export` is one loop over the registry
// (exportLive, src/plan/export.ts) that asks each kind's module (`export`: what it leaves out, its
// order, one live record as an entry); no export code names a kind. On f344b1c every test here
// fails: plan/export.ts imported the carrier group's fields and wrote each kind by hand, beside
// export-endpoint-groups.ts and export-numbers.ts, and no module said how it is exported.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { KINDS, type Kind } from '../../src/model/desired.js';
import type { ExportContext, KindExport } from '../../src/model/kind-export.js';
import { KIND_SPECS } from '../../src/model/kinds.js';
import type { LiveCollections } from '../../src/model/live.js';
import { exportLive } from '../../src/plan/export.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The kinds `dsipform export` writes: those whose module says how. */
const EXPORTED = KINDS.filter((k) => KIND_SPECS[k].export !== undefined);

/** Each module's own export, put back after a test that swaps one in. */
const saved = new Map(KINDS.map((k) => [k, KIND_SPECS[k].export]));
afterEach(() => {
  for (const k of KINDS) (KIND_SPECS[k] as { export?: unknown }).export = saved.get(k);
});

/** Puts `how` in the place of kind `k`'s export, as if its module said it. */
function swap(k: Kind, how: KindExport<Kind>): void {
  (KIND_SPECS[k] as { export?: unknown }).export = how;
}

describe('export is one loop over the registry', () => {
  it('src/plan/export.ts imports no kind module and spells no kind', () => {
    const text = readFileSync(join(ROOT, 'src/plan/export.ts'), 'utf8');
    const imports = [...text.matchAll(/^import (type )?[^;]*?from '([^']+)'/gms)].filter((m) => m[1] === undefined).map((m) => m[2]!);
    expect(imports.filter((spec) => /model\/kinds\//.test(spec))).toEqual([]);
    expect(KINDS.filter((k) => text.includes(`'${k}'`))).toEqual([]);
  });

  it('no per-kind export file is left in src/plan/ or src/pipeline/', () => {
    const files = ['src/plan', 'src/pipeline'].flatMap((d) => readdirSync(join(ROOT, d)).map((f) => `${d}/${f}`));
    expect(files.filter((f) => /\/export-.+\.ts$/.test(f))).toEqual([]);
  });

  it('every kind apply writes by requests says how it is exported (leases live only in the state file)', () => {
    expect(EXPORTED).toEqual(KINDS.filter((k) => KIND_SPECS[k].execution === 'requests'));
    for (const k of EXPORTED) expect(typeof KIND_SPECS[k].export?.entry).toBe('function');
  });

  it.each(EXPORTED)('%s: the document writes what its module says, where its module says', (kind) => {
    const mod = KIND_SPECS[kind];
    const key = mod.keyField;
    const keyIn = (r: unknown): string => String((r as Record<string, unknown>)[key]);
    swap(kind, {
      ignoreRank: -1,
      ignoreSorted: true,
      leftOut: (live: readonly unknown[]) => new Map(live.filter((r: unknown) => keyIn(r) === 'gone').map(() => ['gone', 'said so'])),
      order: (a: unknown, b: unknown) => keyIn(a).localeCompare(keyIn(b)),
      entry: (r: unknown, ctx: ExportContext) => ({ written: keyIn(r), shared: ctx.keyCount('b') }),
    } as unknown as KindExport<Kind>);
    const records = [{ [key]: 'b' }, { [key]: 'gone' }, { [key]: 'a' }, { [key]: 'b' }];
    const live = Object.fromEntries(EXPORTED.map((k) => [KIND_SPECS[k].collection, k === kind ? records : []])) as LiveCollections;
    const { doc, left } = exportLive(live);
    const written = doc as unknown as Record<string, unknown>;
    expect(written[mod.collection]).toEqual([
      { written: 'a', shared: 2 },
      { written: 'b', shared: 2 },
      { written: 'b', shared: 2 },
    ]);
    expect(left[kind]).toEqual(new Map([['gone', 'said so']]));
    // Its ignore list first: the module's rank, not the registry's order, places it.
    expect(Object.keys(doc.policy?.ignore ?? {})[0]).toBe(mod.collection);
  });

  it("the document's collections are the exported kinds', in the registry's order; a kind not read is not written", () => {
    const all = Object.fromEntries(EXPORTED.map((k) => [KIND_SPECS[k].collection, []])) as LiveCollections;
    const written = EXPORTED.filter((k) => !KIND_SPECS[k].export?.omitEmpty).map((k) => KIND_SPECS[k].collection);
    expect(Object.keys(exportLive(all).doc)).toEqual(['version', ...written]);
    const [first, ...rest] = EXPORTED;
    const some = Object.fromEntries(rest.map((k) => [KIND_SPECS[k].collection, []])) as LiveCollections;
    expect(Object.keys(exportLive(some).doc)).not.toContain(KIND_SPECS[first!].collection);
  });
});
