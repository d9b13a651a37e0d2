import type { EndpointGroup } from '../../endpoint-group.js';
import { DsipformError } from '../../errors.js';
import type { KindReadBack, SentPassword } from '../../kind-execution.js';
import { afterWrite } from '../group-members.js';
import { changedEndpointGroupFields, endpointGroupFields, type EndpointGroupFields } from './fields.js';
import { KNOWN_SECRET } from './wire.js';

function endpointsText(fields: EndpointGroupFields): string {
  return fields.endpoints.length === 0 ? 'none' : fields.endpoints.map((e) => `${e.name} ${e.hostname} (weight ${e.weight})`).join(', ');
}

/** What differs between the group asked for and the one read back, the password by fingerprint (never shown). */
function mismatch(verb: string, gwgroupid: number, asked: EndpointGroupFields, got: EndpointGroup, sent: SentPassword): string | undefined {
  const held = endpointGroupFields(got);
  const wanted: EndpointGroupFields = asked.auth ? { ...asked, auth: { ...asked.auth, password_state: undefined } } : asked;
  const fields = changedEndpointGroupFields(held, JSON.parse(JSON.stringify(wanted)) as EndpointGroupFields);
  const print = got.auth?.password_fingerprint;
  if (sent.password !== undefined && print !== undefined && print !== KNOWN_SECRET && print !== sent.fingerprint(sent.password))
    fields.push('auth password');
  if (fields.length === 0) return undefined;
  const details = fields.map((f) =>
    f === 'endpoints'
      ? `endpoints asked ${endpointsText(asked)}, holds ${endpointsText(held)}`
      : f === 'auth' || f === 'auth password'
        ? `${f} differs from what was sent`
        : `${f} asked ${JSON.stringify(asked[f as keyof EndpointGroupFields])}, holds ${JSON.stringify(held[f as keyof EndpointGroupFields])}`,
  );
  return afterWrite(verb, gwgroupid, details);
}

/** An endpoint group's write is read back: ENDPOINT_GROUP_NOT_WRITTEN names what differs, the password only as "differs". */
export const ENDPOINT_GROUP_READ_BACK: KindReadBack<'endpoint_group'> = {
  notWritten: (_key, what) =>
    new DsipformError(
      'ENDPOINT_GROUP_NOT_WRITTEN',
      `the platform answered 200 but the endpoint group was not written: ${what}`,
      'The platform may report success without writing what it was sent. Check the values the message names, then plan and apply again.',
    ),
  absent: (verb, id) => `the ${verb} answered gwgroupid ${id}, but the platform has no endpoint group ${id}`,
  mismatch,
  remains: (id) => `gwgroupid ${id} still exists after the delete`,
};
