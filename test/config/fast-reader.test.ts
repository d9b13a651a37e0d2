import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCst } from '../../bench/lib/cst-reader.js';
import { toData } from '../../src/config/data.js';
import { readFast, type FastRead } from '../../src/config/fast-reader.js';
import { loadWith, type LoadResult } from '../../src/config/index.js';
import { locate } from '../../src/config/locate.js';
import { parseSource } from '../../src/config/source.js';
import { anyText, applyEdit, desiredShaped, edit, ENV, seedCandidates, serialized, tokenSoup } from './arbitraries.js';
import { F, ROOT } from './helpers.js';

/*
 * The fast reader (no syntax tree) must answer exactly as the YAML parser does, or step aside: for
 * any text it reads, the data, the substituted strings and the places of entries and top-level keys
 * are the parser's, and the parser finds no issue in that text. Whole loads are compared too.
 */

const RUNS = Number(process.env.DSIPFORM_PROPERTY_RUNS ?? 150);

const isMapping = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

type ReadFn = (text: string, env: NodeJS.ProcessEnv) => FastRead | null;

/** Holds a reader (the fast reader by default) to the YAML parser on one text; true when the reader read it. */
function readsAsParser(text: string, read: ReadFn = readFast): boolean {
  const fast = read(text, ENV);
  if (fast === null) return false;
  const parsed = parseSource('case.yaml', text);
  expect(parsed.issues, 'the parser finds no issue in a text the fast reader read').toEqual([]);
  const source = parsed.source;
  if (!source) throw new Error('the parser kept no document');
  const slow = toData(source, ENV);
  expect(slow.issues).toEqual([]);
  expect(slow.complete).toBe(true);
  expect(fast.data.value).toStrictEqual(slow.value);
  expect([...fast.data.substituted]).toEqual([...slow.substituted]);
  expect([...fast.data.deferred]).toEqual([...slow.deferred]);
  const lineCol = (path: (string | number)[], key: boolean) => {
    const { line, col } = locate(source, path, key);
    return { line, col };
  };
  // A password left to the commands that send it is placed as the parser places it (plans name its line).
  for (const key of fast.data.deferred.keys()) {
    const path = JSON.parse(key) as (string | number)[];
    expect(fast.place(path, false)).toEqual(lineCol(path, false));
  }
  if (isMapping(slow.value)) {
    for (const [key, list] of Object.entries(slow.value)) {
      expect(fast.place([key], true)).toEqual(lineCol([key], true));
      if (Array.isArray(list)) list.forEach((_, i) => expect(fast.place([key, i], false)).toEqual(lineCol([key, i], false)));
    }
  }
  return true;
}

let dir: string;
let n = 0;
let seeds: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dsipform-fast-reader-'));
  seeds = seedCandidates(ROOT, F).map((path) => readFileSync(join(ROOT, path), 'utf8'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Loads the texts as files of one directory with each reader; the results must be identical. */
async function loadsAlike(texts: readonly string[], ext = 'yaml'): Promise<void> {
  const sub = join(dir, `case-${n++}`);
  await mkdir(sub);
  const files = await Promise.all(
    texts.map(async (text, i) => {
      const file = join(sub, `f${i}.${ext}`);
      await writeFile(file, text);
      return file;
    }),
  );
  const fast = await loadWith(files, { env: ENV }, 'fast');
  const yaml = await loadWith(files, { env: ENV }, 'yaml');
  expect(unplaceOverflow(fast)).toStrictEqual(unplaceOverflow(yaml));
}

/**
 * Where the YAML parser runs out of stack depends on the stack left at that moment (two parses
 * of one text can differ), so the place of that one issue is not compared.
 */
function unplaceOverflow(result: LoadResult): LoadResult {
  if (result.ok) return result;
  const issues = result.issues.map((i) =>
    i.message === 'lists or mappings are nested too deeply to read' ? { ...i, line: 0, col: 0 } : i,
  );
  return { ok: false, issues };
}

// --- valid files, written in many styles ---------------------------------------------------------

/** Strings that are hard to write plain: the reader must read them as the parser does, or step aside. */
const TRICKY = [
  'Main office',
  'a#b',
  'a #b',
  'ok: yes',
  'a:b',
  "it's",
  'é 🙂',
  'a "q"',
  'back\\slash',
  '  padded  ',
  '[x]',
  '{y}',
  'a, b',
  '- dash',
  '-1',
  '1e5',
  '0x1F',
  '0o17',
  '.inf',
  '-.5',
  '007',
  '+5',
  'true',
  'False',
  'null',
  '~',
  '',
  '%x',
  '@x',
  '`x',
  '${DID}',
  '$${x}',
  'a${EMPTY}b',
  'x\ty',
  'x\\ny',
  '\u00a0',
  '#22',
  '*x',
  '&x',
  '!x',
  '|',
  '>',
  '?x',
  ':x',
  'a ',
  ' a',
];
const text = (normal: fc.Arbitrary<string>) =>
  fc.oneof({ weight: 4, arbitrary: normal }, { weight: 1, arbitrary: fc.constantFrom(...TRICKY) });
const digits = fc.stringMatching(/^\+?[0-9]{1,13}$/);
const opt = { requiredKeys: [] as never[] };
const validMapping = fc.record(
  {
    did: text(fc.oneof(digits, fc.constantFrom('', '0044123', '1800*', '${DID}'))),
    servers: fc.array(text(fc.constantFrom('66', '#22', '5', '${PRIMARY}')), { minLength: 1, maxLength: 2 }),
    notes: text(fc.constantFrom('Main office', 'x', 'Mapping 0')),
  },
  { requiredKeys: ['did', 'servers'] },
);
const validRoute = fc.record(
  {
    name: text(fc.constantFrom('US domestic', 'Route 1', 'UK', 'R')),
    prefix: text(fc.oneof(digits, fc.constant(''))),
    gwgroupid: text(fc.constantFrom('1', '5', '#5', '12')),
    from_prefix: text(fc.oneof(digits, fc.constant(''))),
    priority: fc.oneof(fc.integer({ min: -5, max: 100 }), fc.constantFrom(0, 1e15, -0)),
    timerec: text(fc.constantFrom('weekdays', '')),
    routeid: text(fc.constantFrom('r1', '007')),
    ruleid: fc.integer({ min: 1, max: 20 }),
  },
  { requiredKeys: ['name', 'prefix', 'gwgroupid'] },
);
const validLease = fc.record(
  {
    name: text(fc.constantFrom('ci-softphone', 'desk')),
    email: fc.constantFrom('ops@example.com', '${LEASE_EMAIL}'),
    ttl: fc.oneof(fc.integer({ min: 1, max: 100_000 }), fc.constantFrom('15m', '1h', '${LEASE_TTL}')),
    renew_before: fc.constantFrom(0, 1, '2m'),
  },
  { requiredKeys: ['name', 'email', 'ttl'] },
);
const validPolicy = fc.record(
  {
    max_deletes: fc.oneof(fc.nat({ max: 50 }), fc.constantFrom('20%', '12.5%')),
    protect: fc.uniqueArray(fc.constantFrom('inbound_mappings', 'outbound_routes', 'endpoint_leases'), { maxLength: 3 }),
    ignore: fc.record(
      {
        inbound_mappings: fc.array(fc.constantFrom('1800*', '155*'), { maxLength: 2 }),
        outbound_routes: fc.array(fc.constantFrom('Default*'), { maxLength: 1 }),
      },
      opt,
    ),
  },
  opt,
);
const validState = fc.record(
  {
    version: fc.constant(1),
    inbound_mappings: fc.array(validMapping, { maxLength: 4 }),
    outbound_routes: fc.array(validRoute, { maxLength: 4 }),
    endpoint_leases: fc.array(validLease, { maxLength: 2 }),
    policy: validPolicy,
  },
  { requiredKeys: ['version'] },
);

/** Random picks, taken in turn, that choose how each part of a value is written. */
class Picks {
  #i = 0;
  constructor(readonly picks: readonly number[]) {}
  of(count: number): number {
    return (this.picks[this.#i++ % this.picks.length] ?? 0) % count;
  }
}

function scalar(value: unknown, p: Picks): string {
  if (typeof value === 'number') return p.of(8) === 0 ? JSON.stringify(String(value)) : Object.is(value, -0) ? '-0' : String(value);
  const s = String(value);
  const style = p.of(3);
  return style === 0 ? JSON.stringify(s) : style === 1 ? `'${s.replace(/'/g, "''")}'` : s;
}

const keyText = (key: string, p: Picks): string => [JSON.stringify(key), `'${key}'`][p.of(6)] ?? key;
const comment = (p: Picks): string => (p.of(5) === 0 ? ' # a comment: [x]' : '');

function flow(value: unknown, p: Picks): string {
  if (Array.isArray(value)) return `[${value.map((v) => flow(v, p)).join(p.of(2) ? ', ' : ',')}]`;
  if (isMapping(value))
    return `{${Object.entries(value)
      .map(([k, v]) => `${keyText(k, p)}: ${flow(v, p)}`)
      .join(', ')}}`;
  return scalar(value, p);
}

function blockValue(value: unknown, head: string, indent: number, step: number, p: Picks, out: string[]): void {
  const empty = (Array.isArray(value) && value.length === 0) || (isMapping(value) && Object.keys(value).length === 0);
  if (typeof value === 'object' && (empty || p.of(5) === 0)) out.push(`${head} ${flow(value, p)}${comment(p)}`);
  else if (Array.isArray(value)) {
    out.push(head + comment(p));
    blockSeq(value, p.of(3) === 0 ? indent : indent + step, step, p, out);
  } else if (isMapping(value)) {
    out.push(head + comment(p));
    blockMap(value, indent + step, step, p, out);
  } else out.push(`${head} ${scalar(value, p)}${comment(p)}`);
}

function blockMap(value: Record<string, unknown>, indent: number, step: number, p: Picks, out: string[], lead = ' '.repeat(indent)): void {
  let prefix = lead;
  for (const [k, v] of Object.entries(value)) {
    blockValue(v, `${prefix}${keyText(k, p)}:`, indent, step, p, out);
    prefix = ' '.repeat(indent);
  }
}

function blockSeq(list: readonly unknown[], indent: number, step: number, p: Picks, out: string[]): void {
  const dash = `${' '.repeat(indent)}-`;
  for (const item of list) {
    if (isMapping(item) && Object.keys(item).length > 0 && p.of(4) !== 0) {
      const gap = 1 + p.of(3);
      blockMap(item, indent + 1 + gap, step, p, out, dash + ' '.repeat(gap));
    } else if (isMapping(item) && Object.keys(item).length > 0) {
      out.push(dash + comment(p));
      blockMap(item, indent + step, step, p, out);
    } else out.push(`${dash} ${typeof item === 'object' ? flow(item, p) : scalar(item, p)}${comment(p)}`);
  }
}

/** A desired state written as YAML (block and flow, quoting, comments, indents, CRLF) or as JSON. */
function written(value: Record<string, unknown>, picks: readonly number[]): string {
  const p = new Picks(picks);
  if (p.of(4) === 0) return JSON.stringify(value, null, [undefined, 1, 2, '\t'][p.of(4)]);
  const lines: string[] = [];
  if (p.of(4) === 0) lines.push('# desired state');
  if (p.of(4) === 0) lines.push('---');
  blockMap(value, 0, 1 + p.of(4), p, lines);
  const extra = ['', '   ', '  # between', '#'];
  const spaced = lines.flatMap((line) => {
    const padded = p.of(8) === 0 ? `${line}${' '.repeat(1 + p.of(3))}` : line;
    return p.of(6) === 0 ? [extra[p.of(extra.length)] as string, padded] : [padded];
  });
  return spaced.join(p.of(5) === 0 ? '\r\n' : '\n') + (p.of(4) === 0 ? '' : '\n');
}

const picks = fc.array(fc.nat(), { minLength: 1, maxLength: 200 });
const styled = fc.tuple(validState, picks).map(([value, p]) => written(value, p));
const styledEdited = fc.tuple(styled, fc.array(edit, { minLength: 1, maxLength: 3 })).map(([t, edits]) => edits.reduce(applyEdit, t));
const mutatedSeed = fc
  .tuple(fc.nat(), fc.array(edit, { maxLength: 4 }))
  .map(([i, edits]) => edits.reduce(applyEdit, seeds[i % seeds.length] as string));

describe('the fast reader reads what it reads exactly as the YAML parser does', () => {
  it('valid files in many styles (and it reads most of them)', () => {
    let read = 0;
    let total = 0;
    fc.assert(
      fc.property(styled, (t) => {
        total++;
        if (readsAsParser(t)) read++;
      }),
      { numRuns: RUNS * 4 },
    );
    expect(read / total).toBeGreaterThan(0.4);
  });

  it.each([
    ['styled files with random edits', styledEdited],
    ['fixture and example files with random edits', mutatedSeed],
    ['values shaped like a desired state, as JSON and YAML', serialized(desiredShaped).map((s) => s.text)],
    ['YAML-significant token soup', tokenSoup],
    ['arbitrary text', anyText],
  ])('%s', (_name, arbitrary) => {
    fc.assert(
      fc.property(arbitrary, (t) => void readsAsParser(t)),
      { numRuns: RUNS * 2 },
    );
  });
});

describe('loading with the fast reader gives the same result as the YAML parser alone', () => {
  it('one file: valid, near-valid or broken', async () => {
    const input = fc.oneof(
      styled,
      styledEdited,
      mutatedSeed,
      serialized(desiredShaped).map((s) => s.text),
    );
    await fc.assert(
      fc.asyncProperty(input, (t) => loadsAlike([t])),
      { numRuns: RUNS },
    );
  });

  it('two files: duplicates across files are placed in both', async () => {
    const pair = fc.tuple(styled, styled, fc.boolean()).map(([a, b, same]) => [a, same ? a : b]);
    await fc.assert(
      fc.asyncProperty(pair, (texts) => loadsAlike(texts)),
      { numRuns: Math.ceil(RUNS / 3) },
    );
  });

  it('every fixture and example', async () => {
    const paths = [
      ...readdirSync(join(ROOT, F)).map((f) => `${F}/${f}`),
      ...['basic', 'lcr', 'leases', 'multi-file'].map((d) => `examples/${d}`),
    ];
    // Where the parser runs out of stack (too-deep nesting), the column it reports depends on how
    // deep the stack already was, so that one issue is compared without its column.
    const stable = (r: Awaited<ReturnType<typeof loadWith>>) =>
      r.ok ? r : { ...r, issues: r.issues.map((i) => (/nested too deeply/.test(i.message) ? { ...i, col: 0 } : i)) };
    for (const path of paths) {
      const fast = await loadWith([path], { cwd: ROOT, env: ENV }, 'fast');
      expect(stable(fast), path).toStrictEqual(stable(await loadWith([path], { cwd: ROOT, env: ENV }, 'yaml')));
    }
  });
});

const ENTRY = '  - did: "15551230001"\n    servers: ["66"]\n';

/** Texts both readers must read. */
const READ_CASES: [string, string][] = [
  ['block style', `version: 1\ninbound_mappings:\n${ENTRY}`],
  ["a list at its key's indent", 'version: 1\ninbound_mappings:\n- did: "1"\n  servers:\n  - "66"\n'],
  ['entries in flow style', 'version: 1\ninbound_mappings: [{did: "1", servers: ["66"]}, {"did": \'2\', servers: [66]}]\n'],
  ['an entry below its dash', 'version: 1\ninbound_mappings:\n  - # the main number\n    did: "1"\n    servers: ["66"]\n'],
  ['JSON', '{\n  "version": 1,\n  "inbound_mappings": [\n    {"did": "1", "servers": ["66"]}\n  ]\n}\n'],
  ['JSON indented with tabs', '{\n\t"version": 1,\n\t"inbound_mappings": [\n\t\t{"did":"1","servers":["66"]}\n\t]\n}'],
  ['CRLF line ends', `version: 1\r\ninbound_mappings:\r\n  - did: "1"\r\n    servers: ["66"]\r\n`],
  ['a leading ---, comments and blank lines', `# header\n---\nversion: 1 # one\n\ninbound_mappings: # all\n  # first\n${ENTRY}`],
  [
    'quoted keys and escapes',
    `"version": 1\n'inbound_mappings':\n  - did: "1"\n    servers: ["66"]\n    notes: "a \\"b\\" \\\\ \\u00e9 'c'"\n`,
  ],
  ['single quotes', `version: 1\ninbound_mappings:\n  - did: '1'\n    servers: ['66']\n    notes: 'it''s'\n`],
  [
    'plain scalars with # and : inside',
    `version: 1\ninbound_mappings:\n  - did: "1"\n    servers: ["66"]\n    notes: a#b c:d [x] {y} #comment\n`,
  ],
  [
    'numbers kept as written in string fields',
    'version: 1\ninbound_mappings:\n  - did: 0044123\n    servers: [0x1F, 1e5]\n    notes: -0\n',
  ],
  [
    'integers in number fields',
    'version: +1\noutbound_routes:\n  - name: r\n    prefix: "1"\n    gwgroupid: "2"\n    priority: -007\n    ruleid: 000000000000000012\n',
  ],
  ['variables', 'version: 1\ninbound_mappings:\n  - did: ${DID}\n    servers: ["${PRIMARY}"]\n    notes: "$${DID} a${EMPTY}b"\n'],
  ['booleans', 'version: 1\npolicy:\n  allow_unrouting: true\ncarrier_groups:\n  - {name: g, lb_enabled: False}\n'],
  [
    'words, times and # in flow style',
    'version: 1\nrouting_tests:\n  - {name: a call  to  UK#1, direction: outbound, to: "1", at: 2026-12-28T10:00:00, expect: {result: routed}}\n',
  ],
  [
    'a lease with durations',
    'version: 1\nendpoint_leases:\n  - name: ci\n    email: ops@example.com\n    ttl: 15m\n    renew_before: 120\n',
  ],
  [
    // The reader keeps the text of each plain key it has read (up to 128) and answers the same key
    // with it: keys of one length that differ in one character, beyond what it keeps, twice over.
    'many keys of one length, in two mappings',
    `version: 1\nextra:\n${[0, 1]
      .map((n) =>
        Array.from({ length: 150 }, (_, i) => `${i === 0 ? '  - ' : '    '}k${String(149 - i).padStart(3, '0')}${n}: ${i}`).join('\n'),
      )
      .join('\n')}\n`,
  ],
];

/** Texts the fast reader leaves to the YAML parser. */
const LEFT_CASES: [string, string][] = [
  ['an anchor and an alias', `version: 1\ninbound_mappings:\n  - &m {did: "1", servers: ["66"]}\n  - *m\n`],
  ['a merge key', 'version: 1\npolicy: &p {max_deletes: 1}\nx:\n  <<: *p\n'],
  ['a tag', 'version: !!int 1\n'],
  ['two documents', 'version: 1\n---\nversion: 1\n'],
  ['a document end marker', 'version: 1\n...\n'],
  ['a directive', '%YAML 1.2\n---\nversion: 1\n'],
  ['a block scalar', `version: 1\ninbound_mappings:\n${ENTRY}    notes: |\n      a\n`],
  ['a plain scalar over two lines', `version: 1\ninbound_mappings:\n${ENTRY}    notes: a\n      b\n`],
  ['a quoted scalar over two lines', `version: 1\ninbound_mappings:\n${ENTRY}    notes: "a\n      b"\n`],
  ['a flow list over two lines in block style', 'version: 1\ninbound_mappings:\n  - did: "1"\n    servers: ["66",\n      "67"]\n'],
  ['a tab', 'version:\t1\n'],
  ['an empty value (null)', 'version: 1\npolicy:\n'],
  ['null', 'version: ~\n'],
  ['a hex number where a number is expected', 'version: 0x1\n'],
  ['an octal number where a number is expected', 'version: 0o1\n'],
  ['a float where a number is expected', 'version: 1.0\n'],
  ['an exponent where a number is expected', 'version: 1e0\n'],
  ['an integer of 16 digits where a number is expected', 'version: 1234567890123456\n'],
  ['a duplicate key', 'version: 1\nversion: 1\n'],
  ['a duplicate key, quoted once', 'version: 1\n"version": 1\n'],
  ['a duplicate key in JSON', '{"version": 1, "version": 1}'],
  ['an unset variable', 'version: 1\ninbound_mappings:\n  - did: ${UNSET_VAR}\n    servers: ["66"]\n'],
  ['a malformed variable', 'version: 1\ninbound_mappings:\n  - did: "${"\n    servers: ["66"]\n'],
  ['a byte order mark', '\ufeffversion: 1\n'],
  ['a control character', 'version: 1\ninbound_mappings:\n  - did: "1\u0001"\n    servers: ["66"]\n'],
  ['a lone carriage return', 'version: 1\rinbound_mappings: []\n'],
  ['a trailing comma', 'version: 1\ninbound_mappings: [{did: "1", servers: ["66",]}]\n'],
  ['a comment in JSON', '{"version": 1 # one\n}'],
  ['an indented first line', '  version: 1\n'],
  ['a complex key', '? version\n: 1\n'],
  ['a mapping on one line in a plain scalar', `version: 1\ninbound_mappings:\n${ENTRY}    notes: a: b\n`],
  ['a space before a colon', 'version : 1\n'],
  ['an empty list entry', 'version: 1\ninbound_mappings:\n  -\n'],
  ['a list in a list', 'version: 1\ninbound_mappings:\n  - - a\n'],
  ['an escape JSON does not have', 'version: 1\ninbound_mappings:\n  - did: "\\x31"\n    servers: ["66"]\n'],
  ['deep nesting', `version: 1\nx: ${'['.repeat(40)}${']'.repeat(40)}\n`],
  ['a key that reads as null', 'version: 1\nNULL: 1\n'],
  ['a key with a space', 'version: 1\nmy key: 1\n'],
  ['a document that is a scalar', 'version\n'],
  ['an empty file', ''],
  ['a file of comments', '# nothing\n'],
];

describe('what the fast reader reads, and what it leaves to the YAML parser', () => {
  it.each(READ_CASES)('reads %s as the parser does', async (_name, t) => {
    expect(readsAsParser(t)).toBe(true);
    await loadsAlike([t]);
  });

  it('keeps the digits of numbers in string fields and reads integers elsewhere', () => {
    const read = readFast(
      'version: 1\ninbound_mappings:\n  - did: 0044123\n    servers: [+66]\noutbound_routes:\n  - priority: -007\n',
      ENV,
    );
    expect(JSON.parse(JSON.stringify(read?.data.value))).toEqual({
      version: 1,
      inbound_mappings: [{ did: '0044123', servers: ['+66'] }],
      outbound_routes: [{ priority: -7 }],
    });
  });

  it.each(LEFT_CASES)('leaves %s to the parser', async (_name, t) => {
    expect(readFast(t, ENV)).toBeNull();
    await loadsAlike([t]);
  });

  it.each([
    ['an unknown key', 'version: 1\ninbound_mappings: []\ncolour: red\n'],
    ['a __proto__ key in JSON', '{"version": 1, "__proto__": {"x": 1}}'],
    ['a bad DID', `version: 1\ninbound_mappings:\n  - did: "1x"\n    servers: ["66"]\n`],
    ['a missing version', 'inbound_mappings: []\n'],
    ['the same DID twice', `version: 1\ninbound_mappings:\n${ENTRY}${ENTRY}`],
    ['two words in a flow list', 'version: 1\ninbound_mappings: [a b]\n'],
    ['true in a string field', `version: 1\ninbound_mappings:\n${ENTRY}    notes: true\n`],
  ])('reads %s, and the load reports it as the parser places it', async (_name, t) => {
    expect(readsAsParser(t)).toBe(true);
    await loadsAlike([t]);
  });
});

/*
 * The CST reader (bench/lib/cst-reader.ts) is the alternative issue 15 measured against the fast reader
 * (bench/yaml-readers.mjs); it is held to the same contract, so that the measurement compares two
 * readers that give the same answers.
 */
describe('the CST reader reads what it reads exactly as the YAML parser does', () => {
  it('valid files in many styles (and it reads most of them)', () => {
    let read = 0;
    let total = 0;
    fc.assert(
      fc.property(styled, (t) => {
        total++;
        if (readsAsParser(t, readCst)) read++;
      }),
      { numRuns: RUNS * 2 },
    );
    expect(read / total).toBeGreaterThan(0.4);
  });

  it.each([
    ['styled files with random edits', styledEdited],
    ['fixture and example files with random edits', mutatedSeed],
    ['values shaped like a desired state, as JSON and YAML', serialized(desiredShaped).map((s) => s.text)],
    ['YAML-significant token soup', tokenSoup],
    ['arbitrary text', anyText],
  ])('%s', (_name, arbitrary) => {
    fc.assert(
      fc.property(arbitrary, (t) => void readsAsParser(t, readCst)),
      { numRuns: RUNS },
    );
  });

  it.each(READ_CASES)('reads %s as the parser does', (_name, t) => {
    expect(readsAsParser(t, readCst)).toBe(true);
  });

  it.each(LEFT_CASES)('on %s, steps aside or reads it as the parser does', (_name, t) => {
    readsAsParser(t, readCst);
  });
});
