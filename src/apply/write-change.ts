import type { PlatformClient } from '../api/client.js';
import { kindCalls, type KindCalls } from '../api/kind-calls.js';
import { secretFingerprint } from '../api/secret-fingerprint.js';
import type { Kind } from '../model/desired.js';
import { DsipformError, InternalError } from '../model/errors.js';
import type { KindModule } from '../model/kind-spec.js';
import type { KindReadBack, KindRequest } from '../model/kind-execution.js';
import type { Change } from '../model/plan.js';
import { passwordDigest } from '../plan/password-digest.js';
import { passwordOf, type PasswordLedger } from './carrier-passwords.js';
import { createdGroupIds, type CreatedGroups } from './created-groups.js';

/** What writing a change needs besides the client. */
export interface WriteContext {
  /** Where a group's `auth.password_env` is read from: the environment of the apply (default `process.env`). */
  readonly env?: NodeJS.ProcessEnv;
  /**
   * Groups created by this apply, name → gwgroupid, filled as each create is confirmed by its
   * read-back: references by name to a group made in the same apply resolve through it.
   */
  readonly createdGroups?: CreatedGroups;
  /** Records each password sent (as a digest, once the write reads back as asked) and forgets a deleted object's. */
  readonly passwords?: PasswordLedger;
}

type AnyReadBack = KindReadBack<Kind>;

/**
 * Carries out one change of a kind that writes by requests (`execution: 'requests'`), driven by
 * its module: the password its `passwordBlock` names read from the environment (and scrubbed from
 * then on), the ids of groups this apply created filled in, its `requests` sent in order through
 * the client's calls for the kind, and after each one, where the module says how (`readBack`), the
 * object read back and compared (the platform may answer 200 and keep nothing: the kind's
 * `notWritten` error). A confirmed create of a group kind joins `ctx.createdGroups`; a kind that
 * `recordsPasswords` records the password it sent, or forgets a deleted object's. Resolves to the
 * id the change created or touched. Throws `ApiError` or the kind's error on failure.
 */
export async function writeChange(mod: KindModule, change: Change, client: PlatformClient, ctx: WriteContext): Promise<number> {
  if (!mod.requests || !mod.idField) throw new InternalError(`${mod.kind} has no request mapping`);
  const calls = kindCalls(client, mod);
  const password = passwordOf(change, ctx.env ?? process.env);
  if (password !== undefined) client.addSecret(password);
  const filled = withCreatedGroups(mod, change, ctx.createdGroups);
  let id = (change as unknown as Readonly<Record<string, number | undefined>>)[mod.idField];
  for (const request of mod.requests(filled, password !== undefined ? { password } : {})) {
    const answered = await send(calls, request, mod, change.key);
    if (request.op === 'create') id = answered;
    if (mod.readBack) await readBack(calls, mod.readBack, request, answered, filled, password);
  }
  if (id === undefined) throw new InternalError(`a ${change.kind} ${change.action} created no ${mod.idField}`);
  if (mod.groupType !== undefined && change.action === 'create') ctx.createdGroups?.set(change.key, id);
  if (mod.recordsPasswords && ctx.passwords) {
    if (change.action === 'delete') await ctx.passwords.deleted(id);
    else if (password !== undefined) await ctx.passwords.sent(id, await passwordDigest(password));
  }
  return id;
}

/**
 * Sends one request. For a kind that reads back: a 200 without an id (the client's
 * API_SWALLOWED_ERROR) or a create answering no usable id is a write that did not happen, in the
 * kind's own error; a delete that finds its object gone has reached its goal (a retried delete,
 * or someone else's).
 */
async function send(calls: KindCalls<Kind>, request: KindRequest, mod: KindModule, key: string): Promise<number> {
  const check = mod.readBack;
  try {
    const answered = await calls.send(request);
    if (check && request.op === 'create' && (!Number.isSafeInteger(answered) || answered <= 0))
      throw check.notWritten(key, `the create answered no ${mod.idField} (${JSON.stringify(answered)})`);
    return answered;
  } catch (err) {
    if (!(err instanceof DsipformError)) throw err;
    if (request.op === 'delete' && err.code === 'API_NOT_FOUND') return request.id;
    if (check && request.op !== 'delete' && err.code === 'API_SWALLOWED_ERROR')
      throw check.notWritten(key, `the ${request.op} answered no ${mod.idField}`);
    throw err;
  }
}

/** Reads the object a request wrote back and throws the kind's `notWritten` when it is not as asked (or, after a delete, still there). */
async function readBack(
  calls: KindCalls<Kind>,
  check: AnyReadBack,
  request: KindRequest,
  id: number,
  change: Change,
  password: string | undefined,
): Promise<void> {
  if (!calls.read) throw new InternalError(`${change.kind} reads back, but the client cannot read it`);
  // A delete by key removes a row the platform made by itself (only rules send one, and rules are not read back).
  if (request.op === 'delete_key') throw new InternalError(`${change.kind} reads back a delete by key`);
  const held = await calls.read(id, change.key);
  if (request.op === 'delete') {
    if (held !== null) throw check.notWritten(change.key, check.remains(id));
    return;
  }
  if (held === null) throw check.notWritten(change.key, check.absent(request.op, id));
  if (!('after' in change)) throw new InternalError(`a ${change.kind} ${change.action} wrote without values`);
  const what = check.mismatch(request.op, id, change.after, held, { password, fingerprint: secretFingerprint });
  if (what !== undefined) throw check.notWritten(change.key, what);
}

/** A change whose `after` names a group this apply created, with its id filled in by the kind's module. */
function withCreatedGroups(mod: KindModule, change: Change, created: CreatedGroups | undefined): Change {
  if (!('after' in change) || mod.withCreatedGroups === undefined) return change;
  const after = mod.withCreatedGroups(change.after, createdGroupIds(created));
  return after === change.after ? change : ({ ...change, after } as Change);
}

/**
 * Carries out the deletes of one kind whose module deletes many in one request (`bulkDelete`), as
 * that one request, then one read of what is left: one still there is the kind's `notWritten`
 * error (the platform's bulk delete being all or none, every one of them failed).
 */
export async function deleteInBulk(mod: KindModule, changes: readonly Change[], client: PlatformClient): Promise<void> {
  const calls = kindCalls(client, mod);
  const check = mod.readBack;
  if (!mod.bulkDelete || !mod.idField || !calls.deleteMany) throw new InternalError(`no bulk delete for ${mod.kind}`);
  const field = mod.idField;
  const ids = changes.map((c) => {
    const id = (c as unknown as Readonly<Record<string, number | undefined>>)[field];
    if (c.action !== 'delete' || id === undefined) throw new InternalError(`a ${c.kind} ${c.action} in a bulk delete`);
    return id;
  });
  await calls.deleteMany(ids);
  if (!check?.remainsAfterBulk || !calls.readMany) return;
  const left = await calls.readMany(ids);
  if (left.length === 0) return;
  const { key, what } = check.remainsAfterBulk(left);
  throw check.notWritten(key, what);
}
