import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../helpers/cli.js';
import { emulatorFixture, TEST_PROFILE, type EmulatorFixture } from '../helpers/emulator.js';

/**
 * Every coded error line carries its code, `error (CODE): message`, so users can search for it and
 * find it in docs/errors.md. Held for a few representative failures through the real CLI process.
 */
const dir = mkdtempSync(join(tmpdir(), 'dsipform-error-codes-'));
function file(name: string, text: string): string {
  writeFileSync(join(dir, name), text);
  return join(dir, name);
}

function env(f: EmulatorFixture, token = f.emu.token): NodeJS.ProcessEnv {
  return { DSIP_URL: f.emu.url, DSIP_TOKEN: token, DSIP_API_PROFILE: TEST_PROFILE };
}

/** The one `error (CODE): …` line and the code on it; the hint follows it as before. */
function errorLine(r: CliResult): { code: string; message: string } {
  expect(r.code, r.stderr).toBe(1);
  const lines = r.stderr.split('\n').filter((l) => l.startsWith('error'));
  expect(lines, r.stderr).toHaveLength(1);
  const m = /^error \(([A-Z][A-Z0-9_]+)\): (.+)$/.exec(lines[0]!);
  expect(m, lines[0]).not.toBeNull();
  expect(r.stderr).toMatch(/^hint: \S/m);
  return { code: m![1]!, message: m![2]! };
}

function routes(n: number): string {
  const entries = Array.from({ length: n }, (_, i) => `  - name: R${i}\n    prefix: "${100 + i}"\n    gwgroupid: "2"\n`).join('');
  return `version: 1\noutbound_routes:\n${entries}`;
}

describe('the CLI prints the code of every coded error', () => {
  it('CONFIG_INVALID: the problems keep their FILE:LINE:COL lines, the summary line gets the code', async () => {
    const path = file('bad.yaml', 'version: 1\nno_such_key: 1\n');
    const r = await runCli(['validate', path]);
    expect(errorLine(r)).toEqual({ code: 'CONFIG_INVALID', message: '1 problem in the configuration; nothing was sent to the platform' });
    expect(r.stderr).toMatch(new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:2:1: `, 'm'));
  });

  it('CLI_USAGE: a command line commander cannot parse', async () => {
    const r = await runCli(['validate', '--no-such-option']);
    expect(errorLine(r)).toEqual({ code: 'CLI_USAGE', message: "unknown option '--no-such-option'" });
  });

  it('API_UNAUTHORIZED: a wrong token', async () => {
    const f = await emulatorFixture();
    const r = await runCli(['plan', file('m.yaml', 'version: 1\ninbound_mappings: []\n')], env(f, 'wrong-token-0123456789'));
    expect(errorLine(r).code).toBe('API_UNAUTHORIZED');
  });

  it('PLAN_UNSAFE: a plan that deletes more than the limit', async () => {
    const f = await emulatorFixture();
    const path = file('r.yaml', routes(8));
    const setUp = await runCli(['apply', path, '--auto-approve', '--force'], env(f));
    expect(setUp.code, setUp.stderr).toBe(0);
    const r = await runCli(['apply', file('r.yaml', routes(5)), '--auto-approve'], env(f));
    const line = errorLine(r);
    expect(line.code).toBe('PLAN_UNSAFE');
    expect(line.message).toMatch(/^refused: the plan deletes 3 of 8 outbound_routes/);
  });

  it('PLAN_STALE: a saved plan after the platform changed', async () => {
    const f = await emulatorFixture();
    const out = join(dir, 'plan.json');
    const plan = await runCli(
      ['plan', file('m.yaml', 'version: 1\ninbound_mappings:\n  - did: "1"\n    servers: ["1"]\n'), '--out', out],
      env(f),
    );
    expect(plan.code, plan.stderr).toBe(0);
    await f.client.createInboundMapping({ did: '99', servers: ['1'] });
    const r = await runCli(['apply', '--plan', out, '--auto-approve'], env(f));
    expect(errorLine(r).code).toBe('PLAN_STALE');
  });
});
