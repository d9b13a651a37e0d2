import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runProcess, type ProcessResult } from '../helpers/process.js';

// The launcher's V8 code cache (bin/dsipform.js, issue 33 §4): each test keeps its cache in its own
// folder (DSIPFORM_CODE_CACHE), runs the built CLI for real, and holds that nothing that happens to
// the cache changes what a command prints or exits with.
const CLI = fileURLToPath(new URL('../../bin/dsipform.js', import.meta.url));
/** A plan that runs more of the CLI than PLAN_FILE's: routes, groups and routing tests (the routing impact, the tests' runner). */
const ROUTING_EXAMPLE = fileURLToPath(new URL('../../examples/routing', import.meta.url));
const FIVE_LINES = 'version: 1\ninbound_mappings:\n  - did: "15551234567"\n    servers: ["23"]\noutbound_routes: []\n';
const HEADER = 40;
/** A plan of one new mapping that leaves the platform's default route alone (so the plan is not refused). */
const PLAN_FILE =
  'version: 1\npolicy:\n  ignore:\n    outbound_routes: ["Default Outbound Route"]\ninbound_mappings:\n  - did: "15551234567"\n    servers: ["23"]\n';

interface Setup {
  readonly dir: string;
  readonly cacheDir: string;
  readonly cacheFile: string;
  readonly file: string;
}

function setup(): Setup {
  const dir = mkdtempSync(join(tmpdir(), 'dsipform-code-cache-'));
  const file = join(dir, 'five.yaml');
  writeFileSync(file, FIVE_LINES);
  const cacheDir = join(dir, 'cache');
  return { dir, cacheDir, cacheFile: join(cacheDir, 'cli.cjs.validate.v8-cache'), file };
}

const run = (cache: string, args: readonly string[], nodeArgs: readonly string[] = []): Promise<ProcessResult> =>
  runProcess(process.execPath, [...nodeArgs, CLI, ...args], { env: { PATH: process.env.PATH, DSIPFORM_CODE_CACHE: cache } });

/** The same command run from the ES module chunks, without any cache: what every run must print. */
const reference = (args: readonly string[]): Promise<ProcessResult> => run('off', args);

/** A run with a preload that records the file name of every vm.Script the process compiles (the launcher takes node:vm's own object). */
async function scripts(s: Setup, args: readonly string[]): Promise<ProcessResult & { compiled: string[] }> {
  const record = join(s.dir, 'record-scripts.cjs');
  const out = join(s.dir, 'scripts.json');
  writeFileSync(
    record,
    `const vm = require('node:vm');
const seen = [];
const Real = vm.Script;
vm.Script = class extends Real { constructor(source, options) { super(source, options); seen.push(require('node:path').basename(String(options?.filename))); } };
process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(out)}, JSON.stringify(seen)));`,
  );
  const r = await run(s.cacheDir, args, ['-r', record]);
  return { ...r, compiled: JSON.parse(readFileSync(out, 'utf8')) as string[] };
}

/** The inode of the cache file: a run that took the cache does not write it again (it is replaced by a rename otherwise). */
const inode = (file: string): number => statSync(file).ino;

describe("the CLI's V8 code cache (bin/dsipform.js)", () => {
  it('the first run writes the cache; the next takes it and leaves it; both print what the ES module chunks print', async () => {
    const s = setup();
    const want = await reference(['validate', s.file]);
    expect(want.code).toBe(0);
    const first = await run(s.cacheDir, ['validate', s.file]);
    expect(first).toEqual(want);
    expect(readFileSync(s.cacheFile).subarray(0, 4).toString('latin1')).toBe('CVSD');
    const written = inode(s.cacheFile);
    const second = await run(s.cacheDir, ['validate', s.file]);
    expect(second).toEqual(want);
    expect(inode(s.cacheFile)).toBe(written);
  });

  it('a failing command prints and exits as without the cache, with it and without it', async () => {
    const s = setup();
    writeFileSync(join(s.dir, 'bad.yaml'), 'version: 1\ninbound_mappings:\n  - did: 15551234567x\n');
    for (const args of [['validate', join(s.dir, 'bad.yaml')], ['validate', join(s.dir, 'missing.yaml')], ['nonsense'], ['--version']]) {
      const want = await reference(args);
      expect(await run(s.cacheDir, args)).toEqual(want);
      expect(await run(s.cacheDir, args)).toEqual(want);
    }
    // A cache per verb, written only by a run that succeeded: a word that is no verb leaves no file,
    // and --version (the ES module chunks) none either.
    expect(existsSync(s.cacheDir) ? readdirSync(s.cacheDir) : []).toEqual([]);
  });

  // The CommonJS file's top level declares every verb's modules: compiling it cost a run that loads
  // no verb more than the chunks it loads (docs/performance.md), so such a run takes the chunks.
  it.each([[['--version']], [['--help']], [['-h']], [['help']], [['help', 'plan']], [['plan', '--help']], [[]]])(
    'dsipform %j compiles no CommonJS bundle and writes no cache, and prints what the chunks print',
    async (args) => {
      const s = setup();
      const want = await reference(args);
      const r = await scripts(s, args);
      expect({ code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual(want);
      expect(r.compiled).toEqual([]);
      expect(existsSync(s.cacheDir) ? readdirSync(s.cacheDir) : []).toEqual([]);
    },
  );

  it('a verb still runs from the CommonJS bundle and writes its own cache', async () => {
    const s = setup();
    const r = await scripts(s, ['validate', s.file]);
    expect(r.code).toBe(0);
    expect(r.compiled).toEqual(['cli.cjs']);
    expect(readdirSync(s.cacheDir)).toEqual(['cli.cjs.validate.v8-cache']);
  });

  // V8 checks its version, its flags and the source's length, not its data: a changed byte in the
  // data can crash the run or silently lose its output. The launcher's checksum refuses it.
  it.each([
    ['a flipped byte in the header', 9],
    ['flipped bytes at the start of the data', HEADER + 100],
    ['flipped bytes in the middle of the data', 300_000],
    ['flipped bytes near the end of the data', -40_000],
  ])('a corrupt cache (%s) is compiled past and replaced', async (_what, at) => {
    const s = setup();
    const want = await reference(['validate', s.file]);
    await run(s.cacheDir, ['validate', s.file]);
    const bytes = readFileSync(s.cacheFile);
    const offset = at < 0 ? bytes.length + at : at;
    for (let i = 0; i < 6; i++) bytes[offset + i] = bytes[offset + i]! ^ 0xa5;
    writeFileSync(s.cacheFile, bytes);
    const before = inode(s.cacheFile);
    expect(await run(s.cacheDir, ['validate', s.file])).toEqual(want);
    const replaced = inode(s.cacheFile);
    expect(replaced).not.toBe(before);
    // The replacement is whole: the next run takes it.
    expect(await run(s.cacheDir, ['validate', s.file])).toEqual(want);
    expect(inode(s.cacheFile)).toBe(replaced);
  });

  it.each([
    ['half', 0.5],
    ['its header only', HEADER],
    ['a few bytes', 5],
    ['empty', 0],
  ])('a truncated cache (%s) is compiled past and replaced', async (_what, keep) => {
    const s = setup();
    const want = await reference(['validate', s.file]);
    await run(s.cacheDir, ['validate', s.file]);
    const size = statSync(s.cacheFile).size;
    truncateSync(s.cacheFile, keep < 1 ? Math.floor(size * keep) : keep);
    expect(await run(s.cacheDir, ['validate', s.file])).toEqual(want);
    // Replaced by a whole cache, which the next run takes.
    const replaced = inode(s.cacheFile);
    expect(statSync(s.cacheFile).size).toBeGreaterThan(size / 2);
    expect(await run(s.cacheDir, ['validate', s.file])).toEqual(want);
    expect(inode(s.cacheFile)).toBe(replaced);
  });

  it('a cache from other V8 flags is refused by V8 and replaced; a deleted cache folder is made again', async () => {
    const s = setup();
    const want = await reference(['validate', s.file]);
    await run(s.cacheDir, ['validate', s.file]);
    const before = inode(s.cacheFile);
    expect(await run(s.cacheDir, ['validate', s.file], ['--no-lazy-feedback-allocation'])).toEqual(want);
    expect(inode(s.cacheFile)).not.toBe(before);
    rmSync(s.cacheDir, { recursive: true });
    expect(await run(s.cacheDir, ['validate', s.file])).toEqual(want);
    expect(statSync(s.cacheFile).size).toBeGreaterThan(HEADER);
  });

  // A verb that talks to the platform sets V8 flags during its run (the launcher's RUN_FLAGS): were
  // one left set when the cache is written, V8 would refuse that cache in every later run, which then
  // compiles the whole bundle and writes the cache again (every plan did, docs/performance.md).
  it('a verb that talks to the platform writes a cache its next run takes', async () => {
    const s = setup();
    const file = join(s.dir, 'plan.yaml');
    writeFileSync(file, PLAN_FILE);
    const planCache = join(s.cacheDir, 'cli.cjs.plan.v8-cache');
    const first = await run(s.cacheDir, ['plan', file, '--emulator']);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/1 to create/);
    const written = inode(planCache);
    const second = await scripts(s, ['plan', file, '--emulator']);
    expect({ code: second.code, stdout: second.stdout }).toEqual({ code: first.code, stdout: first.stdout });
    expect(second.compiled).toEqual(['cli.cjs']);
    expect(inode(planCache)).toBe(written);
  });

  // Exit 2 is `--detailed-exitcode`'s "there are differences", after a whole plan: a CI job that
  // always has changes to show still gets a cache (it compiled the whole bundle at every run).
  it('a plan that finds differences (--detailed-exitcode, exit 2) writes a cache its next run takes', async () => {
    const s = setup();
    const file = join(s.dir, 'plan.yaml');
    writeFileSync(file, PLAN_FILE);
    const planCache = join(s.cacheDir, 'cli.cjs.plan.v8-cache');
    const first = await run(s.cacheDir, ['plan', file, '--emulator', '--detailed-exitcode']);
    expect(first.code).toBe(2);
    const written = inode(planCache);
    const second = await run(s.cacheDir, ['plan', file, '--emulator', '--detailed-exitcode']);
    expect({ code: second.code, stdout: second.stdout }).toEqual({ code: 2, stdout: first.stdout });
    expect(inode(planCache)).toBe(written);
  });

  // A cache holds what the run that wrote it compiled: a first plan of a small file left every later
  // plan of the user's real files to compile the rest again at each run (docs/performance.md). A run
  // whose cache was written or checked over a minute ago serialises what it holds and writes it when
  // that is clearly larger; it marks the check otherwise. The test ages the file by its mtime.
  it('a small plan then a larger plan rewrites the cache once, and it grows; larger-or-equal and smaller runs leave it', async () => {
    const s = setup();
    const small = join(s.dir, 'plan.yaml');
    writeFileSync(small, PLAN_FILE);
    const planCache = join(s.cacheDir, 'cli.cjs.plan.v8-cache');
    const anHourAgo = (): void => utimesSync(planCache, new Date(Date.now() - 3_600_000), new Date(Date.now() - 3_600_000));
    const plan = async (args: readonly string[]): Promise<{ ino: number; size: number }> => {
      const r = await run(s.cacheDir, ['plan', ...args, '--emulator']);
      expect(r.code).toBe(0);
      return { ino: inode(planCache), size: statSync(planCache).size };
    };
    const first = await plan([small]);
    anHourAgo();
    const larger = await plan([ROUTING_EXAMPLE]);
    expect(larger.ino).not.toBe(first.ino);
    expect(larger.size).toBeGreaterThan(first.size);
    // The rewritten cache is whole, and holds what the larger plan runs: the same plan again, checked,
    // leaves it (and marks the check), and prints what the chunks print.
    anHourAgo();
    const want = await reference(['plan', ROUTING_EXAMPLE, '--emulator']);
    const again = await run(s.cacheDir, ['plan', ROUTING_EXAMPLE, '--emulator']);
    expect({ code: again.code, stdout: again.stdout }).toEqual({ code: want.code, stdout: want.stdout });
    expect(inode(planCache)).toBe(larger.ino);
    expect(Date.now() - statSync(planCache).mtimeMs).toBeLessThan(600_000);
    // A smaller run, checked or not, neither rewrites nor shrinks it.
    for (const age of [anHourAgo, () => undefined]) {
      age();
      expect(await plan([small])).toEqual(larger);
    }
  });

  it('a cache checked or written less than a minute ago is not checked again', async () => {
    const s = setup();
    const small = join(s.dir, 'plan.yaml');
    writeFileSync(small, PLAN_FILE);
    const planCache = join(s.cacheDir, 'cli.cjs.plan.v8-cache');
    expect((await run(s.cacheDir, ['plan', small, '--emulator'])).code).toBe(0);
    const written = inode(planCache);
    expect((await run(s.cacheDir, ['plan', ROUTING_EXAMPLE, '--emulator'])).code).toBe(0);
    expect(inode(planCache)).toBe(written);
  });

  // Runs are often minutes apart: a cache that checks found no larger three times is checked no more,
  // so a user's runs do not each serialise the cache to compare (6-17 ms) for as long as it lives.
  it('a cache checked three times without growing is not checked again', async () => {
    const s = setup();
    const small = join(s.dir, 'plan.yaml');
    writeFileSync(small, PLAN_FILE);
    const planCache = join(s.cacheDir, 'cli.cjs.plan.v8-cache');
    const hourAgo = new Date(Date.now() - 3_600_000);
    const checked = async (): Promise<boolean> => {
      utimesSync(planCache, hourAgo, hourAgo);
      expect((await run(s.cacheDir, ['plan', small, '--emulator'])).code).toBe(0);
      return statSync(planCache).mtimeMs > hourAgo.getTime() + 60_000;
    };
    expect((await run(s.cacheDir, ['plan', small, '--emulator'])).code).toBe(0);
    const written = inode(planCache);
    expect([await checked(), await checked(), await checked(), await checked()]).toEqual([true, true, true, false]);
    expect(inode(planCache)).toBe(written);
  });

  it('a cache folder that cannot be made or written, or a cache path that is a folder, leaves the command as it is', async () => {
    const s = setup();
    const want = await reference(['validate', s.file]);
    const notAFolder = join(s.dir, 'five.yaml', 'cache');
    expect(await run(notAFolder, ['validate', s.file])).toEqual(want);
    // The cache's path taken by a folder: it can be neither read nor replaced.
    const folderInTheWay = join(s.dir, 'in-the-way');
    mkdirSync(join(folderInTheWay, 'cli.cjs.validate.v8-cache'), { recursive: true });
    expect(await run(folderInTheWay, ['validate', s.file])).toEqual(want);
    // A read-only folder (root writes anywhere, so only as another user).
    if (process.getuid?.() !== 0) {
      const readOnly = join(s.dir, 'read-only');
      mkdirSync(readOnly);
      chmodSync(readOnly, 0o555);
      expect(await run(readOnly, ['validate', s.file])).toEqual(want);
      chmodSync(readOnly, 0o755);
    }
  });
});
