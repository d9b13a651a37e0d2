// What the tooling tests of the kind registry count as naming a kind in code, shared by
// kind-files.test.ts (the files made generic) and kind-touches.test.ts (every other file of the
// generic layers): a kind's name, its collection, its nouns, and its words in an imported name.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KINDS } from '../../src/model/desired.js';
import { KIND_SPECS } from '../../src/model/kinds.js';

/** The repository's root. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const kebab = (words: string): string => words.replace(/[_ ]/g, '-').toLowerCase();

/**
 * A kind's words as a file or an identifier would spell them: `carrier-group`, `lease`,
 * `did-number`. Not `number` alone: it is a JavaScript type's name too (`toNumber`).
 */
export const KIND_WORDS = [...new Set(KINDS.flatMap((k) => [kebab(k), kebab(KIND_SPECS[k].noun), kebab(KIND_SPECS[k].shortNoun)]))].filter(
  (w) => w !== 'number',
);

/** What code may not spell: a kind's name, its collection, a noun of two words (`carrier group`). */
export const KIND_NAMES = [
  ...new Set(
    KINDS.flatMap((k) => [k, KIND_SPECS[k].collection, ...[KIND_SPECS[k].noun, KIND_SPECS[k].shortNoun].filter((n) => n.includes(' '))]),
  ),
];

/** The text of a file without its comments (which may say what the kinds are). */
export function code(file: string): string {
  return readFileSync(join(ROOT, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|\s)\/\/.*$/gm, '$1');
}

/** Whether `name` (`LEASE_HINTS`, `carrierGroupRuleIssues`, `lease-rules`) holds a kind's words. */
export function namesAKind(name: string): boolean {
  const words = `-${name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[_.]/g, '-')
    .toLowerCase()}-`;
  return KIND_WORDS.some((w) => words.includes(`-${w}-`));
}

/** The value imports of a file (types may be named: they are not a kind's code): path and names. */
export function valueImports(text: string): { from: string; names: string[] }[] {
  return [...text.matchAll(/^(?:import|export) (type )?([^;]*?) from '([^']+)'/gms)]
    .filter((m) => m[1] === undefined)
    .map((m) => ({
      from: m[3]!,
      names: [...m[2]!.matchAll(/([A-Za-z_$][\w$]*)(?:\s+as\s+[\w$]+)?/g)].map((n) => n[1]!).filter((n) => n !== 'type'),
    }));
}

/** How a file names a kind: the kind modules it imports, the kind's names it imports, the kinds it names in code. */
export function kindNaming(file: string): { modules: string[]; names: string[]; spelled: string[] } {
  const text = code(file);
  const imports = valueImports(text);
  return {
    modules: imports
      .filter((i) => /model\/kinds\//.test(i.from) || namesAKind(i.from.split('/').pop()!.replace(/\.js$/, '')))
      .map((i) => i.from),
    names: imports.flatMap((i) => i.names).filter(namesAKind),
    spelled: KIND_NAMES.filter((name) => new RegExp(`(?<![\\w])${name}(?![\\w])`).test(text)),
  };
}
