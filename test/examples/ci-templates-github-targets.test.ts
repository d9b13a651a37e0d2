import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { PlatformClient } from '../../src/api/client.js';
import { makeCiStubs, type CiStubs, type StubAnswer } from '../helpers/ci-stubs.js';
import { cacheEntryOf, runGithubJob, type JobResult, type Workflow } from '../helpers/ci-github.js';
import { seedInstallCache } from '../helpers/ci-package.js';
import { CI_EXAMPLES, makeTargetsRepository, startTlsPlatform, type TlsPlatform, withoutFolders } from '../helpers/ci-repository.js';
import { runCli } from '../helpers/cli.js';

// examples/ci/github/dsipform-targets.yml, the variant for several platforms, its steps run in order
// by bash against two emulator processes over HTTPS (one CA bundle for both), on real files, with
// dsipform installed as the template says (once; later jobs restore it from the cache).
const template = parse(readFileSync(join(CI_EXAMPLES, 'github/dsipform-targets.yml'), 'utf8')) as Workflow;
const TOKENS = { DSIP_TOKEN_STAGING: 'ci-staging-token-1a2b3c4d5e6f', DSIP_TOKEN_PRODUCTION: 'ci-production-token-6f5e4d3c2b1a' };
const PLAN_KEY = 'ci-plan-key-7a6b5c4d3e2f1a0b9c8d';
const PASSWORD = 'carrier-a-password-9a8b7c6d5e4f';

let staging: TlsPlatform;
let production: TlsPlatform;
let stubs: CiStubs;
let dir: string;
let repository: string;
let workflow: Workflow;
const printed: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dsipform-ci-github-targets-'));
  staging = await startTlsPlatform(join(dir, 'staging.json'), TOKENS.DSIP_TOKEN_STAGING, 'staging.sip.example.com');
  production = await startTlsPlatform(join(dir, 'production.json'), TOKENS.DSIP_TOKEN_PRODUCTION, 'sip.example.com');
  repository = join(dir, 'repo');
  const integrity = await makeTargetsRepository(repository, template.env!.DSIPFORM_PACKAGE!, { staging, production });
  workflow = { ...template, env: { ...template.env, DSIPFORM_INTEGRITY: integrity } };
  // The run's one install of these pins, in the repository's cache as a first job would have saved it.
  await seedInstallCache(cacheEntryOf(workflow, join(dir, 'caches'), '.dsipform-install'));
  stubs = makeCiStubs(join(dir, 'stubs'));
}, 300_000);
afterAll(async () => {
  await Promise.all([staging.stop(), production.stop()]);
});

/** Runs a job for an event, as GitHub would, with the repository's secrets and variables. */
async function run(
  job: string,
  github: Record<string, unknown> & { run_id: string },
  vars: Record<string, string> = {},
): Promise<JobResult> {
  const r = await runGithubJob(workflow, job, {
    github: { repository: 'netops/dsip-config', workflow: 'dsipform', token: 'ghs_stub', ...github },
    secrets: { ...TOKENS, DSIPFORM_PLAN_KEY: PLAN_KEY, CARRIER_A_PASSWORD: PASSWORD },
    vars: { DSIP_CA: 'ci/platforms-ca.pem', ...vars },
    repository,
    store: join(dir, 'artifacts'),
    caches: join(dir, 'caches'),
    stubBin: stubs.bin,
  });
  printed.push(...r.steps.flatMap((s) => [s.stdout, s.stderr]));
  return r;
}

const step = (r: JobResult, name: RegExp) => r.steps.find((s) => name.test(s.name))!;
const failure = (r: JobResult) => r.steps.map((s) => `${s.name}: ${s.code}\n${s.stdout}${s.stderr}`).join('\n');
// Every target, asked outside CI, without the carrier password (planning needs none).
const cli = (verb: string, ...args: string[]) =>
  runCli([verb, '--targets', join(repository, 'dsipform.targets.yaml'), '--target', 'all', ...args], {
    ...TOKENS,
    DSIP_CA: join(repository, 'ci/platforms-ca.pem'),
  });
const pr = { event_name: 'pull_request', ref: 'refs/pull/21/merge', sha: 'f00d', event: { pull_request: { number: 21 } } };
const push = { event_name: 'push', ref: 'refs/heads/main', sha: 'beef' };
const mergedFrom = (run: string): StubAnswer[] => [
  { tool: 'gh', match: '^api repos/netops/dsip-config/commits/beef/pulls ', stdout: 'headsha1\n' },
  { tool: 'gh', match: '^run list --workflow dsipform --event pull_request --commit headsha1 ', stdout: `${run}\n` },
];

describe('examples/ci/github/dsipform-targets.yml, run step by step against two emulators', { timeout: 120_000 }, () => {
  it("on a pull request: one comment with every target's plan, in the proxy's zone; one signed plan per target as the artifact", async () => {
    stubs.answer([{ tool: 'gh', match: '^pr comment 21 ' }]);
    const r = await run('plan', { ...pr, run_id: '7001' }, { DSIP_TIMEZONE: 'America/Chicago' });
    expect(r.ok, failure(r)).toBe(true);
    const expected = await cli('plan', '--format', 'markdown', '--detailed-exitcode', '--tz', 'America/Chicago');
    expect(expected.stdout).toMatch(/^\| staging \| changes \| https:\/\/127\.0\.0\.1:\d+ \|$/m);
    expect(expected.stdout).toMatch(/^\| production \| changes \| https:\/\/127\.0\.0\.1:\d+ \|$/m);
    expect(expected.stdout).toContain('calls to 1…, every day 18:00–24:00 America/Chicago');
    expect(withoutFolders(stubs.calls().at(-1)!.sent.body, repository)).toBe(withoutFolders(expected.stdout, repository));
    expect(readdirSync(join(dir, 'artifacts/7001/dsipform-plans')).sort()).toEqual(['production.json', 'staging.json']);
    for (const target of ['staging', 'production']) {
      const saved = JSON.parse(readFileSync(join(dir, `artifacts/7001/dsipform-plans/${target}.json`), 'utf8')) as {
        signature: string;
        changes: unknown[];
      };
      expect(saved.signature).toMatch(/^hmac-sha256:[0-9a-f]{64}$/);
      expect(saved.changes).toHaveLength(5);
    }
  });

  it('on merge: each target applies exactly its reviewed plan, with the carrier password; every platform then matches main', async () => {
    stubs.answer(mergedFrom('7001'));
    const r = await run('apply', { ...push, run_id: '7002' });
    expect(r.ok, failure(r)).toBe(true);
    const report = JSON.parse(readFileSync(join(dir, 'artifacts/7002/dsipform-apply/apply-report.json'), 'utf8')) as {
      exit: number;
      targets: { name: string; exit: number }[];
    };
    expect(report.exit).toBe(0);
    expect(report.targets.map((t) => `${t.name} ${t.exit}`)).toEqual(['staging 0', 'production 0']);
    expect(step(r, /^Check that every platform/).code).toBe(0);
    expect((await cli('plan', '--detailed-exitcode')).code).toBe(0);
    for (const platform of [staging, production]) expect(readFileSync(platform.data, 'utf8')).toContain(`"auth_password": "${PASSWORD}"`);
  });

  it('nightly: a hand change on one platform opens an issue with the drift report of every target', async () => {
    const client = new PlatformClient({
      url: production.url,
      token: TOKENS.DSIP_TOKEN_PRODUCTION,
      ca: readFileSync(production.ca, 'utf8'),
    });
    await client.deleteInboundMapping({ did: '15551230001' });
    await client.close();
    stubs.answer([
      { tool: 'gh', match: '^label create dsipform-drift ' },
      { tool: 'gh', match: '^issue list --label dsipform-drift --state open ', stdout: '\n' },
      { tool: 'gh', match: '^issue create --title dsipform: a platform differs from main ' },
    ]);
    const r = await run('drift', { event_name: 'schedule', ref: 'refs/heads/main', sha: 'beef', run_id: '7003' });
    expect(r.ok, failure(r)).toBe(true);
    const expected = await cli('drift', '--format', 'markdown');
    expect(expected.code).toBe(2);
    expect(expected.stdout).toMatch(/^\| production \| drift \|/m);
    expect(expected.stdout).toMatch(/^\| staging \| ok \|/m);
    expect(withoutFolders(stubs.calls().at(-1)!.sent.body, repository)).toBe(withoutFolders(expected.stdout, repository));
  });

  it('never prints a token, the plan key or the carrier password, nor keeps them in an artifact', () => {
    const artifacts = readdirSync(join(dir, 'artifacts'), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => readFileSync(join(e.parentPath, e.name), 'utf8'));
    expect(artifacts.length).toBeGreaterThan(2);
    for (const text of [...printed, JSON.stringify(stubs.calls()), ...artifacts]) {
      for (const secret of [...Object.values(TOKENS), PLAN_KEY, PASSWORD]) expect(text).not.toContain(secret);
    }
  });
});
