// One clock (issue 33 §1): `--at` and `--tz` are read once, by one function (pipeline/clock.ts), so
// every verb that takes them, and the library's planDesired given the same values as `at` and `tz`,
// refuse a bad one with the same code, message and hint, before the platform is read. The CLI runs
// as a real process (bin/dsipform.js) against the emulator over loopback; real files.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DsipformError, loadDesiredState, planDesired } from '../../src/index.js';
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
