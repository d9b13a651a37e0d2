import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { formatIssue, loadDesiredState, type LoadResult } from '../../src/config/index.js';
import { F, ROOT } from './helpers.js';

/*
 * Whatever text a desired-state file holds, the loader answers with a DesiredState or with issues
 * the user can act on: each at FILE:LINE:COL inside the file, one line long, with a hint, and never
 * a stack trace, "[object Object]", "undefined" or a variable's value.
 */

/** The variables the generated files may name; SECRET must never appear in an issue. */
const ENV: NodeJS.ProcessEnv = {
  DID: '15551230001',
  EMPTY: '',
  COMMA: '1,2',
  SECRET: 's3cr3t-value-9431',
  MAIN_DID: '15551230001',
  PRIMARY: '66',
  PERIOD: 'minute',
  LEASE_EMAIL: 'ops@example.com',
  LEASE_TTL: '15m',
  LEASE_RENEW: '2m',
};
const SECRET = ENV.SECRET as string;
/** Runs per property; explore further with DSIPFORM_PROPERTY_RUNS=2000 … --testTimeout=600000. */
const RUNS = Number(process.env.DSIPFORM_PROPERTY_RUNS ?? 150);

/** Text a user, an editor or a bad merge could put into a YAML file. */
const SNIPPETS = [
  '${DID}', '${SECRET}', '${UNSET_VAR}', '${EMPTY}', '${COMMA}', '$${', '${', '${1BAD}', '$${DID}',
  '&a ', '*a', '*b', '&a [1, 2]', '<<: *a', '!!binary ', '!!str ', '!!int ', '!!float ', '!!map ', '!!seq ',
  '!!set ', '!!timestamp ', '!local ', '!<tag:x> ', '0x1F', '1e5', '0o17', '0b101', '-0', '.inf', '-.inf',
  '.nan', '1e400', '-1e400', '123456789012345678901234567890', '9007199254740993', '~', 'null', 'true',
  'yes', '', ' ', '\t', '\n', '\r\n', '\r', ': ', '- ', '-', ':', '#', '"', "'", '[', ']', '{', '}', ',',
  '? ', '|', '>', '---\n', '...\n', '%YAML 1.2\n', '\u0000', '\u001b[31m', '\uFEFF', '\u2028', '\u0085',
  'é', '🙂', '__proto__', 'constructor', 'toString', 'x'.repeat(5000),
  'version: 1\n', 'version: 2\n', 'policy: {}\n', 'policy:\n  max_deletes: 250%\n', 'inbound_mappings:\n',
  'outbound_routes:\n', 'endpoint_leases:\n  - name: x\n    email: a@b.c\n    ttl: 1e5\n',
  '  - did: ', '    servers: ', '    ttl: ', '    renew_before: ', '    ruleid: ', '    priority: ',
  '    from_prefix: ', '    gwgroupid: ', '    name: ', '    email: ',
];

const snippet = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...SNIPPETS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }) },
);

/** One random edit of a file: on characters, or on whole lines. */
const edit = fc.record({
  op: fc.constantFrom('delete', 'insert', 'replace', 'duplicate-line', 'swap-lines', 'delete-line', 'indent'),
  at: fc.nat(),
  other: fc.nat(),
  len: fc.integer({ min: 1, max: 8 }),
  text: snippet,
});
type Edit = typeof edit extends fc.Arbitrary<infer T> ? T : never;

function applyEdit(text: string, e: Edit): string {
  const i = text.length === 0 ? 0 : e.at % (text.length + 1);
  const lines = text.split('\n');
  const l = e.at % lines.length;
  const m = e.other % lines.length;
  switch (e.op) {
    case 'delete':
      return text.slice(0, i) + text.slice(i + e.len);
    case 'insert':
      return text.slice(0, i) + e.text + text.slice(i);
    case 'replace':
      return text.slice(0, i) + e.text + text.slice(i + e.len);
    case 'duplicate-line':
      lines.splice(l, 0, lines[l] as string);
      return lines.join('\n');
    case 'swap-lines':
      [lines[l], lines[m]] = [lines[m] as string, lines[l] as string];
      return lines.join('\n');
    case 'delete-line':
      lines.splice(l, 1);
      return lines.join('\n');
    case 'indent':
      lines[l] = (e.other % 3 === 0 ? '\t' : ' '.repeat(e.other % 9)) + (lines[l] as string).trimStart();
      return lines.join('\n');
  }
  return text;
}

/** Text made of YAML-significant pieces, more likely than arbitrary text to get past the parser. */
const tokenSoup = fc.array(snippet, { maxLength: 40 }).map((parts) => parts.join(''));

/** Arbitrary text: any code point, control characters and tabs, sometimes one very long line. */
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ unit: 'binary-ascii', maxLength: 200 }),
  fc.string({ unit: 'grapheme', maxLength: 100 }),
  fc.tuple(fc.string({ maxLength: 10 }), fc.integer({ min: 1_000, max: 50_000 })).map(([s, n]) => `version: 1\nx: ${s.repeat(n)}`),
);

/** Nesting deep enough to exhaust the parser's stack: brackets, closed or not, or indentation. */
const deepNesting = fc
  .tuple(fc.constantFrom('[', '{a: ', '- ', '? ', 'indent'), fc.integer({ min: 1, max: 4_000 }), fc.boolean())
  .map(([open, depth, closed]) => {
    if (open === 'indent') return `version: 1\nx:\n${Array.from({ length: depth }, (_, i) => `${' '.repeat(i + 1)}a:`).join('\n')} 1\n`;
    const close = open === '[' ? ']' : open === '{a: ' ? '}' : '';
    return `version: 1\ninbound_mappings: ${open.repeat(depth)}${closed ? close.repeat(depth) : ''}\n`;
  });

/** A value where a field is expected: mostly plausible, sometimes any JSON value. */
const plausible = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<unknown> =>
  fc.oneof({ weight: 4, arbitrary: arb }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) });
const words = fc.oneof(
  fc.constantFrom('155', '0044', '+1555', '#2', '66', '', '0', '1,2', '${DID}', '${SECRET}', '${UNSET}', '$${x}', '${', 'a\u0000b', '15m', '100%', '250%', 'Default*'),
  fc.string({ maxLength: 8 }),
);
const opt = { requiredKeys: [] as [] };
const mapping = fc.record({ did: plausible(words), servers: plausible(fc.array(words, { maxLength: 3 })), notes: plausible(words) }, opt);
const route = fc.record(
  {
    name: plausible(words),
    prefix: plausible(words),
    from_prefix: plausible(words),
    gwgroupid: plausible(words),
    priority: plausible(fc.integer()),
    timerec: plausible(words),
    routeid: plausible(words),
    ruleid: plausible(fc.integer({ min: -2, max: 20 })),
  },
  opt,
);
const duration = fc.oneof(fc.integer({ min: -5, max: 4_000_000_000 }), fc.constantFrom('15m', '0', '1h', '2m', '99999999999999999999h', 'x'));
const lease = fc.record({ name: plausible(words), email: plausible(fc.constantFrom('ops@example.com', 'x', '', 'a@b')), ttl: plausible(duration), renew_before: plausible(duration) }, opt);
const collection = fc.constantFrom('inbound_mappings', 'outbound_routes', 'endpoint_leases', 'x');
const policy = fc.record(
  {
    max_deletes: plausible(fc.oneof(fc.nat(), fc.constantFrom('20%', '101%', '12.5%', 'x'))),
    protect: plausible(fc.array(collection, { maxLength: 3 })),
    ignore: plausible(fc.dictionary(collection, fc.array(words, { maxLength: 2 }), { maxKeys: 3 })),
  },
  opt,
);
/** A value shaped like a desired state, with wrong types and bad values here and there. */
const desiredShaped = fc.record(
  {
    version: plausible(fc.constant(1)),
    inbound_mappings: plausible(fc.array(mapping, { maxLength: 4 })),
    outbound_routes: plausible(fc.array(route, { maxLength: 4 })),
    endpoint_leases: plausible(fc.array(lease, { maxLength: 3 })),
    policy: plausible(policy),
  },
  opt,
);

/** A JSON value, written as JSON or as YAML. */
const serialized = (value: fc.Arbitrary<unknown>): fc.Arbitrary<{ text: string; ext: string }> =>
  fc.tuple(value, fc.constantFrom('json', 'yaml')).map(([v, ext]) => ({
    ext,
    text: ext === 'json' ? (JSON.stringify(v, null, 2) ?? 'null') : stringify(v),
  }));

let dir: string;
let seeds: string[];
let n = 0;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dsipform-properties-'));
  const candidates = [
    ...readdirSync(join(ROOT, F)).filter((f) => f.endsWith('.yaml')).map((f) => `${F}/${f}`),
    ...['basic/platform.yaml', 'lcr/lcr.yaml', 'leases/leases.yaml', 'multi-file/inbound.yaml', 'multi-file/outbound.yaml', 'multi-file/policy.yaml'].map((f) => `examples/${f}`),
  ];
  seeds = [];
  for (const path of candidates) {
    if ((await loadDesiredState([path], { cwd: ROOT, env: ENV })).ok) seeds.push(readFileSync(join(ROOT, path), 'utf8'));
  }
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A valid file with 1 to 6 random edits. */
const mutated = (): fc.Arbitrary<string> =>
  fc.tuple(fc.nat(), fc.array(edit, { minLength: 1, maxLength: 6 })).map(([i, edits]) => edits.reduce(applyEdit, seeds[i % seeds.length] as string));

async function writeCase(text: string, ext = 'yaml'): Promise<string> {
  const file = join(dir, `case-${n++}.${ext}`);
  await writeFile(file, text);
  return file;
}

/** What must hold of any load of one file; throws (with the reason) when it does not. */
function checkResult(file: string, text: string, result: LoadResult): void {
  if (result.ok) {
    expect(result.desired.files).toEqual([file]);
    return;
  }
  expect(result.issues.length).toBeGreaterThan(0);
  const lines = text.split('\n');
  for (const issue of result.issues) {
    const shown = formatIssue(issue);
    expect(issue.file, shown).toBe(file);
    expect(Number.isInteger(issue.line) && issue.line >= 1 && issue.line <= lines.length + 1, shown).toBe(true);
    const lineLength = lines[issue.line - 1]?.length ?? 0;
    expect(Number.isInteger(issue.col) && issue.col >= 1 && issue.col <= lineLength + 1, shown).toBe(true);
    expect(issue.message, shown).not.toBe('');
    expect(issue.hint, shown).not.toBe('');
    for (const words of [issue.message, issue.hint]) {
      // One line each, printable: the CLI prints them to a terminal as FILE:LINE:COL: message.
      expect(words, shown).not.toMatch(/\p{Cc}|\u2028|\u2029/u);
      expect(words, shown).not.toMatch(/\n\s+at |Maximum call stack|RangeError|TypeError|is not a function|Cannot read prop/);
      expect(words, shown).not.toContain(SECRET);
      if (!text.includes('[object Object]')) expect(words, shown).not.toContain('[object Object]');
      if (!text.includes('undefined')) expect(words, shown).not.toContain('undefined');
    }
  }
}

async function loadsSafely(text: string, ext = 'yaml'): Promise<void> {
  const file = await writeCase(text, ext);
  checkResult(file, text, await loadDesiredState([file], { env: ENV }));
}

describe('the loader on random and mutated files: issues with a place, never a crash', () => {
  it('arbitrary text', async () => {
    await fc.assert(fc.asyncProperty(anyText, (text) => loadsSafely(text)), { numRuns: RUNS });
  });

  it('YAML-significant token soup', async () => {
    await fc.assert(fc.asyncProperty(tokenSoup, (text) => loadsSafely(text)), { numRuns: RUNS });
  });

  it('deep nesting', async () => {
    await fc.assert(fc.asyncProperty(deepNesting, (text) => loadsSafely(text)), { numRuns: Math.ceil(RUNS / 3) });
  });

  it('any JSON value, as .json and as .yaml', async () => {
    await fc.assert(fc.asyncProperty(serialized(fc.jsonValue()), ({ text, ext }) => loadsSafely(text, ext)), { numRuns: RUNS });
  });

  it('values shaped like a desired state, as .json and as .yaml', async () => {
    await fc.assert(fc.asyncProperty(serialized(desiredShaped), ({ text, ext }) => loadsSafely(text, ext)), { numRuns: RUNS * 2 });
  });

  it('valid files with random edits', async () => {
    expect(seeds.length).toBeGreaterThanOrEqual(10);
    await fc.assert(fc.asyncProperty(mutated(), (text) => loadsSafely(text)), { numRuns: RUNS * 3 });
  });
});

const CLI = join(ROOT, 'bin/dsipform.js');

function validate(file: string): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, 'validate', file], { cwd: ROOT, env: { ...process.env, ...ENV, NO_COLOR: '1' } }, (err, _stdout, stderr) => {
      resolve({ code: err ? Number(err.code) : 0, stderr });
    });
  });
}

describe('dsipform validate on generated files', () => {
  it('exits 0 or 1 and prints only FILE:LINE:COL issues, hints and the error line', async () => {
    expect(existsSync(join(ROOT, 'dist/cli/main.js')), 'build first: npm run build').toBe(true);
    const input = fc.oneof(
      mutated().map((text) => ({ text, ext: 'yaml' })),
      tokenSoup.map((text) => ({ text, ext: 'yaml' })),
      serialized(desiredShaped),
      deepNesting.map((text) => ({ text, ext: 'yaml' })),
    );
    await fc.assert(
      fc.asyncProperty(input, async ({ text, ext }) => {
        const file = await writeCase(text, ext);
        const { code, stderr } = await validate(file);
        expect([0, 1], stderr).toContain(code);
        expect(stderr).not.toMatch(/\n\s+at |internal error|Maximum call stack/);
        expect(stderr, 'no raw control characters reach the terminal').not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
        const head = new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+: `);
        for (const line of stderr.split('\n').filter((l) => l !== '')) {
          expect(head.test(line) || /^ {2}hint: |^hint: |^error: |^warning: /.test(line), line).toBe(true);
        }
        if (code === 1) expect(stderr).toMatch(/^error: \d+ problems? in the configuration/m);
      }),
      { numRuns: 8 },
    );
  });
});
