import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startEmulatorProcess, type EmulatorProcess } from '../helpers/cli.js';

/**
 * The exact routing impact through the built CLI against the emulator, both as processes: an
 * after-hours route (weekday evenings in New York) changed or removed is found whenever the plan is
 * made, not only when the plan happens to run in the evening; `--at` still pins one instant.
 */
const TOKEN = 'exact-impact-token-0123456789';
const env = { DSIP_TOKEN: TOKEN, TZ: 'America/New_York' };
const dir = mkdtempSync(join(tmpdir(), 'dsipform-exact-impact-'));
const file = (name: string, text: string): string => {
  writeFileSync(join(dir, name), text);
  return join(dir, name);
};
const EVENINGS = '20260101T180000|6H|weekly|||MO,TU,WE,TH,FR';
const route = (gwgroupid: string) =>
  `version: 1\noutbound_routes:\n  - name: After hours\n    prefix: "1"\n    gwgroupid: "${gwgroupid}"\n    timerec: "${EVENINGS}"\n`;

let emulator: EmulatorProcess;
let url: string;
const cli = (...args: string[]) => runCli([...args, '--url', url], env);
const MOVED = /^ {2}calls to 1…, Mon–Fri 18:00–24:00 America\/New_York: .*\b2\b.* → .*\b3\b.*\(route "After hours"\)$/m;

beforeAll(async () => {
  emulator = await startEmulatorProcess([], { DSIP_TOKEN: TOKEN });
  url = emulator.url;
  // The platform's own catch-all route goes (--force: its calls lose their route), so that the
  // evening calls have nothing to fall back on.
  const created = await cli('apply', file('before.yaml', route('2')), '--auto-approve', '--force');
  expect(created.code, created.stderr).toBe(0);
});
afterAll(async () => {
  await emulator.stop();
});

describe('the exact routing impact, the CLI as a process', () => {
  it('plan finds the evening move whenever it runs, over a week from Monday in the proxy zone', async () => {
    const r = await cli('plan', file('moved.yaml', route('3')));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Routing impact \(checked over one week from Mon \d{4}-\d\d-\d\d 00:00 America\/New_York\):$/m);
    expect(r.stdout).toMatch(MOVED);
  });

  it('JSON: the class with its windows, and the horizon', async () => {
    const json = JSON.parse((await cli('plan', join(dir, 'moved.yaml'), '--format', 'json')).stdout);
    expect(json.horizon).toMatchObject({ tz: 'America/New_York', words: expect.stringMatching(/^checked over one week from Mon /) });
    expect(json.routing_impact).toHaveLength(1);
    expect(json.routing_impact[0]).toMatchObject({
      direction: 'outbound',
      prefix: '1',
      except: [],
      from_parts: [],
      to: '1',
      when: 'Mon–Fri 18:00–24:00 America/New_York',
      before: { result: 'routed', gwlist: '#2' },
      after: { result: 'routed', gwlist: '#3' },
    });
    expect(json.routing_impact[0].windows).toHaveLength(5);
    expect(json.routing_impact[0].windows[0].start).toMatch(/T18:00:00$/);
  });

  it('plan --at pins one instant: nothing at 07:00, the move at 19:00', async () => {
    const morning = await cli('plan', join(dir, 'moved.yaml'), '--at', '2026-12-02T07:00:00');
    expect(morning.stdout).toContain(
      'Routing impact (checked at 2026-12-02 07:00:00 America/New_York only (--at)):\n  No call changes its route.\n',
    );
    const evening = await cli('plan', join(dir, 'moved.yaml'), '--at', '2026-12-02T19:00:00', '--tz', 'America/New_York');
    expect(evening.stdout).toMatch(/^ {2}calls to 1…, at 2026-12-02 19:00:00 America\/New_York: .* → .*\(route "After hours"\)$/m);
  });

  it('plan --at refuses a time it cannot read', async () => {
    const r = await cli('plan', join(dir, 'moved.yaml'), '--at', 'tonight');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error \(ROUTE_BAD_TIME\): --at "tonight" must be an ISO date and time/m);
  });

  it('apply refuses a plan that leaves the evening calls with no route, whenever it runs', async () => {
    const r = await cli('apply', file('removed.yaml', 'version: 1\noutbound_routes: []\n'), '--auto-approve');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^error \(PLAN_UNROUTING\): refused: the plan leaves 1 class of outbound calls that routes today with no route: calls to 1… \(Mon–Fri 18:00–24:00 America\/New_York\) \(routed before by "After hours"\)$/m,
    );
    // Nothing was changed: the files of before still plan no change.
    expect((await cli('plan', join(dir, 'before.yaml'), '--detailed-exitcode')).code).toBe(0);
  });
});
