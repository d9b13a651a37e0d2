import type { InboundMapping, InboundMappingPatch } from '../../inbound-mapping.js';
import { wireText, type WireReader, type WireRecord } from '../../wire-reader.js';

/**
 * An inbound mapping as the platform answers it → model: ruleid as `"2"` or `2`, the note as
 * `notes` or (the deployed platform) `name`.
 */
export function mappingFromWire(value: unknown, read: WireReader): InboundMapping {
  const rec = read.record(value);
  const servers = rec.servers;
  if (!Array.isArray(servers)) throw read.fail('servers is not a list');
  return {
    ruleid: read.int(rec, 'ruleid'),
    did: wireText(rec, 'did'),
    servers: servers.map((s) => String(s)),
    notes: wireText(rec, 'notes', wireText(rec, 'name')),
  };
}

/** Model patch → inbound body: only the fields given; the note under the profile's key. */
export function mappingToWire(patch: InboundMappingPatch, noteKey: 'notes' | 'name' = 'notes'): WireRecord {
  const body: WireRecord = {};
  if (patch.did !== undefined) body.did = patch.did;
  if (patch.servers !== undefined) body.servers = [...patch.servers];
  if (patch.notes !== undefined) body[noteKey] = patch.notes;
  return body;
}
