import type { DesiredMapping } from '../../desired.js';
import type { InboundMapping } from '../../inbound-mapping.js';
import type { MappingFields } from '../../plan.js';
import { changedBy, type FieldReaders } from '../compare.js';

type Side = InboundMapping | DesiredMapping;

/**
 * An inbound mapping's compared fields, stated once: the list plans show them in, the comparable
 * fields and what counts as a change all come from here. Server-only fields (ruleid) are not among them.
 */
export const MAPPING_READERS = {
  did: (m: Side) => m.did,
  servers: (m: Side) => m.servers,
  notes: (m: Side) => m.notes,
} satisfies FieldReaders<Side>;

/** The comparable fields of a mapping, live or desired; with the group the files named beside (never compared). */
export function mappingFields(m: Side): MappingFields {
  const group = (m as DesiredMapping).group;
  return { did: m.did, servers: [...m.servers], notes: m.notes, ...(group !== undefined ? { group } : {}) };
}

/** The names of the compared fields whose values differ, in their order. */
export function changedMappingFields(before: Side, after: Side): string[] {
  return changedBy<Side>(MAPPING_READERS, before, after);
}
