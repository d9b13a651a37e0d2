import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../helpers/cli.js';
import { emulatorFixture, TEST_PROFILE } from '../helpers/emulator.js';

// Issue 32, point 4: the proxy's time zone is configuration. The seven commands that decide routing
// read it as `--tz`, else the target's `timezone:`, else the files' `proxy.timezone`, else this
// machine's zone with one coded warning. Every run is a real process with TZ set explicitly (UTC,
// as on a CI runner), so nothing here depends on the machine's zone.

const root = mkdtempSync(join(tmpdir(), 'dsipform-proxy-zone-'));
const WANTED = 'America/Chicago';
/** The zone a weaker declaration gives, which must lose. */
const DECOY = 'Asia/Tokyo';
const WARNING = 'warning (PROXY_ZONE_UNDECLARED)';

/**
 * The platform's files: office hours 09:00-17:00 on weekdays, and a test of a call at 22:30 UTC on
 * a Monday, which is office hours in Chicago only (16:30; 07:30 on Tuesday in Tokyo, 22:30 in UTC).
 */
function files(zone: string | undefined): string {
  const dir = mkdtempSync(join(root, 'files-'));
  const lines = [
    'version: 1',
    ...(zone ? ['proxy:', `  timezone: ${zone}`] : []),
    'outbound_routes:',
    '  - { name: Default Outbound Route, prefix: "", gwgroupid: "2" }',
    '  - { name: Office, prefix: "1312", gwgroupid: "3", priority: 10, timerec: "20260101T090000|8H|weekly|||MO,TU,WE,TH,FR" }',
    'routing_tests:',
    '  - { name: a Chicago afternoon, direction: outbound, to: "13125550100", at: "2026-12-28T22:30:00Z", expect: { route: Office } }',
  ];
  writeFileSync(join(dir, 'platform.yaml'), `${lines.join('\n')}\n`);
  return dir;
}

/** A targets file of one target `t` on a fresh emulator, reading `paths`, with its own zone when given. */
async function targetsFile(paths: string, zone: string | undefined): Promise<{ file: string; env: NodeJS.ProcessEnv }> {
  const { emu } = await emulatorFixture();
  const dir = mkdtempSync(join(root, 'targets-'));
  const file = join(dir, 'dsipform.targets.yaml');
  const target = [
    `    url: ${emu.url}`,
    '    token: { env: ZONE_TEST_TOKEN }',
    `    api_profile: ${TEST_PROFILE}`,
    `    paths: [${paths}]`,
  ];
  if (zone) target.push(`    timezone: ${zone}`);
  writeFileSync(file, `targets:\n  t:\n${target.join('\n')}\n`);
  mkdirSync(join(dir, '.dsipform'), { recursive: true });
  return { file, env: { ZONE_TEST_TOKEN: emu.token } };
}

type Command = 'plan' | 'apply' | 'drift' | 'watch' | 'route' | 'routes' | 'test';

/** Each command's own arguments (before the files), and what it shows when the call was judged in `zone`. */
const COMMANDS: Readonly<Record<Command, { args: readonly string[]; judged: (r: CliResult, zone: string) => void }>> = {
  plan: { args: ['plan'], judged: (r, zone) => expectWindow(r, zone, 0) },
  apply: { args: ['apply', '--auto-approve'], judged: (r, zone) => expectWindow(r, zone, 0) },
  drift: { args: ['drift'], judged: (r, zone) => expectWindow(r, zone, 2) },
  // watch shows no windows: the routing test the gate of apply judges says which zone it ran in.
  watch: { args: ['watch', '--once', '--apply', '--listen', 'none'], judged: (r) => expect(r.code, r.stdout + r.stderr).toBe(0) },
  // 22:30 UTC is 16:30 in Chicago: the call is shown at the proxy's time, in office hours.
  route: {
    args: ['route', '--direction', 'outbound', '--to', '13125550100', '--at', '2026-12-28T22:30:00Z'],
    judged: (r, zone) => {
      expect(r.stdout).toContain(`Call: outbound to 13125550100 at 2026-12-28T16:30:00 ${zone}\n`);
      expect(r.stdout).toContain('route "Office"');
    },
  },
  routes: { args: ['routes'], judged: (r, zone) => expectWindow(r, zone, 0) },
  test: { args: ['test'], judged: (r) => expect(r.stdout + r.stderr).toMatch(/^1 passed, 0 failed$/m) },
};

/** The office-hours window in `zone` is shown, no other zone's, and the command exited `code`. */
function expectWindow(r: CliResult, zone: string, code: number): void {
  expect(r.code, r.stdout + r.stderr).toBe(code);
  expect(r.stdout).toContain(`Mon–Fri 09:00–17:00 ${zone}`);
  for (const other of [WANTED, DECOY, 'UTC'].filter((z) => z !== zone)) expect(r.stdout).not.toContain(` ${other}`);
}

/** Runs a command on the files, on the in-process emulator where it talks to a platform. */
function onFiles(command: Command, dir: string, extra: readonly string[] = [], env: NodeJS.ProcessEnv = { TZ: 'UTC' }): Promise<CliResult> {
  const platform = ['plan', 'apply', 'drift', 'watch'].includes(command) ? ['--emulator'] : [];
  return runCli([...COMMANDS[command].args, dir, ...platform, ...extra], env);
}

/** Runs a command for target `t` of a targets file. */
function onTarget(command: Command, targets: { file: string; env: NodeJS.ProcessEnv }, extra: readonly string[] = []): Promise<CliResult> {
  return runCli([...COMMANDS[command].args, '--target', 't', '--targets', targets.file, ...extra], { TZ: 'UTC', ...targets.env });
}

const ALL: readonly Command[] = ['plan', 'apply', 'drift', 'watch', 'route', 'routes', 'test'];
const WITH_TARGETS = ALL.filter((c) => c !== 'route');

describe("each routing command judges time in the proxy's declared zone", () => {
  it.each(ALL)("%s: the files' proxy.timezone, on a UTC machine, with no warning", async (command) => {
    const r = await onFiles(command, files(WANTED));
    COMMANDS[command].judged(r, WANTED);
    expect(r.stderr).not.toContain(WARNING);
  });

  it.each(WITH_TARGETS)("%s --target: the target's timezone: beats the files' proxy.timezone", async (command) => {
    const r = await onTarget(command, await targetsFile(files(DECOY), WANTED));
    COMMANDS[command].judged(r, WANTED);
    expect(r.stderr).not.toContain(WARNING);
  });

  it.each(WITH_TARGETS)("%s --target --tz: the flag beats the target's timezone: and the files'", async (command) => {
    const r = await onTarget(command, await targetsFile(files(DECOY), DECOY), ['--tz', WANTED]);
    COMMANDS[command].judged(r, WANTED);
    expect(r.stderr).not.toContain(WARNING);
  });

  it('route --tz: the flag beats the files (route has no targets)', async () => {
    const r = await onFiles('route', files(DECOY), ['--tz', WANTED]);
    COMMANDS.route.judged(r, WANTED);
    expect(r.stderr).not.toContain(WARNING);
  });
});

describe('with no zone declared anywhere', () => {
  it.each(ALL)("%s says once that this machine's zone stands in, and judges in it", async (command) => {
    const r = await onFiles(command, files(undefined));
    const warnings = r.stderr.split('\n').filter((l) => l.includes(WARNING));
    expect(warnings, r.stderr).toEqual([
      `${WARNING}: no time zone is declared for the proxy, so its time recurrences are read in this machine's zone, UTC`,
    ]);
    expect(r.stderr).toContain(
      "  hint: declare the proxy host's zone: proxy: { timezone: America/Chicago } in the files, timezone: for the target in the targets file, or --tz\n",
    );
    // The call at 22:30 UTC is after hours in UTC: the test fails (watch and apply refuse), route takes the default.
    if (command === 'route') expect(r.stdout).toContain('at 2026-12-28T22:30:00 UTC');
    else if (command !== 'watch' && command !== 'test' && command !== 'apply') expect(r.stdout).toContain('Mon–Fri 09:00–17:00 UTC');
    else expect(r.code).toBe(1);
  });

  it('the zone that stands in is the process zone (TZ), named in the warning and the output', async () => {
    const r = await onFiles('routes', files(undefined), [], { TZ: 'Europe/Paris' });
    expect(r.stderr).toContain(
      `${WARNING}: no time zone is declared for the proxy, so its time recurrences are read in this machine's zone, Europe/Paris`,
    );
    expect(r.stdout).toContain('Mon–Fri 09:00–17:00 Europe/Paris');
  });

  it('a plan that changes no rule needs no zone, so it does not warn', async () => {
    const dir = mkdtempSync(join(root, 'unchanged-'));
    writeFileSync(
      join(dir, 'platform.yaml'),
      'version: 1\noutbound_routes:\n  - { name: Default Outbound Route, prefix: "", gwgroupid: "2" }\n',
    );
    const r = await onFiles('plan', dir);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('No changes');
    expect(r.stderr).not.toContain(WARNING);
  });
});

describe('rules without a time recurrence', () => {
  // The README's first command: examples/basic has no time recurrence, so no decision of its plan
  // depends on the zone, and nothing needs declaring. Its impact still names the day it examined.
  it.each(['plan', 'apply'] as const)('%s of examples/basic changes rules and does not warn', async (command) => {
    const example = join(mkdtempSync(join(root, 'basic-')), 'basic');
    cpSync(fileURLToPath(new URL('../../examples/basic', import.meta.url)), example, { recursive: true });
    const r = await onFiles(command, example, [], { TZ: 'Europe/Paris' });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Routing impact (checked at any time (no time recurrence is involved))');
    expect(r.stderr).not.toContain('PROXY_ZONE_UNDECLARED');
  });
});

describe('a zone that cannot be used', () => {
  it.each(ALL)('%s --tz refuses a zone this machine does not know in one wording, before any file is read', async (command) => {
    const r = await onFiles(command, join(root, 'no-such-dir'), ['--tz', 'America/Chicagoo']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'error (ROUTE_BAD_TIME): --tz "America/Chicagoo" is not a time zone this machine knows (an IANA name such as America/Chicago)\n' +
        'hint: Write --at 2026-12-28T10:00:00 (wall clock in the proxy zone) or 2026-12-28T10:00:00Z (an instant), and the zone as an IANA name like America/Chicago (--tz, proxy.timezone in the files, or timezone: in the targets file).\n',
    );
  });

  it('apply --plan refuses --tz: a saved plan was judged in its zone when it was made', async () => {
    const r = await runCli(['apply', '--plan', join(root, 'plan.json'), '--tz', WANTED, '--emulator'], { TZ: 'UTC' });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'error (CLI_BAD_OPTION): --tz decides how a plan is made, and a saved plan (--plan FILE) was made already\n',
    );
  });
});
