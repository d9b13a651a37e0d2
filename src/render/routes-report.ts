/**
 * What `dsipform routes` shows, as its renderers (text, markdown, JSON, HTML) read it: the classes
 * of calls of one rule set (the table) or of two (the difference), each with the stretches of time
 * it is decided alike and the decision of every side. The classes, windows and their words are
 * worked out by the routing simulation (src/routing/classes.ts); this module only names the shape
 * the renderers take, in the model's types, which the simulation makes.
 */
import type { CallClass, ClassSpan, Direction, Horizon, TimeWindow } from '../model/routing.js';

/** A class of calls (the simulation's `CallClass`). */
export type RoutesClass = CallClass;
/** A span of wall-clock time in the proxy's zone, end exclusive. */
export type RoutesWindow = TimeWindow;
/** The time examined: at least one full period of every time recurrence involved. */
export type RoutesHorizon = Horizon;
/** One class in the stretches of time where every side decides it alike; `decisions[i]` is side `i`'s. */
export type RoutesSpan = ClassSpan;

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
