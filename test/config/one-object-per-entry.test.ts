import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadWith } from '../../src/config/index.js';
import type { KindModule } from '../../src/model/kind-spec.js';
import { KIND_SPECS } from '../../src/model/kinds.js';
import { normalizeMapping, normalizeRoute } from '../../src/model/normalize-rule.js';

/*
 * Issue 33 §4: a no-change plan of a big file spends a third of its CPU reading and checking the
 * files, and the young generation's collections copy every object still alive. Each entry is
 * normalised once, by the checks, and that object is the desired state's entry (its origin put on
 * it): no copy of it is made on the way. Counted here by watching each kind's normaliser.
 */

const FILE = `version: 1
inbound_mappings:
  - did: "15550000001"
    servers: ["23", "53"]
    notes: Reception — café & lobby
  - did: "15550000002"
    servers: ["#7"]
  - did: ""
    servers: ["24"]
outbound_routes:
  - name: "Route 0: night & weekend"
    prefix: "100000"
    gwgroupid: "#1"
    from_prefix: "1555"
    timerec: 20260101T090000|8H|weekly|||MO,TU,WE,TH,FR
  - name: US
    prefix: "1"
    gwgroupid: "2"
    priority: 5
`;

const modules = Object.values(KIND_SPECS) as KindModule[];
const original = new Map(modules.map((mod) => [mod, mod.normalize]));
let dir = '';

/** Every value each kind's normaliser returned (by collection), as the loader calls it. */
function watchNormalisers(): Map<string, unknown[]> {
  const made = new Map<string, unknown[]>();
  for (const mod of modules) {
    const normalize = original.get(mod)!;
    const values: unknown[] = [];
    made.set(mod.collection, values);
    (mod as { normalize: KindModule['normalize'] }).normalize = (raw, spell) => {
      const result = normalize(raw, spell);
      values.push(result.value);
      return result;
    };
  }
  return made;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dsipform-one-object-'));
  writeFileSync(join(dir, 'plain.yaml'), FILE);
});
afterEach(() => {
  for (const mod of modules) (mod as { normalize: KindModule['normalize'] }).normalize = original.get(mod)!;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('one object per entry from the normaliser to the desired state (issue 33 §4)', () => {
  it.each(['fast', 'yaml'] as const)('with the %s reader: each entry normalised once, and that object is the entry', async (reader) => {
    const made = watchNormalisers();
    const result = await loadWith(['plain.yaml'], { cwd: dir, env: {} }, reader);
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    for (const collection of ['inbound_mappings', 'outbound_routes'] as const) {
      const entries = result.desired[collection] ?? [];
      const values = made.get(collection) ?? [];
      expect(values).toHaveLength(entries.length);
      entries.forEach((entry, i) => {
        expect(entry).toBe(values[i]);
        expect(entry.origin).toEqual({ file: 'plain.yaml', line: expect.any(Number), col: 5 });
      });
    }
    // The same contents as ever, in the same order of keys (plans and their checksums show them).
    expect(Object.keys(result.desired.inbound_mappings![0]!)).toEqual(['did', 'servers', 'notes', 'origin']);
    expect(Object.keys(result.desired.outbound_routes![0]!)).toEqual([
      'name',
      'prefix',
      'from_prefix',
      'gwgroupid',
      'priority',
      'timerec',
      'routeid',
      'origin',
    ]);
  });

  it('a clean entry makes no list of issues of its own', () => {
    const a = normalizeMapping({ did: '1', servers: ['23'] });
    const b = normalizeRoute({ name: 'r', prefix: '1', gwgroupid: '2' });
    expect(a.issues).toEqual([]);
    expect(a.issues).toBe(b.issues);
  });
});
