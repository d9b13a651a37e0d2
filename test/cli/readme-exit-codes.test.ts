import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../helpers/cli.js';
import { startReloadFailingProxy } from '../helpers/reload-failing-proxy.js';
import { scenario, type Scenario } from '../helpers/scenario.js';
import { onTerminal } from '../helpers/terminal.js';
import { startCli } from '../reliability/processes.js';

/**
 * The exit-code table of docs/plan-and-apply.md, row by row, against real runs: the built CLI as a process, the
 * emulator over loopback. Each row's text is the key of the runs that show it; a row without runs,
 * or runs without a row, fail, so the table and the code cannot drift apart. Each run also checks
 * why it exited (the error code, the words), so a row cannot pass through an unrelated failure.
 */

interface Row {
  readonly command: string;
  readonly case: string;
  readonly exit: number;
}

/** The rows of the table under the `<!-- exit codes: … -->` marker. */
function readmeRows(): Row[] {
  const lines = readFileSync(new URL('../../docs/plan-and-apply.md', import.meta.url), 'utf8').split('\n');
  const start = lines.findIndex((l) => l.startsWith('<!-- exit codes:'));
  expect(start, 'docs/plan-and-apply.md has the exit-code table marker').toBeGreaterThan(0);
  const rows: Row[] = [];
  for (const line of lines.slice(start + 3)) {
    if (!line.startsWith('|')) break;
    const cells = line
      .slice(1, -1)
      .split(' | ')
      .map((c) => c.trim());
    expect(cells, line).toHaveLength(3);
    rows.push({ command: cells[0]!, case: cells[1]!, exit: Number(cells[2]!.replace(/`/g, '')) });
  }
  return rows;
}

const keyOf = (row: Pick<Row, 'command' | 'case'>): string => `${row.command} | ${row.case}`;

const MAPPING = 'version: 1\ninbound_mappings:\n  - did: "15551230001"\n    servers: ["16"]\n';
const TWO = `${MAPPING}  - did: "15551230002"\n    servers: ["16"]\n`;
const BAD_TOKEN = 'wrong-token-0123456789';

/** Routes R0… to carrier group 2, the platform's default route left alone; `tests` appended. */
function routes(n: number, tests = ''): string {
  const entries = Array.from({ length: n }, (_, i) => `  - name: R${i}\n    prefix: "${100 + i}"\n    gwgroupid: "2"\n`).join('');
  return `version: 1\noutbound_routes:\n${entries}policy:\n  ignore:\n    outbound_routes: ["Default Outbound Route"]\n${tests}`;
}

/** A routing test of R0's calls, expecting carrier group `group`. */
const test = (group: string): string =>
  `routing_tests:\n  - name: R0 calls\n    direction: outbound\n    to: "1005550100"\n    expect: { gwgroupid: "${group}" }\n`;

/** An invariant R1's calls break: none of the calls to 101… is routed. */
const NO_101 = 'invariants:\n  - name: 101 never routed\n    never: { direction: outbound, to_prefix: "101" }\n';

/** Runs `dsipform ARGS` against the scenario's emulator. */
const cli = (s: Scenario, args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> => runCli(args, { ...s.env, ...env });

/** The code of the `error (CODE):` line. */
const errorCode = (r: CliResult): string | undefined => /^error \(([A-Z_]+)\):/m.exec(r.stderr)?.[1];

async function applied(s: Scenario, text: string, name = 'files.yaml'): Promise<string> {
  const file = s.file(name, text);
  const r = await cli(s, ['apply', file, '--auto-approve']);
  expect(r.code, r.stderr).toBe(0);
  return file;
}

/** Four plans apply refuses, one per code; each returns the `plan` run of it. */
async function refusedPlans(verb: readonly string[]): Promise<CliResult[]> {
  const results: CliResult[] = [];
  for (const [code, before, after] of [
    ['PLAN_UNSAFE', routes(8), routes(5)],
    ['PLAN_UNROUTING', TWO, MAPPING],
    ['PLAN_TESTS_FAILED', routes(1), routes(2, test('3'))],
    ['PLAN_INVARIANT_FAILED', routes(1), routes(2, NO_101)],
  ] as const) {
    const s = await scenario();
    await applied(s, before);
    const r = await cli(s, [...verb, s.file('after.yaml', after)]);
    expect(errorCode(r), r.stderr).toBe(code);
    results.push(r);
  }
  return results;
}

const codes = (rs: readonly CliResult[]): number[] => rs.map((r) => r.code ?? -1);

/** The runs behind each row, keyed by its `command | case`. */
const RUNS: Record<string, () => Promise<number[]>> = {
  'any | an error: bad input, the platform unreachable or refusing the token, a check that stops the plan': async () => {
    const s = await scenario();
    const badFile = await cli(s, ['plan', s.file('bad.yaml', 'version: 1\nno_such_key: 1\n')]);
    expect(errorCode(badFile)).toBe('CONFIG_INVALID');
    const token = await cli(s, ['plan', s.file('m.yaml', MAPPING)], { DSIP_TOKEN: BAD_TOKEN });
    expect(errorCode(token)).toBe('API_UNAUTHORIZED');
    const dangling = await cli(s, ['plan', s.file('d.yaml', 'version: 1\ninbound_mappings:\n  - did: "1"\n    servers: ["#99"]\n')]);
    expect(errorCode(dangling)).toBe('PLAN_BLOCKED');
    return codes([badFile, token, dangling]);
  },
  '`plan` | changes pending, or none': async () => {
    const s = await scenario();
    const pending = await cli(s, ['plan', s.file('m.yaml', MAPPING)]);
    expect(pending.stdout).toContain('Plan: 1 to create');
    await applied(s, MAPPING);
    const none = await cli(s, ['plan', s.file('m.yaml', MAPPING)]);
    expect(none.stdout).toContain('No changes');
    return codes([pending, none]);
  },
  '`plan --detailed-exitcode` | nothing to do': async () => {
    const s = await scenario();
    return codes([await cli(s, ['plan', await applied(s, MAPPING), '--detailed-exitcode'])]);
  },
  '`plan --detailed-exitcode` | changes pending': async () => {
    const s = await scenario();
    return codes([await cli(s, ['plan', s.file('m.yaml', MAPPING), '--detailed-exitcode'])]);
  },
  '`plan --detailed-exitcode` | no change, but a proxy reload pending (`kamreload: true`; apply reloads)': async () => {
    const s = await scenario();
    const file = s.file('m.yaml', MAPPING);
    expect((await cli(s, ['apply', file, '--auto-approve', '--no-reload'])).code).toBe(0);
    const r = await cli(s, ['plan', file, '--detailed-exitcode']);
    expect(r.stdout).toContain('No changes');
    expect(r.stdout).toContain('(kamreload: true); apply will reload the proxy');
    return codes([r]);
  },
  '`plan` | a plan apply would refuse without `--force` (`PLAN_UNSAFE`, `PLAN_UNROUTING`, `PLAN_TESTS_FAILED`, `PLAN_INVARIANT_FAILED`); `--out` still saves it':
    async () => {
      const out = join(mkdtempSync(join(tmpdir(), 'dsipform-exit-codes-')), 'plan.json');
      const runs = await refusedPlans(['plan', '--out', out]);
      expect(existsSync(out)).toBe(true);
      return codes(runs);
    },
  '`apply` | every change applied, or nothing to do': async () => {
    const s = await scenario();
    const file = s.file('m.yaml', MAPPING);
    const first = await cli(s, ['apply', file, '--auto-approve']);
    expect(first.stdout).toContain('Apply complete: 1 applied, 0 failed');
    return codes([first, await cli(s, ['apply', file, '--auto-approve'])]);
  },
  '`apply --plan` | a saved plan apply refuses without `--force`; nothing is sent': async () => {
    const s = await scenario();
    await applied(s, routes(8));
    const out = join(s.dir, 'plan.json');
    expect((await cli(s, ['plan', s.file('fewer.yaml', routes(5)), '--out', out])).code).toBe(1);
    const r = await cli(s, ['apply', '--plan', out, '--auto-approve']);
    expect(errorCode(r)).toBe('PLAN_UNSAFE');
    expect(await s.client.listOutboundRoutes()).toHaveLength(9);
    return codes([r]);
  },
  '`apply` | a change or the proxy reload failed': async () => {
    const s = await scenario();
    const file = s.file('m.yaml', MAPPING);
    const reload = await startReloadFailingProxy(s.emu.url);
    const create = await startReloadFailingProxy(s.emu.url, (method, url) => method === 'POST' && url.includes('inboundmapping'));
    try {
      const change = await cli(s, ['apply', file, '--auto-approve', '--url', create.url, '--max-attempts', '1']);
      expect(change.stdout).toContain('0 applied, 1 failed');
      const reloaded = await cli(s, ['apply', file, '--auto-approve', '--url', reload.url]);
      expect(reloaded.stdout).toContain('1 applied, 0 failed');
      expect(reload.failed()).toBeGreaterThan(0);
      return codes([change, reloaded]);
    } finally {
      await reload.close();
      await create.close();
    }
  },
  '`apply` | the approval answered with anything but `yes`, or ended with Ctrl-D': async () => {
    const s = await scenario();
    const file = s.file('m.yaml', MAPPING);
    const runs = [];
    for (const keys of ['no\r', '\x04']) runs.push(await onTerminal(s.env, ['apply', file], /Enter a value: /, keys));
    for (const r of runs) expect(r.screen).toContain('Apply cancelled; nothing was changed.');
    return runs.map((r) => r.code ?? -1);
  },
  '`apply` | Ctrl-C, at the approval prompt (`Apply cancelled; nothing was changed.`) or while it runs': async () => {
    const s = await scenario({ faults: { latencyMs: 100, seed: 1 } });
    const many = `version: 1\ninbound_mappings:\n${Array.from({ length: 20 }, (_, i) => `  - did: "3000${i}"\n    servers: ["16"]\n`).join('')}`;
    const file = s.file('many.yaml', many);
    const prompt = await onTerminal(s.env, ['apply', file], /Enter a value: /, '\x03');
    expect(prompt.screen).toContain('Apply cancelled; nothing was changed.');
    const run = startCli(['apply', file, '--auto-approve', '--parallelism', '1'], s.env);
    await run.waitFor(/^applied /m);
    run.child.kill('SIGINT');
    const [code] = await run.exit();
    return [prompt.code ?? -1, code ?? -1];
  },
  '`drift` | the platform matches the files': async () => {
    const s = await scenario();
    return codes([await cli(s, ['drift', await applied(s, MAPPING)])]);
  },
  '`drift` | objects differ': async () => {
    const s = await scenario();
    const r = await cli(s, ['drift', s.file('m.yaml', MAPPING)]);
    expect(r.stdout).toContain('in the files, missing on the platform');
    return codes([r]);
  },
  '`drift` | apply would refuse to undo the drift without `--force` (the report is still written)': async () => {
    const runs = await refusedPlans(['drift']);
    for (const r of runs) expect(r.stdout).toMatch(/^dsipform drift: /);
    return codes(runs);
  },
  '`watch --once` | every platform matches its files (after applying, with `--apply`)': async () => {
    const s = await scenario();
    const file = s.file('m.yaml', MAPPING);
    const applying = await cli(s, ['watch', file, '--once', '--apply', '--listen', 'none']);
    expect(applying.stderr).toContain('1 change of drift, 1 applied');
    return codes([applying, await cli(s, ['watch', file, '--once', '--listen', 'none'])]);
  },
  '`watch --once` | drift left': async () => {
    const s = await scenario();
    return codes([await cli(s, ['watch', s.file('m.yaml', MAPPING), '--once', '--listen', 'none'])]);
  },
  '`watch --once` | a run failed, or a plan apply would refuse': async () => {
    const s = await scenario();
    const failed = await cli(s, ['watch', s.file('m.yaml', MAPPING), '--once', '--listen', 'none'], { DSIP_TOKEN: BAD_TOKEN });
    expect(failed.stderr).toMatch(/: error \(API_UNAUTHORIZED\)/);
    await applied(s, routes(8), 'r.yaml');
    const refused = await cli(s, ['watch', s.file('fewer.yaml', routes(5)), '--once', '--listen', 'none']);
    expect(refused.stderr).toMatch(/: refused, nothing applied \(PLAN_UNSAFE\)/);
    return codes([failed, refused]);
  },
  '`test` | every routing test passes': async () => {
    const s = await scenario();
    return codes([await cli(s, ['test', s.file('t.yaml', routes(1, test('2')))])]);
  },
  '`test` | a routing test fails': async () => {
    const s = await scenario();
    const r = await cli(s, ['test', s.file('t.yaml', routes(1, test('3')))]);
    expect(errorCode(r)).toBe('ROUTING_TESTS_FAILED');
    return codes([r]);
  },
  '`routes --diff --detailed-exitcode` | a call changes its route': async () => {
    const s = await scenario();
    const r = await cli(s, ['routes', '--diff', s.file('m.yaml', MAPPING), '--detailed-exitcode']);
    expect(r.stdout).toContain('15551230001');
    return codes([r]);
  },
};

describe('the exit-code table of docs/plan-and-apply.md', () => {
  const rows = readmeRows();

  it('has one set of runs per row, and a row per set of runs', () => {
    expect(rows.map(keyOf).sort()).toEqual(Object.keys(RUNS).sort());
  });

  it.each(rows.map((r) => [keyOf(r), r] as const))(
    '%s',
    async (_key, row) => {
      const run = RUNS[keyOf(row)];
      expect(run, `no runs for the table row "${keyOf(row)}"`).toBeDefined();
      const exits = await run!();
      expect(exits.length).toBeGreaterThan(0);
      expect(exits).toEqual(exits.map(() => row.exit));
    },
    60_000,
  );
});
