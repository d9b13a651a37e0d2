import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { PlatformClient } from '../../src/api/client.js';
import { storedZip } from '../../src/cli/stored-zip.js';
import { makeCiStubs, type CiStubs, type StubAnswer } from '../helpers/ci-stubs.js';
import { cacheEntryOf, runGitlabJob, type GitlabJobResult, type GitlabPipeline } from '../helpers/ci-gitlab.js';
import { seedInstallCache } from '../helpers/ci-package.js';
import { CI_EXAMPLES, makeTargetsRepository, startTlsPlatform, type TlsPlatform, withoutFolders } from '../helpers/ci-repository.js';
import { runCli } from '../helpers/cli.js';

// examples/ci/gitlab/targets.gitlab-ci.yml, the variant for several platforms, each job's
// before_script and script run by bash against two emulator processes over HTTPS (one CA bundle
// for both), on real files, with dsipform installed as the template says (once; later jobs
// restore it from the cache). Only curl (GitLab's API) is a stand-in.
const template = parse(readFileSync(join(CI_EXAMPLES, 'gitlab/targets.gitlab-ci.yml'), 'utf8')) as GitlabPipeline;
const TOKENS = { DSIP_TOKEN_STAGING: 'ci-staging-token-0f9e8d7c6b5a', DSIP_TOKEN_PRODUCTION: 'ci-production-token-5a6b7c8d9e0f' };
const PLAN_KEY = 'ci-plan-key-1b2c3d4e5f6a7b8c9d0e';
const GITLAB_TOKEN = 'glpat-stub-token-654321';
const PASSWORD = 'carrier-a-password-1f2e3d4c5b6a';
const API = 'https://gitlab.example.com/api/v4';

let staging: TlsPlatform;
let production: TlsPlatform;
let stubs: CiStubs;
let dir: string;
let repository: string;
let pipeline: GitlabPipeline;
const printed: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dsipform-ci-gitlab-targets-'));
  staging = await startTlsPlatform(join(dir, 'staging.json'), TOKENS.DSIP_TOKEN_STAGING, 'staging.sip.example.com');
  production = await startTlsPlatform(join(dir, 'production.json'), TOKENS.DSIP_TOKEN_PRODUCTION, 'sip.example.com');
  repository = join(dir, 'repo');
  const integrity = await makeTargetsRepository(repository, template.variables!.DSIPFORM_PACKAGE!, { staging, production });
  pipeline = { ...template, variables: { ...template.variables, DSIPFORM_INTEGRITY: integrity } };
  // The run's one install of these pins, in the project's cache as a first job would have saved it.
  await seedInstallCache(cacheEntryOf(pipeline, join(dir, 'caches'), '.dsipform-install'));
  stubs = makeCiStubs(join(dir, 'stubs'));
}, 300_000);
afterAll(async () => {
  await Promise.all([staging.stop(), production.stop()]);
});

/** Runs a job with the project's variables; the carrier password is protected: the default branch's jobs only. */
async function run(job: string, variables: Record<string, string>): Promise<GitlabJobResult> {
  const r = await runGitlabJob(pipeline, job, {
    repository,
    store: join(dir, 'artifacts'),
    caches: join(dir, 'caches'),
    stubBin: stubs.bin,
    variables: {
      CI_API_V4_URL: API,
      CI_PROJECT_ID: '42',
      CI_DEFAULT_BRANCH: 'main',
      ...TOKENS,
      DSIP_CA: 'ci/platforms-ca.pem',
      DSIPFORM_PLAN_KEY: PLAN_KEY,
      DSIPFORM_GITLAB_TOKEN: GITLAB_TOKEN,
      ...(variables.CI_COMMIT_BRANCH === 'main' ? { CARRIER_A_PASSWORD: PASSWORD } : {}),
      ...variables,
    },
  });
  printed.push(r.stdout, r.stderr);
  return r;
}

const curl = (match: string, answer: Omit<StubAnswer, 'tool' | 'match'> = {}): StubAnswer => ({ tool: 'curl', match, ...answer });
// Every target, asked outside CI, without the carrier password (planning needs none).
const cli = (verb: string, ...args: string[]) =>
  runCli([verb, '--targets', join(repository, 'dsipform.targets.yaml'), '--target', 'all', ...args], {
    ...TOKENS,
    DSIP_CA: join(repository, 'ci/platforms-ca.pem'),
  });
const push = { CI_PIPELINE_SOURCE: 'push', CI_COMMIT_BRANCH: 'main', CI_COMMIT_SHA: 'beef' };

/** The archive GitLab serves for GET jobs/:id/artifacts: the job's artifacts as one zip. */
function artifactsZip(job: string): string {
  const root = join(dir, 'artifacts', job);
  const files = readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  const zip = join(dir, `artifacts-${job}.zip`);
  const entries = files.map((e) => ({
    name: join(e.parentPath, e.name).slice(root.length + 1),
    data: readFileSync(join(e.parentPath, e.name)),
    mode: 0o644,
  }));
  writeFileSync(zip, storedZip(entries));
  return zip;
}

describe('examples/ci/gitlab/targets.gitlab-ci.yml, run job by job against two emulators', { timeout: 120_000 }, () => {
  it("merge request: one note with every target's plan, in the proxy's zone; one signed plan per target as the artifacts", async () => {
    stubs.answer([curl(`^.* ${API}/projects/42/merge_requests/7/notes --data-urlencode body@plan\\.md$`, { stdout: '{"id":1}' })]);
    const mr = { CI_PIPELINE_SOURCE: 'merge_request_event', CI_MERGE_REQUEST_IID: '7', CI_COMMIT_SHA: 'f00d', CI_JOB_ID: '4001' };
    const r = await run('dsipform-plan', { ...mr, DSIP_TIMEZONE: 'America/Chicago' });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const expected = await cli('plan', '--format', 'markdown', '--detailed-exitcode', '--tz', 'America/Chicago');
    expect(expected.stdout).toMatch(/^\| staging \| changes \| https:\/\/127\.0\.0\.1:\d+ \|$/m);
    expect(expected.stdout).toMatch(/^\| production \| changes \| https:\/\/127\.0\.0\.1:\d+ \|$/m);
    expect(expected.stdout).toContain('calls to 1…, every day 18:00–24:00 America/Chicago');
    expect(withoutFolders(stubs.calls().at(-1)!.sent.body, repository)).toBe(withoutFolders(expected.stdout, repository));
    expect(readdirSync(join(dir, 'artifacts/4001/plans')).sort()).toEqual(['production.json', 'staging.json']);
  });

  it('merge to main: unpacks the plans from the merge request job, applies each to its platform, with the carrier password', async () => {
    stubs.answer([
      curl(`${API}/projects/42/repository/commits/beef/merge_requests$`, { stdout: '[{"iid":7}]' }),
      curl(`${API}/projects/42/merge_requests/7$`, { stdout: '{"iid":7,"head_pipeline":{"id":900}}' }),
      curl(`${API}/projects/42/pipelines/900/jobs\\?scope=success$`, { stdout: '[{"id":4001,"name":"dsipform-plan"}]' }),
      curl(`${API}/projects/42/jobs/4001/artifacts --output artifacts\\.zip$`, { stdoutFile: artifactsZip('4001') }),
    ]);
    const r = await run('dsipform-apply', { ...push, CI_JOB_ID: '4002' });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    for (const target of ['staging', 'production']) {
      expect(readFileSync(join(r.workspace, `plans/${target}.json`), 'utf8')).toBe(
        readFileSync(join(dir, `artifacts/4001/plans/${target}.json`), 'utf8'),
      );
    }
    const report = JSON.parse(readFileSync(join(dir, 'artifacts/4002/apply-report.json'), 'utf8')) as {
      exit: number;
      targets: { name: string; exit: number }[];
    };
    expect(report.targets.map((t) => `${t.name} ${t.exit}`)).toEqual(['staging 0', 'production 0']);
    expect((await cli('plan', '--detailed-exitcode')).code).toBe(0);
    for (const platform of [staging, production]) expect(readFileSync(platform.data, 'utf8')).toContain(`"auth_password": "${PASSWORD}"`);
  });

  it('schedule: a hand change on one platform opens an issue with the drift report of every target', async () => {
    const client = new PlatformClient({ url: staging.url, token: TOKENS.DSIP_TOKEN_STAGING, ca: readFileSync(staging.ca, 'utf8') });
    await client.deleteInboundMapping({ did: '15551230001' });
    await client.close();
    stubs.answer([
      curl(`${API}/projects/42/issues\\?labels=dsipform-drift&state=opened$`, { stdout: '[]' }),
      curl(`${API}/projects/42/issues --data-urlencode title=dsipform: a platform differs from main `, { stdout: '{"iid":3}' }),
    ]);
    const r = await run('dsipform-drift', {
      CI_PIPELINE_SOURCE: 'schedule',
      CI_COMMIT_BRANCH: 'main',
      CI_COMMIT_SHA: 'beef',
      CI_JOB_ID: '4003',
    });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const expected = await cli('drift', '--format', 'markdown');
    expect(expected.stdout).toMatch(/^\| staging \| drift \|/m);
    expect(expected.stdout).toMatch(/^\| production \| ok \|/m);
    expect(withoutFolders(stubs.calls().at(-1)!.sent.description, repository)).toBe(withoutFolders(expected.stdout, repository));
  });

  it('never prints a token, the plan key, the GitLab token or the carrier password, nor keeps them in an artifact', () => {
    const artifacts = readdirSync(join(dir, 'artifacts'), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => readFileSync(join(e.parentPath, e.name), 'utf8'));
    expect(artifacts.length).toBeGreaterThan(2);
    for (const text of [...printed, JSON.stringify(stubs.calls().map((c) => c.sent)), ...artifacts]) {
      for (const secret of [...Object.values(TOKENS), PLAN_KEY, GITLAB_TOKEN, PASSWORD]) expect(text).not.toContain(secret);
    }
  });
});
