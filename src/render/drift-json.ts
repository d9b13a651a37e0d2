import type { DriftReport } from './drift-report.js';

/** The top-level keys of a drift report, in the order `--format json` writes them. */
const REPORT_KEYS = [
  'format_version',
  'target',
  'api_profile',
  'managed',
  'drift',
  'summary',
  'objects',
  'routing_impact',
  'horizon',
  'live_checksum',
  'names',
  'pending_reload',
  'coexistence',
] as const;

/**
 * A drift report as pretty JSON (2 spaces) with a trailing newline, its keys in a fixed order
 * (schemas/drift.schema.json describes it; a routing impact entry and the horizon are as a saved
 * plan writes them). Pure and deterministic: two runs against one platform and one set of files
 * print the same bytes.
 */
export function renderDriftJson(report: DriftReport): string {
  const values = report as unknown as Readonly<Record<string, unknown>>;
  const ordered = Object.fromEntries(REPORT_KEYS.filter((k) => values[k] !== undefined).map((k) => [k, values[k]]));
  return `${JSON.stringify(ordered, null, 2)}\n`;
}
