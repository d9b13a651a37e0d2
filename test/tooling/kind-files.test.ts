// The files' checks and the provider's table are generic over the kind registry (issue 33 §2):
// each kind states its part in its module (src/model/kinds/<kind>.ts: its unique identities, its
// password's example variable, its schema hints, its Terraform resource type, how a CDKTF stack's
// resource maps to an entry), and the files
// below reach a kind only through KIND_SPECS. Before that (53e12ce) each of them failed here: the
// duplicate check kept a registry per kind and imported the numbers' identity from their module,
// the file checks called a rule function per kind, the hints imported the carrier groups' and the
// numbers' hints, the provider's table imported each kind's resource by name, and the stack reader
// had a reader, an attribute list and a duplicate check per kind.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { KINDS } from '../../src/model/desired.js';
import { KIND_SPECS } from '../../src/model/kinds.js';
import { KIND_RESOURCES } from '../../src/terraform/resources/kind-resources.js';
import { RESOURCE_KINDS } from '../../src/terraform/resources/managed.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

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

const kebab = (words: string): string => words.replace(/[_ ]/g, '-').toLowerCase();

/**
 * A kind's words as a file or an identifier would spell them: `carrier-group`, `lease`,
 * `did-number`. Not `number` alone: it is a JavaScript type's name too (`toNumber`).
 */
const KIND_WORDS = [...new Set(KINDS.flatMap((k) => [kebab(k), kebab(KIND_SPECS[k].noun), kebab(KIND_SPECS[k].shortNoun)]))].filter(
  (w) => w !== 'number',
);

/** What code may not spell: a kind's name, its collection, a noun of two words (`carrier group`). */
const KIND_NAMES = [
  ...new Set(
    KINDS.flatMap((k) => [k, KIND_SPECS[k].collection, ...[KIND_SPECS[k].noun, KIND_SPECS[k].shortNoun].filter((n) => n.includes(' '))]),
  ),
];

/** The text of a file without its comments (which may say what the kinds are). */
function code(file: string): string {
  return readFileSync(join(ROOT, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|\s)\/\/.*$/gm, '$1');
}

/** Whether `name` (`LEASE_HINTS`, `carrierGroupRuleIssues`, `lease-rules`) holds a kind's words. */
function namesAKind(name: string): boolean {
  const words = `-${name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[_.]/g, '-')
    .toLowerCase()}-`;
  return KIND_WORDS.some((w) => words.includes(`-${w}-`));
}

/** The value imports of a file (types may be named: they are not a kind's code): path and names. */
function valueImports(text: string): { from: string; names: string[] }[] {
  return [...text.matchAll(/^(?:import|export) (type )?([^;]*?) from '([^']+)'/gms)]
    .filter((m) => m[1] === undefined)
    .map((m) => ({
      from: m[3]!,
      names: [...m[2]!.matchAll(/([A-Za-z_$][\w$]*)(?:\s+as\s+[\w$]+)?/g)].map((n) => n[1]!).filter((n) => n !== 'type'),
    }));
}

describe('the files generic over the kind registry', () => {
  it.each(GENERIC)('%s imports no kind module and names no kind', (file) => {
    const text = code(file);
    const imports = valueImports(text);
    expect(
      imports.filter((i) => /model\/kinds\//.test(i.from) || namesAKind(i.from.split('/').pop()!.replace(/\.js$/, ''))).map((i) => i.from),
      "imports of a kind's code: reach the kind through KIND_SPECS",
    ).toEqual([]);
    expect(
      imports.flatMap((i) => i.names).filter(namesAKind),
      "imported names of a kind's code: reach the kind through KIND_SPECS",
    ).toEqual([]);
    expect(
      KIND_NAMES.filter((name) => new RegExp(`(?<![\\w])${name}(?![\\w])`).test(text)),
      "a kind named in the code: say it in the kind's module",
    ).toEqual([]);
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
