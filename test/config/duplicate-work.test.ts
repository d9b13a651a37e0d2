import { describe, expect, it } from 'vitest';
import { checkFile } from '../../src/config/check-file.js';
import { duplicateIssues } from '../../src/config/duplicates.js';
import { formatLocation } from '../../src/config/issue.js';
import type { LoadedFile } from '../../src/config/loaded.js';
import { fileValidator } from '../../src/config/schema.js';

/*
 * The duplicate check of a big file (issue 33 §4): it reads every entry of every file once per plan
 * and validate, and most identities occur once. Counted, not timed: nothing is recorded per entry
 * (at the branch point each entry's file and index went onto two growing lists, two pushes an
 * entry), and every repeat is still reported at its own place, naming the others.
 */

function mappings(from: number, count: number, extra: readonly string[] = []): string {
  const lines = ['version: 1', 'inbound_mappings:'];
  for (let i = from; i < from + count; i += 1) lines.push(`  - did: "${15_550_000_000 + i}"`, '    servers: ["23", "53"]');
  for (const did of extra) lines.push(`  - did: "${did}"`, '    servers: ["24"]');
  lines.push('outbound_routes:');
  for (let i = from; i < from + count / 2; i += 1)
    lines.push(`  - name: "r${i}"`, `    prefix: "${1000 + i}"`, '    gwgroupid: "5"', ...(i % 3 === 0 ? ['    from_prefix: "1555"'] : []));
  return `${lines.join('\n')}\n`;
}

async function loaded(files: Record<string, string>): Promise<LoadedFile[]> {
  const validate = await fileValidator();
  return Object.entries(files).map(([name, text]) => {
    const checked = checkFile(name, text, {}, validate, 'fast');
    expect(checked.issues).toEqual([]);
    return checked.file as LoadedFile;
  });
}

describe('duplicateIssues over big files', () => {
  it('records nothing per entry, and places each repeat exactly', async () => {
    // a.yaml: 3,000 mappings and 1,500 routes; b.yaml repeats two of a's DIDs and one twice more.
    const files = await loaded({
      'a.yaml': mappings(0, 3_000),
      'b.yaml': mappings(5_000, 4, ['15550000007', '15550002999', '15550000007']),
    });
    // Counted by hand: a spy keeps its calls with push itself.
    const original = Array.prototype.push;
    let pushes = 0;
    Array.prototype.push = function (this: unknown[], ...items: unknown[]): number {
      pushes += 1;
      return original.apply(this, items);
    };
    let issues;
    try {
      issues = duplicateIssues(files);
    } finally {
      Array.prototype.push = original;
    }
    // At the branch point: two for each of the 4,500 entries and more.
    expect(pushes).toBeLessThan(100);
    expect(issues.map((i) => `${formatLocation(i)}: ${i.message}`)).toEqual([
      'b.yaml:15:5: DID "15550000007" is declared 3 times: also at a.yaml:17:5, b.yaml:11:5',
      'b.yaml:13:5: DID "15550002999" is declared twice: also at a.yaml:6001:5',
    ]);
  });
});
