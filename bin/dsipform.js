#!/usr/bin/env node
// Thin launcher: the CLI is compiled to dist/ and bundled by `npm run build` (run by `npm ci` through
// `prepare`; scripts/bundle.mjs) into dist/bundle/cli.cjs, one CommonJS file that this launcher
// compiles through node:vm with V8's code cache (below), and into ES module chunks (dist/bundle/cli.js).

// CommonJS (bin/package.json), not an ES module: Node's ES module loader for the launcher alone was
// some 2-4% of `validate`'s CPU (docs/performance.md); the verbs' runs then load no ES module at all.
// Node's own modules are required where they are used: node:v8 loads Node's streams with it, which
// `--version` does not need.
'use strict';
const {
  accessSync,
  closeSync,
  constants,
  fstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} = require('node:fs');
const path = require('node:path');
const setFlagsFromString = (flags) => require('node:v8').setFlagsFromString(flags);

// V8's code cache (issue 33 §4, docs/decisions.md). Compiling the CLI's code was most of what a short
// command (`validate` of a small file) did beyond node's own start-up, and Node 20 caches no ES
// module's compilation. A vm.Script takes the cache V8 wrote after an earlier run (the functions that
// run compiled, not only the top level) and skips parsing and compiling them. The cache file sits
// beside the bundle (written by the build's warm-up run, or by the first run of a verb that finds none), or in
// the folder DSIPFORM_CODE_CACHE names; DSIPFORM_CODE_CACHE=off runs the ES module chunks instead.
// Nothing about the cache may break a command: a file that is missing, unreadable, truncated,
// corrupt, from another build of the bundle, another node or other V8 flags is compiled past, and a
// folder that cannot be written is left alone.
const BUNDLE = path.join(__dirname, '..', 'dist', 'bundle', 'cli.cjs');
const setting = process.env.DSIPFORM_CODE_CACHE;
// One cache per verb: V8 reads a cache whole, so a verb does not read what another compiled, and
// each verb's cache holds what that verb runs. The verb is the first word of the command line; a
// cache is written only by a run that went through (exit 0, or 2: `--detailed-exitcode`'s "there
// are differences", after a whole plan), so a word that is no verb never leaves a file, nor a run
// that stopped early a cache of the little it compiled. A cache that fits is written again only by
// a run that went through and compiled clearly more (CHECK_AFTER_MS and GROWTH, below).
const args = process.argv.slice(2);
const word = args.find((arg) => !arg.startsWith('-'));
const verb = word !== undefined && /^[a-z][a-z-]{0,31}$/.test(word) ? word : undefined;
/** The exit codes of a run that went through: 0, and 2 (plan, drift, routes --diff, watch: differences found). */
const WENT_THROUGH = new Set([0, 2]);
const CACHE = path.join(setting && setting !== 'off' ? setting : path.dirname(BUNDLE), `cli.cjs.${verb}.v8-cache`);
// A run that loads no verb's module (no verb, `help`, or asking for help or the version anywhere)
// takes the ES module chunks, without a cache: the CommonJS file's top level declares every module
// of every verb, and compiling it, even from a cache (420 kB), cost `--version` more than the few
// chunks it loads (1.44x against 1.29x `node -e 0` CPU, docs/performance.md). Nor does such a run
// write a cache, so `plan --help` cannot leave `plan` a cache of what help compiled. What it prints
// is the same either way (test/build/code-cache.test.ts).
const ASKS = new Set(['-h', '--help', '-V', '--version']);
const chunks = setting === 'off' || verb === undefined || verb === 'help' || args.some((arg) => ASKS.has(arg));
// The cache file: this header, then V8's data. V8 checks its own version and flags, and the source's
// length only; it does not check the data itself (a flipped byte can crash the run), so the header
// holds a checksum of the data and which bundle file (inode, size, mtime) it was made from, then how
// many times runs checked the cache since it was written (below).
const MAGIC = 0x44535643; // "DSVC"
const HEADER = 40;
const CHECKS_AT = 32;
// The cache holds the functions the run that wrote it had compiled: a verb's first run of a small
// file left a cache without the code a later run of the user's real files runs (LCR routes,
// recurrences, routing tests), compiled again at every run after. So a run that took a cache
// serialises what its process holds now and writes it when that is clearly larger than the cache:
// a run takes every function of the cache it read, so what it serialises holds the cache's and its
// own (a smaller run serialises no more than it read and never rewrites, so a cache never shrinks).
// Serialising costs 6-17 ms (validate's 700 kB, a plan's 1.3 MB), 7% of validate: done only by a
// run whose cache was written or checked over a minute ago, in a folder it can write, which then
// marks the check in the header (which moves the file's mtime). Identical runs serialise lengths
// 0.02% apart; a plan of the users' file after a tiny plan's cache 5.5% more: 1% is far from both
// (docs/performance.md). Runs are often minutes apart, so the minute alone would make nearly every
// run pay: a cache checked MAX_CHECKS times without growing is not checked again until a run writes
// it anew (another build, another node), and the checks cost a few runs per cache, not every run.
const CHECK_AFTER_MS = 60_000;
const GROWTH = 1.01;
const MAX_CHECKS = 3;

/** A checksum of `data` (FNV-1a over 32-bit words, then a running sum): some 2 ms for 650 kB, less than loading node:crypto. */
function checksum(data) {
  const words = new Int32Array(data.buffer, data.byteOffset, data.length >> 2);
  let h = 0x811c9dc5 | 0;
  let s = data.length | 0;
  for (let i = 0; i < words.length; i++) {
    h = Math.imul(h ^ words[i], 16777619);
    s = (s + h) | 0;
  }
  for (let i = words.length << 2; i < data.length; i++) h = Math.imul(h ^ data[i], 16777619);
  return (h ^ s) >>> 0;
}

function header(id, data) {
  const head = Buffer.alloc(HEADER);
  head.writeUInt32LE(MAGIC, 0);
  head.writeUInt32LE(checksum(data), 4);
  id.forEach((n, i) => head.writeDoubleLE(n, 8 + 8 * i));
  head.writeUInt32LE(0, CHECKS_AT);
  return head;
}

/** The cache's V8 data, its file's mtime and its checks when the file is whole and made from this bundle file; otherwise undefined. */
function readCache(id) {
  let fd;
  try {
    fd = openSync(CACHE, 'r');
    const { mtimeMs } = fstatSync(fd);
    const file = readFileSync(fd);
    if (file.length <= HEADER || file.readUInt32LE(0) !== MAGIC) return undefined;
    if (id.some((n, i) => file.readDoubleLE(8 + 8 * i) !== n)) return undefined;
    // A copy at offset 0 when the data is not 4-byte aligned (Int32Array needs it).
    const data = file.byteOffset % 4 === 0 ? file.subarray(HEADER) : Buffer.from(file.subarray(HEADER));
    return checksum(data) === file.readUInt32LE(4) ? { data, mtimeMs, checks: file.readUInt32LE(CHECKS_AT) } : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Whether a run that took the cache serialises its own to compare: checked fewer than MAX_CHECKS times, the last a minute ago, and the folder can be written. */
function dueForCheck({ mtimeMs, checks }) {
  if (checks >= MAX_CHECKS || Date.now() - mtimeMs < CHECK_AFTER_MS) return false;
  try {
    accessSync(path.dirname(CACHE), constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** Writes the cache beside a temporary name, then renames it into place: two runs at once never see half a file. */
function writeCache(id, data) {
  const temp = `${CACHE}.${process.pid}.tmp`;
  try {
    if (setting && setting !== 'off') mkdirSync(setting, { recursive: true });
    writeFileSync(temp, Buffer.concat([header(id, data), data]));
    renameSync(temp, CACHE);
  } catch {
    rmSync(temp, { force: true });
  }
}

/** Notes one more check without growth in the cache's header (the write moves its mtime too); a file that cannot be written is left as it is. */
function markCheck(checks) {
  let fd;
  try {
    fd = openSync(CACHE, 'r+');
    const count = Buffer.alloc(4);
    count.writeUInt32LE(checks, 0);
    writeSync(fd, count, 0, 4, CHECKS_AT);
  } catch {
    // The cache is an optimisation: a check that cannot be noted is made again by a later run.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Compiles and runs dist/bundle/cli.cjs (with the cache when it fits); its `main`, and `save(undo)`, which writes a cache when it had none that fit or the run compiled clearly more (`undo` sets the run's V8 flags back first). */
function loadScript() {
  const fd = openSync(BUNDLE, 'r');
  let source;
  let id;
  try {
    const { ino, size, mtimeMs } = fstatSync(fd);
    id = [ino, size, mtimeMs];
    // The bundle is ASCII (esbuild's charset: 'ascii'): latin1 skips decoding 2 MB of UTF-8.
    source = readFileSync(fd, 'latin1');
  } finally {
    closeSync(fd);
  }
  const cached = readCache(id);
  const cachedData = cached?.data;
  // Node's own CommonJS wrapper, on the first line: the bundle's lines and columns stay its own.
  const script = new (require('node:vm').Script)(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: BUNDLE,
    cachedData,
  });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, require('node:module').createRequire(BUNDLE), module, BUNDLE, path.dirname(BUNDLE));
  const fits = cachedData !== undefined && !script.cachedDataRejected;
  // After the run: the cache then holds every function the run compiled, not only the top level.
  const save = (undo) => {
    if (fits && !dueForCheck(cached)) return;
    undo();
    const data = script.createCachedData();
    if (!fits || data.length > cachedData.length * GROWTH) writeCache(id, data);
    else markCheck(cached.checks + 1);
  };
  return { main: module.exports.main, save };
}

// The V8 flags a verb's run sets, each with the flag that undoes it. Set once the verb's module is
// loaded, before it runs, not at start: once a V8 flag changes, V8 refuses the code cache Node's own
// modules (fs/promises, http, crypto, ...) are built with, and compiles each one loaded after from
// its source, some 3 times the CPU. The verb's hot code runs after it either way. Each is undone
// before a code cache is written: V8 keeps the flags' hash in the cache and refuses it in a process
// whose flags differ, and a refused cache is written again by every run (docs/performance.md: every
// plan compiled the whole bundle and rewrote its 1.2 MB cache while one flag was left set).
//
// - No TurboFan inlining: a run lasts a second or a few, and its hot code (the file reader, the
//   value rules, the differ, the lints) is optimised by V8 while it runs. With inlining, each
//   optimisation compiles the callees into the caller: large jobs, done again after every
//   deoptimisation, that cost more CPU than the faster code saves before the run ends. Without it a
//   plan of 10,000 mappings and 5,000 routes uses some 10% less CPU.
// - Liftoff only: undici parses HTTP with llhttp compiled to WebAssembly, which V8 would compile
//   again, optimised, on a background thread that a process waits for at exit (60-70 ms after every
//   command that talked to the platform); the baseline code parses our traffic as fast. Only undici
//   compiles WebAssembly, so a verb that never talks to the platform is not affected. V8 turns two
//   flags off with it (its implications), which `--no-liftoff-only` does not turn back on.
const RUN_FLAGS = [
  ['--no-turbo-inlining', '--turbo-inlining'],
  ['--liftoff-only', '--no-liftoff-only --wasm-tier-up --wasm-dynamic-tiering'],
];
let tuned = false;
const onVerbLoaded = () => {
  if (tuned) return;
  tuned = true;
  for (const [set] of RUN_FLAGS) setFlagsFromString(set);
};

function run({ main, save }) {
  main(process.argv, undefined, { onVerbLoaded }).then(
    (code) => {
      process.exitCode = code;
      if (!save || !WENT_THROUGH.has(code)) return;
      try {
        save(() => {
          if (tuned) for (const [, undo] of RUN_FLAGS) setFlagsFromString(undo);
        });
      } catch {
        // The cache is an optimisation: the command's result stands whatever happens to it.
      }
    },
    (err) => {
      // main() maps every expected error to an exit code; reaching here is a bug.
      process.stderr.write(`dsipform: internal error (this is a bug, please report it): ${err?.stack ?? err}\n`);
      process.exitCode = 1;
    },
  );
}

// A chunk that cannot be imported (no build) fails the run as an uncaught error, as it did when the
// launcher was an ES module awaiting it.
if (chunks) void import('../dist/bundle/cli.js').then(run);
else run(loadScript());
