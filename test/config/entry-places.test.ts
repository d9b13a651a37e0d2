import { describe, expect, it } from 'vitest';
import { checkFile } from '../../src/config/check-file.js';
import type { LoadedFile } from '../../src/config/loaded.js';
import { toDesiredState } from '../../src/config/normalize.js';
import { fileValidator } from '../../src/config/schema.js';
import type { Path } from '../../src/config/locate.js';

/*
 * Issue 33 §4: the desired state puts each entry's origin on it, and a big file holds tens of
 * thousands of entries. A file the fast reader read places them from what it recorded, without a
 * path array and a place object per entry (`LoadedFile.entryAt`); the places are the ones
 * `locate` gives. Counted here by watching `locate`: the desired state asks it for no entry.
 */

const ENTRIES = 200;
const FILE = [
  'version: 1',
  'inbound_mappings:',
  ...Array.from({ length: ENTRIES }, (_, i) => `  - did: "${15550000000 + i}"\n    servers: ["23"]`),
  'outbound_routes:',
  '  - {name: US, prefix: "1", gwgroupid: "2"}',
  '  - name: night',
  '    prefix: "1555"',
  '    gwgroupid: "#1"',
  '',
].join('\n');

describe('the desired state places the fast reader’s entries without a path each', () => {
  it('asks `locate` for no entry, and each origin is the place `locate` gives', async () => {
    const checked = checkFile('m.yaml', FILE, {}, await fileValidator(), 'fast');
    expect(checked.via).toBe('fast');
    const file = checked.file!;
    const asked: Path[] = [];
    const watched: LoadedFile = {
      ...file,
      locate: (path, key) => {
        asked.push(path);
        return file.locate(path, key);
      },
    };
    const desired = toDesiredState([watched]);
    expect(asked.filter((p) => p.length === 2 && typeof p[1] === 'number')).toEqual([]);
    const mappings = desired.inbound_mappings!;
    const routes = desired.outbound_routes!;
    expect(mappings).toHaveLength(ENTRIES);
    mappings.forEach((m, i) => expect(m.origin).toEqual(file.locate(['inbound_mappings', i], false)));
    routes.forEach((r, i) => expect(r.origin).toEqual(file.locate(['outbound_routes', i], false)));
    expect(mappings[1]!.origin).toEqual({ file: 'm.yaml', line: 5, col: 5 });
    expect(routes.map((r) => r.origin)).toEqual([
      { file: 'm.yaml', line: 4 + 2 * ENTRIES, col: 5 },
      { file: 'm.yaml', line: 5 + 2 * ENTRIES, col: 5 },
    ]);
  });
});
