import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { PlatformClient } from '../../src/api/client.js';
import { makeCiStubs, type CiStubs, type StubAnswer } from '../helpers/ci-stubs.js';
import { cacheEntryOf, runGitlabJob, type GitlabJobResult, type GitlabPipeline } from '../helpers/ci-gitlab.js';
import { seedInstallCache } from '../helpers/ci-package.js';
import {
  CI_EXAMPLES,
  VERSION,
  makeConfigRepository,
  startTlsPlatform,
  type TlsPlatform,
  withoutFolders,
} from '../helpers/ci-repository.js';
import { runCli } from '../helpers/cli.js';

// examples/ci/gitlab/.gitlab-ci.yml, each job's before_script and script run by bash against a real
// emulator process over HTTPS, on real files: every job installs dsipform as the template says,
// from the tarball `npm pack` made of this checkout (once: later jobs restore it from the cache).
// Only curl (GitLab's API) is a stand-in.
const template = parse(readFileSync(join(CI_EXAMPLES, 'gitlab/.gitlab-ci.yml'), 'utf8')) as GitlabPipeline;
const TOKEN = 'ci-secret-token-0a1b2c3d4e5f';
const PLAN_KEY = 'ci-plan-key-9e8d7c6b5a4f3e2d1c0b';
const GITLAB_TOKEN = 'glpat-stub-token-123456';
const PASSWORD = 'carrier-a-password-0f1e2d3c4b5a';
const API = 'https://gitlab.example.com/api/v4';

let platform: TlsPlatform;
let stubs: CiStubs;
let dir: string;
let repository: string;
let pipeline: GitlabPipeline;
let caFile: string;
const printed: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dsipform-ci-gitlab-'));
  platform = await startTlsPlatform(join(dir, 'platform.json'), TOKEN);
  repository = join(dir, 'repo');
  const integrity = await makeConfigRepository(repository, template.variables!.DSIPFORM_PACKAGE!);
  // The one edit the README asks for: the tarball's integrity in place of the placeholder.
  pipeline = { ...template, variables: { ...template.variables, DSIPFORM_INTEGRITY: integrity } };
  // The run's one install of these pins (ci-install-dsipform.test.ts holds that it installs for
  // real), in the project's cache as a first job would have saved it.
  await seedInstallCache(cacheEntryOf(pipeline, join(dir, 'caches'), '.dsipform-install'));
  // A variable of type File: GitLab writes its value to a file of its own and gives that file's path.
  mkdirSync(join(dir, 'file-variables'));
  caFile = join(dir, 'file-variables/DSIP_CA');
  writeFileSync(caFile, readFileSync(platform.ca));
  stubs = makeCiStubs(join(dir, 'stubs'));
}, 300_000);
afterAll(async () => {
  await platform.stop();
});

/**
 * Runs a job with the variables GitLab and the project's CI/CD settings would give it; the carrier
 * password is protected, so only the default branch's jobs get it.
 */
async function run(job: string, variables: Record<string, string>, from: GitlabPipeline = pipeline): Promise<GitlabJobResult> {
  const r = await runGitlabJob(from, job, {
    repository,
    store: join(dir, 'artifacts'),
    caches: join(dir, 'caches'),
    stubBin: stubs.bin,
    variables: {
      CI_API_V4_URL: API,
      CI_PROJECT_ID: '42',
      CI_DEFAULT_BRANCH: 'main',
      CI_JOB_TOKEN: 'job-token-stub',
      DSIP_URL: platform.url,
      DSIP_TOKEN: TOKEN,
      DSIP_CA: caFile,
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
// What the files plan and drift to, asked outside CI, without the carrier password (planning needs none).
const cli = (args: string[]) => runCli(args, { DSIP_URL: platform.url, DSIP_TOKEN: TOKEN, DSIP_CA: platform.ca });
const config = () => join(repository, 'config');
const mr = { CI_PIPELINE_SOURCE: 'merge_request_event', CI_MERGE_REQUEST_IID: '7', CI_COMMIT_SHA: 'f00d' };
const push = { CI_PIPELINE_SOURCE: 'push', CI_COMMIT_BRANCH: 'main', CI_COMMIT_SHA: 'beef' };
const schedule = { CI_PIPELINE_SOURCE: 'schedule', CI_COMMIT_BRANCH: 'main', CI_COMMIT_SHA: 'beef' };
const noted = curl(`^.* ${API}/projects/42/merge_requests/7/notes --data-urlencode body@plan\\.md$`, { stdout: '{"id":1}' });
const mergedFrom = (job: string): StubAnswer[] => [
  curl(`${API}/projects/42/repository/commits/beef/merge_requests$`, { stdout: '[{"iid":7}]' }),
  curl(`${API}/projects/42/merge_requests/7$`, { stdout: '{"iid":7,"head_pipeline":{"id":900}}' }),
  curl(`${API}/projects/42/pipelines/900/jobs\\?scope=success$`, {
    stdout: `[{"id":2999,"name":"other"},{"id":${job},"name":"dsipform-plan"}]`,
  }),
  curl(`${API}/projects/42/jobs/${job}/artifacts/plan\\.json --output plan\\.json$`, {
    stdoutFile: join(dir, `artifacts/${job}/plan.json`),
  }),
];
const issueOpen = [
  curl(`${API}/projects/42/issues\\?labels=dsipform-drift&state=opened$`, { stdout: '[{"iid":3}]' }),
  curl(`${API}/projects/42/issues/3/notes --data-urlencode body@drift\\.md$`, { stdout: '{"id":9}' }),
];

// Each job runs real processes (bash, the installed dsipform, the emulator): a loaded machine needs more than the default 20 s.
describe('examples/ci/gitlab/.gitlab-ci.yml, run job by job against the emulator', { timeout: 120_000 }, () => {
  it('as shipped, the install stops every job: the integrity is a placeholder to replace', async () => {
    expect(template.variables!.DSIPFORM_PACKAGE).toBe(`vendor/dsipform-${VERSION}.tgz`);
    const r = await run('dsipform-plan', { ...mr, CI_JOB_ID: '3000' }, template);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^error: DSIPFORM_INTEGRITY is not the sha512 integrity of vendor\/dsipform-[\d.]+\.tgz \(got "sha512-\(the integrity npm pack printed\)"\)/m,
    );
    expect(stubs.calls()).toEqual([]);
  });

  it('merge request: only the plan job runs; it uses the pinned install from the cache, notes the markdown plan, keeps the signed plan', async () => {
    stubs.answer([noted]);
    expect((await run('dsipform-apply', { ...mr, CI_JOB_ID: '3000' })).ran).toBe(false);
    expect((await run('dsipform-drift', { ...mr, CI_JOB_ID: '3000' })).ran).toBe(false);
    const r = await run('dsipform-plan', { ...mr, CI_JOB_ID: '3001' });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stderr).toMatch(
      new RegExp(`^dsipform: using the one installed in \\.dsipform-install from vendor/dsipform-${VERSION}\\.tgz$`, 'm'),
    );

    const expected = await cli(['plan', config(), '--format', 'markdown']);
    expect(expected.stdout).toMatch(/\*\*Plan: 5 to create, 0 to update, 0 to delete\.\*\*/);
    const notes = stubs.calls().filter((c) => c.tool === 'curl');
    expect(notes).toHaveLength(1);
    expect(notes[0]!.args).toContain(`PRIVATE-TOKEN: ${GITLAB_TOKEN}`);
    expect(withoutFolders(notes[0]!.sent.body, repository)).toBe(withoutFolders(expected.stdout, repository));
    const saved = JSON.parse(readFileSync(join(dir, 'artifacts/3001/plan.json'), 'utf8')) as { signature: string; changes: unknown[] };
    expect(saved.signature).toMatch(/^hmac-sha256:[0-9a-f]{64}$/);
    expect(saved.changes).toHaveLength(5);
    expect((await cli(['plan', config(), '--detailed-exitcode'])).code).toBe(2);
  });

  it("merge to main: fetches the merge request pipeline's plan artifact and applies exactly it, with the carrier's password", async () => {
    stubs.answer(mergedFrom('3001'));
    expect((await run('dsipform-plan', { ...push, CI_JOB_ID: '3002' })).ran).toBe(false);
    const r = await run('dsipform-apply', { ...push, CI_JOB_ID: '3003' });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^dsipform: using the one installed in \.dsipform-install /m);
    expect(readFileSync(join(r.workspace, 'plan.json'), 'utf8')).toBe(readFileSync(join(dir, 'artifacts/3001/plan.json'), 'utf8'));
    expect(readFileSync(join(dir, 'artifacts/3003/apply-events.jsonl'), 'utf8')).toMatch(
      /"event":"summary","counts":\{"applied":5,"failed":0,"not_attempted":0\}/,
    );
    expect((await cli(['plan', config(), '--detailed-exitcode'])).code).toBe(0);
    expect(readFileSync(platform.data, 'utf8')).toContain(`"auth_password": "${PASSWORD}"`);
  });

  it('merge to main again with the same artifact: the stale plan is refused (PLAN_STALE)', async () => {
    const r = await run('dsipform-apply', { ...push, CI_JOB_ID: '3004' });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/error \(PLAN_STALE\)/);
  });

  it('a commit that came from no merge request is not applied, and the job says why', async () => {
    stubs.answer([curl(`${API}/projects/42/repository/commits/cafe/merge_requests$`, { stdout: '[]' })]);
    const r = await run('dsipform-apply', { ...push, CI_COMMIT_SHA: 'cafe', CI_JOB_ID: '3005' });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/error: cafe came from no merge request/);
  });

  it('schedule: no drift, no issue; after a hand change, drift opens an issue with the drift report', async () => {
    stubs.answer([
      curl(`${API}/projects/42/issues\\?labels=dsipform-drift&state=opened$`, { stdout: '[]' }),
      curl(`${API}/projects/42/issues --data-urlencode title=`, { stdout: '{"iid":3}' }),
    ]);
    const before = stubs.calls().length;
    const quiet = await run('dsipform-drift', { ...schedule, CI_JOB_ID: '3006' });
    expect(quiet.code, quiet.stdout + quiet.stderr).toBe(0);
    expect(stubs.calls().slice(before)).toEqual([]);

    const client = new PlatformClient({ url: platform.url, token: TOKEN, ca: readFileSync(platform.ca, 'utf8') });
    await client.deleteInboundMapping({ did: '15551230001' });
    await client.close();
    const r = await run('dsipform-drift', { ...schedule, CI_JOB_ID: '3007' });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const expected = await cli(['drift', config(), '--format', 'markdown']);
    expect(expected.code).toBe(2);
    const calls = stubs.calls().slice(before);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.args).toContain('title=dsipform: the platform differs from main');
    expect(withoutFolders(calls[1]!.sent.description, repository)).toBe(withoutFolders(expected.stdout, repository));
    expect(withoutFolders(readFileSync(join(dir, 'artifacts/3007/drift.md'), 'utf8'), repository)).toBe(
      withoutFolders(expected.stdout, repository),
    );

    // The next night, with that issue still open: the report is added to it as a note.
    stubs.answer(issueOpen);
    const again = await run('dsipform-drift', { ...schedule, CI_JOB_ID: '3008' });
    expect(again.code, again.stdout + again.stderr).toBe(0);
    expect(stubs.calls().at(-1)!.sent).toEqual({ body: expected.stdout });
  });

  it("DSIP_TIMEZONE: the drift and plan jobs decide the calls in the proxy's zone", async () => {
    // The evening route deleted by hand: the calls it took are routed by time of day, in the zone.
    const client = new PlatformClient({ url: platform.url, token: TOKEN, ca: readFileSync(platform.ca, 'utf8') });
    await client.deleteOutboundRoute((await client.listOutboundRoutes()).find((r) => r.name === 'US evenings')!.ruleid);
    await client.close();
    const zone = { DSIP_TIMEZONE: 'America/Chicago' };
    stubs.answer([...issueOpen, noted]);
    const drift = await run('dsipform-drift', { ...schedule, ...zone, CI_JOB_ID: '3009' });
    expect(drift.code, drift.stdout + drift.stderr).toBe(0);
    expect(stubs.calls().at(-1)!.sent.body).toContain('calls to 1…, every day 18:00–24:00 America/Chicago');

    const plan = await run('dsipform-plan', { ...mr, ...zone, CI_JOB_ID: '3010' });
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    const expected = await cli(['plan', config(), '--format', 'markdown', '--tz', 'America/Chicago']);
    expect(expected.stdout).toContain('calls to 1…, every day 18:00–24:00 America/Chicago');
    expect(withoutFolders(stubs.calls().at(-1)!.sent.body, repository)).toBe(withoutFolders(expected.stdout, repository));
    expect((JSON.parse(readFileSync(join(dir, 'artifacts/3010/plan.json'), 'utf8')) as { horizon: { tz: string } }).horizon.tz).toBe(
      'America/Chicago',
    );
  });

  it('DSIP_TIMEZONE: the apply job applies the plan made in the zone, and checks the platform in it', async () => {
    stubs.answer(mergedFrom('3010'));
    const r = await run('dsipform-apply', { ...push, DSIP_TIMEZONE: 'America/Chicago', CI_JOB_ID: '3011' });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect((await cli(['plan', config(), '--detailed-exitcode'])).code).toBe(0);
  });

  it('a self-signed platform: without DSIP_CA the job fails and says how to trust it; DSIP_INSECURE=1 goes on, with a warning', async () => {
    stubs.answer(issueOpen);
    const refused = await run('dsipform-drift', { ...schedule, DSIP_CA: '', CI_JOB_ID: '3012' });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/certificate was not accepted: pass its CA with --ca FILE \(or DSIP_CA\)/);
    const insecure = await run('dsipform-drift', { ...schedule, DSIP_CA: '', DSIP_INSECURE: '1', CI_JOB_ID: '3013' });
    expect(insecure.code, insecure.stdout + insecure.stderr).toBe(0);
    expect(insecure.stderr).toMatch(/^warning: DSIP_INSECURE: the certificate of 127\.0\.0\.1:\d+ is not verified/m);
  });

  it('never prints the API token, the plan key, the GitLab token or the carrier password, nor keeps them in an artifact', () => {
    expect(printed.length).toBeGreaterThan(0);
    const artifacts = readdirSync(join(dir, 'artifacts'), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => readFileSync(join(e.parentPath, e.name), 'utf8'));
    for (const text of [...printed, JSON.stringify(stubs.calls().map((c) => c.sent)), ...artifacts]) {
      for (const secret of [TOKEN, PLAN_KEY, GITLAB_TOKEN, PASSWORD]) expect(text).not.toContain(secret);
    }
  });
});
