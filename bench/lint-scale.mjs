// Lints and LCR matching at scale (issue 26, part 5): each row doubles its size, so a row's
// `×2` ratio (time at size 2N over time at N) is about 2 when the work grows with the input and
// about 4 when it grows with its square. Pure functions of the built dist/, in this process:
//   - lint: `lintRules` of N per-customer LCR routes on one prefix (one full caller ID each), and of
//     N routes whose short caller prefixes all tie (one warning, naming all N);
//   - overlap: two LCR routes whose From-prefixes hold N characters with a `*` inside;
//   - match: `routeCall` of a From of N digits to a To holding "-" (every LCR pattern is tried),
//     and of a From of N digits followed by a letter;
//   - validate: the whole CLI, `validate --strict` of a file of N per-customer LCR routes.
// Before the fix (same machine): 500 routes crashed validate (Maximum call stack size exceeded),
// 400 gave 79,800 warnings; 60,000-character From-prefixes took some 20 s; a 120,000-digit From
// 25 to 70 s.
//
//   node bench/lint-scale.mjs [--json]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lintRules } from '../dist/routing/lint.js';
import { routeCall } from '../dist/routing/match.js';
import { ruleSetFromState } from '../dist/routing/rule-set.js';
import { median, msSince, ratio, round } from './lib/stats.mjs';

const CLI = fileURLToPath(new URL('../bin/dsipform.js', import.meta.url));
const NONE = { inbound: false, outbound: false };
const AT = { local: '2026-12-28T10:00:00', tz: 'UTC' };

function route(name, prefix, from_prefix, gwgroupid, groupid) {
  return { name, prefix, from_prefix, gwgroupid, priority: 0, timerec: '', routeid: '', ...(groupid ? { groupid } : {}) };
}

function perCustomer(n, from) {
  return Array.from({ length: n }, (_, i) => route(`cust-${i}`, '1', from(i), '5', 10_000 + (i % 9_999)));
}

/** The median of three runs of `fn`, in milliseconds. */
function time(fn) {
  const runs = [];
  for (let i = 0; i < 3; i++) {
    const start = process.hrtime.bigint();
    fn();
    runs.push(msSince(start));
  }
  return median(runs);
}

const CASES = [
  {
    name: 'lint: N per-customer LCR routes on one prefix',
    sizes: [1_000, 2_000, 4_000, 8_000],
    run: (n) => {
      const set = ruleSetFromState({ outbound_routes: perCustomer(n, (i) => `1555${String(1_000_000 + i).slice(1)}`) });
      return () => lintRules(set, NONE);
    },
  },
  {
    name: 'lint: N LCR routes whose callers all tie (one warning)',
    sizes: [1_000, 2_000, 4_000, 8_000],
    run: (n) => {
      const set = ruleSetFromState({ outbound_routes: perCustomer(n, (i) => String(10_000 + i)) });
      return () => lintRules(set, NONE);
    },
  },
  {
    name: 'overlap: two From-prefixes of N characters with a * inside',
    sizes: [30_000, 60_000, 120_000],
    run: (n) => {
      const half = '1'.repeat(n / 2);
      const set = ruleSetFromState({
        outbound_routes: [route('A', '44', `${half}*${half}`, '5', 10_001), route('B', '44', `${half}*${half.slice(1)}1`, '6', 10_002)],
      });
      return () => lintRules(set, NONE);
    },
  },
  {
    name: 'match: a From of N digits, to a To holding "-"',
    sizes: [60_000, 120_000, 240_000],
    run: (n) => {
      const set = ruleSetFromState({ outbound_routes: [route('L', '44', '1', '5', 10_001), route('D', '', undefined, '6')] });
      const call = { direction: 'outbound', from: '1'.repeat(n), to: '5-1', at: AT };
      return () => routeCall(set, call, { explain: false });
    },
  },
  {
    name: 'match: a From of N digits, then a letter',
    sizes: [60_000, 120_000, 240_000],
    run: (n) => {
      const set = ruleSetFromState({ outbound_routes: [route('L', '44', '1', '5', 10_001), route('D', '', undefined, '6')] });
      const call = { direction: 'outbound', from: `${'1'.repeat(n)}a`, to: '4420', at: AT };
      return () => routeCall(set, call, { explain: false });
    },
  },
];

function validateRow() {
  const dir = mkdtempSync(join(tmpdir(), 'dsipform-lint-bench-'));
  try {
    const row = { name: 'validate --strict (CLI): N per-customer LCR routes', sizes: [], ms: [] };
    for (const n of [500, 1_000, 2_000, 4_000]) {
      const lines = perCustomer(n, (i) => `1555${String(1_000_000 + i).slice(1)}`).map(
        (r) => `  - {name: ${r.name}, prefix: "1", from_prefix: "${r.from_prefix}", gwgroupid: "5"}`,
      );
      const file = join(dir, `routes-${n}.yaml`);
      writeFileSync(file, `version: 1\noutbound_routes:\n  - {name: Default, prefix: "", gwgroupid: "5"}\n${lines.join('\n')}\n`);
      row.sizes.push(n);
      row.ms.push(time(() => execFileSync(process.execPath, [CLI, 'validate', '--strict', file], { stdio: 'pipe' })));
    }
    return row;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const rows = CASES.map((c) => {
  const ms = c.sizes.map((n) => time(c.run(n)));
  return { name: c.name, sizes: c.sizes, ms };
});
rows.push(validateRow());
for (const row of rows) row.ratios = row.ms.slice(1).map((ms, i) => ratio(ms, row.ms[i]));

if (process.argv.includes('--json')) console.log(JSON.stringify(rows, null, 2));
else
  for (const row of rows) {
    console.log(row.name);
    row.sizes.forEach((n, i) => console.log(`  N=${n}: ${round(row.ms[i], 1)} ms${i > 0 ? ` (×2: ${row.ratios[i - 1]})` : ''}`));
  }
