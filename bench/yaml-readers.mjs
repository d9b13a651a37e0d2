// The fast YAML reader against the `yaml` library's own parsers, on one desired-state file of
// 100,000 entries (half inbound mappings, half outbound routes, as bench/lib/fixtures.mjs writes
// them). Each reader turns the text into the plain values and the entry positions the loader needs:
//
//   fast  src/config/fast-reader.ts: the hand-written reader the loader tries first
//   cst   bench/lib/cst-reader.ts: the same answer built on yaml's CST (`new Parser().parse`)
//   full  yaml's parseDocument + the line index + toData (the loader's full path; positions from the tree)
//   lexer yaml's Lexer over the text, tokens counted, nothing built: the floor of any reader on
//         yaml's lower-level API (the CST parser and the composer both run on these tokens)
//   none  reads the file only: the floor of time and memory
//
// and, for context, the whole loader (`loadWith`) with its fast path and with the full parser only.
// Each figure is measured in a fresh `node` (peak RSS is then the reader's alone), runs interleaved
// (fast, cst, full, ..., fast, cst, full, ...); the table shows medians and ratios to `fast` from
// the same run. Loads the BUILT code (dist/), so run `npm run build` first.
// Writes bench/results/yaml-readers.json.
//
//   node bench/yaml-readers.mjs [entries=100000] [--runs 3] [--json]
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCstReader } from './lib/cst-reader-loader.mjs';
import { desiredYaml } from './lib/fixtures.mjs';
import { median, ratio, round } from './lib/stats.mjs';

const SELF = fileURLToPath(import.meta.url);
const dist = (path) => new URL(`../dist/config/${path}`, import.meta.url).href;
const RESULTS = fileURLToPath(new URL('results/yaml-readers.json', import.meta.url));

/** What each child does with the text; every reader returns the data and the last entry's place. */
const READERS = {
  none: async () => (text) => ({ value: text.length, last: null }),
  lexer: async () => {
    const { Lexer } = await import('yaml');
    return (text) => {
      let tokens = 0;
      for (const _ of new Lexer().lex(text)) tokens++;
      return { value: tokens, last: null };
    };
  },
  fast: async () => {
    const { readFast } = await import(dist('fast-reader.js'));
    return (text) => answer(readFast(text, {}));
  },
  cst: async () => {
    const { readCst } = await loadCstReader();
    return (text) => answer(readCst(text, {}));
  },
  full: async () => {
    const [{ parseSource }, { toData }, { locate }] = await Promise.all([
      import(dist('source.js')),
      import(dist('data.js')),
      import(dist('locate.js')),
    ]);
    return (text) => {
      const { source } = parseSource('bench.yaml', text);
      if (!source) return null;
      const data = toData(source, {});
      const { line, col } = locate(source, ['outbound_routes', data.value.outbound_routes.length - 1], false);
      return { value: data.value, last: { line, col } };
    };
  },
  'loader:fast': async () => loader('fast'),
  'loader:yaml': async () => loader('yaml'),
};

function answer(read) {
  if (!read) return null;
  const n = read.data.value.outbound_routes.length;
  return { value: read.data.value, last: read.place(['outbound_routes', n - 1], false) };
}

/** The whole loader; the schema is compiled beforehand (once per process, the same for both). */
async function loader(reader) {
  const [{ loadWith }, { fileValidator }] = await Promise.all([import(dist('index.js')), import(dist('schema.js'))]);
  await fileValidator();
  return { file: (path) => loadWith([path], { env: {} }, reader) };
}

// In the child: read the file, time one reader on it, report time, peak RSS and what it read.
if (process.argv[2] === '--child') {
  const [, , , name, path] = process.argv;
  const made = await READERS[name]();
  const text = readFileSync(path, 'utf8');
  const start = process.hrtime.bigint();
  let out;
  if (typeof made === 'function') {
    const read = made(text);
    out = read && {
      entries: typeof read.value === 'number' ? 0 : read.value.inbound_mappings.length + read.value.outbound_routes.length,
      last: read.last,
    };
  } else {
    const result = await made.file(path);
    out = result.ok && { entries: result.desired.inbound_mappings.length + result.desired.outbound_routes.length, last: null };
  }
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  console.log(JSON.stringify({ ms, maxRssKiB: process.resourceUsage().maxRSS, read: Boolean(out), ...out }));
  process.exit(0);
}

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const entries = Number(args.find((a, i) => /^\d+$/.test(a) && i !== runsAt + 1) ?? 100_000);
const runs = runsAt === -1 ? 3 : Number(args[runsAt + 1]);
const json = args.includes('--json');

function measure(name, file) {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [SELF, '--child', name, file], { maxBuffer: 1 << 20, timeout: 300_000 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${name} failed: ${stderr || err.message}`));
      else resolve(JSON.parse(stdout));
    });
  });
}

const dir = mkdtempSync(join(tmpdir(), 'dsipform-yaml-readers-'));
try {
  const file = join(dir, 'desired.yaml');
  writeFileSync(file, desiredYaml({ mappings: Math.ceil(entries / 2), routes: Math.floor(entries / 2) }));
  const names = Object.keys(READERS);
  const samples = Object.fromEntries(names.map((n) => [n, []]));
  for (let i = 0; i < runs; i++) for (const name of names) samples[name].push(await measure(name, file));

  const mib = (kib) => round(kib / 1024, 1);
  const rows = {};
  for (const name of names) {
    const s = samples[name];
    rows[name] = {
      ms: round(median(s.map((r) => r.ms)), 1),
      maxRssMiB: mib(median(s.map((r) => r.maxRssKiB))),
      read: s.every((r) => r.read),
      entries: s[0].entries,
      last: s[0].last,
    };
  }
  const readersAgree = ['fast', 'cst', 'full'].every(
    (n) => rows[n].read && rows[n].entries === entries && JSON.stringify(rows[n].last) === JSON.stringify(rows.full.last),
  );
  for (const name of names) {
    rows[name].msOverFast = ratio(rows[name].ms, rows.fast.ms);
    rows[name].rssOverFast = ratio(rows[name].maxRssMiB, rows.fast.maxRssMiB);
  }
  const result = {
    node: process.version,
    nproc: cpus().length,
    loadAverage: loadavg().map((x) => round(x, 2)),
    entries,
    bytes: statSync(file).size,
    runs,
    readersAgree,
    rows,
  };
  mkdirSync(fileURLToPath(new URL('results/', import.meta.url)), { recursive: true });
  writeFileSync(RESULTS, `${JSON.stringify(result, null, 2)}\n`);
  if (json) console.log(JSON.stringify(result));
  else {
    console.log(
      `${entries.toLocaleString('en-US')} entries, ${(result.bytes / 1048576).toFixed(1)} MiB of YAML; node ${process.version}, nproc ${result.nproc}, load ${result.loadAverage.join(' ')}; median of ${runs} fresh processes each`,
    );
    const head = ['reader', 'median ms', '× fast', 'peak RSS MiB', '× fast', 'read it'];
    const lines = names.map((n) => {
      const r = rows[n];
      return [n, r.ms.toLocaleString('en-US'), `${r.msOverFast}×`, String(r.maxRssMiB), `${r.rssOverFast}×`, r.read ? 'yes' : 'NO'];
    });
    const width = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
    for (const l of [head, width.map((w) => '-'.repeat(w)), ...lines])
      console.log(
        l
          .map((c, i) => c.padEnd(width[i]))
          .join('  ')
          .trimEnd(),
      );
    console.log(`fast, cst and full read the same ${entries} entries and place the last one alike: ${readersAgree ? 'yes' : 'NO'}`);
    console.log(`written to ${RESULTS}`);
  }
  if (!readersAgree) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
