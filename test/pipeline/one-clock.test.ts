// One clock (issue 33 §1): `--at` and `--tz` are read once, by one function (pipeline/clock.ts), so
// every verb that takes them, and the library's planDesired given the same values as `at` and `tz`,
// refuse a bad one with the same code, message and hint, before the platform is read. The CLI runs
// as a real process (bin/dsipform.js) against the emulator over loopback; real files.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError, DsipformError, loadDesiredState, planDesired, planPlatform } from '../../src/index.js';
import { runPipeline } from '../../src/pipeline/pipeline.js';
import { runCli } from '../helpers/cli.js';
import { emulatorFixture, TEST_PROFILE } from '../helpers/emulator.js';

/** A route the plan creates, so the library's plan has routing to judge at the time asked. */
const RULES = 'version: 1\noutbound_routes:\n  - { name: UK, prefix: "44", gwgroupid: "2" }\n';

/** The error the library gives for `options`, as the CLI prints it: `error (CODE): message` and `hint: …`. */
async function libraryError(file: string, options: { at?: string; tz?: string }): Promise<string> {
  const { client } = await emulatorFixture();
  const loaded = await loadDesiredState([file]);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
  const err: unknown = await planDesired(client, loaded.desired, options).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DsipformError);
  const e = err as DsipformError;
  return `error (${e.code}): ${e.message}\nhint: ${e.hint ?? ''}\n`;
}

describe('one reading of the clock', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dsipform-one-clock-'));
  const file = join(dir, 'rules.yaml');
  writeFileSync(file, RULES);

  it.each([
    ['--at', 'tonight', 'at'],
    ['--at', '2026-13-01T10:00', 'at'],
    ['--tz', 'America/Chicagoo', 'tz'],
  ] as const)('%s %s: plan, route, routes and planDesired say the same, in one wording', async (flag, value, option) => {
    const { emu } = await emulatorFixture();
    const env = { DSIP_URL: emu.url, DSIP_TOKEN: emu.token, DSIP_API_PROFILE: TEST_PROFILE, TZ: 'UTC' };
    const verbs = [
      ['plan', file],
      ['route', file, '--direction', 'outbound', '--to', '442071234567'],
      ['routes', file],
      ...(flag === '--tz'
        ? [
            ['apply', file, '--auto-approve'],
            ['drift', file],
            ['test', file],
          ]
        : []),
    ];
    const said = await Promise.all(verbs.map((v) => runCli([...v, flag, value], env)));
    const expected = await libraryError(file, { [option]: value });
    expect(expected).toMatch(/^error \(ROUTE_BAD_TIME\): /);
    for (const [i, r] of said.entries()) {
      expect(r.code, verbs[i]!.join(' ')).toBe(1);
      expect(r.stderr, verbs[i]!.join(' ')).toBe(expected);
    }
  });
});

/** Routes, two routing tests (one at now in the proxy's zone, one at its own time and zone) and an invariant. */
const CHECKED = [
  'version: 1',
  'proxy: { timezone: America/Chicago }',
  'outbound_routes:',
  '  - { name: UK, prefix: "44", gwgroupid: "2" }',
  'routing_tests:',
  '  - { name: at now, direction: outbound, to: "442071234567", expect: { route: UK } }',
  '  - { name: pinned, direction: outbound, to: "442071234567", at: "2026-12-28T22:30:00Z", tz: Asia/Tokyo, expect: { route: UK } }',
  'invariants:',
  '  - name: premium numbers are never routed',
  '    never: { direction: outbound, to_prefix: "1900" }',
  '',
].join('\n');

/** The files of {@link CHECKED}, loaded. */
async function checkedFiles(): Promise<Awaited<ReturnType<typeof loadDesiredState>> & { ok: true }> {
  const file = join(mkdtempSync(join(tmpdir(), 'dsipform-run-times-')), 'rules.yaml');
  writeFileSync(file, CHECKED);
  const loaded = await loadDesiredState([file]);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
  return loaded;
}

// The run's times are read once, before the platform is (issue 33 §1): the plan's `now`, each
// routing test's call time and the day the invariants start on travel in one value from where the
// reads are decided, so the simulation reads no clock of its own.
describe("the run's times, read before the platform is", () => {
  it("the planner hands on the plan's now, each test's call time and the invariants' start", async () => {
    const { client } = await emulatorFixture();
    const { desired } = await checkedFiles();
    const now = Date.UTC(2026, 11, 28, 16, 5, 0);
    const made = await planPlatform(client, desired, { now, tz: 'America/Chicago' });
    expect(made.ok).toBe(true);
    if (!made.ok) return;
    expect(made.times).toEqual({
      now,
      tests: [
        { local: '2026-12-28T10:05:00', tz: 'America/Chicago' },
        { local: '2026-12-29T07:30:00', tz: 'Asia/Tokyo' },
      ],
      start: { local: '2026-12-28T10:05:00', tz: 'America/Chicago' },
    });
  });

  it('the zone the tests need is asked before the first request: a platform that cannot be reached is found after it', async () => {
    const { emu, client } = await emulatorFixture();
    const { desired } = await checkedFiles();
    await emu.close();
    const asked: string[] = [];
    const tz = (): string => {
      asked.push('zone');
      return 'America/Chicago';
    };
    const err: unknown = await runPipeline(client, desired, { tz }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ApiError);
    expect(asked.length).toBeGreaterThan(0);
  });
});
