import type { PlatformClient } from '../api/client.js';
import { ApiError } from '../api/errors.js';
import type { CarrierGroupContent } from '../model/carrier-group.js';
import { carrierGroupFields, changedCarrierGroupFields } from '../model/kinds/carrier-group/fields.js';
import { DsipformError } from '../model/errors.js';
import type { CarrierGroupChange } from '../model/kinds/carrier-group/change.js';
import type { CarrierGroupFields } from '../model/plan.js';
import { passwordDigest } from '../plan/password-digest.js';
import { passwordOf, type PasswordLedger } from './carrier-passwords.js';
import { gwidsByName, written } from './group-writes.js';

/** The platform requests a carrier-group change needs (the client's groups API). */
export type CarrierGroupApi = Pick<
  PlatformClient,
  'getCarrierGroup' | 'createCarrierGroup' | 'updateCarrierGroup' | 'deleteCarrierGroup' | 'addSecret'
>;

/** What applying a carrier-group change needs besides the client. */
export interface CarrierGroupContext {
  /** Where `auth.password_env` is read from: the environment of the apply. */
  readonly env: NodeJS.ProcessEnv;
  /**
   * Carrier groups created by this apply, name → gwgroupid, filled as each create is confirmed by
   * its read-back: references by name to a group made in the same apply resolve through it.
   */
  readonly createdGroups?: Map<string, number>;
  /** Records each password sent (as a digest, once the write reads back as asked) and forgets a deleted group's. */
  readonly passwords?: PasswordLedger;
}

const NOT_WRITTEN_HINT =
  'The platform reports success without writing when a value does not suit it (a malformed hostname, say). Check the values, then plan and apply again.';

function notWritten(what: string): DsipformError {
  return new DsipformError(
    'CARRIER_GROUP_NOT_WRITTEN',
    `the platform answered 200 but the carrier group was not written: ${what}`,
    NOT_WRITTEN_HINT,
  );
}

/**
 * The content to send: the plan's fields with the password taken from the environment (and
 * scrubbed from then on), and that password, to be recorded once the write is confirmed.
 */
function contentOf(
  change: CarrierGroupChange & { readonly after: CarrierGroupFields },
  api: CarrierGroupApi,
  env: NodeJS.ProcessEnv,
): { content: CarrierGroupContent; password?: string } {
  const { auth, ...rest } = change.after;
  if (auth === null) return { content: rest };
  const password = passwordOf(change, env);
  if (password === undefined) return { content: { ...rest, auth } };
  api.addSecret(password);
  return { content: { ...rest, auth: { ...auth, auth_password: password } }, password };
}

/** Records the digest of a password the platform now holds (the write read back as asked). */
async function recordSent(ctx: CarrierGroupContext, gwgroupid: number, password: string | undefined): Promise<void> {
  if (ctx.passwords && password !== undefined) await ctx.passwords.sent(gwgroupid, await passwordDigest(password));
}

/** Endpoints in a message: `gw1 gw1.example.com:5060 (strip 0, prefix "", weight 1)`. */
function endpointsText(fields: CarrierGroupFields): string {
  if (fields.endpoints.length === 0) return 'none';
  return fields.endpoints
    .map((e) => `${e.name} ${e.hostname} (strip ${e.strip}, prefix ${JSON.stringify(e.prefix)}, weight ${e.weight})`)
    .join(', ');
}

/** Reads a written group back and compares it with what was asked; throws CARRIER_GROUP_NOT_WRITTEN when they differ. */
async function verify(api: CarrierGroupApi, gwgroupid: number, asked: CarrierGroupFields, verb: string): Promise<void> {
  const got = await api.getCarrierGroup(gwgroupid);
  if (got === null) throw notWritten(`the ${verb} answered gwgroupid ${gwgroupid}, but the platform has no carrier group ${gwgroupid}`);
  const held = carrierGroupFields(got);
  const fields = changedCarrierGroupFields(held, asked, got.unreadable);
  if (fields.length === 0) return;
  const details = fields.map((f) =>
    f === 'endpoints'
      ? `endpoints asked ${endpointsText(asked)}, holds ${endpointsText(held)}`
      : f === 'auth'
        ? `auth asked ${asked.auth?.type ?? 'none'}, holds ${held.auth?.type ?? 'none'}`
        : `${f} asked ${JSON.stringify(asked[f as keyof CarrierGroupFields])}, holds ${JSON.stringify(held[f as keyof CarrierGroupFields])}`,
  );
  throw notWritten(`after the ${verb} of gwgroupid ${gwgroupid}, ${details.join('; ')}`);
}

/**
 * Carries out one carrier-group change, then reads the group back: the platform answers 200 even
 * when it wrote nothing, so a write counts only when the group reads back as asked (else
 * CARRIER_GROUP_NOT_WRITTEN). Resolves to the gwgroupid. A confirmed create is added to
 * `ctx.createdGroups`; a confirmed write that sent a password records it (`ctx.passwords`), a
 * confirmed delete forgets the group's record.
 */
export async function executeCarrierGroupChange(
  change: CarrierGroupChange,
  api: CarrierGroupApi,
  ctx: CarrierGroupContext,
): Promise<number> {
  switch (change.action) {
    case 'create': {
      const { content, password } = contentOf(change, api, ctx.env);
      const id = await written('create', () => api.createCarrierGroup(content), notWritten);
      if (!Number.isSafeInteger(id) || id <= 0) throw notWritten(`the create answered no gwgroupid (${JSON.stringify(id)})`);
      await verify(api, id, change.after, 'create');
      ctx.createdGroups?.set(change.key, id);
      await recordSent(ctx, id, password);
      return id;
    }
    case 'update': {
      const { content, password } = contentOf(change, api, ctx.env);
      await written('update', () => api.updateCarrierGroup(change.gwgroupid, content, gwidsByName(change)), notWritten);
      await verify(api, change.gwgroupid, change.after, 'update');
      await recordSent(ctx, change.gwgroupid, password);
      return change.gwgroupid;
    }
    case 'delete':
      try {
        await api.deleteCarrierGroup(change.gwgroupid);
      } catch (err) {
        // Gone already is what a delete wants (a retried delete, or someone else's).
        if (!(err instanceof ApiError && err.code === 'API_NOT_FOUND')) throw err;
      }
      if ((await api.getCarrierGroup(change.gwgroupid)) !== null) {
        throw notWritten(`gwgroupid ${change.gwgroupid} still exists after the delete`);
      }
      await ctx.passwords?.deleted(change.gwgroupid);
      return change.gwgroupid;
    default:
      throw new DsipformError('INTERNAL', `unknown carrier-group change ${JSON.stringify(change satisfies never)}`);
  }
}
