import type { UniqueIdentity } from '../../kind-inputs.js';
import { DUPLICATE_HINTS } from '../../normalize.js';
import { lcrPattern } from '../../outbound-route.js';

/**
 * What must be unique among the routes of all files, in the order repeats are reported: the name
 * of an entry that pins no ruleid (pinned entries are identified by it, so they may share a name,
 * as live routes can), the LCR pattern `<from_prefix>-<prefix>` (the platform keeps one LCR record
 * per pattern), and a pinned ruleid (one entry per live route).
 */
export const ROUTE_UNIQUE: readonly UniqueIdentity[] = [
  {
    what: 'route name',
    of: (entry, text) => (entry.ruleid === undefined ? text('name') : undefined),
    shows: 'name',
    hint: DUPLICATE_HINTS.routeName,
    filesHint: `${DUPLICATE_HINTS.routeName}, or pin each one to its live route with ruleid: N`,
  },
  {
    what: 'LCR pattern',
    // A simple route has none; an LCR route with an empty prefix is already an issue of its own.
    of: (_entry, text) => {
      const fromPrefix = text('from_prefix');
      const prefix = text('prefix');
      return fromPrefix && prefix ? lcrPattern(fromPrefix, prefix) : undefined;
    },
    hint: DUPLICATE_HINTS.lcrPattern,
  },
  {
    what: 'pinned ruleid',
    of: (entry) => (typeof entry.ruleid === 'number' && Number.isInteger(entry.ruleid) ? String(entry.ruleid) : undefined),
    bare: true,
    hint: 'pin each live route from one entry only',
  },
];
