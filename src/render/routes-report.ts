/**
 * What `dsipform routes` shows, as its renderers (text, markdown, JSON, HTML) read it: the classes
 * of calls of one rule set (the table) or of two (the difference), each with the stretches of time
 * it is decided alike and the decision of every side. The classes, windows and their words are
 * worked out by the routing simulation (src/routing/classes.ts); this module only names the shape
 * the renderers take, in the render layer's own types (structurally the simulation's own).
 */
import type { Direction, RouteDecision } from '../model/routing.js';

/** A class of calls: numbers starting with `prefix` and with none of `except`, from a caller holding exactly `from_parts`. */
export interface RoutesClass {
  readonly direction: Direction;
  /** `''`: the numbers no rule prefix takes. */
  readonly prefix: string;
  /** The longer prefixes left out, sorted. */
  readonly except: readonly string[];
  /** A representative number of the class. */
  readonly to: string;
  /** A representative From (`''`: no LCR From part). */
  readonly from: string;
  readonly from_parts: readonly string[];
}

/** A span of wall-clock time in the proxy's zone, `YYYY-MM-DDTHH:MM:SS`, end exclusive. */
export interface RoutesWindow {
  readonly start: string;
  readonly end: string;
}

/** The time examined: at least one full period of every time recurrence involved. */
export interface RoutesHorizon {
  readonly start: string;
  readonly end: string;
  readonly tz: string;
  /** In words: `one week from Mon 2026-11-30 00:00 Europe/London`. */
  readonly words: string;
}

/** One class in the stretches of time where every side decides it alike; `decisions[i]` is side `i`'s. */
export interface RoutesSpan {
  readonly class: RoutesClass;
  readonly windows: readonly RoutesWindow[];
  /** `always`, `Mon–Fri 18:00–24:00 America/New_York`. */
  readonly when: string;
  readonly decisions: readonly RouteDecision[];
}

/** One side of the report: what its rules are (`files`, `live`, `base`) and where they were read. */
export interface RoutesSide {
  /** `files`, `live`, `base`, or `files (after apply)`: the column title. */
  readonly name: string;
  /** Where: the paths, or the platform's address. */
  readonly source: string;
}

/**
 * The whole report: `table` has one side and every class; `diff` has two sides (before, after) and
 * only the spans whose decisions differ. `direction` is set when `--direction` narrowed it.
 */
export interface RoutesReport {
  readonly mode: 'table' | 'diff';
  readonly sides: readonly RoutesSide[];
  readonly direction?: Direction;
  readonly horizon: RoutesHorizon;
  readonly spans: readonly RoutesSpan[];
}
