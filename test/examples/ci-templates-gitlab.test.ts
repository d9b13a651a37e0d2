import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { PlatformClient } from '../../src/api/client.js';
import { makeCiStubs, type CiStubs, type StubAnswer } from '../helpers/ci-stubs.js';
import { runGitlabJob, type GitlabJobResult, type GitlabPipeline } from '../helpers/ci-gitlab.js';
import { runCli, startEmulatorProcess, type EmulatorProcess } from '../helpers/cli.js';
import { TEST_PROFILE } from '../helpers/emulator.js';

// examples/ci/gitlab/.gitlab-ci.yml, each job's before_script and script run by bash against a real
// emulator process, on real files; only curl (GitLab's API) and the registry behind npx are stand-ins.
const root = fileURLToPath(new URL('../..', import.meta.url));
const pipeline = parse(readFileSync(join(root, 'examples/ci/gitlab/.gitlab-ci.yml'), 'utf8')) as GitlabPipeline;
const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
const TOKEN = 'ci-secret-token-0a1b2c3d4e5f';
const PLAN_KEY = 'ci-plan-key-9e8d7c6b5a4f3e2d1c0b';
const GITLAB_TOKEN = 'glpat-stub-token-123456';
const API = 'https://gitlab.example.com/api/v4';
const hasDrift = (await runCli(['drift', '--help'])).code === 0;

let emulator: EmulatorProcess;
let stubs: CiStubs;
let dir: string;
let repository: string;
const printed: string[] = [];

beforeAll(async () => {
  emulator = await startEmulatorProcess(['--profile', TEST_PROFILE], { DSIP_TOKEN: TOKEN });
  dir = mkdtempSync(join(tmpdir(), 'dsipform-ci-gitlab-'));
  repository = join(dir, 'repo');
  cpSync(join(root, 'examples/ci/config'), join(repository, 'config'), { recursive: true });
  stubs = makeCiStubs(join(dir, 'stubs'), version);
});
afterAll(async () => {
  await emulator.stop();
});

/** Runs a job with the variables GitLab and the project's CI/CD settings would give it. */
async function run(job: string, variables: Record<string, string>): Promise<GitlabJobResult> {
  const r = await runGitlabJob(pipeline, job, {
    repository,
    store: join(dir, 'artifacts'),
    stubBin: stubs.bin,
    variables: {
      CI_API_V4_URL: API,
      CI_PROJECT_ID: '42',
      CI_DEFAULT_BRANCH: 'main',
      CI_JOB_TOKEN: 'job-token-stub',
      DSIP_URL: emulator.url,
      DSIP_TOKEN: TOKEN,
      DSIPFORM_PLAN_KEY: PLAN_KEY,
      DSIPFORM_GITLAB_TOKEN: GITLAB_TOKEN,
      ...variables,
    },
  });
  printed.push(r.stdout, r.stderr);
  return r;
}

const curl = (match: string, answer: Omit<StubAnswer, 'tool' | 'match'> = {}): StubAnswer => ({ tool: 'curl', match, ...answer });
const cli = (args: string[]) => runCli(args, { DSIP_URL: emulator.url, DSIP_TOKEN: TOKEN });
const config = () => join(repository, 'config');
const mr = { CI_PIPELINE_SOURCE: 'merge_request_event', CI_MERGE_REQUEST_IID: '7', CI_COMMIT_SHA: 'f00d' };
const push = { CI_PIPELINE_SOURCE: 'push', CI_COMMIT_BRANCH: 'main', CI_COMMIT_SHA: 'beef' };
const schedule = { CI_PIPELINE_SOURCE: 'schedule', CI_COMMIT_BRANCH: 'main', CI_COMMIT_SHA: 'beef' };

describe('examples/ci/gitlab/.gitlab-ci.yml, run job by job against the emulator', { timeout: 60_000 }, () => {
  it('merge request: only the plan job runs; the note is the markdown plan, the artifact the signed saved plan', async () => {
    stubs.answer([curl(`^.* ${API}/projects/42/merge_requests/7/notes --data-urlencode body@plan\\.md$`, { stdout: '{"id":1}' })]);
    expect((await run('dsipform-apply', { ...mr, CI_JOB_ID: '3000' })).ran).toBe(false);
    expect((await run('dsipform-drift', { ...mr, CI_JOB_ID: '3000' })).ran).toBe(false);
    const r = await run('dsipform-plan', { ...mr, CI_JOB_ID: '3001' });
    expect(r.code, r.stdout + r.stderr).toBe(0);

    const expected = await cli(['plan', config(), '--format', 'markdown']);
    expect(expected.stdout).toMatch(/\*\*Plan: 3 to create, 0 to update, 0 to delete\.\*\*/);
    const notes = stubs.calls().filter((c) => c.tool === 'curl');
    expect(notes).toHaveLength(1);
    expect(notes[0]!.args).toContain(`PRIVATE-TOKEN: ${GITLAB_TOKEN}`);
    expect(notes[0]!.sent.body).toBe(expected.stdout);
    const saved = JSON.parse(readFileSync(join(dir, 'artifacts/3001/plan.json'), 'utf8')) as { signature: string; changes: unknown[] };
    expect(saved.signature).toMatch(/^hmac-sha256:[0-9a-f]{64}$/);
    expect(saved.changes).toHaveLength(3);
    expect((await cli(['plan', config(), '--detailed-exitcode'])).code).toBe(2);
  });

  it("merge to main: fetches the merge request pipeline's plan artifact and applies exactly it", async () => {
    stubs.answer([
      curl(`${API}/projects/42/repository/commits/beef/merge_requests$`, { stdout: '[{"iid":7}]' }),
      curl(`${API}/projects/42/merge_requests/7$`, { stdout: '{"iid":7,"head_pipeline":{"id":900}}' }),
      curl(`${API}/projects/42/pipelines/900/jobs\\?scope=success$`, {
        stdout: '[{"id":2999,"name":"other"},{"id":3001,"name":"dsipform-plan"}]',
      }),
      curl(`${API}/projects/42/jobs/3001/artifacts/plan\\.json --output plan\\.json$`, {
        stdoutFile: join(dir, 'artifacts/3001/plan.json'),
      }),
    ]);
    expect((await run('dsipform-plan', { ...push, CI_JOB_ID: '3002' })).ran).toBe(false);
    const r = await run('dsipform-apply', { ...push, CI_JOB_ID: '3003' });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(readFileSync(join(r.workspace, 'plan.json'), 'utf8')).toBe(readFileSync(join(dir, 'artifacts/3001/plan.json'), 'utf8'));
    expect(readFileSync(join(dir, 'artifacts/3003/apply-events.jsonl'), 'utf8')).toMatch(
      /"event":"summary","counts":\{"applied":3,"failed":0,"not_attempted":0\}/,
    );
    expect((await cli(['plan', config(), '--detailed-exitcode'])).code).toBe(0);
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

  it.skipIf(!hasDrift)('schedule: no drift, no issue; after a hand change, drift opens an issue with the drift report', async () => {
    stubs.answer([
      curl(`${API}/projects/42/issues\\?labels=dsipform-drift&state=opened$`, { stdout: '[]' }),
      curl(`${API}/projects/42/issues --data-urlencode title=`, { stdout: '{"iid":3}' }),
    ]);
    const before = stubs.calls().length;
    const quiet = await run('dsipform-drift', { ...schedule, CI_JOB_ID: '3006' });
    expect(quiet.code, quiet.stdout + quiet.stderr).toBe(0);
    expect(
      stubs
        .calls()
        .slice(before)
        .filter((c) => c.tool === 'curl'),
    ).toEqual([]);

    const client = new PlatformClient({ url: emulator.url, token: TOKEN });
    await client.deleteInboundMapping({ did: '15551230001' });
    await client.close();
    const r = await run('dsipform-drift', { ...schedule, CI_JOB_ID: '3007' });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const expected = await cli(['drift', config(), '--format', 'markdown']);
    expect(expected.code).toBe(2);
    const calls = stubs
      .calls()
      .slice(before)
      .filter((c) => c.tool === 'curl');
    expect(calls).toHaveLength(2);
    expect(calls[1]!.args).toContain('title=dsipform: the platform differs from main');
    expect(calls[1]!.sent.description).toBe(expected.stdout);
    expect(readFileSync(join(dir, 'artifacts/3007/drift.md'), 'utf8')).toBe(expected.stdout);

    // The next night, with that issue still open: the report is added to it as a note.
    stubs.answer([
      curl(`${API}/projects/42/issues\\?labels=dsipform-drift&state=opened$`, { stdout: '[{"iid":3}]' }),
      curl(`${API}/projects/42/issues/3/notes --data-urlencode body@drift\\.md$`, { stdout: '{"id":9}' }),
    ]);
    const again = await run('dsipform-drift', { ...schedule, CI_JOB_ID: '3008' });
    expect(again.code, again.stdout + again.stderr).toBe(0);
    expect(stubs.calls().at(-1)!.sent).toEqual({ body: expected.stdout });
  });

  it('never prints the API token, the plan key or the GitLab token', () => {
    expect(printed.length).toBeGreaterThan(0);
    for (const text of [...printed, JSON.stringify(stubs.calls().map((c) => c.sent))]) {
      for (const secret of [TOKEN, PLAN_KEY, GITLAB_TOKEN]) expect(text).not.toContain(secret);
    }
  });
});

if (!hasDrift) console.warn('ci-templates-gitlab: the scheduled job was not run: this build has no `dsipform drift` verb');
