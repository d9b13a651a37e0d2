/**
 * Fault injection: the failures a real platform behind nginx on a real network shows, on demand and
 * reproducibly. Where they apply, in request order:
 *
 * 1. latency: every request, before anything else (it is the network);
 * 2. rate limit: every request, before auth (nginx's `limit_req` runs before the application);
 * 3. 5xx and drops: only authorized requests to a known operation, once the body is read and before
 *    the request is validated or acted on. 401, 404, 405 and 413 stay deterministic, so a client's
 *    handling of them can be tested with faults on. Reloads, stats and leases are operations like
 *    any other: a real proxy reload can fail too.
 *
 * A 5xx or a drop-before changes nothing; a drop-after runs the handler and saves the change, then
 * resets the connection instead of answering: the client cannot tell it from a drop-before.
 */
import { DsipformError } from '../model/errors.js';
import { randomInt } from 'node:crypto';
import { mulberry32, type Random } from './prng.js';
import { FAULT_LIMITS } from './limits.js';
import { RateLimiter } from './rate-limit.js';

/** Faults to inject; every one is off when absent or 0. */
export interface FaultOptions {
  /** Fraction in [0, 1] of requests answered 500 (JSON), 502 or 503 (nginx HTML) before acting. */
  faultRate?: number;
  /**
   * Fraction in [0, 1] of requests whose connection is reset without an answer: half before acting,
   * half after the change was committed. `faultRate + dropRate` must not exceed 1: a request gets
   * at most one of the two, so each rate is exactly the fraction of requests it hits.
   */
  dropRate?: number;
  /** Mean delay added to every request, in ms (at most 60000), jittered uniformly in [0.5, 1.5]×. */
  latencyMs?: number;
  /** Requests per second (sliding one-second window, at most 100000) above which the answer is 429. */
  rateLimit?: number;
  /** Seed of the fault decisions, an integer in [0, 2^32); default: a random one (see `FaultInjector.seed`). */
  seed?: number;
  /**
   * Under the spec profile, carrier-group writes swallow their errors as the deployed platform
   * does: 200, and what fails is not written (the `current` profile always does). Default off.
   */
  swallowGroupErrors?: boolean;
}

/** What happens to one request that reached an operation. */
export type FaultDecision = 'none' | 'drop-before' | 'drop-after' | 500 | 502 | 503;

const STATUSES = [500, 502, 503] as const;

/**
 * Draws the fault decisions. Decisions and latency come from two generators seeded from `seed`, so
 * the sequence of decisions is the same for the same seed and request order, whether or not latency
 * is on. Throws an Error naming the option when one is out of range.
 */
export class FaultInjector {
  /** The seed in use, so a run can be repeated. */
  readonly seed: number;
  private readonly faultRate: number;
  private readonly dropRate: number;
  private readonly latencyMs: number;
  private readonly decisions: Random;
  private readonly jitter: Random;
  private readonly limiter: RateLimiter | undefined;

  constructor(options: FaultOptions, clock?: () => number) {
    const problem = checkFaults(options);
    if (problem)
      throw new DsipformError(
        'EMULATOR_BAD_OPTION',
        `Bad emulator fault option: ${problem}`,
        'See FAULT_LIMITS in the emulator for the allowed ranges.',
      );
    this.seed = options.seed ?? randomInt(0, FAULT_LIMITS.seed + 1);
    this.faultRate = options.faultRate ?? 0;
    this.dropRate = options.dropRate ?? 0;
    this.latencyMs = options.latencyMs ?? 0;
    this.decisions = mulberry32(this.seed);
    this.jitter = mulberry32(this.seed ^ 0x9e3779b9);
    this.limiter = options.rateLimit ? new RateLimiter(options.rateLimit, clock) : undefined;
  }

  /** The delay to add before handling a request, in ms; 0 when latency is off. */
  delayMs(): number {
    return this.latencyMs === 0 ? 0 : Math.round(this.latencyMs * (0.5 + this.jitter()));
  }

  /** `null` when the request is within the rate limit, else the `Retry-After` in seconds. */
  admit(): number | null {
    return this.limiter ? this.limiter.admit() : null;
  }

  /** The fate of one request that reached an operation; draws two numbers whatever the outcome. */
  decide(): FaultDecision {
    if (this.faultRate === 0 && this.dropRate === 0) return 'none';
    const which = this.decisions();
    const detail = this.decisions();
    if (which < this.faultRate) return STATUSES[Math.floor(detail * STATUSES.length)] ?? 500;
    if (which < this.faultRate + this.dropRate) return detail < 0.5 ? 'drop-after' : 'drop-before';
    return 'none';
  }
}

/** A fault injector, or `undefined` when no fault is asked for (the server then skips every check). */
export function createFaultInjector(options: FaultOptions | undefined): FaultInjector | undefined {
  if (!options) return undefined;
  const injector = new FaultInjector(options);
  const on = Boolean(options.faultRate || options.dropRate || options.latencyMs || options.rateLimit);
  return on ? injector : undefined;
}

/** What is wrong with the options, naming the option, or `null` when they are fine. */
export function checkFaults(options: FaultOptions): string | null {
  const { faultRate = 0, dropRate = 0, latencyMs = 0, rateLimit = 0, seed = 0 } = options;
  if (!isFraction(faultRate)) return `faultRate ${faultRate} is not a fraction between 0 and 1`;
  if (!isFraction(dropRate)) return `dropRate ${dropRate} is not a fraction between 0 and 1`;
  if (faultRate + dropRate > 1) return `faultRate ${faultRate} and dropRate ${dropRate} add up to more than 1`;
  if (!isIntegerIn(latencyMs, FAULT_LIMITS.latencyMs))
    return `latencyMs ${latencyMs} is not an integer from 0 to ${FAULT_LIMITS.latencyMs}`;
  if (!isIntegerIn(rateLimit, FAULT_LIMITS.rateLimit))
    return `rateLimit ${rateLimit} is not an integer from 0 to ${FAULT_LIMITS.rateLimit}`;
  if (!isIntegerIn(seed, FAULT_LIMITS.seed)) return `seed ${seed} is not an integer from 0 to ${FAULT_LIMITS.seed}`;
  return null;
}

function isFraction(n: number): boolean {
  return Number.isFinite(n) && n >= 0 && n <= 1;
}

function isIntegerIn(n: number, max: number): boolean {
  return Number.isInteger(n) && n >= 0 && n <= max;
}

/** The page nginx serves when its upstream is down (502) or overloaded (503). */
export function nginxErrorPage(status: 502 | 503): string {
  const title = status === 502 ? '502 Bad Gateway' : '503 Service Temporarily Unavailable';
  return `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
}
