// Peak memory and time of the desired-state loader on a 100,000-entry file, against a 1,000-entry
// file, each loaded in a fresh `node` so that maxRSS is the loader's alone. Also a 100,000-entry file
// whose last entry is bad: the one issue must name that entry's exact line. Loads the BUILT loader
// (dist/config/index.js), so run `npm run build` first. Writes bench/results/loader-memory.json.
// Growth is linear; most of the peak is the yaml library's syntax tree of the whole file (some 60
// bytes per byte of YAML), which lives only while the file is parsed.
//
//   node bench/loader-memory.mjs [entries=100000] [--json]
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SELF = fileURLToPath(import.meta.url);
const LOADER = new URL('../dist/config/index.js', import.meta.url);
const RESULTS = fileURLToPath(new URL('results/loader-memory.json', import.meta.url));
const BASELINE_ENTRIES = 1_000;

// In the child: load one file, report time, peak RSS and the first issues as one JSON line.
if (process.argv[2] === '--child') {
  const { loadDesiredState } = await import(LOADER.href);
  const start = process.hrtime.bigint();
  const result = await loadDesiredState([process.argv[3]], { env: {} });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  const counts = result.ok
    ? { mappings: result.desired.inbound_mappings?.length ?? 0, routes: result.desired.outbound_routes?.length ?? 0 }
    : { issues: result.issues.length };
  const issues = result.ok ? [] : result.issues.slice(0, 3);
  console.log(JSON.stringify({ ok: result.ok, ms, maxRssKiB: process.resourceUsage().maxRSS, ...counts, issues }));
  process.exit(0);
}

const args = process.argv.slice(2);
const entries = Number(args.find((a) => /^\d+$/.test(a)) ?? 100_000);
const json = args.includes('--json');

/**
 * A desired state of `n` entries, half inbound mappings and half outbound routes (every third one
 * an LCR route), all distinct; with `badLast`, the prefix of the last route (the file's last entry)
 * holds a letter. Returns the text and the line of that prefix.
 */
function desiredState(n, badLast = false) {
  const mappings = Math.ceil(n / 2);
  const routes = n - mappings;
  const lines = ['version: 1', 'inbound_mappings:'];
  for (let i = 0; i < mappings; i++) {
    lines.push(
      `  - did: "1555${String(i).padStart(7, '0')}"`,
      `    servers: ["${1 + (i % 90)}", "${91 + (i % 7)}"]`,
      `    notes: Mapping ${i}`,
    );
  }
  lines.push('outbound_routes:');
  let badLine = 0;
  for (let i = 0; i < routes; i++) {
    const last = badLast && i === routes - 1;
    lines.push(`  - name: Route ${i}`);
    if (last) badLine = lines.length + 1;
    lines.push(`    prefix: "${100_000 + i}${last ? 'x' : ''}"`, `    gwgroupid: "${1 + (i % 9)}"`, `    priority: ${i % 10}`);
    if (i % 3 === 0) lines.push('    from_prefix: "1555"');
  }
  return { text: `${lines.join('\n')}\n`, badLine };
}

function measure(file) {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [SELF, '--child', file], { maxBuffer: 1 << 20 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`the child failed: ${stderr || err.message}`));
      else resolve(JSON.parse(stdout));
    });
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Three fresh processes on one file: the median time and the largest peak RSS. */
async function measured(file) {
  const runs = [];
  for (let i = 0; i < 3; i++) runs.push(await measure(file));
  return {
    ...runs[0],
    ms: Math.round(median(runs.map((r) => r.ms))),
    maxRssKiB: Math.max(...runs.map((r) => r.maxRssKiB)),
    bytes: statSync(file).size,
  };
}

const dir = mkdtempSync(join(tmpdir(), 'dsipform-bench-'));
try {
  const write = (name, text) => {
    const file = join(dir, name);
    writeFileSync(file, text);
    return file;
  };
  const small = await measured(write('small.yaml', desiredState(BASELINE_ENTRIES).text));
  const large = await measured(write('large.yaml', desiredState(entries).text));
  const bad = desiredState(entries, true);
  const badFile = write('bad-last.yaml', bad.text);
  const broken = await measured(badFile);
  if (!small.ok || !large.ok) throw new Error(`the generated files must load: ${JSON.stringify([small.issues, large.issues])}`);
  const issue = broken.issues[0];
  const exact = broken.issues.length === 1 && issue.line === bad.badLine && issue.col === 13 && issue.file === badFile;

  const mib = (kib) => Math.round(kib / 102.4) / 10;
  const result = {
    node: process.version,
    entries,
    baselineEntries: BASELINE_ENTRIES,
    baseline: { bytes: small.bytes, ms: small.ms, maxRssMiB: mib(small.maxRssKiB) },
    large: { bytes: large.bytes, ms: large.ms, maxRssMiB: mib(large.maxRssKiB) },
    ratios: {
      entries: entries / BASELINE_ENTRIES,
      ms: Math.round((large.ms / small.ms) * 10) / 10,
      maxRss: Math.round((large.maxRssKiB / small.maxRssKiB) * 10) / 10,
    },
    /** Memory each extra entry costs, and peak RSS over the file's size: both flat means bounded. */
    bytesPerExtraEntry: Math.round(((large.maxRssKiB - small.maxRssKiB) * 1024) / (entries - BASELINE_ENTRIES)),
    rssOverFileSize: Math.round(((large.maxRssKiB * 1024) / large.bytes) * 10) / 10,
    badLast: {
      ms: broken.ms,
      maxRssMiB: mib(broken.maxRssKiB),
      expectedLine: bad.badLine,
      issues: broken.issues.length,
      issue,
      exactLine: exact,
    },
  };
  mkdirSync(fileURLToPath(new URL('results/', import.meta.url)), { recursive: true });
  writeFileSync(RESULTS, `${JSON.stringify(result, null, 2)}\n`);
  if (json) console.log(JSON.stringify(result));
  else {
    const r = result;
    console.log(
      `${BASELINE_ENTRIES} entries (${(small.bytes / 1024).toFixed(0)} KiB): ${small.ms} ms, peak RSS ${r.baseline.maxRssMiB} MiB`,
    );
    console.log(`${entries} entries (${(large.bytes / 1048576).toFixed(1)} MiB): ${large.ms} ms, peak RSS ${r.large.maxRssMiB} MiB`);
    console.log(
      `ratios for ${r.ratios.entries}x the entries: time ${r.ratios.ms}x, peak RSS ${r.ratios.maxRss}x; ${r.bytesPerExtraEntry} bytes per extra entry; peak RSS ${r.rssOverFileSize}x the file size`,
    );
    console.log(
      `bad last entry: ${broken.ms} ms, peak RSS ${r.badLast.maxRssMiB} MiB, ${broken.issues.length} issue(s): ${issue ? `${issue.line}:${issue.col} ${issue.message}` : 'none'} (expected line ${bad.badLine}: ${exact ? 'exact' : 'WRONG'})`,
    );
    console.log(`written to ${RESULTS}`);
  }
  if (!exact) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
