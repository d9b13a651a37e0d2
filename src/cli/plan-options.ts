import type { LeaseRecord } from '../model/lease.js';
import type { PasswordRecord } from '../model/password-record.js';
import type { ClockOptions } from '../pipeline/clock.js';
import type { PipelineOptions } from '../pipeline/pipeline.js';
import type { CliIo } from './io.js';

/** The state a plan reads, when the files manage leases or send carrier-group passwords (`usesState`). */
export interface PlanLeases {
  readonly file: string;
  /** Every record of the state, of every target. */
  readonly records: readonly LeaseRecord[];
  /** The digests of the carrier-group passwords sent, of every target. */
  readonly passwords: readonly PasswordRecord[];
}

/**
 * The pipeline's options for a verb that plans from files against `target`: the instant, the
 * state's records, the clock flags as read (the pipeline reads the zone and `--at` in it,
 * pipeline/clock.ts), and the verb's own choices.
 * Only the leases recorded for `target` are held there: a lease of another platform (or of an
 * unknown one) is never renewed or revoked by this plan; likewise the password records compared.
 */
export function pipelineOptions(
  target: string,
  io: CliIo,
  leases: PlanLeases | undefined,
  clock: Pick<ClockOptions, 'clock' | 'standsIn'>,
  choices: Pick<PipelineOptions, 'mode' | 'allowDangling' | 'strict'>,
): PipelineOptions {
  return {
    target,
    now: io.now(),
    ...choices,
    ...(leases
      ? {
          leases: leases.records.filter((r) => r.target === target),
          stateFile: leases.file,
          passwordRecords: leases.passwords.filter((r) => r.target === target),
        }
      : {}),
    // Internal: the benchmark measures the plan with and without the routing impact (docs/performance.md).
    routingImpact: io.env.DSIPFORM_ROUTING_IMPACT !== 'off',
    ...clock,
  };
}
