import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { evaluate, interpolate } from './ci-expressions.js';
import { runProcess } from './process.js';

/** The parts of a GitHub Actions workflow the runner reads. */
export interface Workflow {
  readonly env?: Record<string, string>;
  readonly defaults?: { run?: { shell?: string } };
  readonly jobs: Record<string, WorkflowJob>;
}

interface WorkflowJob {
  readonly if?: string;
  readonly env?: Record<string, string>;
  readonly steps: readonly WorkflowStep[];
}

interface WorkflowStep {
  readonly name?: string;
  readonly id?: string;
  readonly if?: string;
  readonly uses?: string;
  readonly with?: Record<string, string | number>;
  readonly env?: Record<string, string>;
  readonly run?: string;
  readonly shell?: string;
}

/** One event a workflow runs for, as the runner would see it. */
export interface GithubEvent {
  /** The `github` context (event_name, ref, sha, event, token, run_id, …). */
  readonly github: Record<string, unknown> & { run_id: string };
  readonly secrets: Record<string, string>;
  readonly vars: Record<string, string>;
  /** The repository checked out by actions/checkout. */
  readonly repository: string;
  /** Artifacts by run: `<store>/<run id>/<name>/…`. */
  readonly store: string;
  /** Put first on PATH (the stubs of what cannot run here). */
  readonly stubBin: string;
}

/** What one step did. */
export interface StepResult {
  readonly name: string;
  readonly skipped: boolean;
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly outputs: Record<string, string>;
}

/** What one job did; `ran` is false when its `if:` left it out. */
export interface JobResult {
  readonly ran: boolean;
  readonly ok: boolean;
  readonly steps: StepResult[];
  readonly workspace: string;
}

/**
 * Runs one job of a workflow as a runner would: a fresh workspace, `run:` steps under the shell the
 * workflow names (`bash` is `bash --noprofile --norc -eo pipefail`, no shell `bash -e`), the env of
 * workflow, job and step with their expressions, GITHUB_OUTPUT read back as `steps.<id>.outputs`,
 * and `if:`. The few actions the templates use are done here, by hand (see ACTIONS).
 */
export async function runGithubJob(workflow: Workflow, jobName: string, event: GithubEvent): Promise<JobResult> {
  const job = workflow.jobs[jobName];
  if (!job) throw new Error(`no job ${jobName}`);
  const workspace = mkdtempSync(join(tmpdir(), 'dsipform-gha-'));
  const temp = mkdtempSync(join(tmpdir(), 'dsipform-gha-temp-'));
  const steps: Record<string, { outputs: Record<string, string> }> = {};
  const context = (): Record<string, unknown> => ({ github: event.github, secrets: event.secrets, vars: event.vars, steps });
  const status = { failed: false };
  if (job.if && !evaluate(job.if, context(), status)) return { ran: false, ok: true, steps: [], workspace };
  const results: StepResult[] = [];
  for (const [i, step] of job.steps.entries()) {
    const name = step.name ?? step.uses ?? `step ${i + 1}`;
    if (!evaluate(step.if ?? 'success()', context(), status)) {
      results.push({ name, skipped: true, code: null, stdout: '', stderr: '', outputs: {} });
      continue;
    }
    const env = Object.fromEntries(
      Object.entries({ ...workflow.env, ...job.env, ...step.env }).map(([k, v]) => [k, interpolate(String(v), context(), status)]),
    );
    const result = step.uses
      ? doAction(step.uses, step.with ?? {}, workspace, event, context(), status)
      : await runStep(step.run ?? '', step.shell ?? workflow.defaults?.run?.shell, { workspace, temp, env, event, index: i });
    results.push({ ...result, name, skipped: false });
    if (step.id) steps[step.id] = { outputs: result.outputs };
    if (result.code !== 0) status.failed = true;
  }
  return { ran: true, ok: !status.failed, steps: results, workspace };
}

type Done = Omit<StepResult, 'name' | 'skipped'>;

async function runStep(
  script: string,
  shell: string | undefined,
  at: { workspace: string; temp: string; env: Record<string, string>; event: GithubEvent; index: number },
): Promise<Done> {
  const file = join(at.temp, `step-${at.index}.sh`);
  const output = join(at.temp, `output-${at.index}`);
  writeFileSync(file, script);
  writeFileSync(output, '');
  const g = at.event.github;
  const env = {
    PATH: `${at.event.stubBin}:${process.env.PATH}`,
    HOME: at.temp,
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: at.workspace,
    GITHUB_OUTPUT: output,
    GITHUB_STEP_SUMMARY: join(at.temp, 'summary.md'),
    GITHUB_EVENT_NAME: String(g.event_name),
    GITHUB_REF: String(g.ref),
    GITHUB_SHA: String(g.sha),
    GITHUB_REPOSITORY: String(g.repository),
    GITHUB_RUN_ID: g.run_id,
    GITHUB_WORKFLOW: String(g.workflow),
    RUNNER_TEMP: at.temp,
    ...at.env,
  };
  if (shell !== undefined && shell !== 'bash') throw new Error(`the test runs bash steps only, not ${shell}`);
  const flags = shell === 'bash' ? ['--noprofile', '--norc', '-eo', 'pipefail'] : ['-e'];
  const r = await runProcess('bash', [...flags, file], { cwd: at.workspace, env });
  const outputs = Object.fromEntries(
    readFileSync(output, 'utf8')
      .split('\n')
      .filter((line) => line.includes('='))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
  return { code: r.code, stdout: r.stdout, stderr: r.stderr, outputs };
}

/**
 * The actions the templates use, done by hand: what they do to the workspace is all a later step
 * sees. Only major-version pins of these are accepted; any other action fails the test.
 */
const ACTIONS: Record<string, (w: Record<string, string>, workspace: string, event: GithubEvent) => string | undefined> = {
  'actions/checkout': (_, workspace, event) => void cpSync(event.repository, workspace, { recursive: true }),
  'actions/setup-node': (w) => (String(w['node-version']) === '20' ? undefined : `node-version ${w['node-version']}`),
  'actions/upload-artifact': (w, workspace, event) => {
    const to = join(event.store, event.github.run_id, w.name!);
    const from = join(workspace, w.path!);
    if (!existsSync(from)) return w['if-no-files-found'] === 'error' ? `no file ${w.path}` : undefined;
    mkdirSync(to, { recursive: true });
    cpSync(from, join(to, basename(from)));
    return undefined;
  },
  'actions/download-artifact': (w, workspace, event) => {
    const from = join(event.store, w['run-id'] || event.github.run_id, w.name!);
    if (!existsSync(from)) return `no artifact ${w.name} in run ${w['run-id']}`;
    cpSync(from, join(workspace, w.path ?? '.'), { recursive: true });
    return undefined;
  },
};

function doAction(
  uses: string,
  inputs: Record<string, string | number>,
  workspace: string,
  event: GithubEvent,
  context: Record<string, unknown>,
  status: { failed: boolean },
): Done {
  const [action, version] = uses.split('@');
  const act = ACTIONS[action!];
  if (!act || !/^v\d+$/.test(version ?? '')) throw new Error(`the test does not know the action ${uses}`);
  const w = Object.fromEntries(Object.entries(inputs).map(([k, v]) => [k, interpolate(String(v), context, status)]));
  const error = act(w, workspace, event);
  return { code: error ? 1 : 0, stdout: '', stderr: error ?? '', outputs: {} };
}
