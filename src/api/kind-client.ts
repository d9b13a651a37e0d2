import type { AnswerContext, ApiCall, ApiProfileName, KindApi, ObjectRef, WriteAnswer } from '../model/kind-api.js';
import type { Envelope } from './envelope.js';
import { ApiError, type ApiRequestInfo } from './errors.js';
import { isAmbiguous } from './retry.js';
import { secretFingerprint } from './secret-fingerprint.js';
import type { Sender } from './transport.js';
import { bad, readerFor } from './wire.js';

/** What the calls of a kind need of the client: where requests go, the profile, and the retry policy's bounds. */
export interface KindClientBase {
  readonly sender: Sender;
  readonly profile: () => Promise<ApiProfileName>;
  readonly maxAttempts: number;
  readonly pause: (attempt: number, err: ApiError) => Promise<void>;
}

/**
 * The client's one set of calls over a kind's API (`KindModule.api`, src/model/kind-api.ts): list,
 * read, create, update, delete, as the module's data says, never by the kind's name. A read of an
 * object that is not there is `null`; a failure is an `ApiError` (or the module's refusal).
 */
export class KindClient<L = unknown, S = unknown> {
  readonly #base: KindClientBase;
  readonly #api: KindApi<L, S>;

  /** The calls of the kind whose API is `api`, through `base`. */
  constructor(base: KindClientBase, api: KindApi<L, S>) {
    this.#base = base;
    this.#api = api;
  }

  /** Sends one call of the module's; a 404 the module says means "no such object" becomes `API_NOT_FOUND`. */
  async #send(call: ApiCall, goneIsDone = false): Promise<Envelope> {
    const { method, path, query, body, idempotent } = call;
    const parts = { query, body, idempotent, goneIsDone, ...(this.#api.fromBase ? { fromBase: true } : {}) };
    try {
      return await this.#base.sender.send(method, path, parts);
    } catch (err) {
      throw this.#absent(err);
    }
  }

  /** The platform's 404 of an unknown path that says, in the module's words, the object does not exist: `API_NOT_FOUND`. */
  #absent(err: unknown): unknown {
    const says = this.#api.absentSays;
    if (!says || !(err instanceof ApiError) || err.code !== 'API_NO_SUCH_ENDPOINT' || err.status !== 404) return err;
    if (!says.test(err.platformMsg ?? '')) return err;
    const req = { method: err.method, path: err.path };
    return new ApiError('API_NOT_FOUND', `not found: "${err.platformMsg}"`, { ...req, status: 404, platformMsg: err.platformMsg }, '', err);
  }

  #context(call: ApiCall): AnswerContext {
    const req: ApiRequestInfo = { method: call.method, path: call.path };
    return {
      read: readerFor(req),
      first: (data) => {
        if (data.length === 0) throw bad(req, 'the answer holds no record');
        return data[0];
      },
      fingerprint: secretFingerprint,
    };
  }

  /** The profile, asked only of a kind whose requests differ by it (asking may cost a detection's requests). */
  #profile(): Promise<ApiProfileName> {
    return this.#api.byProfile ? this.#base.profile() : Promise.resolve('spec');
  }

  #guard(secrets: readonly (string | undefined)[] | undefined): void {
    for (const s of secrets ?? []) if (s) this.#base.sender.addSecret(s);
  }

  /** Every object, as the list shows it (one request), meeting the filters where the kind's list takes some. */
  async list(filters?: object): Promise<S[]> {
    const call = this.#api.list.call(filters);
    const env = await this.#send(call);
    const ctx = this.#context(call);
    return env.data.map((r) => this.#api.list.read(r, ctx));
  }

  /** One object by its id or key, or `null` when the platform has none. */
  async get(ref: ObjectRef): Promise<L | null> {
    const answers: (readonly unknown[])[] = [];
    const calls = this.#api.get.calls(ref);
    for (const call of calls) {
      try {
        const env = await this.#send(call);
        for (const r of env.data) this.#guard(this.#api.secretsIn?.(r));
        answers.push(env.data);
      } catch (err) {
        if (err instanceof ApiError && err.isNotFound) return null;
        throw err;
      }
      // An object absent from the first answer is not there: the later reads would only add to it.
      if (answers[0]!.length === 0) return null;
    }
    return this.#api.get.read(
      answers,
      calls.map((c) => this.#context(c)),
      ref,
    );
  }

  /**
   * Creates an object; resolves to its id (and the object as stored, where the platform answers
   * it). Never sent twice blindly: see `KindApi.create.recover`.
   */
  async create(input: object): Promise<Required<Pick<WriteAnswer<L>, 'id'>> & WriteAnswer<L>> {
    this.#guard(this.#api.secretsOf?.(input));
    const recover = this.#api.create.recover;
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.#createOnce(input);
      } catch (err) {
        if (!recover || !(err instanceof ApiError) || !isAmbiguous(err)) throw err;
        const found = await this.#recovered(input, recover);
        if (typeof found === 'number') return { id: found };
        if (found === null || attempt >= this.#base.maxAttempts) throw err;
        await this.#base.pause(attempt, err);
      }
    }
  }

  async #createOnce(input: object): Promise<{ id: number; held?: L }> {
    const spec = this.#api.create;
    const call = spec.call(input, await this.#profile());
    const env = await this.#send(call);
    const answer = spec.answer(env.data, this.#context(call));
    if (answer.id !== undefined) return { id: answer.id, ...(answer.held !== undefined ? { held: answer.held } : {}) };
    this.#swallowed(call);
    const key = spec.keyOfInput(input);
    const created = await this.get({ key });
    if (!created) {
      const noId = this.#api.noId;
      const words = noId?.then === 'read-by-key' ? noId.unreadable(key) : `created "${key}" but cannot read it back`;
      const read = this.#api.get.calls({ key })[0] ?? call;
      throw new ApiError(
        'API_UNEXPECTED_RESPONSE',
        words,
        { method: read.method, path: read.path },
        'Plan again to see the platform as it is now.',
      );
    }
    return { id: this.#api.idOf(created) };
  }

  /** Where the kind's platform hides a failed write behind a 200 without an id: that error, for the write `call`. */
  #swallowed(call: ApiCall): void {
    const noId = this.#api.noId;
    if (noId?.then !== 'swallowed') return;
    throw new ApiError('API_SWALLOWED_ERROR', noId.message, { method: call.method, path: call.path, status: 200 }, noId.hint);
  }

  /** After an ambiguous create: its id when it happened, undefined when not (send again), null when something else holds the key (give up). */
  async #recovered(input: object, recover: NonNullable<KindApi<L, S>['create']['recover']>): Promise<number | null | undefined> {
    if (recover.by === 'key') {
      const found = await this.get({ key: this.#api.create.keyOfInput(input) });
      if (!found) return undefined;
      return recover.same(found, input) ? this.#api.idOf(found) : null;
    }
    const same = ((await this.list()) as unknown as L[]).filter((r) => recover.same(r, input));
    return same.length ? Math.max(...same.map((r) => this.#api.idOf(r))) : undefined;
  }

  /** Updates the object `ref` with `patch` (`members`: the gateway id each endpoint keeps); resolves to the object as stored where the platform answers it. */
  async update(ref: ObjectRef, patch: object, members: readonly (number | undefined)[] = []): Promise<L | undefined> {
    const spec = this.#api.update;
    const profile = await this.#profile();
    if (spec.notInPlace?.on(profile)) {
      const call = spec.call(ref, patch, profile, members, null);
      throw new ApiError('API_UNSUPPORTED', spec.notInPlace.message, { method: call.method, path: call.path }, spec.notInPlace.hint);
    }
    spec.refuse?.(ref, patch);
    this.#guard(this.#api.secretsOf?.(patch));
    const current = spec.needsCurrent?.(patch) ? await this.get(ref) : null;
    const call = spec.call(ref, patch, profile, members, current);
    const env = await this.#send(call);
    const answer = spec.answer?.(env.data, this.#context(call));
    if (answer && answer.id === undefined) this.#swallowed(call);
    return answer?.held;
  }

  /** Deletes the object `ref`; absent is `API_NOT_FOUND` (but not on a retry: done). */
  async delete(ref: ObjectRef): Promise<void> {
    await this.#send(this.#api.delete(ref), true);
  }

  /** Whether an object of the kind can be deleted by its key (a row the platform made by itself). */
  get deletesByKey(): boolean {
    return this.#api.deletesByKey === true;
  }

  /** Whether the kind deletes many objects in one request. */
  get deletesMany(): boolean {
    return this.#api.deleteMany !== undefined;
  }

  /** Deletes the objects of these ids and keys in one request (all or none); what it deleted, `[]` for nothing (no request when both are empty). */
  async deleteMany(which: { readonly ids?: readonly number[]; readonly keys?: readonly string[] }): Promise<unknown[]> {
    const spec = this.#api.deleteMany;
    const ids = which.ids ?? [];
    const keys = which.keys ?? [];
    if (!spec) throw new ApiError('API_UNSUPPORTED', 'no bulk delete here', { method: 'DELETE', path: '' }, '');
    if (ids.length === 0 && keys.length === 0) return [];
    const call = spec.call({ ids, keys });
    try {
      const env = await this.#send(call);
      const ctx = this.#context(call);
      return env.data.map((r) => spec.read(r, ctx));
    } catch (err) {
      if (err instanceof ApiError && err.isNotFound) return [];
      throw err;
    }
  }

  /** Those of the objects `ids` the platform still holds (one list request). */
  async readMany(ids: readonly number[]): Promise<L[]> {
    const wanted = new Set(ids);
    return ((await this.list()) as unknown as L[]).filter((r) => wanted.has(this.#api.idOf(r)));
  }
}
