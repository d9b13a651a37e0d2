import { Counter, Gauge, Registry } from 'prom-client';
import type { DropReason } from './webhook.js';

/** What one run of one target found and did, as the metrics count it. */
export interface RunFacts {
  readonly target: string;
  /** The plan's changes by kind and action (the drift); empty when the run failed before planning. */
  readonly changes: readonly { readonly kind: string; readonly action: string }[];
  /** The classes of calls the plan's safety check finds routed now and without a route after it. */
  readonly unroutedCalls: number;
  /** The routing invariants of the files the rules after the plan violate; default 0 (none, or none declared). */
  readonly violatedInvariants?: number;
  /** Managed inbound mappings the Numbers module emptied, as the last plan found them (default 0). */
  readonly emptiedMappings?: number;
  /** Changes applied in this run. */
  readonly applied: number;
  /** The error code the run failed or was refused with, if any. */
  readonly errorCode?: string;
  /** A refusal (PLAN_UNSAFE, PLAN_UNROUTING, PLAN_TESTS_FAILED, PLAN_INVARIANT_FAILED) rather than a failure. */
  readonly refused?: boolean;
  /** When the run ended, ms since the epoch. */
  readonly at: number;
}

/**
 * The reconciler's Prometheus metrics, in a registry of its own (no process defaults: the scrape
 * is about the platforms, not this process's heap). Every series is labelled by target name.
 */
export class WatchMetrics {
  readonly registry = new Registry();
  readonly #drift = new Gauge({
    name: 'dsipform_drift_changes',
    help: 'Changes the last plan of a target holds (what differs between the files and the platform), by kind and action.',
    labelNames: ['target', 'kind', 'action'],
    registers: [this.registry],
  });
  readonly #lastRun = new Gauge({
    name: 'dsipform_last_run_timestamp_seconds',
    help: 'When the last run of a target ended (planned, applied, refused or failed), in seconds since the epoch.',
    labelNames: ['target'],
    registers: [this.registry],
  });
  readonly #errors = new Counter({
    name: 'dsipform_run_errors_total',
    help: 'Runs of a target that failed (files invalid, platform unreachable, a change that failed); refusals are counted in dsipform_refused_runs_total.',
    labelNames: ['target'],
    registers: [this.registry],
  });
  readonly #refused = new Counter({
    name: 'dsipform_refused_runs_total',
    help: 'Runs whose plan the gate of apply refused (the safety rules, routing tests or invariants; with --apply, nothing of it applied), by error code.',
    labelNames: ['target', 'code'],
    registers: [this.registry],
  });
  readonly #applied = new Counter({
    name: 'dsipform_applied_changes_total',
    help: 'Changes applied to a target by this reconciler.',
    labelNames: ['target'],
    registers: [this.registry],
  });
  readonly #unrouted = new Gauge({
    name: 'dsipform_unrouted_calls',
    help: 'Classes of calls (number prefix, caller and time window) the last plan of a target would leave without a route or with an ambiguous one, as its safety check (PLAN_UNROUTING) counts them; 0 when policy.allow_unrouting is set.',
    labelNames: ['target'],
    registers: [this.registry],
  });
  readonly #violated = new Gauge({
    name: 'dsipform_violated_invariants',
    help: "Routing invariants of a target's files that the rules after its last plan violate (each refuses the plan, PLAN_INVARIANT_FAILED); 0 when every one holds or the files declare none.",
    labelNames: ['target'],
    registers: [this.registry],
  });
  readonly #emptied = new Gauge({
    name: 'dsipform_mappings_emptied_by_numbers',
    help: "Managed inbound mappings of a target that the platform's Numbers module emptied (their number available: servers wiped), as its last plan found them (MAPPING_EMPTIED_BY_NUMBERS).",
    labelNames: ['target'],
    registers: [this.registry],
  });
  readonly #dropped = new Counter({
    name: 'dsipform_webhook_events_dropped_total',
    help: 'Webhook events dropped: the oldest, when the queue was full (full); one whose every retry failed (failed); one the receiver answered with a redirect, which is never followed (redirected).',
    labelNames: ['reason'],
    registers: [this.registry],
  });
  readonly #sent = new Counter({
    name: 'dsipform_webhook_events_sent_total',
    help: 'Webhook events the receiver accepted (2xx).',
    registers: [this.registry],
  });
  /** The drift series set for each target, so a series that went away is removed, not left stale. */
  readonly #driftSeries = new Map<string, Set<string>>();

  /** Records one run's facts. */
  record(facts: RunFacts): void {
    const { target } = facts;
    this.#lastRun.set({ target }, facts.at / 1000);
    if (facts.errorCode !== undefined) {
      if (facts.refused) this.#refused.inc({ target, code: facts.errorCode });
      else this.#errors.inc({ target });
    } else {
      this.#errors.inc({ target }, 0);
    }
    this.#applied.inc({ target }, facts.applied);
    // A run that failed before planning knows nothing new about the drift: the last known stays.
    if (facts.errorCode !== undefined && !facts.refused && facts.changes.length === 0) return;
    this.#unrouted.set({ target }, facts.unroutedCalls);
    this.#violated.set({ target }, facts.violatedInvariants ?? 0);
    this.#emptied.set({ target }, facts.emptiedMappings ?? 0);
    const counts = new Map<string, number>();
    for (const c of facts.changes) counts.set(`${c.kind}\u0000${c.action}`, (counts.get(`${c.kind}\u0000${c.action}`) ?? 0) + 1);
    for (const old of this.#driftSeries.get(target) ?? []) {
      if (!counts.has(old)) {
        const [kind, action] = old.split('\u0000') as [string, string];
        this.#drift.remove({ target, kind, action });
      }
    }
    for (const [series, n] of counts) {
      const [kind, action] = series.split('\u0000') as [string, string];
      this.#drift.set({ target, kind, action }, n);
    }
    this.#driftSeries.set(target, new Set(counts.keys()));
  }

  /** Counts a webhook event dropped (`full`: the oldest, pushed out; `failed`: every retry failed; `redirected`: answered 3xx). */
  dropped(reason: DropReason): void {
    this.#dropped.inc({ reason });
  }

  /** Counts a webhook event delivered. */
  sent(): void {
    this.#sent.inc();
  }

  /** The metrics in the Prometheus text format. */
  text(): Promise<string> {
    return this.registry.metrics();
  }
}
