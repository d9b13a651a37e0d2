import { cpSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { PlatformClient } from '../../src/api/client.js';
import { checksumOf } from '../../src/plan/checksum.js';
import { makeCiStubs, type CiStubs, type StubAnswer } from '../helpers/ci-stubs.js';
import { cacheEntryOf, runGithubJob, type JobResult, type Workflow } from '../helpers/ci-github.js';
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

// examples/ci/github/dsipform.yml, its steps run in order by bash against a real emulator process
// over HTTPS, on real files: every job installs dsipform as the template says, from the tarball
// `npm pack` made of this checkout (once: later jobs restore it from the cache). Only gh and the
// artifact and cache actions are stand-ins.
const template = parse(readFileSync(join(CI_EXAMPLES, 'github/dsipform.yml'), 'utf8')) as Workflow;
const TOKEN = 'ci-secret-token-6b1f0e9a7c44';
const PLAN_KEY = 'ci-plan-key-2f9d8e7c6b5a49383726';
const PASSWORD = 'carrier-a-password-5e4d3c2b1a09';

let platform: TlsPlatform;
let stubs: CiStubs;
let dir: string;
let repository: string;
let workflow: Workflow;
const secretsSeen: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dsipform-ci-github-'));
  platform = await startTlsPlatform(join(dir, 'platform.json'), TOKEN);
  repository = join(dir, 'repo');
  const integrity = await makeConfigRepository(repository, template.env!.DSIPFORM_PACKAGE!);
  cpSync(platform.ca, join(repository, 'ci/platform-ca.pem'));
  // The one edit the README asks for: the tarball's integrity in place of the placeholder.
  workflow = { ...template, env: { ...template.env, DSIPFORM_INTEGRITY: integrity } };
  // The run's one install of these pins (ci-install-dsipform.test.ts holds that it installs for
  // real), in the repository's cache as a first job would have saved it.
  await seedInstallCache(cacheEntryOf(workflow, join(dir, 'caches'), '.dsipform-install'));
  stubs = makeCiStubs(join(dir, 'stubs'));
}, 300_000);
afterAll(async () => {
  await platform.stop();
});

interface Setting {
  readonly workflow?: Workflow;
  readonly vars?: Record<string, string>;
}

/** Runs a job for an event, as GitHub would, with the repository's settings; keeps what it printed. */
async function run(job: string, github: Record<string, unknown> & { run_id: string }, setting: Setting = {}): Promise<JobResult> {
  const r = await runGithubJob(setting.workflow ?? workflow, job, {
    github: { repository: 'netops/dsip-config', workflow: 'dsipform', token: 'ghs_stub', ...github },
    secrets: { DSIP_TOKEN: TOKEN, DSIPFORM_PLAN_KEY: PLAN_KEY, CARRIER_A_PASSWORD: PASSWORD },
    vars: { DSIP_URL: platform.url, DSIP_CA: 'ci/platform-ca.pem', ...setting.vars },
    repository,
    store: join(dir, 'artifacts'),
    caches: join(dir, 'caches'),
    stubBin: stubs.bin,
  });
  secretsSeen.push(...r.steps.flatMap((s) => [s.stdout, s.stderr]));
  return r;
}

const step = (r: JobResult, name: RegExp) => r.steps.find((s) => name.test(s.name))!;
const failure = (r: JobResult) => r.steps.map((s) => `${s.name}: ${s.code}\n${s.stdout}${s.stderr}`).join('\n');
// What the files plan and drift to, asked outside CI; never given the carrier password, as the plan
// and drift jobs are not.
const cli = (args: string[]) => runCli(args, { DSIP_URL: platform.url, DSIP_TOKEN: TOKEN, DSIP_CA: platform.ca });
const config = () => join(repository, 'config');
const pr = { event_name: 'pull_request', ref: 'refs/pull/12/merge', sha: 'f00d', event: { pull_request: { number: 12 } } };
const push = { event_name: 'push', ref: 'refs/heads/main', sha: 'beef' };
const schedule = { event_name: 'schedule', ref: 'refs/heads/main', sha: 'beef' };
const commented: StubAnswer[] = [{ tool: 'gh', match: '^pr comment 12 ' }];
const mergedFrom = (run: string): StubAnswer[] => [
  { tool: 'gh', match: '^api repos/netops/dsip-config/commits/beef/pulls --jq \\.\\[0\\]\\.head\\.sha$', stdout: 'headsha1\n' },
  {
    tool: 'gh',
    match: '^run list --workflow dsipform --event pull_request --commit headsha1 --status success --limit 1 ',
    stdout: `${run}\n`,
  },
];
const savedPlan = (run: string) =>
  JSON.parse(readFileSync(join(dir, `artifacts/${run}/dsipform-plan/plan.json`), 'utf8')) as {
    signature: string;
    horizon: { tz: string };
    changes: { action: string; key: string }[];
  };

// Each job runs real processes (bash, the installed dsipform, the emulator): a loaded machine needs more than the default 20 s.
describe('examples/ci/github/dsipform.yml, run step by step against the emulator', { timeout: 120_000 }, () => {
  it('as shipped, the install step stops every job: the integrity is a placeholder to replace', async () => {
    expect(template.env!.DSIPFORM_PACKAGE).toBe(`vendor/dsipform-${VERSION}.tgz`);
    const r = await run('plan', { ...pr, run_id: '5000' }, { workflow: template });
    expect(r.ok).toBe(false);
    expect(step(r, /^Install dsipform/).stderr).toMatch(
      /^error: DSIPFORM_INTEGRITY is not the sha512 integrity of vendor\/dsipform-[\d.]+\.tgz \(got "sha512-\(the integrity npm pack printed\)"\): set it to the "integrity" that npm pack --json printed/m,
    );
    expect(step(r, /^Plan/).skipped).toBe(true);
  });

  it('on a pull request: only the plan job runs; it uses the pinned install from the cache, comments the markdown plan, keeps the signed plan', async () => {
    stubs.answer([
      { tool: 'gh', match: '^pr comment 12 .*--edit-last', code: 1, stderr: 'no comments found for current user\n' },
      { tool: 'gh', match: '^pr comment 12 --body-file plan.md$' },
    ]);
    expect((await run('apply', { ...pr, run_id: '5000' })).ran).toBe(false);
    expect((await run('drift', { ...pr, run_id: '5000' })).ran).toBe(false);
    const r = await run('plan', { ...pr, run_id: '5001' });
    expect(r.ok, failure(r)).toBe(true);
    expect(step(r, /^Install dsipform/).stderr).toMatch(
      new RegExp(`^dsipform: using the one installed in \\.dsipform-install from vendor/dsipform-${VERSION}\\.tgz$`, 'm'),
    );
    expect(readdirSync(join(dir, 'caches'))).toHaveLength(1);

    const expected = await cli(['plan', config(), '--format', 'markdown']);
    expect(expected.stdout).toMatch(/\*\*Plan: 5 to create, 0 to update, 0 to delete\.\*\*/);
    expect(expected.stdout).toContain('auth_password: (sensitive) from ${CARRIER_A_PASSWORD}');
    const comments = stubs.calls().filter((c) => c.tool === 'gh');
    expect(comments.map((c) => c.args.join(' '))).toEqual([
      'pr comment 12 --body-file plan.md --edit-last',
      'pr comment 12 --body-file plan.md',
    ]);
    expect(withoutFolders(comments[1]!.sent.body, repository)).toBe(withoutFolders(expected.stdout, repository));

    const saved = savedPlan('5001');
    expect(saved.signature).toMatch(/^hmac-sha256:[0-9a-f]{64}$/);
    expect(saved.changes.map((c) => `${c.action} ${c.key}`).sort()).toEqual([
      'create ',
      'create 15551230001',
      'create Carrier A',
      'create US domestic',
      'create US evenings',
    ]);
    expect((await cli(['plan', config(), '--detailed-exitcode'])).code).toBe(2);
  });

  it('only the apply job is given the carrier password secret', () => {
    const { apply, ...others } = template.jobs;
    expect(apply!.env).toEqual({ CARRIER_A_PASSWORD: '${{ secrets.CARRIER_A_PASSWORD }}' });
    expect(JSON.stringify({ env: template.env, others })).not.toContain('CARRIER_A_PASSWORD');
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
    stubs.answer(mergedFrom('6666'));
    const r = await run('apply', { ...push, run_id: '5002' });
    expect(r.ok).toBe(false);
    expect(step(r, /^Install dsipform/).stderr).toMatch(/^dsipform: using the one installed in \.dsipform-install /m);
    expect(step(r, /^Apply exactly/).stderr).toMatch(/error \(PLAN_SIGNATURE_MISMATCH\)/);
    expect((await cli(['plan', config(), '--detailed-exitcode'])).code).toBe(2);
  });

  it("on merge: applies exactly the pull request run's artifact, with the carrier's password; the platform then matches main", async () => {
    stubs.answer(mergedFrom('5001'));
    expect((await run('plan', { ...push, run_id: '5003' })).ran).toBe(false);
    const r = await run('apply', { ...push, run_id: '5003' });
    expect(r.ok, failure(r)).toBe(true);
    expect(readFileSync(join(r.workspace, 'plan.json'), 'utf8')).toBe(
      readFileSync(join(dir, 'artifacts/5001/dsipform-plan/plan.json'), 'utf8'),
    );
    const events = readFileSync(join(dir, 'artifacts/5003/dsipform-apply/apply-events.jsonl'), 'utf8');
    expect(events).toMatch(/"event":"summary","counts":\{"applied":5,"failed":0,"not_attempted":0\}/);
    expect(step(r, /^Check that the platform/).code).toBe(0);
    expect((await cli(['plan', config(), '--detailed-exitcode'])).code).toBe(0);
    // The platform holds the password the apply job's secret gave.
    expect(readFileSync(platform.data, 'utf8')).toContain(`"auth_password": "${PASSWORD}"`);
  });

  it('on merge again with the same artifact: the stale plan is refused (PLAN_STALE) and the job fails', async () => {
    const r = await run('apply', { ...push, run_id: '5004' });
    expect(r.ok).toBe(false);
    expect(step(r, /^Apply exactly/).stderr).toMatch(/error \(PLAN_STALE\)/);
    expect(step(r, /^Check that the platform/).skipped).toBe(true);
  });

  it('nightly: no drift, no issue; after a hand change on the platform, drift opens an issue with the drift report', async () => {
    stubs.answer([
      { tool: 'gh', match: '^label create dsipform-drift ' },
      { tool: 'gh', match: '^issue list --label dsipform-drift --state open ', stdout: '\n' },
      { tool: 'gh', match: '^issue create ' },
    ]);
    const before = stubs.calls().length;
    const quiet = await run('drift', { ...schedule, run_id: '5005' });
    expect(quiet.ok, failure(quiet)).toBe(true);
    expect(step(quiet, /^Look for drift/).outputs).toEqual({ drift: 'false' });
    expect(step(quiet, /^Open or update/).skipped).toBe(true);

    const client = new PlatformClient({ url: platform.url, token: TOKEN, ca: readFileSync(platform.ca, 'utf8') });
    await client.deleteInboundMapping({ did: '15551230001' });
    await client.close();
    const r = await run('drift', { ...schedule, run_id: '5006' });
    expect(r.ok, failure(r)).toBe(true);
    expect(step(r, /^Look for drift/).outputs).toEqual({ drift: 'true' });
    const expected = await cli(['drift', config(), '--format', 'markdown']);
    expect(expected.code).toBe(2);
    expect(expected.stdout).toContain('15551230001');
    const calls = stubs.calls().slice(before);
    expect(calls.filter((c) => c.tool === 'gh').map((c) => c.args.slice(0, 2).join(' '))).toEqual([
      'label create',
      'issue list',
      'issue create',
    ]);
    expect(withoutFolders(calls.at(-1)!.sent.body, repository)).toBe(withoutFolders(expected.stdout, repository));

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
  });

  it("DSIP_TIMEZONE: the drift and plan jobs decide the calls in the proxy's zone", async () => {
    // The evening route deleted by hand: the calls it took are routed by time of day, in the zone.
    const client = new PlatformClient({ url: platform.url, token: TOKEN, ca: readFileSync(platform.ca, 'utf8') });
    await client.deleteOutboundRoute((await client.listOutboundRoutes()).find((r) => r.name === 'US evenings')!.ruleid);
    await client.close();
    const zone = { vars: { DSIP_TIMEZONE: 'America/Chicago' } };
    stubs.answer([
      ...commented,
      { tool: 'gh', match: '^label create ' },
      { tool: 'gh', match: '^issue list ', stdout: '7\n' },
      { tool: 'gh', match: '^issue comment 7 ' },
    ]);
    const drift = await run('drift', { ...schedule, run_id: '5008' }, zone);
    expect(drift.ok, failure(drift)).toBe(true);
    expect(stubs.calls().at(-1)!.sent.body).toBe(
      (await cli(['drift', config(), '--format', 'markdown', '--tz', 'America/Chicago'])).stdout,
    );
    expect(stubs.calls().at(-1)!.sent.body).toContain('calls to 1…, every day 18:00–24:00 America/Chicago');

    const plan = await run('plan', { ...pr, run_id: '5009' }, zone);
    expect(plan.ok, failure(plan)).toBe(true);
    expect(savedPlan('5009').horizon.tz).toBe('America/Chicago');
    const expected = await cli(['plan', config(), '--format', 'markdown', '--tz', 'America/Chicago']);
    expect(expected.stdout).toContain('calls to 1…, every day 18:00–24:00 America/Chicago');
    expect(withoutFolders(stubs.calls().at(-1)!.sent.body, repository)).toBe(withoutFolders(expected.stdout, repository));
  });

  it('DSIP_TIMEZONE: the apply job applies the plan made in the zone, and checks the platform in it', async () => {
    stubs.answer(mergedFrom('5009'));
    const r = await run('apply', { ...push, run_id: '5010' }, { vars: { DSIP_TIMEZONE: 'America/Chicago' } });
    expect(r.ok, failure(r)).toBe(true);
    expect(step(r, /^Check that the platform/).code).toBe(0);
  });

  it('a self-signed platform: without DSIP_CA the job fails and says how to trust it; DSIP_INSECURE=1 goes on, with a warning', async () => {
    stubs.answer([
      { tool: 'gh', match: '^label create ' },
      { tool: 'gh', match: '^issue list ', stdout: '7\n' },
      { tool: 'gh', match: '^issue comment 7 ' },
    ]);
    const refused = await run('drift', { ...schedule, run_id: '5011' }, { vars: { DSIP_CA: '' } });
    expect(refused.ok).toBe(false);
    expect(step(refused, /^Look for drift/).stderr).toMatch(/certificate was not accepted: pass its CA with --ca FILE \(or DSIP_CA\)/);
    const insecure = await run('drift', { ...schedule, run_id: '5012' }, { vars: { DSIP_CA: '', DSIP_INSECURE: '1' } });
    expect(insecure.ok, failure(insecure)).toBe(true);
    expect(step(insecure, /^Look for drift/).stderr).toMatch(
      /^warning: DSIP_INSECURE: the certificate of 127\.0\.0\.1:\d+ is not verified/m,
    );
  });

  it('a template whose dsipform command no longer works fails its job (here: a renamed flag)', async () => {
    const plan = workflow.jobs.plan!;
    const broken: Workflow = {
      ...workflow,
      jobs: { plan: { ...plan, steps: plan.steps.map((s) => ({ ...s, run: s.run?.replace('--out plan.json', '--save plan.json') })) } },
    };
    const r = await run('plan', { ...pr, run_id: '5099' }, { workflow: broken });
    expect(r.ok).toBe(false);
    expect(step(r, /^Plan/).stderr).toMatch(/unknown option '--save'/);
    expect(step(r, /^Comment/).skipped).toBe(true);
  });

  it('never prints the API token, the plan key or the carrier password, nor keeps them in an artifact', () => {
    expect(secretsSeen.length).toBeGreaterThan(0);
    const artifacts = readdirSync(join(dir, 'artifacts'), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => readFileSync(join(e.parentPath, e.name), 'utf8'));
    for (const text of [...secretsSeen, JSON.stringify(stubs.calls()), ...artifacts]) {
      for (const secret of [TOKEN, PLAN_KEY, PASSWORD]) expect(text).not.toContain(secret);
    }
  });
});
