import type { CollectionName } from '../model/desired.js';
import type { GatewayGroup } from '../model/group.js';
import type { InboundMapping } from '../model/inbound-mapping.js';
import type { OutboundRoute } from '../model/outbound-route.js';
import type { LiveState } from '../model/live.js';
import { canonicalJson, checksumOfText } from './checksum.js';

/**
 * The fields of each kind of live record, in sorted order. Live records hold exactly these (the
 * client's wire mapping makes them), all flat, so JSON.stringify given this list writes a record's
 * canonical JSON as it is: no sorted copy of each of 15,000 records on every plan.
 */
const RECORD_FIELDS = {
  inbound_mappings: ['did', 'notes', 'ruleid', 'servers'],
  outbound_routes: ['from_prefix', 'groupid', 'gwgroupid', 'name', 'prefix', 'priority', 'routeid', 'ruleid', 'timerec'],
} as const satisfies { inbound_mappings: readonly (keyof InboundMapping)[]; outbound_routes: readonly (keyof OutboundRoute)[] };

// A field added to the model must be added above, or it would be left out of the checksum.
type Unlisted =
  | Exclude<keyof InboundMapping, (typeof RECORD_FIELDS.inbound_mappings)[number]>
  | Exclude<keyof OutboundRoute, (typeof RECORD_FIELDS.outbound_routes)[number]>;
const everyFieldListed: [Unlisted] extends [never] ? true : never = true;
void everyFieldListed;

/**
 * The checksum of a live state: sha256 of its canonical JSON, records sorted by ruleid, so the
 * same platform content always gives the same checksum whatever order the platform lists it in.
 * (The same text as `checksumOf({ [collection]: records })`, written without the general walk.)
 */
export function liveChecksum(live: LiveState, managed: readonly CollectionName[]): string {
  return wholeChecksum(liveParts(live, managed));
}

/** The checksum of the whole live state, and of each collection on its own (the text of its part). */
export interface LiveChecksums {
  readonly whole: string;
  readonly each: Readonly<Partial<Record<CollectionName, string>>>;
}

/**
 * `liveChecksum`, and a checksum of each managed collection: a saved plan keeps both, so that a
 * stale plan names the collections that changed, not every one it manages. Each collection's text
 * is written once for both.
 */
export function liveChecksums(live: LiveState, managed: readonly CollectionName[]): LiveChecksums {
  const parts = liveParts(live, managed);
  const each: Partial<Record<CollectionName, string>> = {};
  for (const [c, text] of parts) each[c] = checksumOfText(text);
  return { whole: wholeChecksum(parts), each };
}

/** The canonical JSON of each managed collection of the live state. */
function liveParts(live: LiveState, managed: readonly CollectionName[]): Map<CollectionName, string> {
  const byId = <T extends { ruleid: number }>(xs: readonly T[] | undefined) => [...(xs ?? [])].sort((a, b) => a.ruleid - b.ruleid);
  const parts = new Map<CollectionName, string>();
  for (const c of managed) {
    if (c === 'endpoint_leases') {
      // The password never enters a checksum: a checksum is printed and saved in plan files.
      parts.set(
        c,
        canonicalJson(
          [...(live.endpoint_leases ?? [])].sort((a, b) => (a.name < b.name ? -1 : 1)).map(({ password: _secret, ...rest }) => rest),
        ),
      );
    } else if (c === 'carrier_groups') {
      // Never a password (the platform cannot return one, and a checksum is saved in plan files).
      const groups = [...(live.carrier_groups ?? [])].sort((a, b) => a.gwgroupid - b.gwgroupid);
      parts.set(c, canonicalJson(groups.map((g) => ({ ...g, ...(g.auth ? { auth: { ...g.auth, auth_password: undefined } } : {}) }))));
    } else if (c === 'endpoint_groups') {
      // Never the password's fingerprint: it is keyed per process, and a checksum is saved in plan files.
      const groups = [...(live.endpoint_groups ?? [])].sort((a, b) => a.gwgroupid - b.gwgroupid);
      parts.set(
        c,
        canonicalJson(groups.map((g) => ({ ...g, ...(g.auth ? { auth: { ...g.auth, password_fingerprint: undefined } } : {}) }))),
      );
    } else if (c === 'numbers') {
      // The compared fields and the id: the platform restamps assigned_date on its own writes.
      const numbers = [...(live.numbers ?? [])].sort((a, b) => a.id - b.id);
      parts.set(c, canonicalJson(numbers.map(({ id, did, status, carrier, pool }) => ({ id, did, status, carrier, pool }))));
    } else parts.set(c, JSON.stringify(byId<InboundMapping | OutboundRoute>(live[c]), [...RECORD_FIELDS[c]]));
  }
  return parts;
}

function wholeChecksum(parts: ReadonlyMap<CollectionName, string>): string {
  const text = [...parts.keys()]
    .sort()
    .map((c) => `${JSON.stringify(c)}:${parts.get(c)}`)
    .join(',');
  return checksumOfText(`{${text}}`);
}

/**
 * The checksum of the carrier and endpoint groups a plan depended on (names resolved to ids,
 * references checked): each group's id, name, type and gateways, sorted by id.
 */
export function groupsChecksum(groups: readonly GatewayGroup[]): string {
  const sorted = [...groups].sort((a, b) => a.gwgroupid - b.gwgroupid || (a.type < b.type ? -1 : a.type > b.type ? 1 : 0));
  return checksumOfText(canonicalJson(sorted.map((g) => ({ gwgroupid: g.gwgroupid, gwids: [...g.gwids], name: g.name, type: g.type }))));
}
