import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, runCli, startEmulatorProcess, type EmulatorProcess } from '../helpers/cli.js';
import { runProcess } from '../helpers/process.js';

// Two emulators as two platforms (staging, production), each with its own token: one read from an
// environment variable the targets file names, one from a file it names. The CLI runs as a process.
const STAGING_TOKEN = 'staging-token-5f1c9a7e2b';
const PRODUCTION_TOKEN = 'production-token-8d3e6c0f4a';

let dir: string;
let staging: EmulatorProcess;
let production: EmulatorProcess;
let targetsFile: string;
const env = { DSIP_TOKEN_STAGING: STAGING_TOKEN };

/** A loopback port nothing listens on: a platform that is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function write(path: string, text: string): string {
  const file = join(dir, path);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, text);
  return file;
}

/** A targets file for the two emulators (production at `productionUrl`, default its own). */
function targets(name: string, productionUrl = production.url): string {
  return write(
    name,
    [
      'paths: [shared/]',
      'vars:',
      '  UK_CARRIER: "3"',
      'targets:',
      '  staging:',
      `    url: ${staging.url}`,
      '    token: { env: DSIP_TOKEN_STAGING }',
      '    paths: [staging/]',
      '    vars: { US_CARRIER: "1" }',
      '  production:',
      `    url: ${productionUrl}`,
      '    token: { file: production.token }',
      '    paths: [production/]',
      '    vars: { US_CARRIER: "2" }',
      '',
    ].join('\n'),
  );
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dsipform-targets-'));
  // Token files are private, as dsipform requires of a file holding a secret.
  const stagingTokenFile = write('emulator-staging.token', STAGING_TOKEN);
  chmodSync(stagingTokenFile, 0o600);
  chmodSync(write('production.token', `${PRODUCTION_TOKEN}\n`), 0o600);
  [staging, production] = await Promise.all([
    startEmulatorProcess(['--token-file', stagingTokenFile]),
    startEmulatorProcess(['--token-file', join(dir, 'production.token')]),
  ]);
  write(
    'shared/outbound.yaml',
    'version: 1\noutbound_routes:\n  - name: US\n    prefix: "1"\n    gwgroupid: "${US_CARRIER}"\n  - name: UK\n    prefix: "44"\n    gwgroupid: "${UK_CARRIER}"\n',
  );
  write('shared/policy.yaml', 'version: 1\npolicy:\n  ignore:\n    outbound_routes: ["Default Outbound Route"]\n');
  write('staging/inbound.yaml', 'version: 1\ninbound_mappings:\n  - did: ""\n    servers: ["#${US_CARRIER}"]\n');
  write(
    'production/inbound.yaml',
    'version: 1\ninbound_mappings:\n  - did: ""\n    servers: ["#${US_CARRIER}"]\n  - did: "15551230001"\n    servers: ["#${US_CARRIER}"]\n',
  );
  targetsFile = targets('dsipform.targets.yaml');
}, 30_000);

afterAll(async () => {
  await Promise.all([staging?.stop(), production?.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

/** No token appears anywhere in what a run printed. */
function expectNoToken(r: { stdout: string; stderr: string }): void {
  for (const token of [STAGING_TOKEN, PRODUCTION_TOKEN]) {
    expect(r.stdout).not.toContain(token);
    expect(r.stderr).not.toContain(token);
  }
}

interface JsonReport {
  verb: string;
  exit: number;
  targets: { name: string; url: string; exit: number; status: string; result: unknown; error?: { code: string; message: string } }[];
}

describe('--target: one run per platform, one report', () => {
  it('plans two targets at once: JSON with each plan, exit the worst (2: changes)', async () => {
    const r = await runCli(['plan', '--targets', targetsFile, '--target', 'all', '--format', 'json', '--detailed-exitcode'], env);
    expect(r.code, r.stderr).toBe(2);
    const report = JSON.parse(r.stdout) as JsonReport;
    expect(report.verb).toBe('plan');
    expect(report.exit).toBe(2);
    expect(report.targets.map((t) => [t.name, t.url, t.exit, t.status])).toEqual([
      ['staging', staging.url, 2, 'changes'],
      ['production', production.url, 2, 'changes'],
    ]);
    const plans = report.targets.map(
      (t) => t.result as { target: string; changes: { action: string; key: string; after?: Record<string, unknown> }[] },
    );
    expect(plans[0]!.target).toBe(staging.url);
    expect(plans[1]!.target).toBe(production.url);
    // The target's vars fill ${US_CARRIER}: staging's routes go to group 1, production's to 2.
    const usRoute = (i: number) => plans[i]!.changes.find((c) => c.key === 'US')?.after?.gwgroupid;
    expect([usRoute(0), usRoute(1)]).toEqual(['1', '2']);
    expect(plans[1]!.changes.map((c) => c.key)).toContain('15551230001');
    expect(plans[0]!.changes.map((c) => c.key)).not.toContain('15551230001');
    expectNoToken(r);
  });

  it('a target variable beats the same variable in the environment, as a tfvars file beats TF_VAR_', async () => {
    const r = await runCli(['plan', '--targets', targetsFile, '--target', 'staging', '--format', 'json'], { ...env, US_CARRIER: '9' });
    expect(r.code, r.stderr).toBe(0);
    const plan = (JSON.parse(r.stdout) as JsonReport).targets[0]!.result as { changes: { key: string; after?: { gwgroupid?: string } }[] };
    expect(plan.changes.find((c) => c.key === 'US')?.after?.gwgroupid).toBe('1');
  });

  it('markdown for a pull request: a table of the targets, then each plan under its name', async () => {
    const r = await runCli(
      ['plan', '--targets', targetsFile, '--target', 'staging', '--target', 'production', '--format', 'markdown', '--detailed-exitcode'],
      env,
    );
    expect(r.code, r.stderr).toBe(2);
    expect(r.stdout).toContain('## dsipform plan: 2 targets');
    expect(r.stdout).toContain(`| staging | changes | ${staging.url} |`);
    expect(r.stdout).toContain(`| production | changes | ${production.url} |`);
    expect(r.stdout.indexOf('### staging')).toBeGreaterThan(0);
    expect(r.stdout.indexOf('### production')).toBeGreaterThan(r.stdout.indexOf('### staging'));
    expectNoToken(r);
  });

  it('one target down: the other is still planned and reported, and the run exits 1', async () => {
    const down = targets('down.targets.yaml', `http://127.0.0.1:${await closedPort()}`);
    const r = await runCli(['plan', '--targets', down, '--target', 'all', '--max-attempts', '1'], env);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/staging\s+ok/);
    expect(r.stdout).toMatch(/production\s+error/);
    expect(r.stdout).toContain('Plan: ');
    expect(r.stdout).toContain('error (API_CONNECTION_REFUSED)');
    expect(r.stderr).toMatch(/^production: error \(API_CONNECTION_REFUSED\)/m);
    expectNoToken(r);
  });

  it('a token missing from its variable fails that target alone, naming the variable', async () => {
    const r = await runCli(['validate', '--targets', targetsFile, '--target', 'all'], {});
    expect(r.code, r.stderr).toBe(0); // validate reads no token
    const p = await runCli(['plan', '--targets', targetsFile, '--target', 'all', '--format', 'json'], {});
    expect(p.code).toBe(1);
    const report = JSON.parse(p.stdout) as JsonReport;
    expect(report.targets.map((t) => t.exit)).toEqual([1, 0]);
    expect(report.targets[0]!.error).toMatchObject({ code: 'CONFIG_NO_TOKEN' });
    expect(report.targets[0]!.error!.message).toContain('DSIP_TOKEN_STAGING');
  });

  it('apply of several targets needs --auto-approve; with it each applies its saved plan, and a plan then finds nothing', async () => {
    const refused = await runCli(['apply', '--targets', targetsFile, '--target', 'all'], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('error (CLI_BAD_OPTION): apply of 2 targets asks nobody: it needs --auto-approve');
    // The CI flow: plans saved one per target, then exactly those applied.
    const plans = join(dir, 'plans', '{target}.json');
    mkdirSync(join(dir, 'plans'), { recursive: true });
    const planned = await runCli(['plan', '--targets', targetsFile, '--target', 'all', '--out', plans], env);
    expect(planned.code, planned.stderr).toBe(0);
    expect(existsSync(join(dir, 'plans', 'staging.json')) && existsSync(join(dir, 'plans', 'production.json'))).toBe(true);
    const applied = await runCli(['apply', '--targets', targetsFile, '--target', 'all', '--plan', plans, '--auto-approve'], env);
    expect(applied.code, applied.stderr + applied.stdout).toBe(0);
    expect(applied.stdout.match(/Apply complete: \d+ applied, 0 failed/g)).toHaveLength(2);
    expectNoToken(applied);
    const again = await runCli(['plan', '--targets', targetsFile, '--target', 'all', '--detailed-exitcode'], env);
    expect(again.code, again.stdout).toBe(0);
    expect(again.stdout).toMatch(/staging\s+ok/);
    expect(again.stdout).toMatch(/production\s+ok/);
  });

  it('routes --diff of two targets shows how the two platforms route calls differently', async () => {
    // After the apply above: staging sends US calls to group 1, production to group 2, and production maps one DID more.
    const r = await runCli(
      [
        'routes',
        '--diff',
        '--targets',
        targetsFile,
        '--target',
        'staging',
        '--target',
        'production',
        '--format',
        'json',
        '--detailed-exitcode',
      ],
      env,
    );
    expect(r.code, r.stderr).toBe(2);
    const report = JSON.parse(r.stdout) as { sides: { name: string; source: string }[]; spans: unknown[] };
    expect(report.sides).toEqual([
      { name: 'staging', source: staging.url },
      { name: 'production', source: production.url },
    ]);
    expect(report.spans.length).toBeGreaterThan(0);
    expectNoToken(r);
  });

  it('apply of several targets: a target its safety gate refuses fails alone, the others apply', async () => {
    write('gate/staging-extra.yaml', 'version: 1\ninbound_mappings:\n  - did: "15550009999"\n    servers: ["#1"]\n');
    // Production's files drop a mapping of a protected kind: its plan is refused without --force.
    write(
      'gate/production/all.yaml',
      [
        'version: 1',
        'inbound_mappings:',
        '  - did: ""',
        '    servers: ["#2"]',
        'outbound_routes:',
        '  - { name: US, prefix: "1", gwgroupid: "2" }',
        '  - { name: UK, prefix: "44", gwgroupid: "3" }',
        'policy:',
        '  protect: [inbound_mappings]',
        '  ignore: { outbound_routes: ["Default Outbound Route"] }',
        '',
      ].join('\n'),
    );
    const file = write(
      'gate.targets.yaml',
      [
        'vars: { US_CARRIER: "1", UK_CARRIER: "3" }',
        'targets:',
        `  staging: { url: "${staging.url}", token: { env: DSIP_TOKEN_STAGING }, paths: [shared/, staging/, gate/staging-extra.yaml] }`,
        `  production: { url: "${production.url}", token: { file: production.token }, paths: [gate/production/] }`,
        '',
      ].join('\n'),
    );
    const r = await runCli(['apply', '--targets', file, '--target', 'all', '--auto-approve', '--format', 'text'], env);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/staging\s+ok/);
    expect(r.stdout).toMatch(/production\s+error/);
    expect(r.stdout).toMatch(/Apply complete: 1 applied, 0 failed/);
    expect(r.stderr).toMatch(/^production: error \(PLAN_UNSAFE\)/m);
    // plan refuses what apply refuses: production's plan fails alone there too.
    const after = await runCli(['plan', '--targets', file, '--target', 'all', '--format', 'json', '--detailed-exitcode'], env);
    expect((JSON.parse(after.stdout) as JsonReport).targets.map((t) => [t.name, t.exit])).toEqual([
      ['staging', 0],
      ['production', 1],
    ]);
    expect(after.stderr).toMatch(/^production: error \(PLAN_UNSAFE\)/m);
  });

  it('export of several targets writes one file per target with {target} in --out', async () => {
    const out = join(dir, 'exports', '{target}.yaml');
    mkdirSync(join(dir, 'exports'), { recursive: true });
    const one = await runCli(['export', '--targets', targetsFile, '--target', 'all', '--out', join(dir, 'exports', 'all.yaml')], env);
    expect(one.code).toBe(1);
    expect(one.stderr).toContain('--out names one file, but 2 targets run');
    const r = await runCli(['export', '--targets', targetsFile, '--target', 'all', '--out', out], env);
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(join(dir, 'exports', 'staging.yaml'))).toBe(true);
    expect(existsSync(join(dir, 'exports', 'production.yaml'))).toBe(true);
  });

  it('leases: each target keeps its own lease state and lock, so two applies of two targets run at once', async () => {
    const leasesDir = join(dir, 'leases');
    write('leases/shared/leases.yaml', 'version: 1\nendpoint_leases:\n  - name: phone\n    email: ops@example.com\n    ttl: 1h\n');
    const file = write(
      'leases/dsipform.targets.yaml',
      [
        'paths: [shared/]',
        'targets:',
        `  staging: { url: "${staging.url}", token: { env: DSIP_TOKEN_STAGING } }`,
        `  production: { url: "${production.url}", token: { file: ../production.token } }`,
        '',
      ].join('\n'),
    );
    // --lock-timeout 0: a shared state file would make one of the two fail on the other's lock.
    const [a, b] = await Promise.all(
      ['staging', 'production'].map((t) =>
        runCli(['apply', '--targets', file, '--target', t, '--auto-approve', '--lock-timeout', '0'], env),
      ),
    );
    expect(a!.code, a!.stderr + a!.stdout).toBe(0);
    expect(b!.code, b!.stderr + b!.stdout).toBe(0);
    for (const [name, url] of [
      ['staging', staging.url],
      ['production', production.url],
    ] as const) {
      const state = JSON.parse(readFileSync(join(leasesDir, '.dsipform', 'targets', `${name}.state.json`), 'utf8')) as {
        leases: { name: string; target: string; password: string }[];
      };
      expect(state.leases.map((l) => [l.name, l.target])).toEqual([['phone', url]]);
      for (const r of [a!, b!]) expect(r.stdout + r.stderr).not.toContain(state.leases[0]!.password);
    }
    expectNoToken(a!);
    expectNoToken(b!);
  });

  it('a token written in the targets file is refused at its line, without repeating it', async () => {
    const file = write(
      'bad.targets.yaml',
      `targets:\n  staging:\n    url: ${staging.url}\n    token: ${STAGING_TOKEN}\n    paths: [staging/]\n`,
    );
    const r = await runCli(['plan', '--targets', file, '--target', 'staging'], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `${file}:4:12: target "staging" token: holds a value; the targets file may only say where the token is kept`,
    );
    expect(r.stderr).toContain('token: { env: DSIP_TOKEN_STAGING }');
    expect(r.stderr).toMatch(/error \(TARGETS_INVALID\)/);
    expectNoToken(r);
  });

  it('examples/targets: every target validates and passes its routing tests, with no token set', async () => {
    const example = fileURLToPath(new URL('../../examples/targets/dsipform.targets.yaml', import.meta.url));
    const valid = await runCli(['validate', '--targets', example, '--target', 'all']);
    expect(valid.code, valid.stderr).toBe(0);
    expect(valid.stdout).toMatch(/staging\s+ok/);
    const json = await runCli(['validate', '--targets', example, '--target', 'all', '--format', 'json']);
    expect(json.code, json.stderr).toBe(0);
    expect((JSON.parse(json.stdout) as JsonReport).targets.map((t) => [t.name, t.result])).toEqual([
      ['staging', { valid: true, files: 4, counts: { inbound_mappings: 2, outbound_routes: 2 } }],
      ['production', { valid: true, files: 4, counts: { inbound_mappings: 3, outbound_routes: 2 } }],
    ]);
    // Without --targets: dsipform.targets.yaml in the working directory.
    const here = await runProcess(process.execPath, [CLI, 'validate', '--target', 'staging'], {
      cwd: join(example, '..'),
      env: { PATH: process.env.PATH, NO_COLOR: '1' },
    });
    expect(here.code, here.stderr).toBe(0);
    expect(here.stdout).toContain('Valid: 4 files, 2 inbound mappings, 2 outbound routes.');
    const tests = await runCli(['test', '--targets', example, '--target', 'all', '--format', 'json']);
    expect(tests.code, tests.stdout + tests.stderr).toBe(0);
    const report = JSON.parse(tests.stdout) as JsonReport;
    expect(report.targets.map((t) => [t.name, t.exit])).toEqual([
      ['staging', 0],
      ['production', 0],
    ]);
  });

  it('an unknown target name is refused with the names there are', async () => {
    const r = await runCli(['plan', '--targets', targetsFile, '--target', 'prod'], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`error (TARGETS_UNKNOWN): ${targetsFile} has no target "prod"`);
    expect(r.stderr).toContain('Its targets are: staging, production; or give --target all.');
    const alone = await runCli(['plan', '--targets', targetsFile], env);
    expect(alone.code).toBe(1);
    expect(alone.stderr).toContain('error (CLI_BAD_OPTION): --targets is for runs over targets');
  });
});
