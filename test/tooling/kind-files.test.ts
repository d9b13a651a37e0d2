// The files' checks and the provider's table are generic over the kind registry (issue 33 §2):
// each kind states its part in its module (src/model/kinds/<kind>.ts: its unique identities, its
// password's example variable, its schema hints, its Terraform resource type, how a CDKTF stack's
// resource maps to an entry), and the files
// below reach a kind only through KIND_SPECS. Before that (53e12ce) each of them failed here: the
// duplicate check kept a registry per kind and imported the numbers' identity from their module,
// the file checks called a rule function per kind, the hints imported the carrier groups' and the
// numbers' hints, the provider's table imported each kind's resource by name, and the stack reader
// had a reader, an attribute list and a duplicate check per kind.
import { describe, expect, it } from 'vitest';
import { KIND_SPECS } from '../../src/model/kinds.js';
import { KINDS } from '../../src/model/desired.js';
import { KIND_RESOURCES } from '../../src/terraform/resources/kind-resources.js';
import { RESOURCE_KINDS } from '../../src/terraform/resources/managed.js';
import { KIND_NAMES, KIND_WORDS, kindNaming, namesAKind } from './kind-words.js';

/** The files made generic over the registry. */
const GENERIC = [
  'src/config/duplicates.ts',
  'src/config/check-file.ts',
  'src/config/kind-rules.ts',
  'src/config/value-rules.ts',
  'src/config/messages.ts',
  'src/terraform/resources/managed.ts',
  'src/cdktf/reader/read-stack.ts',
  'src/cdktf/reader/read-resource.ts',
];

describe('the files generic over the kind registry', () => {
  it.each(GENERIC)('%s imports no kind module and names no kind', (file) => {
    const naming = kindNaming(file);
    expect(naming.modules, "imports of a kind's code: reach the kind through KIND_SPECS").toEqual([]);
    expect(naming.names, "imported names of a kind's code: reach the kind through KIND_SPECS").toEqual([]);
    expect(naming.spelled, "a kind named in the code: say it in the kind's module").toEqual([]);
  });

  it('the words checked are the registry’s (a check that names nothing could not fail)', () => {
    expect(KIND_WORDS).toEqual(expect.arrayContaining(['carrier-group', 'did-number', 'lease', 'route']));
    expect(KIND_NAMES).toEqual(expect.arrayContaining(['numbers', 'inbound_mapping', 'carrier group']));
    expect(namesAKind('carrierGroupRuleIssues')).toBe(true);
    expect(namesAKind('LEASE_HINTS')).toBe(true);
    expect(namesAKind('toNumber')).toBe(false);
    expect(namesAKind('routingTestIssues')).toBe(false);
  });

  it('the kinds whose module names a Terraform resource type are the kinds with Terraform steps', () => {
    expect(KIND_RESOURCES.map((r) => r.kind)).toEqual([...RESOURCE_KINDS]);
    expect(RESOURCE_KINDS.map((k) => KIND_SPECS[k].terraformType)).toContain('dsiprouter_number');
  });

  it.each(KINDS)('%s: its module states its part for the files', (kind) => {
    const mod = KIND_SPECS[kind];
    // A password block's issue suggests a variable of the kind's own.
    expect(mod.passwordBlock === undefined || /^[A-Z_]+$/.test(mod.passwordExample ?? '')).toBe(true);
    // Its hints are of its own paths: its collection, and its list under policy.ignore.
    const own = (shape: string) => shape.startsWith(mod.collection) || shape.startsWith(`policy.ignore.${mod.collection}`);
    expect(Object.keys(mod.schemaHints).filter((shape) => !own(shape))).toEqual([]);
    expect(mod.unique.length).toBeGreaterThan(0);
    if (mod.stack) expect(mod.terraformType).toMatch(/^dsiprouter_/);
  });
});
