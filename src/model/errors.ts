/**
 * The base of every expected dsipform failure: a stable machine-readable `code` (never reworded),
 * a message saying what went wrong and where, and a `hint` saying what to do about it.
 * The CLI's single catch site turns these into exit code 1; anything else is reported as a bug.
 */
export class DsipformError extends Error {
  /** Stable identifier, e.g. `API_UNAUTHORIZED`; safe to match on. */
  readonly code: string;
  /** What the user can do about it; may be empty. */
  readonly hint: string;

  constructor(code: string, message: string, hint = '', options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DsipformError';
    this.code = code;
    this.hint = hint;
  }
}

/** A failure that means dsipform itself is wrong. */
export class InternalError extends DsipformError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('INTERNAL', `${message} (this is a bug, please report it)`, '', options);
    this.name = 'InternalError';
  }
}
