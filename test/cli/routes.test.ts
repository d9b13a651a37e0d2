import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { scenario } from '../helpers/scenario.js';

// Monday morning in New York: a one-instant probe at this hour sees no after-hours route at all.
const MORNING = ['--at', '2026-11-30T07:00:00', '--tz', 'America/New_York'];

/** US calls go to carrier group 3, and on weekday evenings (18:00 to 24:00) to `evening`. */
function usRoutes(evening: string): string {
  return [
    'version: 1',
    'outbound_routes:',
    '  - name: Default',
    '    prefix: ""',
    '    gwgroupid: "2"',
    '  - name: US',
    '    prefix: "1"',
    '    gwgroupid: "3"',
    '  - name: US after hours',
    '    prefix: "1"',
    `    gwgroupid: "${evening}"`,
    '    priority: 10',
    '    timerec: "20260101T180000|6H|weekly|||MO,TU,WE,TH,FR"',
    '',
  ].join('\n');
}

interface Json {
  mode: string;
  sides: { name: string; source: string }[];
  horizon: { start: string; end: string; tz: string; words: string };
  spans: {
    class: { direction: string; prefix: string; except: string[]; from_parts: string[] };
    when: string;
    windows: { start: string; end: string }[];
    decisions: { result: string; gwlist?: string; gwlist_words?: string; rule?: { key: string } }[];
  }[];
}

/** Each span as one comparable line: class, when, and each side's rule and gateways. */
function lines(doc: Json): string[] {
  return doc.spans.map(
    (s) =>
      `${s.class.direction} ${s.class.prefix}-${s.class.except.join(',')} ${s.class.from_parts.join(',')} | ${s.when} | ${s.decisions
        .map((d) => `${d.result} ${d.rule?.key ?? ''} ${d.gwlist ?? ''}`)
        .join(' => ')}`,
  );
}

describe('dsipform routes (the CLI as a process)', () => {
  it('prints the whole table of the files: each class with its time windows, and exits 0 without a platform', async () => {
    const s = await scenario();
    const file = s.file('routes.yaml', usRoutes('4'));
    const r = await runCli(['routes', file, ...MORNING]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain(`Routing table of files (${file})\n`);
    expect(r.stdout).toMatch(/^Checked over one week from Mon 2026-11-30 00:00 America\/New_York\.$/m);
    // One class over two stretches of time: named once, each stretch on its own line.
    expect(r.stdout).toMatch(/^ {2}1… +\S.* +→ carrier group 3 \(route "US"\)$/m);
    expect(r.stdout).toMatch(/^ {32}Mon–Fri 18:00–24:00 America\/New_York +→ carrier group 4 \(route "US after hours"\)$/m);
    expect(r.stdout).toMatch(/^ {2}every other number except 1… +always +→ carrier group 2 \(route "Default"\)$/m);
    // The files declare no inbound mappings: they say nothing of inbound calls.
    expect(r.stdout).not.toContain('Inbound');
  });

  it('--format json gives the documented shape: horizon, spans with class, when, windows, decisions', async () => {
    const s = await scenario();
    const file = s.file('routes.yaml', usRoutes('4'));
    const r = await runCli(['routes', file, ...MORNING, '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout) as Json;
    // The files declare outbound routes only, so the table is of outbound calls only, and says so.
    expect(Object.keys(doc)).toEqual(['format_version', 'mode', 'sides', 'direction', 'horizon', 'spans']);
    expect(doc).toMatchObject({ mode: 'table', direction: 'outbound' });
    expect(doc.sides).toEqual([{ name: 'files', source: file }]);
    expect(doc.horizon.tz).toBe('America/New_York');
    // A weekly recurrence is examined for a whole week at least.
    expect(Date.parse(`${doc.horizon.end}Z`) - Date.parse(`${doc.horizon.start}Z`)).toBeGreaterThanOrEqual(7 * 24 * 3600_000);
    const evening = doc.spans.find((sp) => sp.decisions[0]?.rule?.key === 'US after hours');
    expect(evening).toMatchObject({ class: { direction: 'outbound', prefix: '1' }, when: 'Mon–Fri 18:00–24:00 America/New_York' });
    expect(evening!.windows).toHaveLength(5);
    expect(evening!.windows[0]).toEqual({ start: '2026-11-30T18:00:00', end: '2026-12-01T00:00:00' });
  });

  it('--live reads the platform and shows the same table as the files it was applied from, with the groups named', async () => {
    const s = await scenario();
    const file = s.file('routes.yaml', usRoutes('4'));
    await s.converge([file]);
    const live = await runCli(['routes', '--live', ...MORNING, '--format', 'json'], s.env);
    expect(live.code, live.stderr).toBe(0);
    const files = await runCli(['routes', file, ...MORNING, '--format', 'json']);
    const liveDoc = JSON.parse(live.stdout) as Json;
    expect(liveDoc.sides).toEqual([{ name: 'live', source: s.emu.url }]);
    expect(lines(liveDoc).filter((l) => l.startsWith('outbound'))).toEqual(lines(JSON.parse(files.stdout) as Json));
    const evening = liveDoc.spans.find((sp) => sp.decisions[0]?.rule?.key === 'US after hours');
    expect(evening?.decisions[0]?.gwlist_words).toContain('Voxbone CarrierGroup');
    const text = await runCli(['routes', '--live', ...MORNING, '--direction', 'outbound'], s.env);
    expect(text.stdout).toContain('"Voxbone CarrierGroup"');
    expect(text.stdout).not.toContain('Inbound calls');
    expect(text.stdout).not.toContain(s.emu.token);
  });

  it('--diff shows the after-hours move at any hour it is run, and --detailed-exitcode exits 2 (0 when nothing changes)', async () => {
    const s = await scenario();
    const now = s.file('routes.yaml', usRoutes('4'));
    await s.converge([now]);
    const moved = s.file('moved.yaml', usRoutes('9'));
    const r = await runCli(['routes', '--diff', moved, ...MORNING], s.env);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`Routing difference: live (${s.emu.url}) → files (${moved})\n`);
    expect(r.stdout).toMatch(/^ {2}~ 1….*, Mon–Fri 18:00–24:00 America\/New_York$/m);
    expect(r.stdout).toMatch(/^ {6}before: carrier group "Voxbone CarrierGroup" \(#4\).*\(route "US after hours"\)$/m);
    expect(r.stdout).toMatch(/^ {6}after: {2}carrier group "Les\.net CarrierGroup" \(#9\).*\(route "US after hours"\)$/m);
    expect(r.stdout).toContain('\n1 class of calls changes its route.\n');
    const gate = await runCli(['routes', '--diff', moved, ...MORNING, '--detailed-exitcode'], s.env);
    expect(gate.code, gate.stderr).toBe(2);
    const same = await runCli(['routes', '--diff', now, ...MORNING, '--detailed-exitcode'], s.env);
    expect(same.code, same.stderr).toBe(0);
    expect(same.stdout).toContain('\nNo call changes its route.\n');
    const md = await runCli(['routes', '--diff', moved, ...MORNING, '--format', 'markdown'], s.env);
    expect(md.stdout).toContain('| Calls to | When | Before | After |');
    expect(md.stdout).toContain('**1 class of calls changes its route.**');
  });

  it("--diff resolves the files' group names against the platform: a file naming the group it has by id differs in nothing", async () => {
    const s = await scenario();
    const byId = s.file('routes.yaml', usRoutes('4'));
    await s.converge([byId]);
    const byName = s.file('named.yaml', usRoutes('4').replace('    gwgroupid: "4"', '    carrier_group: Voxbone CarrierGroup'));
    const r = await runCli(['routes', '--diff', byName, ...MORNING, '--detailed-exitcode'], s.env);
    expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);
    expect(r.stdout).toContain('No call changes its route.');
  });

  it('--diff shows a rule that names a group the platform lacks as the proxy treats it: dropped, the calls falling through', async () => {
    const s = await scenario();
    await s.converge([s.file('routes.yaml', usRoutes('4'))]);
    const dangling = s.file('dangling.yaml', usRoutes('999'));
    const r = await runCli(['routes', '--diff', dangling, ...MORNING, '--format', 'json'], s.env);
    expect(r.code, r.stderr).toBe(0);
    expect(lines(JSON.parse(r.stdout) as Json)).toEqual([
      'outbound 1-  | Mon–Fri 18:00–24:00 America/New_York | routed US after hours #4 => routed US #3',
    ]);
  });

  it('--diff --base FILE --live compares a file (an export, a plan of record) with what the platform holds now', async () => {
    const s = await scenario();
    const file = s.file('routes.yaml', usRoutes('4'));
    await s.converge([file]);
    const record = s.file('record.yaml', usRoutes('9'));
    const r = await runCli(['routes', '--diff', '--base', record, '--live', ...MORNING, '--detailed-exitcode', '--format', 'json'], s.env);
    expect(r.code, r.stderr).toBe(2);
    const doc = JSON.parse(r.stdout) as Json;
    expect(doc.sides).toEqual([
      { name: 'base', source: record },
      { name: 'live', source: s.emu.url },
    ]);
    // The file declares no inbound mappings, so inbound calls are not compared.
    expect(doc).toMatchObject({ direction: 'outbound' });
    expect(lines(doc)).toEqual([
      'outbound 1-  | Mon–Fri 18:00–24:00 America/New_York | routed US after hours #9 => routed US after hours #4',
    ]);
  });

  it('--format html writes one self-contained page with the table', async () => {
    const s = await scenario();
    const file = s.file('routes.yaml', usRoutes('4'));
    const r = await runCli(['routes', file, ...MORNING, '--format', 'html']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^<!DOCTYPE html>/i);
    expect(r.stdout).toContain('<title>Routing table of files</title>');
    expect(r.stdout).toContain('Mon–Fri 18:00–24:00 America/New_York');
    expect(r.stdout).toContain('carrier group 4 (route &quot;US after hours&quot;)');
    expect(r.stdout).not.toMatch(/<script|https?:\/\//);
  });

  it.each([
    [['--base', 'x.yaml', 'y.yaml'], 'CLI_BAD_OPTION', '--base is the "before" side of --diff'],
    [['--detailed-exitcode', 'y.yaml'], 'CLI_BAD_OPTION', '--detailed-exitcode is for --diff'],
    [['--live', 'y.yaml'], 'CLI_BAD_OPTION', "--live reads the platform's rules, so it takes no desired-state files"],
    [['y.yaml', '--url', 'http://127.0.0.1:9'], 'CLI_BAD_OPTION', '--url is only used when the platform is read'],
    [['y.yaml', '--direction', 'sideways'], 'ROUTE_BAD_DIRECTION', '--direction "sideways" is not inbound or outbound'],
    [['y.yaml', '--at', 'tuesday'], 'ROUTE_BAD_TIME', '--at "tuesday" must be an ISO date and time'],
    [[], 'CLI_NO_PATHS', 'no desired-state files given'],
    [['--diff', '--base', 'y.yaml'], 'CLI_NO_PATHS', 'no desired-state files given'],
  ])('refuses %j with %s before reading anything', async (args, code, message) => {
    const r = await runCli(['routes', ...args]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`error (${code}): ${message}`);
  });
});
