import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

// Every output that shows a time window names the proxy's zone, the one the files declare, not the
// machine's (TZ=UTC here, as on a CI runner): the plan in each format, the drift report, the
// routes table in each format.

const dir = mkdtempSync(join(tmpdir(), 'dsipform-proxy-zone-outputs-'));
const ZONE = 'America/Chicago';
const file = join(dir, 'platform.yaml');
writeFileSync(
  file,
  [
    'version: 1',
    'proxy:',
    `  timezone: ${ZONE}`,
    'outbound_routes:',
    '  - { name: Default Outbound Route, prefix: "", gwgroupid: "2" }',
    '  - { name: Office, prefix: "1312", gwgroupid: "3", priority: 10, timerec: "20260101T090000|8H|weekly|||MO,TU,WE,TH,FR" }',
    '',
  ].join('\n'),
);
const ENV = { TZ: 'UTC' };
const WINDOW = `Mon–Fri 09:00–17:00 ${ZONE}`;

/** The output names the zone for the window and for the time examined, and never UTC. */
function namesTheZone(text: string): void {
  expect(text).toContain(WINDOW);
  expect(text).toMatch(new RegExp(`[Cc]hecked over one week from Mon \\d{4}-\\d\\d-\\d\\d 00:00 ${ZONE}`));
  expect(text).not.toMatch(/\bUTC\b/);
}

describe("outputs that show windows name the proxy's declared zone", () => {
  it.each(['text', 'markdown', 'html'])('plan --format %s', async (format) => {
    const r = await runCli(['plan', file, '--emulator', '--format', format], ENV);
    expect(r.code, r.stderr).toBe(0);
    namesTheZone(r.stdout);
  });

  it('plan --format json: the horizon and each entry carry the zone', async () => {
    const r = await runCli(['plan', file, '--emulator', '--format', 'json'], ENV);
    expect(r.code, r.stderr).toBe(0);
    const plan = JSON.parse(r.stdout) as { horizon: { tz: string; words: string }; routing_impact: { when: string }[] };
    expect(plan.horizon.tz).toBe(ZONE);
    expect(plan.routing_impact.map((e) => e.when)).toEqual([WINDOW]);
    namesTheZone(plan.horizon.words + plan.routing_impact.map((e) => e.when).join('\n'));
  });

  it.each(['text', 'markdown', 'json'])('drift --format %s', async (format) => {
    const r = await runCli(['drift', file, '--emulator', '--format', format], ENV);
    expect(r.code, r.stderr).toBe(2);
    namesTheZone(r.stdout);
  });

  it.each(['text', 'markdown', 'html', 'json'])('routes --format %s', async (format) => {
    const r = await runCli(['routes', file, '--format', format], ENV);
    expect(r.code, r.stderr).toBe(0);
    namesTheZone(r.stdout);
    if (format === 'json') expect((JSON.parse(r.stdout) as { horizon: { tz: string } }).horizon.tz).toBe(ZONE);
  });

  it('routes --diff against the platform names it too', async () => {
    const r = await runCli(['routes', '--diff', file, '--emulator'], ENV);
    expect(r.code, r.stderr).toBe(0);
    namesTheZone(r.stdout);
  });
});
