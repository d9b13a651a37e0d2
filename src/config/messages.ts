import type { Path } from './locate.js';
import { KINDS } from '../model/desired.js';
import { KIND_SPECS } from '../model/kinds.js';
import { FILE_HINTS } from './file-hints.js';

/** A path as the user reads it: `outbound_routes[2].priority`; the top level reads "the file". */
export function fieldPath(path: Path): string {
  let out = '';
  for (const seg of path) out += typeof seg === 'number' ? `[${seg}]` : out === '' ? seg : `.${seg}`;
  return out === '' ? 'the file' : out;
}

/** A path's shape with indexes dropped (`inbound_mappings[].servers[]`), to look hints up by. */
export function pathShape(path: Path): string {
  return fieldPath(path.map((seg) => (typeof seg === 'number' ? 0 : seg))).replace(/\[0\]/g, '[]');
}

/** The collections of the registry, in its order: the hints that list them follow the kinds. */
const COLLECTIONS = KINDS.map((kind) => KIND_SPECS[kind].collection);

const HINTS: Readonly<Record<string, string>> = {
  'the file': `start the file with "version: 1", then ${COLLECTIONS.join(', ')}, routing_tests, invariants, policy or proxy`,
  'policy.protect[]': `use ${COLLECTIONS.slice(0, -1).join(', ')} or ${COLLECTIONS[COLLECTIONS.length - 1]}, each once`,
  ...FILE_HINTS,
  ...Object.fromEntries(KINDS.flatMap((kind) => Object.entries(KIND_SPECS[kind].schemaHints))),
};

/** What to do about a bad value at a path (schema errors); empty when nothing useful is known. */
export function hintFor(path: Path): string {
  return HINTS[pathShape(path)] ?? '';
}

/** The known key closest to an unknown one (edit distance ≤ 2, ignoring case), if any. */
export function suggestKey(unknown: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = 3;
  for (const candidate of known) {
    const d = editDistance(unknown.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance && d < Math.max(unknown.length, 2)) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
    }
    prev = row;
  }
  return prev[b.length] ?? 0;
}
