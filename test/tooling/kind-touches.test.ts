// Issue 33 §2, the proof: adding a kind touches an exact list of places outside its module, and the
// rest of src/ holds to it. This file states the list once (TOUCHES), holds ARCHITECTURE.md's
// "Adding a kind" to it, checks that every kind of the registry has each place, and holds every
// file of the generic layers (config, api, apply, plan, render) to naming no kind, but for the
// files listed below with why (a list that only shrinks). The rest of src/ is held by
// kinds.test.ts (no kind's name but in its listed files) and kind-files.test.ts (the stack reader,
// the provider's table). On 129c1a1 the generic-layer check failed for src/config/normalize.ts
// (toPolicy named the three oldest collections) and src/config/schema-issues.ts (it worded a
// route's `carrier_group` alternative itself), and ARCHITECTURE.md stated no such list.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KINDS } from '../../src/model/desired.js';
import { KIND_SPECS } from '../../src/model/kinds.js';
import { ROOT, kindNaming } from './kind-words.js';

/** The places a new kind touches outside the generic code, `<kind>` its kebab-case name: every kind. */
const TOUCHES = [
  'src/model/kinds/<kind>.ts',
  'src/model/kinds/<kind>/',
  'src/model/kinds.ts',
  'schemas/dsipform.schema.json',
  'schemas/plan.schema.json',
  'schemas/drift.schema.json',
  'docs/<page>.md',
];
/** Only for a new error code. */
const ERROR_CODES = ['src/model/error-codes.ts', 'docs/errors.md'];
/** Only for a kind with a Terraform resource (`terraformType` not null): the provider's side. */
const TERRAFORM = [
  'src/terraform/resources/<kind>.ts',
  'src/terraform/resources/kind-resources.ts',
  'schemas/provider.schema.json',
  'scripts/registry-words.mjs',
  'src/cdktf/bindings/',
];

/** The layers whose every file is generic over the registry, but for the files of {@link NOT_GENERIC}. */
const GENERIC_LAYERS = ['src/config', 'src/api', 'src/apply', 'src/plan', 'src/render'];

const ROUTING = "the proxy's rules: mappings route inbound, routes outbound (the routing simulation's two kinds)";
const NUMBERS = 'the Numbers module beside the mappings: what a number written or deleted does to a mapping';
const GROUPS = 'the gateway groups rules refer to by id or name (carrier and endpoint groups)';
const LEASES = 'leases: obtained and recorded in the local state, not carried out by requests';
const WORDS = 'a sentence of a message or a report (held byte-identical), not the kind';
const FIELD = "a field that happens to share a kind's name: `carrier_group` of a route or a routing test";

/** The files of the generic layers that still name a kind, and why; it only shrinks. */
const NOT_GENERIC: Readonly<Record<string, string>> = {
  'src/config/fast-reader.ts': 'a YAML mapping (`newMapping`: key: value), not an inbound mapping',
  'src/config/file-hints.ts': FIELD,
  'src/config/lease-rules.ts': 'passes on the lease rules from model/ (ARCHITECTURE.md, Conventions)',
  'src/api/client.ts': LEASES,
  'src/api/kind-methods.ts': "the library's typed methods of the existing kinds (createCarrierGroup, …); a new kind needs none",
  'src/api/profile.ts': 'whether a platform has the Numbers module (the API profile), not the kind',
  'src/apply/confirm-effects.ts': NUMBERS,
  'src/apply/created-groups.ts': GROUPS,
  'src/apply/execute-lease.ts': LEASES,
  'src/apply/execute.ts': LEASES,
  'src/apply/read-gateway-labels.ts': GROUPS,
  'src/apply/read-live.ts': 'refuses the numbers collection on a platform without the Numbers module, in words',
  'src/plan/build-plan.ts': NUMBERS,
  'src/plan/check-refs.ts': ROUTING,
  'src/plan/emptied-mappings.ts': NUMBERS,
  'src/plan/export.ts': "the exported file's document, collection by collection (ExportDocument)",
  'src/plan/groups-after.ts': GROUPS,
  'src/plan/groups-to-name.ts': GROUPS,
  'src/plan/numbers-after.ts': NUMBERS,
  'src/plan/password-checks.ts': 'each group kind compares its password its own way (carrier: digest, endpoint: fingerprint)',
  'src/plan/plan-findings.ts': NUMBERS,
  'src/plan/plan-names.ts': GROUPS,
  'src/plan/read-only-note.ts': NUMBERS,
  'src/plan/resolve-groups.ts': GROUPS,
  'src/plan/routing-impact.ts': ROUTING,
  'src/plan/settle-numbers.ts': NUMBERS,
  'src/plan/test-names.ts': GROUPS,
  'src/plan/unrouting.ts': ROUTING,
  'src/render/change-block.ts': LEASES,
  'src/render/coexistence-section.ts': NUMBERS,
  'src/render/html/impact-html.ts': ROUTING,
  'src/render/html/routes-html.ts': ROUTING,
  'src/render/impact-section.ts': ROUTING,
  'src/render/lease-rows.ts': LEASES,
  'src/render/plan-json.ts': WORDS,
  'src/render/plan-markdown.ts': WORDS,
  'src/render/plan-text.ts': WORDS,
  'src/render/routing-impact.ts': ROUTING,
  'src/render/tests-section.ts': FIELD,
};

const kebab = (kind: string): string => kind.replace(/_/g, '-');
const read = (file: string): string => readFileSync(join(ROOT, file), 'utf8');

/** Every .ts file of the generic layers but generated code (the schema validators). */
function layerFiles(): string[] {
  return GENERIC_LAYERS.flatMap((dir) =>
    (readdirSync(join(ROOT, dir), { recursive: true }) as string[])
      .map((f) => `${dir}/${f.split('\\').join('/')}`)
      .filter((f) => f.endsWith('.ts') && !f.includes('/generated/')),
  ).sort();
}

/** The backquoted paths of ARCHITECTURE.md's list of what a new kind touches, by its heading. */
function statedTouches(): Record<string, string[]> {
  const text = read('ARCHITECTURE.md');
  const start = text.indexOf('<!-- what a new kind touches -->');
  const end = text.indexOf('<!-- end of what a new kind touches -->');
  expect(start, 'ARCHITECTURE.md lists what a new kind touches between its markers').toBeGreaterThan(0);
  const out: Record<string, string[]> = {};
  let heading = '';
  for (const line of text.slice(start, end).split('\n')) {
    const head = /^- \*\*([^*]+)\*\*/.exec(line);
    if (head) heading = head[1]!;
    for (const m of line.matchAll(/`((?:src|schemas|docs|scripts)\/[^`]*)`/g)) (out[heading] ??= []).push(m[1]!);
  }
  return out;
}

describe('what a new kind touches', () => {
  it("ARCHITECTURE.md's list is this one: every kind's places, a new error code's, a Terraform resource's", () => {
    expect(statedTouches()).toEqual({ 'Every kind': TOUCHES, 'A new error code': ERROR_CODES, 'A Terraform resource': TERRAFORM });
  });

  it.each(KINDS)('%s: its module, its folder and one line in each half of the registry', (kind) => {
    const file = `src/model/kinds/${kebab(kind)}.ts`;
    expect(read(file)).toContain(`kind: '${kind}'`);
    expect(existsSync(join(ROOT, `src/model/kinds/${kebab(kind)}`))).toBe(true);
    const registry = read('src/model/kinds.ts');
    expect(registry.match(new RegExp(`^  readonly ${kind}: \\{`, 'gm'))).toHaveLength(1);
    expect(registry.match(new RegExp(`^  ${kind}: [A-Z_]+,$`, 'gm'))).toHaveLength(1);
  });

  it.each(KINDS)('%s: its schema fragments and its docs page', (kind) => {
    const { collection } = KIND_SPECS[kind];
    const files = JSON.parse(read('schemas/dsipform.schema.json')) as {
      properties: Record<string, { properties: Record<string, { items?: { enum?: string[] }; properties?: object }> }>;
    };
    expect(files.properties).toHaveProperty(collection);
    expect(files.properties.policy!.properties.protect!.items!.enum).toContain(collection);
    expect(files.properties.policy!.properties.ignore!.properties).toHaveProperty(collection);
    for (const schema of ['schemas/plan.schema.json', 'schemas/drift.schema.json']) expect(read(schema)).toContain(`"${kind}"`);
    const pages = readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md') && f !== 'errors.md' && f !== 'decisions.md');
    expect(pages.filter((p) => read(`docs/${p}`).includes(`${collection}:`)).length).toBeGreaterThan(0);
  });

  it.each(KINDS.filter((k) => KIND_SPECS[k].terraformType !== null))('%s: the provider’s side of its Terraform resource', (kind) => {
    const type = KIND_SPECS[kind].terraformType!;
    expect(existsSync(join(ROOT, `src/terraform/resources/${kebab(kind)}.ts`))).toBe(true);
    expect(read('src/terraform/resources/kind-resources.ts')).toContain(`'./${kebab(kind)}.js'`);
    expect(read('schemas/provider.schema.json')).toContain(`"${type}"`);
    expect(read('scripts/registry-words.mjs')).toContain(type);
    expect(existsSync(join(ROOT, `src/cdktf/bindings/cdktf/${kebab(type.replace(/^dsiprouter_/, ''))}/index.ts`))).toBe(true);
  });
});

describe('the generic layers name no kind', () => {
  const files = layerFiles();

  it.each(files.filter((f) => !(f in NOT_GENERIC)))('%s imports no kind module and names no kind', (file) => {
    expect(kindNaming(file), 'reach the kind through KIND_SPECS, or say it in its module').toEqual({ modules: [], names: [], spelled: [] });
  });

  it('the files listed as not yet generic exist and still name a kind (the list only shrinks)', () => {
    const listed = Object.keys(NOT_GENERIC);
    expect(listed.filter((f) => !files.includes(f))).toEqual([]);
    const generic = listed.filter((f) => {
      const n = kindNaming(f);
      return n.modules.length + n.names.length + n.spelled.length === 0;
    });
    expect(generic, 'listed files that name no kind any more: remove them from NOT_GENERIC').toEqual([]);
  });
});
