import type { DesiredMapping } from '../../desired.js';
import type { InboundMapping } from '../../inbound-mapping.js';
import type { KindDiff, KindDiffContext } from '../../kind-spec.js';
import type { MappingChange } from './change.js';
import { changedMappingFields, mappingFields } from './fields.js';

/** The kind, as its changes carry it. */
const KIND = 'inbound_mapping';

/**
 * The inbound-mapping differ: declared mappings against live ones, paired by DID; a live mapping no
 * entry declares is deleted unless an ignore glob matches its DID. Pure.
 */
export function mappingDiff(
  desired: readonly DesiredMapping[],
  live: readonly InboundMapping[],
  { ignored, listMatched }: KindDiffContext,
): KindDiff<'inbound_mapping'> {
  const out = { changes: [] as MappingChange[], matched: [] as MappingChange[], unchanged: 0 };
  const byDid = new Map<string, InboundMapping>();
  for (const m of live) byDid.set(m.did, m);
  const claimed = new Set<number>();
  for (const want of desired) {
    const have = byDid.get(want.did);
    if (!have) {
      const after = mappingFields(want);
      out.changes.push({
        action: 'create',
        kind: KIND,
        key: want.did,
        after,
        fields: Object.keys(after),
        ...originOf(want),
      });
      continue;
    }
    claimed.add(have.ruleid);
    if (listMatched)
      out.matched.push({
        action: 'delete',
        kind: KIND,
        key: have.did,
        ruleid: have.ruleid,
        before: mappingFields(have),
        fields: [],
      });
    const fields = changedMappingFields(have, want);
    if (fields.length === 0) out.unchanged += 1;
    else
      out.changes.push({
        action: 'update',
        kind: KIND,
        key: want.did,
        ruleid: have.ruleid,
        before: mappingFields(have),
        after: mappingFields(want),
        fields,
        ...originOf(want),
      });
  }
  let governed = 0;
  for (const have of live) {
    if (claimed.has(have.ruleid)) {
      governed += 1;
    } else if (!ignored(have.did)) {
      governed += 1;
      out.changes.push({
        action: 'delete',
        kind: KIND,
        key: have.did,
        ruleid: have.ruleid,
        before: mappingFields(have),
        fields: [],
      });
    }
  }
  return { ...out, governed, issues: [], notes: [], expired: [] };
}

/** Where an entry was declared, as the optional `origin` of its change. */
function originOf(want: DesiredMapping): { origin?: DesiredMapping['origin'] } {
  return want.origin ? { origin: want.origin } : {};
}
