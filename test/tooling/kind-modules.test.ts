// A kind's behaviour lives in its module (src/model/kinds/<kind>.ts and its folder): the generic
// differ, executor and renderers reach a kind only through the registry (KIND_SPECS), never by
// importing one kind's module or spelling its name, and each module carries every part the generic
// code calls. On the code before the kind modules held behaviour (issue 33 §2) each of these fails:
// the differ imported each kind's descriptor and differ, the executor switched on the kind's name,
// the renderers spelled `carrier_group`.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { KINDS, managedCollections, type DesiredState } from '../../src/model/desired.js';
import { KIND_SPECS } from '../../src/model/kinds.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The generic parts: they call a kind's module through the registry. */
const GENERIC = [
  'src/plan/diff.ts',
  'src/apply/execute.ts',
  'src/apply/write-change.ts',
  'src/render/values.ts',
  'src/render/change-block.ts',
  'src/plan/plan-names.ts',
];

describe('the kind modules hold the behaviour', () => {
  it.each(GENERIC)('%s imports no kind module and spells no kind', (file) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    // A kind's types (its change) may be named; its code is reached through the registry only.
    const imports = [...text.matchAll(/^import (type )?[^;]*?from '([^']+)'/gms)].filter((m) => m[1] === undefined).map((m) => m[2]!);
    expect(
      imports.filter((spec) => /model\/kinds\//.test(spec) || /(diff-leases|diff-carrier-groups|carrier-group-fields)\.js$/.test(spec)),
    ).toEqual([]);
    expect(KINDS.filter((k) => text.includes(`'${k}'`))).toEqual([]);
  });

  // Issue 33 §2: one executor driven by the modules. Before it, src/apply/ had an executor per kind
  // (execute-carrier-group.ts, execute-endpoint-group.ts, execute-number.ts), each importing its
  // kind's comparison from its module's folder: both checks below failed there.
  it('apply has one executor: no file of src/apply/ imports the code of a kind module', () => {
    const files = readdirSync(join(ROOT, 'src/apply')).filter((f) => f.endsWith('.ts'));
    const importing = files.filter((f) => {
      const text = readFileSync(join(ROOT, 'src/apply', f), 'utf8');
      return [...text.matchAll(/^import (type )?[^;]*?from '([^']+)'/gms)].some((m) => m[1] === undefined && /model\/kinds\//.test(m[2]!));
    });
    expect(importing).toEqual([]);
    // Leases keep theirs: obtained and recorded in the state, with no request mapping to drive.
    expect(files.filter((f) => f.startsWith('execute-') && f !== 'execute-lease.ts')).toEqual([]);
  });

  // Issue 33 §2: a kind's API calls, its live read and its part of the live checksum are its
  // module's (`KindModule.api`, `liveFrom`, `checksum`); the client has one set of calls over a
  // kind's API, the live read and the checksum loop over the registry. On 53e12ce these failed:
  // client.ts switched on `'inbound_mapping'`, groups.ts, endpoint-groups.ts and wire.ts imported
  // their kinds' wire mapping, kind-calls.ts a number's identity, read-live.ts and live-checksum.ts
  // named each collection in turn; and no module said where its live objects come from.
  const API_FILES = readdirSync(join(ROOT, 'src/api'))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .map((f) => `src/api/${f}`);
  it.each([...API_FILES, 'src/apply/read-live.ts', 'src/plan/live-checksum.ts'])(
    '%s names no kind nor collection and imports no kind module',
    (file) => {
      const text = readFileSync(join(ROOT, file), 'utf8');
      const imports = [...text.matchAll(/^import (type )?[^;]*?from '([^']+)'/gms)].filter((m) => m[1] === undefined).map((m) => m[2]!);
      expect(imports.filter((spec) => /model\/kinds\//.test(spec))).toEqual([]);
      const quoted = (name: string) => text.includes(`'${name}'`) || text.includes(`"${name}"`);
      expect(KINDS.filter(quoted)).toEqual([]);
      expect(KINDS.map((k) => KIND_SPECS[k].collection).filter(quoted)).toEqual([]);
    },
  );

  it.each(KINDS)('%s: its module says where its live objects come from', (kind) => {
    const mod = KIND_SPECS[kind];
    // Either the platform's API (with the calls apply sends) or the local state's records, not both.
    expect(mod.api === undefined).toBe(mod.liveFrom === 'state');
    if (mod.execution === 'requests') expect(mod.api).toBeDefined();
    expect(typeof mod.checksum.order).toBe('function');
  });

  it.each(KINDS.filter((k) => KIND_SPECS[k].groupType !== undefined || KIND_SPECS[k].bulkDelete))(
    '%s: a kind whose writes may not stick declares how apply reads them back',
    (kind) => {
      const mod = KIND_SPECS[kind];
      expect(mod.execution).toBe('requests');
      expect(typeof mod.readBack?.mismatch).toBe('function');
      expect(mod.readBack?.notWritten('k', 'what').code).toMatch(/_NOT_WRITTEN$/);
    },
  );

  it.each(KINDS)('%s: its module has the parts the generic code calls', (kind) => {
    const mod = KIND_SPECS[kind];
    expect(typeof mod.diff).toBe('function');
    expect(typeof mod.normalize).toBe('function');
    expect(mod.fields.length).toBeGreaterThan(0);
    expect(['requests', 'lease']).toContain(mod.execution);
    if (mod.execution === 'requests') expect(typeof mod.requests).toBe('function');
  });

  it("the collections DesiredState manages are the registry's, in its order", () => {
    const all = Object.fromEntries(KINDS.map((k) => [KIND_SPECS[k].collection, []])) as unknown as DesiredState;
    expect(managedCollections(all)).toEqual(KINDS.map((k) => KIND_SPECS[k].collection));
  });

  it("the differ's changes come from the module: an update lists the fields the module compares, in its order", () => {
    const diff = KIND_SPECS.outbound_route.diff;
    const live = {
      ruleid: 7,
      groupid: 10000,
      name: 'UK',
      prefix: '44',
      from_prefix: null,
      gwgroupid: '5',
      priority: 0,
      timerec: '',
      routeid: '',
    };
    const want = { name: 'UK', prefix: '4420', from_prefix: null, gwgroupid: '#6', priority: 0, timerec: '', routeid: '' };
    const found = diff([want], [live], { now: 0, ignored: () => false, listMatched: false });
    expect(found.changes).toMatchObject([
      { action: 'update', kind: 'outbound_route', key: 'UK', ruleid: 7, fields: ['prefix', 'gwgroupid'] },
    ]);
  });
});
