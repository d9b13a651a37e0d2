import { jsonChunks } from './json-chunks.js';
import type { RoutesReport, RoutesSpan } from './routes-report.js';

/** The version of the `dsipform routes --format json` document; raised when a field changes meaning or goes. */
const ROUTES_FORMAT_VERSION = 1;

/** One span with its keys in the documented order, whatever order the simulation built them in. */
function spanJson(s: RoutesSpan): object {
  const c = s.class;
  return {
    class: {
      direction: c.direction,
      prefix: c.prefix,
      except: c.except,
      to: c.to,
      from: c.from,
      from_parts: c.from_parts,
      ...(c.from_holds ? { from_holds: c.from_holds } : {}),
      ...(c.from_except ? { from_except: c.from_except } : {}),
    },
    when: s.when,
    windows: s.windows.map((w) => (w.days === undefined ? { start: w.start, end: w.end } : { start: w.start, end: w.end, days: w.days })),
    decisions: s.decisions,
  };
}

/**
 * `dsipform routes --format json`: one object, documented in README.md ("See the whole routing"):
 * `format_version`, `mode` (`table` or `diff`), `sides` (`decisions[i]` of every span is side
 * `i`'s: for a diff, 0 before and 1 after), `direction` when narrowed, `horizon`, then `spans`, each
 * with its `class`, `when` (words), `windows` (wall clock in the horizon's zone, end exclusive;
 * `days`: the same window on that many consecutive days) and
 * `decisions` (the `dsipform route --format json` shape). Two-space indent, one trailing newline.
 */
export function renderRoutesJson(report: RoutesReport): string {
  return [...routesJsonChunks(report)].join('');
}

/** {@link renderRoutesJson}'s text in pieces of about 64 KiB (json-chunks.ts): what the CLI writes. */
export function routesJsonChunks(report: RoutesReport): Generator<string> {
  const doc = {
    format_version: ROUTES_FORMAT_VERSION,
    mode: report.mode,
    sides: report.sides.map((s) => ({ name: s.name, source: s.source })),
    ...(report.direction ? { direction: report.direction } : {}),
    horizon: { start: report.horizon.start, end: report.horizon.end, tz: report.horizon.tz, words: report.horizon.words },
  };
  return jsonChunks(doc, 'spans', report.spans.map(spanJson));
}
