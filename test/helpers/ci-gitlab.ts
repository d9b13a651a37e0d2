import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { copyTree, runProcess } from './process.js';

/** The parts of a `.gitlab-ci.yml` the runner reads. */
export interface GitlabPipeline {
  readonly default?: { before_script?: string[]; cache?: GitlabCache };
  readonly variables?: Record<string, string>;
  readonly [job: string]: unknown;
}

/** A `cache:` as the templates write it: one key, paths in the project folder. */
interface GitlabCache {
  readonly key: string;
  readonly paths: readonly string[];
}

interface GitlabJob {
  readonly rules?: readonly { if?: string; when?: string }[];
  readonly cache?: GitlabCache;
  readonly variables?: Record<string, string>;
  readonly before_script?: string[];
  readonly script: string[];
  readonly artifacts?: { paths?: string[]; when?: string };
}

/** What a GitLab job did; `ran` is false when its rules left it out. */
export interface GitlabJobResult {
  readonly ran: boolean;
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly workspace: string;
}

/** Where a job runs: the repository to clone, CI/CD variables (CI_*, project ones), artifacts. */
export interface GitlabRun {
  readonly repository: string;
  readonly variables: Record<string, string>;
  /** Artifacts by job id: `<store>/<CI_JOB_ID>/…`. */
  readonly store: string;
  /** The project's caches by key: `<caches>/<key>/…`, shared by every job. */
  readonly caches: string;
  readonly stubBin: string;
}

/**
 * Runs one job as a GitLab runner would: its `rules:` (first match; `changes:` taken as matched),
 * a fresh clone, the variables of the pipeline, job and run, its `cache:` (or the default's)
 * restored, then `before_script` and `script` as one `bash -eo pipefail` script, the cache saved
 * again on success, and `artifacts:` kept under the job's id (on success, or always).
 */
export async function runGitlabJob(pipeline: GitlabPipeline, name: string, run: GitlabRun): Promise<GitlabJobResult> {
  const job = pipeline[name] as GitlabJob | undefined;
  if (!job?.script) throw new Error(`no job ${name}`);
  const workspace = mkdtempSync(join(tmpdir(), 'dsipform-glci-'));
  const env: Record<string, string> = { CI: 'true', GITLAB_CI: 'true', ...pipeline.variables, ...job.variables, ...run.variables };
  const rule = (job.rules ?? [{}]).find((r) => r.if === undefined || ruleHolds(r.if, env));
  if (!rule || rule.when === 'never') return { ran: false, code: null, stdout: '', stderr: '', workspace };
  cpSync(run.repository, workspace, { recursive: true });
  const cache = job.cache ?? pipeline.default?.cache;
  const cached = cache ? join(run.caches, cache.key) : undefined;
  const cachedPaths = (cache?.paths ?? []).map((path) => path.replace(/\/+$/, ''));
  for (const path of cached ? cachedPaths : []) {
    if (existsSync(join(cached!, path))) await copyTree(join(cached!, path), join(workspace, path));
  }
  const script = join(mkdtempSync(join(tmpdir(), 'dsipform-glci-script-')), 'job.sh');
  writeFileSync(script, [...(job.before_script ?? pipeline.default?.before_script ?? []), ...job.script].join('\n'));
  const r = await runProcess('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], {
    cwd: workspace,
    env: { PATH: `${run.stubBin}:${process.env.PATH}`, HOME: workspace, ...env },
  });
  // The cache is replaced as a whole, as GitLab uploads a new archive of the paths; the job is
  // over, so they can be moved out of its workspace.
  for (const path of cached && r.code === 0 ? cachedPaths : []) {
    rmSync(join(cached!, path), { recursive: true, force: true });
    mkdirSync(dirname(join(cached!, path)), { recursive: true });
    if (existsSync(join(workspace, path))) renameSync(join(workspace, path), join(cached!, path));
  }
  const keep = job.artifacts?.when === 'always' || r.code === 0;
  for (const path of keep ? (job.artifacts?.paths ?? []) : []) {
    const to = join(run.store, env.CI_JOB_ID!);
    mkdirSync(to, { recursive: true });
    if (existsSync(join(workspace, path))) cpSync(join(workspace, path), join(to, path), { recursive: true });
  }
  return { ran: true, code: r.code, stdout: r.stdout, stderr: r.stderr, workspace };
}

/** A rule's `if:` as the templates write them: `$A == "x"`, `$A == $B`, `!=`, `&&`, `||`. */
export function ruleHolds(expr: string, env: Record<string, string>): boolean {
  if (expr.includes('||')) return expr.split('||').some((e) => ruleHolds(e, env));
  if (expr.includes('&&')) return expr.split('&&').every((e) => ruleHolds(e, env));
  const value = (t: string): string => (t.startsWith('$') ? (env[t.slice(1)] ?? '') : t.replace(/^"(.*)"$/, '$1'));
  const m = /^\s*(\S+)\s*(==|!=)\s*(\S+)\s*$/.exec(expr);
  if (!m) throw new Error(`the test's rules evaluator does not know: ${expr}`);
  return (value(m[1]!) === value(m[3]!)) === (m[2] === '==');
}

/**
 * Where the pipeline's default `cache:` keeps `path` for a project's `caches`: where a job that
 * installed dsipform would have saved it.
 */
export function cacheEntryOf(pipeline: GitlabPipeline, caches: string, path: string): string {
  const cache = pipeline.default?.cache;
  if (!cache?.paths.some((p) => p.replace(/\/+$/, '') === path)) throw new Error(`the pipeline's default cache does not keep ${path}`);
  return join(caches, cache.key, path);
}
