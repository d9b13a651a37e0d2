/**
 * The warning about leases the platform may have issued that the state does not hold. The platform
 * cannot list leases or read one back, so these words are all a user ever learns of such a lease.
 */

/** One lease that may exist unrecorded: from a note (expires by) or from an answer (id, expires at). */
export interface UnrecordedEntry {
  readonly email: string;
  /** ISO 8601: the note's `expires_by`, or the lease's own `expires_at` when `lease_id` is known. */
  readonly expires: string;
  /** Known when the answer arrived but could not be recorded. */
  readonly lease_id?: number;
}

/** Why the entries are unrecorded: this run lost them, or a run before this one did. */
export type UnrecordedWhen = 'this-run' | 'earlier';

/**
 * The list inside the parentheses: each lease with a known id on its own; the others grouped by
 * email, in order of first appearance, with the latest expiry of the group (an upper bound for each).
 */
function listText(entries: readonly UnrecordedEntry[]): string {
  const items: { email: string; expires: string; lease_id: number | undefined; count: number }[] = [];
  for (const e of entries) {
    const group = e.lease_id === undefined ? items.find((i) => i.lease_id === undefined && i.email === e.email) : undefined;
    if (group === undefined) {
      items.push({ email: e.email, expires: e.expires, lease_id: e.lease_id, count: 1 });
      continue;
    }
    group.count += 1;
    if (Date.parse(e.expires) > Date.parse(group.expires)) group.expires = e.expires;
  }
  return items
    .map((i) => {
      if (i.lease_id !== undefined) return `lease ${i.lease_id}, ${i.email}, expires at ${i.expires}`;
      return i.count === 1 ? `${i.email}, expires by ${i.expires}` : `${i.count} for ${i.email}, all expire by ${i.expires}`;
    })
    .join('; ');
}

function cause(entries: readonly UnrecordedEntry[], when: UnrecordedWhen): string {
  const obtains = entries.length === 1 ? 'the answer to its obtain' : 'the answers to these obtains';
  if (when === 'earlier') return `a run lost ${obtains}, or was stopped while waiting for ${entries.length === 1 ? 'it' : 'them'}`;
  const known = entries.some((e) => e.lease_id !== undefined);
  const lost = entries.some((e) => e.lease_id === undefined);
  if (known && lost) return 'this run lost the answers to some of these obtains, and could not write the others to the state';
  return known ? `this run could not write ${entries.length === 1 ? 'it' : 'them'} to the state` : `this run lost ${obtains}`;
}

/**
 * The warning line (without a trailing newline) for `entries` of one `target`, e.g.
 * `warning: 3 leases may have been obtained from URL and not recorded (2 for ops@example.com, all
 * expire by T; lease 17, desk@example.com, expires at T2): …`, with what happened and what it
 * means. Names each lease by its id where known, else by its email and the time by which it has
 * expired; never a password (none is known).
 */
export function unrecordedLeasesWarning(target: string, entries: readonly UnrecordedEntry[], when: UnrecordedWhen): string {
  const count = entries.length === 1 ? '1 lease' : `${entries.length} leases`;
  const list = listText(entries);
  const ids = entries.flatMap((e) => (e.lease_id === undefined ? [] : [e.lease_id]));
  const revoke =
    ids.length === 0
      ? ''
      : ids.length === 1
        ? ` To revoke lease ${ids[0]} now: dsipform lease revoke ${ids[0]} against ${target}.`
        : ` To revoke leases ${ids.join(', ')} now: dsipform lease revoke ID against ${target}, for each.`;
  return (
    `warning: ${count} may have been obtained from ${target} and not recorded (${list}): ${cause(entries, when)}. ` +
    `The platform cannot list leases or read one back, so dsipform cannot find ${entries.length === 1 ? 'it' : 'them'} or recover the credentials; ` +
    `each expires by itself at the time shown, and every run that reads the state warns until then.${revoke}`
  );
}
