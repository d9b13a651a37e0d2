import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { PlatformClient } from '../../src/api/client.js';
import { checksumOf } from '../../src/plan/checksum.js';
import { makeCiStubs, type CiStubs } from '../helpers/ci-stubs.js';
import { runGithubJob, type GithubEvent, type JobResult, type Workflow } from '../helpers/ci-github.js';
import { runCli, startEmulatorProcess, type EmulatorProcess } from '../helpers/cli.js';
import { TEST_PROFILE } from '../helpers/emulator.js';

// examples/ci/github/dsipform.yml, its `run:` steps run in order by bash against a real emulator
// process, on real files; only gh, the artifact actions and the registry behind npx are stand-ins.
const root = fileURLToPath(new URL('../..', import.meta.url));
const workflow = parse(readFileSync(join(root, 'examples/ci/github/dsipform.yml'), 'utf8')) as Workflow;
const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
const TOKEN = 'ci-secret-token-6b1f0e9a7c44';
const PLAN_KEY = 'ci-plan-key-2f9d8e7c6b5a49383726';
const hasDrift = (await runCli(['drift', '--help'])).code === 0;

let emulator: EmulatorProcess;
let stubs: CiStubs;
let dir: string;
let repository: string;
const secretsSeen: string[] = [];

beforeAll(async () => {
  emulator = await startEmulatorProcess(['--profile', TEST_PROFILE], { DSIP_TOKEN: TOKEN });
  dir = mkdtempSync(join(tmpdir(), 'dsipform-ci-github-'));
  repository = join(dir, 'repo');
  cpSync(join(root, 'examples/ci/config'), join(repository, 'config'), { recursive: true });
  stubs = makeCiStubs(join(dir, 'stubs'), version);
});
afterAll(async () => {
  await emulator.stop();
});

/** Runs a job for an event, as GitHub would; keeps everything printed for the secrets check. */
async function run(job: string, github: Record<string, unknown> & { run_id: string }): Promise<JobResult> {
  const event: GithubEvent = {
    github: { repository: 'netops/dsip-config', workflow: 'dsipform', token: 'ghs_stub', ...github },
    secrets: { DSIP_TOKEN: TOKEN, DSIPFORM_PLAN_KEY: PLAN_KEY },
    vars: { DSIP_URL: emulator.url },
    repository,
    store: join(dir, 'artifacts'),
    stubBin: stubs.bin,
  };
  const r = await runGithubJob(workflow, job, event);
  secretsSeen.push(...r.steps.flatMap((s) => [s.stdout, s.stderr]));
  return r;
}

const step = (r: JobResult, name: RegExp) => r.steps.find((s) => name.test(s.name))!;
const failure = (r: JobResult) => r.steps.map((s) => `${s.name}: ${s.code}\n${s.stdout}${s.stderr}`).join('\n');
const cli = (args: string[]) => runCli(args, { DSIP_URL: emulator.url, DSIP_TOKEN: TOKEN });
const pr = { event_name: 'pull_request', ref: 'refs/pull/12/merge', sha: 'f00d', event: { pull_request: { number: 12 } } };
const push = { event_name: 'push', ref: 'refs/heads/main', sha: 'beef' };

// Several CLI processes per job: a loaded machine (npm test) needs more than the default 20 s.
describe('examples/ci/github/dsipform.yml, run step by step against the emulator', { timeout: 60_000 }, () => {
  it('on a pull request: only the plan job runs; the comment is the markdown plan, the artifact the signed saved plan', async () => {
    stubs.answer([
      { tool: 'gh', match: '^pr comment 12 .*--edit-last', code: 1, stderr: 'no comments found for current user\n' },
      { tool: 'gh', match: '^pr comment 12 --body-file plan.md$' },
    ]);
    expect((await run('apply', { ...pr, run_id: '5000' })).ran).toBe(false);
    expect((await run('drift', { ...pr, run_id: '5000' })).ran).toBe(false);
    const r = await run('plan', { ...pr, run_id: '5001' });
    expect(r.ok, failure(r)).toBe(true);

    const expected = await cli(['plan', join(repository, 'config'), '--format', 'markdown']);
    expect(expected.stdout).toMatch(/\*\*Plan: 3 to create, 0 to update, 0 to delete\.\*\*/);
    const comments = stubs.calls().filter((c) => c.tool === 'gh');
    expect(comments.map((c) => c.args.join(' '))).toEqual([
      'pr comment 12 --body-file plan.md --edit-last',
      'pr comment 12 --body-file plan.md',
    ]);
    expect(comments[1]!.sent.body).toBe(expected.stdout);

    const saved = JSON.parse(readFileSync(join(dir, 'artifacts/5001/dsipform-plan/plan.json'), 'utf8')) as {
      signature: string;
      changes: { action: string; key: string }[];
    };
    expect(saved.signature).toMatch(/^hmac-sha256:[0-9a-f]{64}$/);
    expect(saved.changes.map((c) => `${c.action} ${c.key}`).sort()).toEqual(['create ', 'create 15551230001', 'create US domestic']);
    // Planning changed nothing.
    expect((await cli(['plan', join(repository, 'config'), '--detailed-exitcode'])).code).toBe(2);
  });

  it('on merge: an artifact changed after signing is refused, and nothing is applied', async () => {
    const forged = join(dir, 'artifacts/6666/dsipform-plan');
    cpSync(join(dir, 'artifacts/5001/dsipform-plan'), forged, { recursive: true });
    const file = join(forged, 'plan.json');
    // Edited, and its checksum computed anew, as anyone who can write the artifact store could.
    const {
      checksum: _,
      signature,
      ...plan
    } = JSON.parse(readFileSync(file, 'utf8').replace(/Main office/g, 'Elsewhere')) as {
      checksum: string;
      signature: string;
    };
    writeFileSync(file, JSON.stringify({ ...plan, checksum: checksumOf(plan), signature }, null, 2));
    stubs.answer([
      { tool: 'gh', match: '^api repos/netops/dsip-config/commits/beef/pulls ', stdout: 'headsha1\n' },
      { tool: 'gh', match: '^run list .*--commit headsha1 ', stdout: '6666\n' },
    ]);
    const r = await run('apply', { ...push, run_id: '5002' });
    expect(r.ok).toBe(false);
    expect(step(r, /^Apply exactly/).stderr).toMatch(/error \(PLAN_SIGNATURE_MISMATCH\)/);
    expect((await cli(['plan', join(repository, 'config'), '--detailed-exitcode'])).code).toBe(2);
  });

  it("on merge: downloads the pull request run's artifact and applies exactly it; the platform then matches main", async () => {
    stubs.answer([
      { tool: 'gh', match: '^api repos/netops/dsip-config/commits/beef/pulls --jq \\.\\[0\\]\\.head\\.sha$', stdout: 'headsha1\n' },
      {
        tool: 'gh',
        match: '^run list --workflow dsipform --event pull_request --commit headsha1 --status success --limit 1 ',
        stdout: '5001\n',
      },
    ]);
    expect((await run('plan', { ...push, run_id: '5003' })).ran).toBe(false);
    const r = await run('apply', { ...push, run_id: '5003' });
    expect(r.ok, failure(r)).toBe(true);
    expect(readFileSync(join(r.workspace, 'plan.json'), 'utf8')).toBe(
      readFileSync(join(dir, 'artifacts/5001/dsipform-plan/plan.json'), 'utf8'),
    );
    const events = readFileSync(join(dir, 'artifacts/5003/dsipform-apply/apply-events.jsonl'), 'utf8');
    expect(events).toMatch(/"event":"summary","counts":\{"applied":3,"failed":0,"not_attempted":0\}/);
    expect(step(r, /^Check that the platform/).code).toBe(0);
    expect((await cli(['plan', join(repository, 'config'), '--detailed-exitcode'])).code).toBe(0);
  });

  it('on merge again with the same artifact: the stale plan is refused (PLAN_STALE) and the job fails', async () => {
    const r = await run('apply', { ...push, run_id: '5004' });
    expect(r.ok).toBe(false);
    expect(step(r, /^Apply exactly/).stderr).toMatch(/error \(PLAN_STALE\)/);
    expect(step(r, /^Check that the platform/).skipped).toBe(true);
  });

  it.skipIf(!hasDrift)(
    'nightly: no drift, no issue; after a hand change on the platform, drift opens an issue with the drift report',
    async () => {
      stubs.answer([
        { tool: 'gh', match: '^label create dsipform-drift ' },
        { tool: 'gh', match: '^issue list --label dsipform-drift --state open ', stdout: '\n' },
        { tool: 'gh', match: '^issue create ' },
      ]);
      const before = stubs.calls().length;
      const schedule = { event_name: 'schedule', ref: 'refs/heads/main', sha: 'beef' };
      const quiet = await run('drift', { ...schedule, run_id: '5005' });
      expect(quiet.ok, failure(quiet)).toBe(true);
      expect(step(quiet, /^Look for drift/).outputs).toEqual({ drift: 'false' });
      expect(step(quiet, /^Open or update/).skipped).toBe(true);

      const client = new PlatformClient({ url: emulator.url, token: TOKEN });
      await client.deleteInboundMapping({ did: '15551230001' });
      await client.close();
      const r = await run('drift', { ...schedule, run_id: '5006' });
      expect(r.ok, failure(r)).toBe(true);
      expect(step(r, /^Look for drift/).outputs).toEqual({ drift: 'true' });
      const expected = await cli(['drift', join(repository, 'config'), '--format', 'markdown']);
      expect(expected.code).toBe(2);
      expect(expected.stdout).toContain('15551230001');
      const calls = stubs.calls().slice(before);
      expect(calls.filter((c) => c.tool === 'gh').map((c) => c.args.slice(0, 2).join(' '))).toEqual([
        'label create',
        'issue list',
        'issue create',
      ]);
      expect(calls.at(-1)!.sent.body).toBe(expected.stdout);

      // The next night, with that issue still open: the report is added to it.
      stubs.answer([
        { tool: 'gh', match: '^label create dsipform-drift ' },
        { tool: 'gh', match: '^issue list --label dsipform-drift --state open ', stdout: '7\n' },
        { tool: 'gh', match: '^issue comment 7 --body-file drift\\.md$' },
      ]);
      const again = await run('drift', { ...schedule, run_id: '5007' });
      expect(again.ok, failure(again)).toBe(true);
      expect(stubs.calls().at(-1)).toEqual({
        tool: 'gh',
        args: ['issue', 'comment', '7', '--body-file', 'drift.md'],
        sent: { body: expected.stdout },
      });
    },
  );

  it('a template whose dsipform command no longer works fails its job (here: a renamed flag)', async () => {
    const plan = workflow.jobs.plan!;
    const broken: Workflow = {
      ...workflow,
      jobs: { plan: { ...plan, steps: plan.steps.map((s) => ({ ...s, run: s.run?.replace('--out plan.json', '--save plan.json') })) } },
    };
    const r = await runGithubJob(broken, 'plan', {
      github: {
        event_name: 'pull_request',
        ref: 'refs/pull/12/merge',
        sha: 'f00d',
        run_id: '5099',
        event: { pull_request: { number: 12 } },
      },
      secrets: { DSIP_TOKEN: TOKEN, DSIPFORM_PLAN_KEY: PLAN_KEY },
      vars: { DSIP_URL: emulator.url },
      repository,
      store: join(dir, 'artifacts'),
      stubBin: stubs.bin,
    });
    expect(r.ok).toBe(false);
    expect(step(r, /^Plan/).stderr).toMatch(/unknown option '--save'/);
    expect(step(r, /^Comment/).skipped).toBe(true);
  });

  it('never prints the API token or the plan key', () => {
    expect(secretsSeen.length).toBeGreaterThan(0);
    for (const text of [...secretsSeen, JSON.stringify(stubs.calls())]) {
      expect(text).not.toContain(TOKEN);
      expect(text).not.toContain(PLAN_KEY);
    }
  });
});

if (!hasDrift) console.warn('ci-templates-github: the nightly job was not run: this build has no `dsipform drift` verb');
