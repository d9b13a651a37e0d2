import { describe, expect, it } from 'vitest';
import { runProcess } from '../helpers/process.js';

/*
 * A file's mappings, as both readers make them (fast-reader.ts, and data.ts after the YAML parser),
 * have no members, so a key `constructor` or `toString` is a key like any other, and V8 keeps them
 * with fast properties: an `Object.create(null)` object is a hash table from the start, and the
 * schema, the value rules and normalising read every entry of a big file (issue 33 §4). V8's own
 * answer (%HasFastProperties) needs --allow-natives-syntax: asked in a node process of its own, of
 * the built loader (dist/, as the CLI runs it).
 */
const CONFIG = new URL('../../dist/config/', import.meta.url);

const SCRIPT = `
const { checkFile } = await import(${JSON.stringify(new URL('check-file.js', CONFIG).href)});
const { fileValidator } = await import(${JSON.stringify(new URL('schema.js', CONFIG).href)});
const text = 'version: 1\\ninbound_mappings:\\n  - did: "15551234567"\\n    servers: ["23"]\\n    notes: n\\noutbound_routes: []\\npolicy: {ignore: {outbound_routes: ["x*"]}}\\n';
const validate = await fileValidator();
const out = {};
for (const reader of ['fast', 'yaml']) {
  const checked = checkFile('f.yaml', text, {}, validate, reader);
  const top = checked.file.data.value;
  const entry = top.inbound_mappings[0];
  out[reader] = {
    via: checked.via,
    fast: [%HasFastProperties(top), %HasFastProperties(entry)],
    members: ['constructor' in entry, 'toString' in entry, 'hasOwnProperty' in top],
  };
}
console.log(JSON.stringify(out));
`;

describe("a file's mappings as data (issue 33 §4)", () => {
  it('have fast properties and no members, from either reader', async () => {
    const r = await runProcess(process.execPath, ['--allow-natives-syntax', '--input-type=module', '-e', SCRIPT], {
      env: { PATH: process.env.PATH },
    });
    expect(r.stderr).toBe('');
    const seen = JSON.parse(r.stdout) as Record<string, { via: string; fast: boolean[]; members: boolean[] }>;
    expect(seen).toEqual({
      fast: { via: 'fast', fast: [true, true], members: [false, false, false] },
      yaml: { via: 'yaml', fast: [true, true], members: [false, false, false] },
    });
  });
});
