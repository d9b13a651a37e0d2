import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { evaluate, interpolate } from './ci-expressions.js';
import { copyTree, runProcess } from './process.js';

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
  /** The repository's caches (actions/cache), by key: `<caches>/<key>/…`, shared by every run. */
  readonly caches: string;
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

/** What the steps of one job share: its workspace, the PATH entries steps added, the caches to save at its end. */
interface JobState {
  readonly workspace: string;
  readonly temp: string;
  readonly event: GithubEvent;
  /** GITHUB_PATH lines so far, the latest first (each is put before PATH for the steps after). */
  readonly path: string[];
  /** actions/cache steps that found no entry: saved when the job succeeds, as the action's post step does. */
  readonly saves: { key: string; path: string }[];
}

/**
 * Runs one job of a workflow as a runner would: a fresh workspace, `run:` steps under the shell the
 * workflow names (`bash` is `bash --noprofile --norc -eo pipefail`, no shell `bash -e`), the env of
 * workflow, job and step with their expressions (and the `env` context), GITHUB_OUTPUT read back as
 * `steps.<id>.outputs`, GITHUB_PATH put before PATH for the later steps, and `if:`. The few actions
 * the templates use are done here, by hand (see ACTIONS).
 */
export async function runGithubJob(workflow: Workflow, jobName: string, event: GithubEvent): Promise<JobResult> {
  const job = workflow.jobs[jobName];
  if (!job) throw new Error(`no job ${jobName}`);
  const at: JobState = {
    workspace: mkdtempSync(join(tmpdir(), 'dsipform-gha-')),
    temp: mkdtempSync(join(tmpdir(), 'dsipform-gha-temp-')),
    event,
    path: [],
    saves: [],
  };
  const steps: Record<string, { outputs: Record<string, string> }> = {};
  const status = { failed: false };
  const base = { github: event.github, secrets: event.secrets, vars: event.vars, steps };
  const jobEnv = Object.fromEntries(
    Object.entries({ ...workflow.env, ...job.env }).map(([k, v]) => [k, interpolate(String(v), base, status)]),
  );
  const context = (): Record<string, unknown> => ({ ...base, env: jobEnv });
  if (job.if && !evaluate(job.if, context(), status)) return { ran: false, ok: true, steps: [], workspace: at.workspace };
  const results: StepResult[] = [];
  for (const [i, step] of job.steps.entries()) {
    const name = step.name ?? step.uses ?? `step ${i + 1}`;
    if (!evaluate(step.if ?? 'success()', context(), status)) {
      results.push({ name, skipped: true, code: null, stdout: '', stderr: '', outputs: {} });
      continue;
    }
    const env = {
      ...jobEnv,
      ...Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, interpolate(String(v), context(), status)])),
    };
    const result = step.uses
      ? await doAction(step.uses, step.with ?? {}, at, context(), status)
      : await runStep(step.run ?? '', step.shell ?? workflow.defaults?.run?.shell, at, env, i);
    results.push({ ...result, name, skipped: false });
    if (step.id) steps[step.id] = { outputs: result.outputs };
    if (result.code !== 0) status.failed = true;
  }
  // The job is over: what is saved can be moved out of its workspace.
  for (const save of status.failed ? [] : at.saves) {
    if (existsSync(join(at.workspace, save.path)) && !existsSync(cacheEntry(event.caches, save.key))) {
      mkdirSync(event.caches, { recursive: true });
      renameSync(join(at.workspace, save.path), cacheEntry(event.caches, save.key));
    }
  }
  return { ran: true, ok: !status.failed, steps: results, workspace: at.workspace };
}

/** Where a cache entry of this key is kept (keys hold `/`, `:` and `#`). */
function cacheEntry(caches: string, key: string): string {
  return join(caches, encodeURIComponent(key));
}

type Done = Omit<StepResult, 'name' | 'skipped'>;

async function runStep(
  script: string,
  shell: string | undefined,
  at: JobState,
  stepEnv: Record<string, string>,
  index: number,
): Promise<Done> {
  const file = join(at.temp, `step-${index}.sh`);
  const output = join(at.temp, `output-${index}`);
  const pathFile = join(at.temp, `path-${index}`);
  writeFileSync(file, script);
  writeFileSync(output, '');
  writeFileSync(pathFile, '');
  const g = at.event.github;
  const env = {
    PATH: [...at.path, at.event.stubBin, process.env.PATH].join(':'),
    HOME: at.temp,
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: at.workspace,
    GITHUB_OUTPUT: output,
    GITHUB_PATH: pathFile,
    GITHUB_STEP_SUMMARY: join(at.temp, 'summary.md'),
    GITHUB_EVENT_NAME: String(g.event_name),
    GITHUB_REF: String(g.ref),
    GITHUB_SHA: String(g.sha),
    GITHUB_REPOSITORY: String(g.repository),
    GITHUB_RUN_ID: g.run_id,
    GITHUB_WORKFLOW: String(g.workflow),
    RUNNER_TEMP: at.temp,
    ...stepEnv,
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
  at.path.unshift(...readFileSync(pathFile, 'utf8').split('\n').filter(Boolean).reverse());
  return { code: r.code, stdout: r.stdout, stderr: r.stderr, outputs };
}

/**
 * The actions the templates use, done by hand: what they do to the workspace is all a later step
 * sees. Only major-version pins of these are accepted; any other action fails the test.
 */
const ACTIONS: Record<string, (w: Record<string, string>, at: JobState) => string | undefined | Promise<undefined>> = {
  'actions/checkout': (_, { workspace, event }) => void cpSync(event.repository, workspace, { recursive: true }),
  'actions/setup-node': (w) => (String(w['node-version']) === '20' ? undefined : `node-version ${w['node-version']}`),
  // A folder is uploaded as its contents (the artifact's root is the folder), a file as itself.
  'actions/upload-artifact': (w, { workspace, event }) => {
    const to = join(event.store, event.github.run_id, w.name!);
    const from = join(workspace, w.path!);
    if (!existsSync(from)) return w['if-no-files-found'] === 'error' ? `no file ${w.path}` : undefined;
    mkdirSync(to, { recursive: true });
    cpSync(from, statSync(from).isDirectory() ? to : join(to, basename(from)), { recursive: true });
    return undefined;
  },
  'actions/download-artifact': (w, { workspace, event }) => {
    const from = join(event.store, w['run-id'] || event.github.run_id, w.name!);
    if (!existsSync(from)) return `no artifact ${w.name} in run ${w['run-id']}`;
    cpSync(from, join(workspace, w.path ?? '.'), { recursive: true });
    return undefined;
  },
  // An entry of exactly the key is restored; otherwise the path is saved when the job succeeds.
  'actions/cache': async (w, at) => {
    const entry = cacheEntry(at.event.caches, w.key!);
    if (existsSync(entry)) await copyTree(entry, join(at.workspace, w.path!));
    else at.saves.push({ key: w.key!, path: w.path! });
    return undefined;
  },
};

async function doAction(
  uses: string,
  inputs: Record<string, string | number>,
  at: JobState,
  context: Record<string, unknown>,
  status: { failed: boolean },
): Promise<Done> {
  const [action, version] = uses.split('@');
  const act = ACTIONS[action!];
  if (!act || !/^v\d+$/.test(version ?? '')) throw new Error(`the test does not know the action ${uses}`);
  const w = Object.fromEntries(Object.entries(inputs).map(([k, v]) => [k, interpolate(String(v), context, status)]));
  const error = await act(w, at);
  return { code: error ? 1 : 0, stdout: '', stderr: error ?? '', outputs: {} };
}

/**
 * The cache entry the workflow's `actions/cache` step of `path` restores, for a repository's
 * `caches` (its key's `${{ env.NAME }}` read from the workflow's env): where a job that installed
 * dsipform would have saved it.
 */
export function cacheEntryOf(workflow: Workflow, caches: string, path: string): string {
  const step = Object.values(workflow.jobs)
    .flatMap((job) => job.steps)
    .find((s) => s.uses?.startsWith('actions/cache@') && s.with?.path === path);
  if (!step) throw new Error(`the workflow has no actions/cache step of ${path}`);
  const key = String(step.with!.key).replace(/\$\{\{\s*env\.(\w+)\s*\}\}/g, (_, name: string) => workflow.env?.[name] ?? '');
  return cacheEntry(caches, key);
}
