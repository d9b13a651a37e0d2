/** The last run of one target, as /healthz tells it. */
export interface TargetHealth {
  readonly ok: boolean;
  /** ISO time the last run ended. */
  readonly at: string;
  readonly changes: number;
  readonly applied: number;
  /** The error code of a failed or refused run. */
  readonly error?: string;
  /** A refused plan: the run finished, nothing was applied. */
  readonly refused?: boolean;
  /** How many of the files' routing invariants the last plan's rules violate; absent when the files declare none. */
  readonly violated_invariants?: number;
}

/**
 * What /healthz answers: 200 when every target's last run finished (a refused plan finished: the
 * refusal is the safety rules working), 503 before each target's first run and while any target's
 * last run failed (files invalid, platform unreachable, a change that failed).
 */
export class HealthBook {
  readonly #targets: readonly string[];
  readonly #last = new Map<string, TargetHealth>();

  constructor(targets: readonly string[]) {
    this.#targets = targets;
  }

  /** Notes the last run of `target`. */
  note(target: string, health: TargetHealth): void {
    this.#last.set(target, health);
  }

  /** The status code and the JSON body of /healthz. */
  answer(): { status: number; body: string } {
    const targets = Object.fromEntries(this.#targets.map((t) => [t, this.#last.get(t) ?? null]));
    const ok = this.#targets.every((t) => this.#last.get(t)?.ok === true);
    const pending = this.#targets.filter((t) => !this.#last.has(t));
    const status = ok ? 'ok' : pending.length > 0 ? 'starting' : 'failing';
    return { status: ok ? 200 : 503, body: `${JSON.stringify({ status, targets })}\n` };
  }
}
