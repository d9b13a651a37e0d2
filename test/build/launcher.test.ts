import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runProcess } from '../helpers/process.js';

const CLI = fileURLToPath(new URL('../../bin/dsipform.js', import.meta.url));

interface Flags {
  readonly flags: string[];
  /** Node's own modules (`process.moduleLoadList`) loaded after the first flag was set. */
  readonly loadedAfter: string[];
  readonly stdout: string;
  readonly code: number | null;
}

/** Runs the launcher with a preload that records the V8 flags set through node:v8, in order, and what Node loaded after the first. */
async function flagsOf(args: (dir: string) => string[]): Promise<Flags> {
  const dir = mkdtempSync(join(tmpdir(), 'dsipform-launcher-'));
  const record = join(dir, 'record.cjs');
  const out = join(dir, 'flags.json');
  writeFileSync(
    record,
    `const v8 = require('node:v8');
const seen = [];
let at;
const real = v8.setFlagsFromString;
v8.setFlagsFromString = (flags) => { at ??= process.moduleLoadList.length; seen.push(flags); return real(flags); };
// The launcher requires node:v8 (this object); an ES module import's named exports would follow it too.
require('node:module').syncBuiltinESMExports();
process.on('exit', () => {
  const after = at === undefined ? [] : process.moduleLoadList.slice(at).filter((m) => m.startsWith('NativeModule '));
  require('node:fs').writeFileSync(${JSON.stringify(out)}, JSON.stringify({ seen, after }));
});`,
  );
  const r = await runProcess(process.execPath, ['-r', record, CLI, ...args(dir)], { env: { PATH: process.env.PATH } });
  const { seen, after } = JSON.parse(readFileSync(out, 'utf8')) as { seen: string[]; after: string[] };
  return { flags: seen, loadedAfter: after, stdout: r.stdout, code: r.code };
}

describe('the launcher (bin/dsipform.js)', () => {
  it('turns off TurboFan inlining before the verb runs: a run compiles less than it would save (docs/performance.md)', async () => {
    const r = await flagsOf((dir) => {
      writeFileSync(
        join(dir, 'five.yaml'),
        'version: 1\ninbound_mappings:\n  - did: "15551234567"\n    servers: ["23"]\noutbound_routes: []\n',
      );
      return ['validate', join(dir, 'five.yaml')];
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Valid: 1 file/);
    expect(r.flags[0]).toBe('--no-turbo-inlining');
  });

  // Once a V8 flag changes, V8 refuses the code cache Node's own modules are built with, and each
  // one loaded after is compiled from its source (some 3 times the CPU): the flag is set once the
  // verb's module, and with it every Node module it imports, is loaded (issue 33 §4).
  it("sets the flag after the verb's modules are loaded: validate loads none of Node's modules after it", async () => {
    const r = await flagsOf((dir) => {
      writeFileSync(
        join(dir, 'five.yaml'),
        'version: 1\ninbound_mappings:\n  - did: "15551234567"\n    servers: ["23"]\noutbound_routes: []\n',
      );
      return ['validate', join(dir, 'five.yaml')];
    });
    expect(r.flags).toEqual(['--no-turbo-inlining', '--liftoff-only']);
    expect(r.loadedAfter).toEqual([]);
  });

  // The launcher is CommonJS (bin/package.json): a verb run through the code cache starts no more of
  // Node's ES module loader than `node -e 0` does (some 3% of validate's CPU, docs/performance.md).
  it("a verb's run loads no more of Node's ES module loader than node -e 0", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dsipform-launcher-'));
    const record = join(dir, 'record.cjs');
    writeFileSync(
      record,
      `process.on('exit', () => require('node:fs').appendFileSync(${JSON.stringify(join(dir, 'esm.jsonl'))}, JSON.stringify(process.moduleLoadList.filter((m) => m.includes('/esm/'))) + '\\n'));`,
    );
    writeFileSync(
      join(dir, 'five.yaml'),
      'version: 1\ninbound_mappings:\n  - did: "15551234567"\n    servers: ["23"]\noutbound_routes: []\n',
    );
    const env = { PATH: process.env.PATH, DSIPFORM_CODE_CACHE: join(dir, 'cache') };
    await runProcess(process.execPath, ['-r', record, '-e', '0'], { env });
    // The first run writes the cache, the second takes it.
    for (const _ of [1, 2]) {
      const r = await runProcess(process.execPath, ['-r', record, CLI, 'validate', join(dir, 'five.yaml')], { env });
      expect(r.stdout).toMatch(/^Valid: 1 file/);
    }
    const [floor, ...runs] = readFileSync(join(dir, 'esm.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as string[]);
    expect(runs).toEqual([floor, floor]);
  });

  it('--version runs no verb, so it sets no flag', async () => {
    const r = await flagsOf(() => ['--version']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^\d+\.\d+\.\d+/);
    expect(r.flags).toEqual([]);
  });
});
