// The results table: one row per figure, with what it is compared against, the ratio, the goal and
// whether the goal is met. Rows are plain data (also written to the JSON); `renderTable` prints them.
const fmt = (x, unit) => (x == null ? '—' : `${Number(x).toLocaleString('en-US')} ${unit}`);
const times = (x) => (x == null ? '—' : `${x}×`);
const yesNo = (ok) => (ok ? 'met' : 'MISSED');

function row(benchmark, figure, against = '—', ratio = '—', goal = '—', met = '—') {
  return { benchmark, figure, against, ratio, goal, met };
}

function cold(r) {
  const m = r.medianMs;
  return [
    row(
      'dsipform --version (cold start)',
      fmt(m.version, 'ms'),
      `node -e 0: ${fmt(m.nodeFloor, 'ms')}`,
      times(r.ratios.versionOverNode),
      '≤ 200 ms',
      yesNo(m.version <= 200),
    ),
    row(
      'dsipform validate, 15 objects (cold)',
      fmt(m.validate, 'ms'),
      `node -e 0: ${fmt(m.nodeFloor, 'ms')}`,
      times(r.ratios.validateOverNode),
    ),
    row(
      'provider handshake (spawn to go-plugin line)',
      fmt(m.handshake, 'ms'),
      `node to first line: ${fmt(m.handshakeFloor, 'ms')}`,
      times(r.ratios.handshakeOverNodeFirstLine),
    ),
  ];
}

function plan(r) {
  const scale = `${r.objects.mappings.toLocaleString('en-US')} + ${r.objects.routes.toLocaleString('en-US')}`;
  return [
    row(
      `plan, no changes, ${scale}: read live + diff (in-process)`,
      fmt(r.ms.pipeline, 'ms'),
      `floor (bare undici + JSON.parse): ${fmt(r.ms.floor, 'ms')}`,
      times(r.ratios.pipelineOverFloor),
      '≤ 2×',
      yesNo(r.ratios.pipelineOverFloor <= 2),
    ),
    row(
      `dsipform plan FILE.yaml, ${scale} (whole CLI)`,
      fmt(r.ms.cliYaml, 'ms'),
      `floor in a fresh node: ${fmt(r.ms.floorProcess, 'ms')}`,
      times(r.ratios.cliYamlOverFloorProcess),
    ),
    row(
      `dsipform plan FILE.json, ${scale} (whole CLI)`,
      fmt(r.ms.cliJson, 'ms'),
      `floor in a fresh node: ${fmt(r.ms.floorProcess, 'ms')}`,
      times(r.ratios.cliJsonOverFloorProcess),
    ),
    row(`  of which: loading the YAML file (in-process)`, fmt(r.ms.loadYaml, 'ms')),
  ];
}

function memory(r) {
  const p = r.peakRssMiB;
  const mb = (mib) => Math.round(mib * 1.048576);
  const n = r.mappings.toLocaleString('en-US');
  return [
    row(
      `peak RSS, dsipform plan of ${n} mappings`,
      `${fmt(p.cliPlan, 'MiB')} (${mb(p.cliPlan)} MB)`,
      `bare node: ${fmt(p.bareNode, 'MiB')}`,
      times(r.ratios.cliPlanOverBareNode),
      '≤ 500 MB',
      yesNo(mb(p.cliPlan) <= 500),
    ),
    row(`  beside it: the loader alone, same file`, fmt(p.loaderOnly, 'MiB')),
    row(`  beside it: reading ${n} live mappings alone`, fmt(p.readLiveOnly, 'MiB')),
  ];
}

function apply(r) {
  return Object.entries(r.parallelism).flatMap(([p, l]) => [
    row(
      `apply ${r.creates.toLocaleString('en-US')} creates, parallelism ${p} (in-process)`,
      fmt(l.createsPerSecond.apply, '/s'),
      `raw undici POSTs: ${fmt(l.createsPerSecond.raw, '/s')}`,
      `${Math.round(l.ratios.applyOverRaw * 100)}%`,
      '≥ 70%',
      yesNo(l.ratios.applyOverRaw >= 0.7),
    ),
    row(
      `dsipform apply --parallelism ${p} (whole CLI)`,
      fmt(l.createsPerSecond.cli, '/s'),
      `raw undici POSTs: ${fmt(l.createsPerSecond.raw, '/s')}`,
      `${Math.round(l.ratios.cliOverRaw * 100)}%`,
    ),
    row(
      `dsipform apply --parallelism ${p} (whole CLI)`,
      fmt(l.createsPerSecond.cli, '/s'),
      `the same POSTs by a node script in a fresh process: ${fmt(l.createsPerSecond.rawScript, '/s')}`,
      `${Math.round(l.ratios.cliOverRawScript * 100)}%`,
      '≥ 70%',
      yesNo(l.ratios.cliOverRawScript >= 0.7),
    ),
  ]);
}

function terraform(r) {
  const n = r.objects.toLocaleString('en-US');
  if (r.skipped) return [row(`terraform vs dsipform, ${n} objects`, 'skipped', r.skipped, '—', '≥ 20× faster', 'skipped')];
  const m = r.medianMs;
  return [
    row(
      `plan, no changes, ${n} mappings: dsipform vs terraform`,
      fmt(m.dsipformPlan, 'ms'),
      `terraform plan: ${fmt(m.terraformPlan, 'ms')}`,
      `${r.ratios.planTerraformOverDsipform}× faster`,
      '≥ 20× faster',
      yesNo(r.ratios.planTerraformOverDsipform >= 20),
    ),
    row(
      `apply, ${n} creates: dsipform vs terraform`,
      fmt(m.dsipformApply, 'ms'),
      `terraform apply: ${fmt(m.terraformApply, 'ms')}`,
      `${r.ratios.applyTerraformOverDsipform}× faster`,
      '≥ 20× faster',
      yesNo(r.ratios.applyTerraformOverDsipform >= 20),
    ),
  ];
}

function impact(r) {
  const scale = `${r.objects.mappings.toLocaleString('en-US')} + ${r.objects.routes.toLocaleString('en-US')}`;
  const words = { some: '1 in 100 objects changed', changes: 'every object changed', creates: 'every object created' };
  return Object.entries(words).map(([plan, what]) =>
    row(
      `dsipform plan with the routing impact, ${scale}, ${what} (${r[plan].impactLines.toLocaleString('en-US')} calls)`,
      fmt(r[plan].ms.withImpact, 'ms'),
      `without it: ${fmt(r[plan].ms.withoutImpact, 'ms')} (CPU ${fmt(r[plan].cpuMs.withImpact, 'ms')} / ${fmt(r[plan].cpuMs.withoutImpact, 'ms')}: ${times(r[plan].cpuRatio)})`,
      times(r[plan].ratio),
      '≤ 1.25×',
      yesNo(r[plan].ratio <= 1.25),
    ),
  );
}

const BUILDERS = { cold, plan, memory, apply, terraform, impact };

/**
 * The table rows for whatever sections ran; a failed section gets one row saying so. The goals hold
 * at full scale, so a quick run does not judge them.
 */
export function tableRows(results, { quick = false } = {}) {
  const rows = Object.entries(results).flatMap(([name, r]) =>
    r.error ? [row(name, 'ERROR', r.error.split('\n')[0], '—', '—', 'error')] : BUILDERS[name](r),
  );
  return quick
    ? rows.map((r) => (r.met === 'met' || r.met === 'MISSED' ? { ...r, met: `(${r.met === 'met' ? 'met' : 'missed'}: quick)` } : r))
    : rows;
}

/** A fixed-width text table of the rows. */
export function renderTable(rows) {
  const heads = { benchmark: 'benchmark', figure: 'figure', against: 'compared with', ratio: 'ratio', goal: 'goal', met: '' };
  const cols = Object.keys(heads);
  const width = Object.fromEntries(cols.map((c) => [c, Math.max(heads[c].length, ...rows.map((r) => String(r[c]).length))]));
  const line = (r) =>
    cols
      .map((c) => String(r[c]).padEnd(width[c]))
      .join('  ')
      .trimEnd();
  return [line(heads), cols.map((c) => '-'.repeat(width[c])).join('  '), ...rows.map(line)].join('\n');
}
