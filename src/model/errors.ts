import type { ErrorCode } from './error-codes.js';

export type { ApiErrorCode, ErrorCode } from './error-codes.js';

/**
 * The brand every dsipform error carries: the names of the classes it was made by (`DsipformError`,
 * then e.g. `ApiError`). A registry symbol (`Symbol.for`), so two copies of the package loaded in one
 * process (the CLI's and a CDKTF app's) agree on it, and `instanceof` works across them (as undici
 * brands its errors).
 */
const BRAND = Symbol.for('dsipform.error');

type Kinds = readonly string[];

function kindsOf(value: unknown): Kinds | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const kinds = (value as { [BRAND]?: unknown })[BRAND];
  return Array.isArray(kinds) ? (kinds as Kinds) : undefined;
}

/**
 * The base of every expected dsipform failure: a stable machine-readable `code` (never reworded,
 * listed in {@link ERROR_CODES}), a message saying what went wrong and where, and a `hint` saying what
 * to do about it. The CLI's single catch site turns these into exit code 1; anything else is reported
 * as a bug.
 *
 * `instanceof` checks the brand, not the prototype chain, so it holds for an error made by another
 * copy of dsipform. A subclass takes part by declaring its own static `kind`.
 */
export class DsipformError extends Error {
  /** The name this class is branded with; each subclass declares its own. */
  static readonly kind: string = 'DsipformError';

  /** Stable identifier, e.g. `API_UNAUTHORIZED`; safe to match on. */
  readonly code: ErrorCode;
  /** What the user can do about it; may be empty. */
  readonly hint: string;

  constructor(code: ErrorCode, message: string, hint = '', options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DsipformError';
    this.code = code;
    this.hint = hint;
    const kinds: string[] = [];
    for (let c: unknown = new.target; typeof c === 'function' && c !== Error; c = Object.getPrototypeOf(c)) {
      if (Object.hasOwn(c, 'kind')) kinds.unshift((c as typeof DsipformError).kind);
    }
    Object.defineProperty(this, BRAND, { value: Object.freeze(kinds) });
  }

  /** True for an error branded with this class's kind, from this copy of dsipform or another. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    if (!Object.hasOwn(this, 'kind')) return Function.prototype[Symbol.hasInstance].call(this, value);
    return kindsOf(value)?.includes(this.kind) ?? false;
  }
}

/** A failure that means dsipform itself is wrong. */
export class InternalError extends DsipformError {
  static override readonly kind: string = 'InternalError';

  /** What went wrong, without the request to report it (for callers that say that themselves). */
  readonly problem: string;

  constructor(message: string, options?: { cause?: unknown }) {
    super('INTERNAL', `${message} (this is a bug, please report it)`, '', options);
    this.name = 'InternalError';
    this.problem = message;
  }
}

/**
 * Several refusals of one thing as one error: `undefined` when none refuses; else the first (in the
 * order given) gives the code and the hint, and its message says that the others refuse too
 * (`refused: …; and …`). The gate's one wording of a plan refused for several reasons.
 */
export function joinRefusals(refusals: readonly (DsipformError | undefined)[]): DsipformError | undefined {
  const [first, ...also] = refusals.filter((r): r is DsipformError => r !== undefined);
  if (!first || also.length === 0) return first;
  const more = also.map((r) => r.message.replace(/^refused: /, '')).join('; and ');
  return new DsipformError(first.code, `${first.message}; and ${more}`, first.hint);
}
