import type { CarrierGroup } from '../../carrier-group.js';
import { DsipformError } from '../../errors.js';
import type { KindReadBack } from '../../kind-execution.js';
import type { CarrierGroupFields } from '../../plan.js';
import { afterWrite } from '../group-members.js';
import { carrierGroupFields, changedCarrierGroupFields } from './fields.js';

const NOT_WRITTEN_HINT =
  'The platform reports success without writing when a value does not suit it (a malformed hostname, say). Check the values, then plan and apply again.';

/** Endpoints in a message: `gw1 gw1.example.com:5060 (strip 0, prefix "", weight 1)`. */
function endpointsText(fields: CarrierGroupFields): string {
  if (fields.endpoints.length === 0) return 'none';
  return fields.endpoints
    .map((e) => `${e.name} ${e.hostname} (strip ${e.strip}, prefix ${JSON.stringify(e.prefix)}, weight ${e.weight})`)
    .join(', ');
}

/** What differs between the group asked for and the one read back (the fields the platform cannot show left out). */
function mismatch(verb: string, gwgroupid: number, asked: CarrierGroupFields, got: CarrierGroup): string | undefined {
  const held = carrierGroupFields(got);
  const fields = changedCarrierGroupFields(held, asked, got.unreadable);
  if (fields.length === 0) return undefined;
  const details = fields.map((f) =>
    f === 'endpoints'
      ? `endpoints asked ${endpointsText(asked)}, holds ${endpointsText(held)}`
      : f === 'auth'
        ? `auth asked ${asked.auth?.type ?? 'none'}, holds ${held.auth?.type ?? 'none'}`
        : `${f} asked ${JSON.stringify(asked[f as keyof CarrierGroupFields])}, holds ${JSON.stringify(held[f as keyof CarrierGroupFields])}`,
  );
  return afterWrite(verb, gwgroupid, details);
}

/**
 * A carrier group's write is read back, since the platform answers 200 even when it wrote nothing:
 * CARRIER_GROUP_NOT_WRITTEN names what differs (never a password: the platform cannot show one).
 */
export const CARRIER_GROUP_READ_BACK: KindReadBack<'carrier_group'> = {
  notWritten: (_key, what) =>
    new DsipformError(
      'CARRIER_GROUP_NOT_WRITTEN',
      `the platform answered 200 but the carrier group was not written: ${what}`,
      NOT_WRITTEN_HINT,
    ),
  absent: (verb, id) => `the ${verb} answered gwgroupid ${id}, but the platform has no carrier group ${id}`,
  mismatch: (verb, id, asked, held) => mismatch(verb, id, asked, held),
  remains: (id) => `gwgroupid ${id} still exists after the delete`,
};
