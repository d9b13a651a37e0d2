import { describe, expect, it, vi } from 'vitest';
import { readFast } from '../../src/config/fast-reader.js';
import { schemaChild } from '../../src/config/schema.js';

// The schema's lookup, watched: its answers are the real ones.
vi.mock('../../src/config/schema.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/config/schema.js')>();
  return { ...actual, schemaChild: vi.fn(actual.schemaChild) };
});

/*
 * Issue 33 §4: the fast reader asks the files' schema, at each key and list, what is below it (a
 * string field keeps a plain scalar's text; a write-only value has its place recorded). The
 * schema's nodes are parsed JSON of many shapes, so each question was a lookup V8 cannot
 * specialise; now each node's answers are found once (`ReadNode`, fast-schema.ts). Counted: at the
 * branch point (7633faa) the reader of 2,000 mappings and 1,000 routes asked the schema 12,008
 * times, once per key and per flow list.
 */

function bigFile(count: number): string {
  const lines = ['version: 1', 'policy:', '  protect: [inbound_mappings]', 'inbound_mappings:'];
  for (let i = 0; i < count; i += 1)
    lines.push(`  - did: "${15_550_000_000 + i}"`, `    servers: ["${23 + (i % 5)}", "53"]`, `    notes: n${i}`);
  lines.push('outbound_routes:');
  for (let i = 0; i < count / 2; i += 1)
    lines.push(`  - name: Route ${i}`, `    prefix: "${1000 + i}"`, '    gwgroupid: "5"', `    priority: ${i}`);
  return `${lines.join('\n')}\n`;
}

describe('the fast reader and the schema', () => {
  it('asks the schema about each of its nodes once, not once per key of every entry', () => {
    const text = bigFile(2_000);
    vi.mocked(schemaChild).mockClear();
    const read = readFast(text, {});
    // Once per key and list the schema knows (the first read of a process finds them); none after.
    expect(vi.mocked(schemaChild).mock.calls.length).toBeLessThan(50);
    vi.mocked(schemaChild).mockClear();
    readFast(text, {});
    expect(vi.mocked(schemaChild).mock.calls.length).toBe(0);
    const data = read?.data.value as { inbound_mappings: { notes: string; servers: string[] }[]; outbound_routes: { priority: number }[] };
    // What the schema decides is still decided: a string field keeps digits as text, a number field reads them.
    expect(data.inbound_mappings[3]).toEqual({ did: '15550000003', servers: ['26', '53'], notes: 'n3' });
    expect(data.outbound_routes[7]?.priority).toBe(7);
  });

  it('keeps the digits of a plain scalar in a string field as written, and reads them as a number elsewhere', () => {
    const read = readFast('version: 1\ninbound_mappings:\n  - did: "1"\n    servers: ["66"]\n    notes: 007\n', {});
    expect((read?.data.value as { inbound_mappings: { notes: unknown }[] }).inbound_mappings[0]?.notes).toBe('007');
    expect((readFast('version: 1\n', {})?.data.value as { version: unknown }).version).toBe(1);
  });
});
