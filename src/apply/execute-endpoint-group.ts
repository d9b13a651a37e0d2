import type { PlatformClient } from '../api/client.js';
import { ApiError } from '../api/errors.js';
import type { EndpointGroupContent } from '../model/endpoint-group.js';
import { DsipformError } from '../model/errors.js';
import type { EndpointGroupChange } from '../model/kinds/endpoint-group/change.js';
import { changedEndpointGroupFields, endpointGroupFields, type EndpointGroupFields } from '../model/kinds/endpoint-group/fields.js';
import { KNOWN_SECRET } from '../model/kinds/endpoint-group/wire.js';
import { secretFingerprint } from '../api/secret-fingerprint.js';
import { passwordOf } from './carrier-passwords.js';
import { gwidsByName, written } from './group-writes.js';

/** The platform requests an endpoint-group change needs (the client's endpoint-group API). */
export type EndpointGroupApi = Pick<
  PlatformClient,
  'getEndpointGroup' | 'createEndpointGroup' | 'updateEndpointGroup' | 'deleteEndpointGroup' | 'addSecret'
>;

/** What applying an endpoint-group change needs besides the client. */
export interface EndpointGroupContext {
  /** Where `auth.password_env` is read from: the environment of the apply. */
  readonly env: NodeJS.ProcessEnv;
  /** Groups created by this apply, name → gwgroupid, filled as each create reads back: mappings that name one resolve through it. */
  readonly createdGroups?: Map<string, number>;
}

function notWritten(what: string): DsipformError {
  return new DsipformError(
    'ENDPOINT_GROUP_NOT_WRITTEN',
    `the platform answered 200 but the endpoint group was not written: ${what}`,
    'The platform may report success without writing what it was sent. Check the values the message names, then plan and apply again.',
  );
}

/** The content to send: the plan's fields with the password taken from the environment (registered as a secret first). */
function contentOf(change: EndpointGroupChange & { readonly after: EndpointGroupFields }, api: EndpointGroupApi, env: NodeJS.ProcessEnv) {
  const { auth, ...rest } = change.after;
  if (auth === null) return { content: rest as EndpointGroupContent };
  const { password_state: _state, ...kept } = auth;
  const password = passwordOf(change, env);
  if (password !== undefined) api.addSecret(password);
  return {
    content: { ...rest, auth: { ...kept, ...(password !== undefined ? { auth_password: password } : {}) } } as EndpointGroupContent,
    password,
  };
}

function endpointsText(fields: EndpointGroupFields): string {
  return fields.endpoints.length === 0 ? 'none' : fields.endpoints.map((e) => `${e.name} ${e.hostname} (weight ${e.weight})`).join(', ');
}

/**
 * Reads a written group back and compares it with what was asked, the password by fingerprint
 * (never shown); throws ENDPOINT_GROUP_NOT_WRITTEN when they differ.
 */
async function verify(
  api: EndpointGroupApi,
  gwgroupid: number,
  asked: EndpointGroupFields,
  password: string | undefined,
  verb: string,
): Promise<void> {
  const got = await api.getEndpointGroup(gwgroupid);
  if (got === null) throw notWritten(`the ${verb} answered gwgroupid ${gwgroupid}, but the platform has no endpoint group ${gwgroupid}`);
  const held = endpointGroupFields(got);
  const wanted: EndpointGroupFields = asked.auth ? { ...asked, auth: { ...asked.auth, password_state: undefined } } : asked;
  const fields = changedEndpointGroupFields(held, JSON.parse(JSON.stringify(wanted)) as EndpointGroupFields);
  const print = got.auth?.password_fingerprint;
  if (password !== undefined && print !== undefined && print !== KNOWN_SECRET && print !== secretFingerprint(password))
    fields.push('auth password');
  if (fields.length === 0) return;
  const details = fields.map((f) =>
    f === 'endpoints'
      ? `endpoints asked ${endpointsText(asked)}, holds ${endpointsText(held)}`
      : f === 'auth' || f === 'auth password'
        ? `${f} differs from what was sent`
        : `${f} asked ${JSON.stringify(asked[f as keyof EndpointGroupFields])}, holds ${JSON.stringify(held[f as keyof EndpointGroupFields])}`,
  );
  throw notWritten(`after the ${verb} of gwgroupid ${gwgroupid}, ${details.join('; ')}`);
}

/**
 * Carries out one endpoint-group change, then reads the group back: a write counts only when the
 * group reads back as asked (else ENDPOINT_GROUP_NOT_WRITTEN). Resolves to the gwgroupid; a
 * confirmed create is added to `ctx.createdGroups`.
 */
export async function executeEndpointGroupChange(
  change: EndpointGroupChange,
  api: EndpointGroupApi,
  ctx: EndpointGroupContext,
): Promise<number> {
  switch (change.action) {
    case 'create': {
      const { content, password } = contentOf(change, api, ctx.env);
      const id = await written('create', () => api.createEndpointGroup(content), notWritten);
      await verify(api, id, change.after, password, 'create');
      ctx.createdGroups?.set(change.key, id);
      return id;
    }
    case 'update': {
      const { content, password } = contentOf(change, api, ctx.env);
      await written('update', () => api.updateEndpointGroup(change.gwgroupid, content, gwidsByName(change)), notWritten);
      await verify(api, change.gwgroupid, change.after, password, 'update');
      return change.gwgroupid;
    }
    case 'delete':
      try {
        await api.deleteEndpointGroup(change.gwgroupid);
      } catch (err) {
        if (!(err instanceof ApiError && err.code === 'API_NOT_FOUND')) throw err;
      }
      if ((await api.getEndpointGroup(change.gwgroupid)) !== null)
        throw notWritten(`gwgroupid ${change.gwgroupid} still exists after the delete`);
      return change.gwgroupid;
    default:
      throw new DsipformError('INTERNAL', `unknown endpoint-group change ${JSON.stringify(change satisfies never)}`);
  }
}
