import type { Kind } from './desired.js';
import type { ChangeAction } from './plan.js';

/** One HTTP request as a report records it: never a header or a body, which may hold a secret. */
export interface RequestRecord {
  readonly method: string;
  /** Below the API root, with its query; any known secret in it replaced by `(sensitive)`. */
  readonly path: string;
  /** The HTTP status, or `null` when no answer arrived. */
  readonly status: number | null;
  /** From sending to the whole answer read (or the failure), in milliseconds. */
  readonly duration_ms: number;
  /** The error code, when the request failed. */
  readonly error?: string;
  /** The index of the change (in plan order) it was made for; absent for the run's own requests. */
  readonly change?: number;
}

/** What became of one change in an apply. */
export type OutcomeStatus = 'applied' | 'failed' | 'not_attempted';

/** One change's result, in plan order. */
export interface ChangeOutcome {
  readonly action: ChangeAction;
  readonly kind: Kind;
  readonly key: string;
  readonly status: OutcomeStatus;
  /** The rule id the change created or touched, when known. */
  readonly ruleid?: number;
  /** For carrier-group changes: the group id created, updated or deleted. */
  readonly gwgroupid?: number;
  /** For lease changes: the lease id obtained (obtain, renew) or revoked (revoke). */
  readonly lease_id?: number;
  /** For `failed`: the error code and the platform's message (never a secret). */
  readonly error?: { readonly code: string; readonly message: string };
  /** For `not_attempted`: why (e.g. an earlier failure of the same kind, or an interrupt). */
  readonly reason?: string;
  /** Requests made for this change. */
  readonly attempts: number;
}

/** The `reason` of a change an interrupt kept from starting. */
export const INTERRUPTED_REASON = 'interrupted before it started';

/** The result of an apply. */
export interface ApplyReport {
  readonly target: string;
  readonly outcomes: readonly ChangeOutcome[];
  /** Whether the proxy was reloaded after the writes. */
  readonly reloaded: boolean;
  /** Set when the reload itself failed. */
  readonly reload_error?: string;
  readonly counts: Readonly<Record<OutcomeStatus, number>>;
  /**
   * Every request the apply made, in the order they ended: method, path, status, duration and the
   * index of the change it served (none for the reload). Never a header or a body.
   */
  readonly requests?: readonly RequestRecord[];
}

/** One line of `--format json` output during an apply: one per change, then a summary. */
export type ApplyEvent =
  | ({ readonly event: 'change' } & ChangeOutcome)
  | { readonly event: 'reload'; readonly ok: boolean; readonly error?: string }
  | ({ readonly event: 'summary'; readonly interrupted?: boolean } & Pick<ApplyReport, 'counts' | 'reloaded'>);
