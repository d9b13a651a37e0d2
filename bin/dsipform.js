#!/usr/bin/env node
// Thin launcher: the CLI is compiled to dist/ and bundled by `npm run build` (run by `npm ci` through
// `prepare`; scripts/bundle.mjs) into dist/bundle/cli.cjs, one CommonJS file that this launcher
// compiles through node:vm with V8's code cache (below), and into ES module chunks (dist/bundle/cli.js).

// CommonJS (bin/package.json), not an ES module: Node's ES module loader for the launcher alone was
// some 2-4% of `validate`'s CPU (docs/performance.md); the verbs' runs then load no ES module at all.
// Node's own modules are required where they are used: node:v8 loads Node's streams with it, which
// `--version` does not need.
'use strict';
const { closeSync, fstatSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } = require('node:fs');
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
// that stopped early a cache of the little it compiled. A cache that fits is rewritten only by a
// run that went through and compiled clearly more than the run that wrote it (GROWTH, below).
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
// holds a checksum of the data, which bundle file (inode, size, mtime) it was made from, and how much
// bytecode the process that wrote it held (below). The magic names the layout: a file of the earlier
// 32-byte header ("DSVC") is foreign, compiled past and replaced.
const MAGIC = 0x44535632; // "DSV2"
const HEADER = 40;
// The cache holds the functions the run that wrote it had compiled: a verb's first run of a small
// file (no LCR routes, no recurrences, no invariants) left a cache without the code a later run of
// the user's real files runs, compiled lazily at every run after (+3-5% CPU of the users'-file plan,
// docs/performance.md). So a run that took a cache compares the bytecode its process holds (node:v8's
// heap code statistics: Node's own, the cache's functions, and what it compiled beside them) with
// the writer's, kept in the header, and writes the cache again when it holds clearly more: 2%.
// Identical runs differ by at most 0.7% (bytecode flushed by the collector in a long run), a plan of
// the users' file after a tiny plan's cache holds 7% more. A smaller run holds no more than the
// cache it took, so it never rewrites, and a rewrite keeps what the cache held (its functions were
// deserialised into the run), so a cache only grows.
const GROWTH = 1.02;

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

function header(id, bytecode, data) {
  const head = Buffer.alloc(HEADER);
  head.writeUInt32LE(MAGIC, 0);
  head.writeUInt32LE(checksum(data), 4);
  id.forEach((n, i) => head.writeDoubleLE(n, 8 + 8 * i));
  head.writeDoubleLE(bytecode, 32);
  return head;
}

/** The bytecode (with its metadata) the process holds now, in bytes: Node's own and the bundle's functions compiled or deserialised. */
const bytecodeNow = () => require('node:v8').getHeapCodeStatistics().bytecode_and_metadata_size;

/** The cache's V8 data and its writer's bytecode when the file is whole and made from this bundle file; otherwise undefined. */
function readCache(id) {
  try {
    const file = readFileSync(CACHE);
    if (file.length <= HEADER || file.readUInt32LE(0) !== MAGIC) return undefined;
    if (id.some((n, i) => file.readDoubleLE(8 + 8 * i) !== n)) return undefined;
    // A copy at offset 0 when the data is not 4-byte aligned (Int32Array needs it).
    const data = file.byteOffset % 4 === 0 ? file.subarray(HEADER) : Buffer.from(file.subarray(HEADER));
    return checksum(data) === file.readUInt32LE(4) ? { data, bytecode: file.readDoubleLE(32) } : undefined;
  } catch {
    return undefined;
  }
}

/** Writes the cache beside a temporary name, then renames it into place: two runs at once never see half a file. */
function writeCache(id, bytecode, data) {
  const temp = `${CACHE}.${process.pid}.tmp`;
  try {
    if (setting && setting !== 'off') mkdirSync(setting, { recursive: true });
    writeFileSync(temp, Buffer.concat([header(id, bytecode, data), data]));
    renameSync(temp, CACHE);
  } catch {
    rmSync(temp, { force: true });
  }
}

/** Compiles and runs dist/bundle/cli.cjs (with the cache when it fits); its `main`, and `save`, which writes a cache when it had none that fit or the run compiled clearly more than its writer. */
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
  // After the run: the cache then holds every function the run compiled, not only the top level. The
  // statistics walk the heap (some 1 ms for validate, 2-5 ms for a plan of 15,000 entries), cheaper
  // than serialising a cache to see whether it grew.
  // `undo` sets back the run's V8 flags, only when a cache is written (the rest of the process runs as it ran).
  const save = (undo) => {
    const bytecode = bytecodeNow();
    if (fits && bytecode <= cached.bytecode * GROWTH) return;
    undo();
    writeCache(id, bytecode, script.createCachedData());
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
