import { DsipformError } from '../model/errors.js';
import type { Change } from '../model/plan.js';
import { HealthBook } from '../watch/health.js';
import { jittered, parseInterval } from '../watch/interval.js';
import { WatchMetrics } from '../watch/metrics.js';
import { driftEvents, emptiedMappingEvents, invariantsEvent, outcomeEvents, problemEvent } from '../watch/events.js';
import { parseListen, startWatchServer, type WatchServer } from '../watch/server.js';
import { checkWebhookUrl, WebhookQueue, type DropReason } from '../watch/webhook.js';
import { redact, writeLine, type CliIo } from './io.js';
import { parseParallelism } from './options.js';
import { readClockFlags, type ClockFlags } from './proxy-clock.js';
import { parallelLimit } from './targets.js';
import { runOnce, type RunResult, type WatchSource } from './watch-run.js';
import { watchSources, type SourceFlags } from './watch-sources.js';

/** `dsipform watch` flags, as commander parses them. */
export interface WatchFlags extends SourceFlags, ClockFlags {
  interval: string;
  apply?: boolean;
  once?: boolean;
  /** `HOST:PORT`, or `none` for no server. */
  listen: string;
  webhook?: string;
  webhookQueue: string;
  webhookAttempts: string;
  parallelism: string;
}

/** What the last run of a target was, to post an event when it changes rather than at every run. */
interface Memory {
  drift: Set<string>;
  problem?: string;
  /** Violated invariants at the last run that planned; undefined before the first. */
  violated?: number;
  /** The mappings the Numbers module emptied at the last run that planned (their keys), so each is posted once. */
  emptied: Set<string>;
}

/**
 * `dsipform watch`: plans each platform every `--interval` (with jitter), and with `--apply` applies
 * what the gate of `apply` lets through (never forced). Serves /metrics and /healthz, posts events
 * to `--webhook`. Reads the files afresh at each run. SIGTERM or SIGINT: the run in flight starts no
 * new change, finishes those in flight, releases its lock; then the server closes and the exit is 0.
 * A plan the gate of apply refuses is reported (log, metrics, webhook) with or without `--apply`.
 * With `--once`: one run, exit 0 when every platform matches its files (after applying), 2 when
 * drift is left, 1 when a run failed or a plan was refused.
 */
export async function runWatch(paths: string[], flags: WatchFlags, io: CliIo): Promise<number> {
  const interval = parseInterval(flags.interval);
  const parallelism = parseParallelism(flags.parallelism);
  const limit = parallelLimit(flags);
  // --tz is read once, before the first run (each target's own zone and the files' are read at each run).
  const clock = readClockFlags(flags);
  // A webhook URL is a credential (Slack's path is its secret): never printed.
  if (flags.webhook) {
    io.secrets.add(flags.webhook);
    checkWebhookUrl(flags.webhook);
  }
  const sources = await watchSources(paths, flags, io);
  const metrics = new WatchMetrics();
  const health = new HealthBook(sources.map((s) => s.name));
  const log = (line: string): void => writeLine(io.stderr, redact(line, io.secrets));
  const hook = flags.webhook ? webhookQueue(flags, io, metrics, log) : undefined;
  const stop = new AbortController();
  const onSignal = (signal: string): void => {
    if (stop.signal.aborted) return;
    log(`watch: ${signal}: finishing the run in flight (no new change starts), then stopping`);
    stop.abort();
  };
  const onTerm = (): void => onSignal('SIGTERM');
  const onInt = (): void => onSignal('SIGINT');
  process.on('SIGTERM', onTerm);
  process.on('SIGINT', onInt);
  let server: WatchServer | undefined;
  try {
    if (flags.listen !== 'none') {
      const { host, port } = parseListen(flags.listen);
      server = await startWatchServer(host, port, {
        metrics: async () => ({ contentType: metrics.registry.contentType, body: await metrics.text() }),
        health: () => health.answer(),
      });
      writeLine(io.stdout, `listening on ${server.url}`);
    }
    const memory = new Map<string, Memory>(sources.map((s) => [s.name, { drift: new Set(), emptied: new Set() }]));
    let exit = 0;
    while (!stop.signal.aborted) {
      const results = await eachBounded(
        sources,
        (s) => runOnce(s, io, { ...flags, apply: flags.apply === true, signal: stop.signal, parallelism, clock }),
        limit,
      );
      const codes = results.map((r, i) =>
        note(sources[i]!, r, {
          io,
          metrics,
          health,
          memory: memory.get(sources[i]!.name)!,
          log,
          ...(hook ? { hook } : {}),
        }),
      );
      exit = codes.includes(1) ? 1 : codes.includes(2) ? 2 : 0;
      if (flags.once) break;
      await sleep(jittered(interval, Math.random()), stop.signal);
    }
    return flags.once ? exit : 0;
  } finally {
    process.off('SIGTERM', onTerm);
    process.off('SIGINT', onInt);
    await hook?.close();
    await server?.close();
    if (stop.signal.aborted) log('watch: stopped');
  }
}

/** Where a run's facts go. */
interface Sinks {
  readonly io: CliIo;
  readonly metrics: WatchMetrics;
  readonly health: HealthBook;
  readonly memory: Memory;
  readonly log: (line: string) => void;
  readonly hook?: WebhookQueue;
}

/** Records one run: metrics, health, a log line, events. Returns the run's exit code (as --once exits). */
function note(source: WatchSource, result: RunResult, sinks: Sinks): number {
  const { metrics, health, memory, log, hook } = sinks;
  const at = sinks.io.now();
  const iso = new Date(at).toISOString();
  const plan = result.plan;
  const applied = result.outcomes.filter((o) => o.status === 'applied').length;
  const problem = result.refusal ? { code: result.refusal.code, message: result.refusal.message } : result.failure;
  const unrouted = (plan?.safety ?? []).reduce((n, f) => n + (f.rule === 'unrouting' ? f.calls.length : 0), 0);
  const violated = (plan?.invariants ?? []).filter((r) => r.status === 'violated').length;
  metrics.record({
    target: source.name,
    changes: plan?.changes ?? [],
    unroutedCalls: unrouted,
    violatedInvariants: violated,
    emptiedMappings: plan?.coexistence?.length ?? 0,
    applied,
    at,
    ...(problem ? { errorCode: problem.code, refused: result.refusal !== undefined } : {}),
  });
  health.note(source.name, {
    ok: result.failure === undefined,
    at: iso,
    changes: plan?.changes.length ?? 0,
    applied,
    ...(problem ? { error: problem.code } : {}),
    ...(result.refusal ? { refused: true } : {}),
    ...(plan?.invariants ? { violated_invariants: violated } : {}),
  });
  // The log: one line a run, and one a problem.
  const n = plan?.changes.length ?? 0;
  // Changes an interrupt (SIGTERM) kept from starting: the next run plans them again.
  const notStarted = result.outcomes.filter((o) => o.status === 'not_attempted').length;
  if (plan)
    log(
      `${source.name}: ${n === 0 ? 'no drift' : `${n} ${n === 1 ? 'change' : 'changes'} of drift`}${applied > 0 ? `, ${applied} applied` : ''}${notStarted > 0 ? `, ${notStarted} not started` : ''}`,
    );
  if (problem) log(`${source.name}: ${result.refusal ? 'refused, nothing applied' : 'error'} (${problem.code}): ${problem.message}`);
  if (hook) post(hook, source.name, plan?.changes ?? [], result, iso, memory, problem);
  // A plan of this run knows the drift; without one (a failure before it) the last known stands.
  if (plan) memory.drift = new Set(plan.changes.map(identity));
  if (plan) memory.violated = violated;
  if (plan) memory.emptied = new Set((plan.coexistence ?? []).map((f) => f.key));
  memory.problem = problem ? `${problem.code} ${problem.message}` : undefined;
  if (problem) return 1;
  return n > applied ? 2 : 0;
}

/** One event per drifted object newly seen (not at every run), per change applied, per mapping newly found emptied by the Numbers module, per new problem. */
function post(
  hook: WebhookQueue,
  target: string,
  changes: readonly Change[],
  result: RunResult,
  at: string,
  memory: Memory,
  problem: { code: string; message: string } | undefined,
): void {
  if (result.plan) {
    const fresh = { ...result.plan, changes: changes.filter((c) => !memory.drift.has(identity(c))) };
    for (const event of driftEvents(target, fresh, at)) hook.push(event);
    for (const event of outcomeEvents(target, result.outcomes, at)) hook.push(event);
    // When the count changes (before the first run it is taken as 0, so a first violation is news).
    const records = result.plan.invariants ?? [];
    const violated = records.filter((r) => r.status === 'violated').length;
    if (violated !== (memory.violated ?? 0)) hook.push(invariantsEvent(target, at, records, memory.violated ?? 0));
    const emptied = (result.plan.coexistence ?? []).filter((f) => !memory.emptied.has(f.key));
    for (const event of emptiedMappingEvents(target, emptied, at)) hook.push(event);
  }
  if (problem && memory.problem !== `${problem.code} ${problem.message}`) {
    hook.push(problemEvent(target, at, problem.code, problem.message, result.refusal !== undefined));
  }
}

/** What makes a drifted object the same drift as at the last run. */
function identity(c: Change): string {
  return JSON.stringify([c.kind, c.key, c.action, c.fields]);
}

/** Why an event was dropped, in the log's words; a redirect's target is not named (it may hold a secret). */
const DROP_WORDS: Record<DropReason, (status?: number) => string> = {
  full: () => 'the queue was full: the oldest went',
  failed: () => 'every attempt failed',
  redirected: (status) =>
    `the receiver answered ${status}, a redirect, which dsipform does not follow: give --webhook the address events are to go to`,
};

function webhookQueue(flags: WatchFlags, io: CliIo, metrics: WatchMetrics, log: (line: string) => void): WebhookQueue {
  return new WebhookQueue({
    url: flags.webhook!,
    capacity: positive(flags.webhookQueue, '--webhook-queue'),
    attempts: positive(flags.webhookAttempts, '--webhook-attempts'),
    backoffMs: Number(io.env.DSIPFORM_WEBHOOK_BACKOFF_MS ?? 500),
    secrets: io.secrets,
    onDrop: (reason, status) => {
      metrics.dropped(reason);
      log(`watch: webhook event dropped (${DROP_WORDS[reason](status)})`);
    },
    onSent: () => metrics.sent(),
    onAttemptFailed: (problem) => log(`watch: webhook: ${problem}; retrying`),
  });
}

function positive(text: string, flag: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) {
    throw new DsipformError('CLI_BAD_OPTION', `${flag} "${text}" is not a whole number of at least 1`, `For example ${flag} 5.`);
  }
  return n;
}

/** Waits `ms`, or until `signal` aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    // An aborted signal fires no more 'abort' events: checked first.
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/** `fn` for each item, at most `limit` at once; the results in the items' order (`fn` never throws: runOnce returns its failures). */
async function eachBounded<T, R>(items: readonly T[], fn: (item: T) => Promise<R>, limit: number): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}
