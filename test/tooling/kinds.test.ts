// One module per kind (src/model/kinds/*.ts, listed in src/model/kinds.ts) holds what dsipform knows
// about a kind: its collection, key field, nouns and fields. This file holds the rest of src/ to that:
// a kind's name spelled as a string literal ('carrier_group') may appear only in the files listed
// below, each for a reason that is not per-kind knowledge (a union type, a narrowing `switch`, a
// request's discriminant, a field that happens to share the name). A new file spelling a kind fails
// here (look the kind up in KIND_SPECS instead); a listed file that stops spelling one fails too, so
// the list only shrinks. It also checks the modules against the field builders the differ uses, so a
// field added to a kind's fields but not to its module (or back) fails.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { carrierGroupFields, changedCarrierGroupFields } from '../../src/model/carrier-group-fields.js';
import { COLLECTION_OF, KINDS } from '../../src/model/desired.js';
import { changedMappingFields, changedRouteFields, mappingFields, routeFields } from '../../src/model/fields.js';
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

const ALLOWED: Readonly<Record<string, string>> = {
  'src/model/kinds/inbound-mapping.ts': 'the kind module',
  'src/model/kinds/outbound-route.ts': 'the kind module',
  'src/model/kinds/endpoint-lease.ts': 'the kind module',
  'src/model/kinds/carrier-group.ts': 'the kind module',
  'src/model/desired.ts': UNION,
  'src/model/plan.ts': UNION,
  'src/model/routing-test.ts': EXPECTATION,
  'src/model/routing.ts': UNION,
  'src/routing/types.ts': UNION,
  'src/routing/invariants.ts': "builds the probe rule of an invariant's call set, and narrows a rule by its `kind`",
  'src/api/client.ts': REQUEST,
  'src/apply/apply-plan.ts': NARROW,
  'src/apply/execute-lease.ts': NARROW,
  'src/apply/execute.ts': NARROW,
  'src/cli/export.ts': FIELD,
  'src/cli/lease.ts': NARROW,
  'src/cdktf/reader/read-stack.ts': WIRE,
  'src/model/fields.ts': FIELD,
  'src/model/normalize.ts': FIELD,
  'src/plan/build-plan.ts': NARROW,
  'src/plan/check-refs.ts': NARROW,
  'src/plan/groups-after.ts': NARROW,
  'src/plan/order.ts': NARROW,
  'src/plan/resolve-groups.ts': FIELD,
  'src/plan/plan-names.ts': NARROW,
  'src/plan/routing-impact.ts': NARROW,
  'src/plan/test-names.ts': NARROW,
  'src/render/change-block.ts': NARROW,
  'src/render/values.ts': NARROW,
  'src/routing/expect.ts': NARROW,
  'src/routing/expect-names.ts': EXPECTATION,
  'src/routing/impact.ts': NARROW,
  'src/routing/lint.ts': NARROW,
  'src/routing/load.ts': NARROW,
  'src/routing/match.ts': NARROW,
  'src/routing/number-classes.ts': NARROW,
  'src/routing/rule-set.ts': NARROW,
  'src/terraform/resources/carrier-group.ts': REQUEST,
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
    .filter((f) => f.endsWith('.ts') && !f.startsWith('src/cdktf/bindings/') && !f.includes('/generated/'))
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
    expect(spec.secondsFields.filter((f) => !spec.fields.includes(f))).toEqual([]);
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
    ['inbound_mapping', Object.keys(mappingFields({ did: '15551230001', servers: ['66'], notes: '' }))],
    [
      'outbound_route',
      Object.keys(routeFields({ name: 'UK', prefix: '44', from_prefix: '', gwgroupid: '5', priority: 0, timerec: '', routeid: '' })),
    ],
    ['carrier_group', Object.keys(carrierGroupFields({ name: 'A', lb_enabled: false, endpoints: [], auth: null } as never))],
  ] as const)('%s: the module names the fields the differ compares, in order', (kind, built) => {
    expect(KIND_SPECS[kind].fields).toEqual(built);
  });

  it('the differ compares every field of the modules, and names them in their order', () => {
    const m1 = { did: '1', servers: ['66'], notes: '' };
    const m2 = { did: '2', servers: ['67'], notes: 'n' };
    expect(changedMappingFields(m1, m2)).toEqual(KIND_SPECS.inbound_mapping.fields);
    const r1 = { name: 'A', prefix: '1', from_prefix: '', gwgroupid: '5', priority: 0, timerec: '', routeid: '' };
    const r2 = { name: 'B', prefix: '2', from_prefix: '3', gwgroupid: '6', priority: 1, timerec: 't', routeid: 'r' };
    expect(changedRouteFields(r1, r2)).toEqual(KIND_SPECS.outbound_route.fields);
    const g1 = { name: 'A', lb_enabled: false, endpoints: [], auth: null };
    const g2 = {
      name: 'B',
      lb_enabled: true,
      endpoints: [{ name: 'e', hostname: 'h', strip: 0, prefix: '', weight: 1 }],
      auth: { type: 'ip' },
    };
    expect(changedCarrierGroupFields(g1 as never, g2 as never)).toEqual(KIND_SPECS.carrier_group.fields);
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
