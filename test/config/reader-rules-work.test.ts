import { describe, expect, it } from 'vitest';
import { checkFile } from '../../src/config/check-file.js';
import { readFast } from '../../src/config/fast-reader.js';
import { formatLocation } from '../../src/config/issue.js';
import { kindRuleIssues } from '../../src/config/kind-rules.js';
import type { LoadedFile } from '../../src/config/loaded.js';
import { fileValidator } from '../../src/config/schema.js';
import { Checker, NO_ISSUES } from '../../src/model/normalize.js';
import { normalizeMapping } from '../../src/model/normalize-rule.js';

/*
 * Issue 33 §4: the fast reader and the kinds' value rules see every entry of a file of tens of
 * thousands on every plan and validate, mostly before V8 has optimised them, and what they make
 * per entry either lives to the end of the run (copied by each collection of the young generation)
 * or is garbage that brings those collections on sooner. Counted, not timed, each by hand (a spy
 * would keep its calls with the very methods it counts); at the branch point (7633faa):
 * - a flow list (`servers: ["23", "53"]`) was an empty list pushed into, which grows it to 17
 *   slots on the first push, kept with the file's data: two pushes per mapping;
 * - the value rules made per mapping a one-entry list around each server (and walked it with an
 *   iterator), a key text of the server list joined to find it among the sound ones, an iterator
 *   over the entry's (empty) issues, and per entry an empty issues list in its checker.
 */

/** `count` mappings with two servers each and `count / 2` routes, as users write them. */
function bigFile(count: number): string {
  const lines = ['version: 1', 'inbound_mappings:'];
  for (let i = 0; i < count; i += 1) {
    lines.push(`  - did: "${15_550_000_000 + i}"`, `    servers: ["${23 + (i % 5)}", "53"]`, `    notes: Reception ${i} — café`);
  }
  lines.push('outbound_routes:');
  for (let i = 0; i < count / 2; i += 1)
    lines.push(`  - name: Route ${i}`, `    prefix: "${1000 + i}"`, '    gwgroupid: "5"', `    priority: ${i}`);
  return `${lines.join('\n')}\n`;
}

/** How many times `run` calls `target[method]` (counted by a stand-in, put back after), and its result. */
function counting<T>(target: object, method: PropertyKey, run: () => T): [number, T] {
  const original = Reflect.get(target, method) as (...args: unknown[]) => unknown;
  let calls = 0;
  Reflect.set(target, method, function (this: unknown, ...args: unknown[]): unknown {
    calls += 1;
    return original.apply(this, args);
  });
  let result: T;
  try {
    result = run();
  } finally {
    Reflect.set(target, method, original);
  }
  return [calls, result];
}

describe('the fast reader', () => {
  it('makes a flow list of one or two items at its length, not by pushing into an empty list', () => {
    const text = bigFile(2_000);
    const [calls, result] = counting(Array.prototype, 'push', () => readFast(text, {}));
    const data = result?.data.value as { inbound_mappings: { servers: string[] }[] };
    expect(data.inbound_mappings[7]?.servers).toEqual(['25', '53']);
    // One push per entry of each top-level list and one for its recorded place: 6,000 for the
    // 3,000 entries; at the branch point 10,010, two more for each mapping's servers.
    expect(calls).toBeLessThan(6_100);
  });
});

describe("the kinds' value rules", () => {
  it('make no issues list for a clean entry, and none of its checker', () => {
    expect(new Checker({ did: '1' }, undefined).issues).toBe(NO_ISSUES);
    expect(normalizeMapping({ did: '1', servers: ['66'] }).issues).toBe(NO_ISSUES);
    const c = new Checker({}, undefined);
    c.string('did', true);
    expect(c.issues.map((i) => i.message)).toEqual(['did is required']);
  });

  it('check each server and find a sound list without a list, an iterator or a text made for it', async () => {
    const validate = await fileValidator();
    const checked = checkFile('big.yaml', bigFile(2_000), {}, validate, 'fast');
    expect(checked.issues).toEqual([]);
    const file = checked.file as LoadedFile;
    // 2,000 mappings and 1,000 routes. At the branch point the iterator protocol was asked 9,001
    // times (per mapping its two one-entry server lists and its servers' copy, per entry its empty
    // issues) and 2,000 texts were joined (each mapping's list as a key).
    const [iterators, issues] = counting(Array.prototype, Symbol.iterator, () => kindRuleIssues(file));
    expect(issues).toEqual([]);
    expect(iterators).toBeLessThan(100);
    const [joins] = counting(Array.prototype, 'join', () => kindRuleIssues(file));
    expect(joins).toBeLessThan(100);
  });

  it('still word a bad server and a list the proxy drops, each at its place, after sound lists', async () => {
    const validate = await fileValidator();
    const text = [
      'version: 1',
      'inbound_mappings:',
      '  - did: "1"',
      '    servers: ["66", "67"]',
      '  - did: "2"',
      '    servers: ["66", "#22"]',
      '  - did: "3"',
      '    servers: ["66", "6x"]',
      '  - did: "4"',
      '    servers: ["66"]',
      '  - did: "5"',
      '    servers: ["66", "67"]',
      '',
    ].join('\n');
    const checked = checkFile('bad.yaml', text, {}, validate, 'fast');
    expect(checked.issues.map((i) => `${formatLocation(i)}: ${i.message}`)).toEqual([
      'bad.yaml:6:14: inbound_mappings[1].servers mix a gateway id and a group reference (["66", "#22"]): the proxy drops the rule',
      'bad.yaml:8:21: inbound_mappings[2].servers[1]: server "6x" must be a gateway id like "66" or a carrier group like "#22"',
    ]);
  });
});

describe('the fast reader, plain scalars', () => {
  it('asks the core schema’s patterns only of texts that could match them', () => {
    const text = bigFile(2_000);
    const [tests, read] = counting(RegExp.prototype, 'test', () => readFast(text, {}));
    // 2,000 plain notes, 1,000 plain names and 1,000 priorities: one test for each priority (is it
    // an integer?), and a few for the file; at the branch point 9,024 (true/false and null asked of
    // every plain scalar).
    expect(tests).toBeLessThan(1_100);
    const data = read?.data.value as { outbound_routes: { name: string; priority: number }[] };
    expect(data.outbound_routes[9]).toEqual({ name: 'Route 9', prefix: '1009', gwgroupid: '5', priority: 9 });
  });
});

describe('the fast reader, plain scalars on a line', () => {
  /** 1,000 mappings whose notes repeat `note` `times` times, with a comment after. */
  function notesFile(times: number): string {
    const note = 'Reception — café & lobby, 2nd floor '.repeat(times);
    const lines = ['version: 1', 'inbound_mappings:'];
    for (let i = 0; i < 1_000; i += 1) lines.push(`  - did: "${i}"`, '    servers: ["66"]', `    notes: ${note}${i}   # the desk`);
    return `${lines.join('\n')}\n`;
  }

  it('finds where a plain scalar ends without reading its characters one by one', () => {
    const [short] = counting(String.prototype, 'charCodeAt', () => readFast(notesFile(1), {}));
    const [reads, read] = counting(String.prototype, 'charCodeAt', () => readFast(notesFile(6), {}));
    // Notes six times as long (180,000 characters more) cost no character read more; at the branch
    // point 3 or 4 for each character of each note (a loop asking of each whether the content ends
    // there): 769,615 reads against 229,615.
    expect(reads).toBe(short);
    const data = read?.data.value as { inbound_mappings: { notes: string }[] };
    expect(data.inbound_mappings[999]?.notes).toBe(`${'Reception — café & lobby, 2nd floor '.repeat(6)}999`);
  });
});
