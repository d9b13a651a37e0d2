// One module per kind (src/model/kinds/<kind>.ts and its folder, listed in src/model/kinds.ts) holds
// what dsipform knows about a kind: its collection, key field, nouns, fields (stated once, as the
// readers its comparison uses), normaliser and change builders. This file holds the rest of src/ to that:
// a kind's name spelled as a string literal ('carrier_group') may appear only in the files listed
// below, each for a reason that is not per-kind knowledge (a union type, a narrowing `switch`, a
// request's discriminant, a field that happens to share the name). A new file spelling a kind fails
// here (look the kind up in KIND_SPECS instead); a listed file that stops spelling one fails too, so
// the list only shrinks.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COLLECTION_OF, KINDS } from '../../src/model/desired.js';
import { keyOf } from '../../src/model/key.js';
import { KIND_SPECS } from '../../src/model/kinds.js';
import type { RoutingRule } from '../../src/routing/types.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Why each file outside the kind modules may spell a kind's name. */
const UNION = 'declares a union type or list of the kinds';
const NARROW = 'narrows a union by its `kind` (TypeScript needs the literal)';
const REQUEST = "a delete request's discriminant";
const FIELD = "names the route's `carrier_group` field, not the kind";
const WIRE = 'a schema or attribute name of the provider or the stack';
const EXPECTATION = "names a routing test's `carrier_group` expectation, not the kind";

/** The kind modules: a module and its folder spell their own kind. */
const MODULES = 'src/model/kinds/';

const ALLOWED: Readonly<Record<string, string>> = {
  'src/model/routing-test.ts': EXPECTATION,
  'src/model/routing.ts': UNION,
  'src/routing/types.ts': UNION,
  'src/routing/invariants.ts': NARROW,
  'src/cli/lease.ts': NARROW,
  'src/model/normalize-rule.ts': FIELD,
  'src/plan/emptied-mappings.ts': NARROW,
  'src/plan/numbers-after.ts': NARROW,
  'src/plan/routing-impact.ts': NARROW,
  'src/routing/expect.ts': NARROW,
  'src/routing/expect-names.ts': EXPECTATION,
  'src/routing/impact.ts': NARROW,
  'src/routing/lint.ts': NARROW,
  'src/routing/load.ts': NARROW,
  'src/routing/number-classes.ts': NARROW,
  'src/routing/number-lints.ts': NARROW,
  'src/routing/rule-set.ts': NARROW,
  'src/terraform/resources/carrier-group.ts': REQUEST,
  'src/terraform/resources/did-number.ts': REQUEST,
  'src/terraform/resources/endpoint-group.ts': REQUEST,
  'src/terraform/resources/endpoint-lease.ts': REQUEST,
  'src/terraform/resources/inbound-mapping.ts': REQUEST,
  'src/terraform/resources/outbound-route.ts': WIRE,
  'src/terraform/resources/rule-checks.ts': FIELD,
};

/** Every .ts file of src/ but generated code (the bindings, the schema validators), relative to the root. */
function sourceFiles(): string[] {
  return (readdirSync(join(ROOT, 'src'), { recursive: true }) as string[])
    .map((f) =>
      relative(ROOT, join(ROOT, 'src', f))
        .split('\\')
        .join('/'),
    )
    .filter((f) => f.endsWith('.ts') && !f.startsWith('src/cdktf/bindings/') && !f.includes('/generated/') && !f.startsWith(MODULES))
    .sort();
}

/** The files that spell a kind's name as a string literal, in either quote. */
function filesSpellingAKind(): string[] {
  return sourceFiles().filter((file) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    return KINDS.some((k) => text.includes(`'${k}'`) || text.includes(`"${k}"`));
  });
}

describe('the kind modules', () => {
  it('are the only files that spell a kind, but for the listed reasons', () => {
    const found = filesSpellingAKind();
    expect(
      found.filter((f) => !(f in ALLOWED)),
      'files that spell a kind: look it up in KIND_SPECS (src/model/kinds.ts) instead',
    ).toEqual([]);
    expect(
      Object.keys(ALLOWED).filter((f) => !found.includes(f)),
      'listed files that no longer spell a kind: remove them from ALLOWED',
    ).toEqual([]);
  });

  it.each(KINDS)('%s: the registry, the collections and the kind agree', (kind) => {
    const spec = KIND_SPECS[kind];
    expect(spec.kind).toBe(kind);
    expect(COLLECTION_OF[kind]).toBe(spec.collection);
    expect(Object.keys(spec.formats).filter((f) => !spec.fields.includes(f))).toEqual([]);
    expect(Object.keys(spec.namedBy).filter((f) => !spec.fields.includes(f))).toEqual([]);
    expect(spec.fields).toContain(spec.keyField);
  });

  it('lists every kind once, in the order of KINDS', () => {
    expect(Object.keys(KIND_SPECS)).toEqual([...KINDS]);
  });

  it("says which kinds are the proxy's rules: the kinds of the routing simulation's rules", () => {
    const ruleKinds: readonly RoutingRule['kind'][] = ['inbound_mapping', 'outbound_route'];
    expect(KINDS.filter((k) => KIND_SPECS[k].isRule)).toEqual(ruleKinds);
  });

  it.each([
    ['inbound_mapping', { did: '15551230001', name: 'x' }, '15551230001'],
    ['inbound_mapping', { did: '' }, ''],
    ['outbound_route', { name: 'UK', did: 'x' }, 'UK'],
    ['endpoint_lease', { name: 'ci' }, 'ci'],
    ['carrier_group', { name: 'Carrier A' }, 'Carrier A'],
  ] as const)('keyOf(%s) reads the key field of the module', (kind, record, key) => {
    expect(keyOf(kind, record as never)).toBe(key);
  });
});
