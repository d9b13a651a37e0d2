import { count } from '../model/words.js';
import type { Change, Plan } from '../model/plan.js';
import { INTERRUPTED_REASON, type ChangeOutcome } from '../model/apply-report.js';

/** A change that was sent and whose answer never came: the run was stopped at once. */
export interface InFlightChange {
  readonly action: Change['action'];
  readonly kind: Change['kind'];
  readonly key: string;
  readonly ruleid?: number;
  readonly lease_id?: number;
  readonly gwgroupid?: number;
}

/**
 * What is known of an apply while it runs: which changes started, and the outcome of each that
 * settled. A second Ctrl-C stops the process at once; this is what its report is made of.
 */
export class ApplyTracker {
  private readonly started = new Set<number>();
  private readonly outcomes: (ChangeOutcome | undefined)[];

  constructor(private readonly plan: Plan) {
    this.outcomes = new Array<ChangeOutcome | undefined>(plan.changes.length);
  }

  /** A change's first request is about to be sent. */
  readonly onStart = (index: number): void => void this.started.add(index);

  /** A change settled. */
  readonly onOutcome = (outcome: ChangeOutcome, index: number): void => {
    this.outcomes[index] = outcome;
  };

  /**
   * The `--report` content of a run stopped at once: `interrupted` and `stopped_at_once` true, every
   * settled outcome, the changes in flight (sent, answer unknown) under `in_flight`, and every change
   * that never started as not attempted. The proxy was not reloaded.
   */
  stoppedReport(): Record<string, unknown> {
    const outcomes: ChangeOutcome[] = [];
    const inFlight: InFlightChange[] = [];
    this.plan.changes.forEach((c, i) => {
      const known = this.outcomes[i];
      const ids = {
        ...('ruleid' in c && c.ruleid !== undefined ? { ruleid: c.ruleid } : {}),
        ...('lease_id' in c && c.lease_id !== undefined ? { lease_id: c.lease_id } : {}),
        ...('gwgroupid' in c ? { gwgroupid: c.gwgroupid } : {}),
      };
      if (known) outcomes.push(known);
      else if (this.started.has(i)) inFlight.push({ action: c.action, kind: c.kind, key: c.key, ...ids });
      else
        outcomes.push({
          action: c.action,
          kind: c.kind,
          key: c.key,
          ...ids,
          status: 'not_attempted',
          reason: INTERRUPTED_REASON,
          attempts: 0,
        });
    });
    const counts = { applied: 0, failed: 0, not_attempted: 0 };
    for (const o of outcomes) counts[o.status] += 1;
    return {
      format_version: 1,
      interrupted: true,
      stopped_at_once: true,
      target: this.plan.target,
      outcomes,
      in_flight: inFlight,
      reloaded: false,
      counts: { ...counts, in_flight: inFlight.length },
    };
  }

  /** One sentence for stderr: what a run stopped at once leaves behind. */
  stoppedSentence(report: Record<string, unknown>): string {
    const c = report.counts as { applied: number; failed: number; not_attempted: number; in_flight: number };
    return `Stopped at once: ${c.applied} applied, ${c.failed} failed, ${count(c.in_flight, 'change')} in flight (outcome unknown), ${c.not_attempted} not attempted; the proxy was not reloaded.`;
  }
}
