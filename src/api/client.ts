import type { Lease } from '../model/lease.js';
import { parseTtl } from '../model/lease.js';
import type { ProxyStats } from '../model/stats.js';
import type { GatewayLabel } from '../model/group.js';
import type { DeleteTarget, KindApi } from '../model/kind-api.js';
import { KIND_SPECS } from '../model/kinds.js';
import type { ConnectionOptions } from './connection.js';
import type { Envelope } from './envelope.js';
import { ApiError } from './errors.js';
import { InternalError } from '../model/errors.js';
import type { RequestTally } from './retry.js';
import { obtainInAttempts, type NotedLease, type ObtainAttempts } from './lease-attempts.js';
import { getGroupGateways } from './groups.js';
import { KindClient } from './kind-client.js';
import { KindMethods } from './kind-methods.js';
import {
  detectNumbersModule,
  detectProfile,
  PROFILE_PROBE,
  PROFILES,
  type ApiProfile,
  type ProfileChoice,
  type ProfileShape,
} from './profile.js';
import { Transport, type HttpMethod, type RequestParts, type Sender } from './transport.js';
import { firstRecord, readerFor, statsFromWire } from './wire.js';

/** What {@link PlatformClient.counting} makes a client of: the client it counts for, and where. */
interface CountingFor {
  readonly countingFor: PlatformClient;
  readonly tally: RequestTally;
}

/**
 * A typed client of the platform's management API: one method per operation. Records come back
 * normalized to the model. Every failure is an `ApiError`; a read of something absent returns `null`.
 * Each kind's typed methods are {@link KindMethods}'; the calls of any kind are {@link PlatformClient.kind}.
 */
export class PlatformClient extends KindMethods {
  readonly #transport: Transport;
  /** Where requests go: the transport, or for a counting client the transport with its tally. */
  readonly #sender: Sender;
  readonly #choice: ProfileChoice;
  /** For a counting client, the client it counts for (the profile is detected once, there). */
  readonly #base: PlatformClient | undefined;
  #detected: Promise<ApiProfile> | undefined;
  #numbersModule: Promise<boolean> | undefined;
  /** Set by {@link detection}: its probe of the Numbers module goes out beside the profile's second request. */
  #numbersWanted = false;

  /** A client of the platform at `options.url`; or (from {@link counting}) a client counting for another. */
  constructor(options: ConnectionOptions | CountingFor) {
    super();
    if ('countingFor' in options) {
      const { countingFor: base, tally } = options;
      this.#transport = base.#transport;
      this.#sender = {
        send: (method, path, parts) => base.#transport.send(method, path, parts, tally),
        addSecret: (secret) => base.#transport.addSecret(secret),
      };
      this.#choice = base.#choice;
      this.#base = base;
      return;
    }
    this.#transport = new Transport(options);
    this.#sender = this.#transport;
    this.#choice = options.profile ?? 'auto';
    this.#base = undefined;
  }

  /**
   * This client, counting (and, with `tally.log`, recording) every request it makes in `tally`:
   * an apply counts each change's requests so, across parallel changes, with no async context to
   * carry (which would cost every promise of the run a hook). It shares the connections and the
   * detected profile.
   */
  counting(tally: RequestTally): PlatformClient {
    return new PlatformClient({ countingFor: this, tally });
  }

  /** The API profile in use: the one given, or detected once (at most two requests) and remembered. */
  profile(): Promise<ApiProfile> {
    if (this.#base) return this.#base.profile();
    if (this.#choice !== 'auto') return Promise.resolve(this.#choice);
    this.#detected ??= detectProfile(this.#transport, () => {
      // The platform is not the specified one: if detection() was asked (a plan reports it, and
      // asks beside its first reads), probe the Numbers module now, in the same round trip.
      if (this.#numbersWanted) void this.#probeNumbers();
    });
    // A failed detection is not remembered: the next call tries again.
    this.#detected.catch(() => (this.#detected = undefined));
    return this.#detected;
  }

  /** Whether the choice was detected rather than given. */
  get profileDetected(): boolean {
    return this.#choice === 'auto';
  }

  /**
   * What detection found, for reports: the profile and, when a deployed (`current`) platform was
   * detected, whether it has the Numbers module (one more request, once). With a profile given,
   * just that profile.
   */
  async detection(): Promise<{ readonly profile: ApiProfile; readonly numbersModule?: boolean }> {
    this.#numbersWanted = true;
    const profile = await this.profile();
    if (!this.profileDetected || profile !== 'current') return { profile };
    return { profile, numbersModule: await this.numbersModule() };
  }

  /**
   * Whether the platform has the Numbers module of release 0.79: never under the `spec` profile
   * (no request); under `current`, asked once with one request that changes nothing.
   */
  async numbersModule(): Promise<boolean> {
    if (this.#base) return this.#base.numbersModule();
    if ((await this.profile()) === 'spec') return false;
    return this.#probeNumbers();
  }

  /** The Numbers module's probe, sent once (a failed one is not remembered: the next call tries again). */
  #probeNumbers(): Promise<boolean> {
    if (this.#numbersModule) return this.#numbersModule;
    const probe = detectNumbersModule(this.#transport);
    this.#numbersModule = probe;
    probe.catch(() => {
      if (this.#numbersModule === probe) this.#numbersModule = undefined;
    });
    return probe;
  }

  /**
   * Sends now the first request of reads the run will make (these kinds' lists, and the profile's
   * first detection request when it is to be detected), so that the platform answers while the run
   * works (a plan checks its files); the run's own requests take the answers (`Transport.sendEarly`).
   */
  readAhead(apis: readonly KindApi[]): void {
    for (const api of apis) {
      const call = api.list.call();
      if (call.method === 'GET' && call.body === undefined)
        this.#transport.sendEarly(call.path, { query: call.query, fromBase: api.fromBase });
    }
    if (!this.#base && this.#choice === 'auto' && this.#detected === undefined) this.#transport.sendEarly(PROFILE_PROBE);
  }

  /** How many requests {@link readAhead} sent. */
  get readAheadSent(): number {
    return this.#transport.earlySent;
  }

  /** Resolves once those requests are on their connections (or over), or after `capMs`. */
  readAheadOnTheWire(capMs: number): Promise<void> {
    return this.#transport.earlyOnTheWire(capMs);
  }

  async #shape(): Promise<ProfileShape> {
    return PROFILES[await this.profile()];
  }

  /** The API root the client talks to (`<base>/api/v1`); safe to print. */
  get root(): string {
    return this.#transport.root;
  }

  /** Sends one request as given; for diagnostics and conformance tests. Throws `ApiError`. */
  raw(method: HttpMethod, path: string, parts?: RequestParts): Promise<Envelope> {
    return this.#sender.send(method, path, parts);
  }

  /** The proxy's transaction counters. */
  async proxyStats(): Promise<ProxyStats> {
    const req = { method: 'GET', path: (await this.#shape()).statsPath };
    const env = await this.#sender.send('GET', req.path);
    return statsFromWire(firstRecord(env.data, req), req);
  }

  /**
   * Obtains a lease; `ttl` in seconds or as `"<n>m"`. The password in the result is a secret.
   * Leases cannot be read back, so an ambiguous failure is retried as it is, silently: each lost
   * answer may leave the platform holding a lease nobody recorded (it expires after its ttl). A
   * caller that must account for every lease uses {@link obtainLeaseNoted} instead.
   */
  async obtainLease(params: { readonly email: string; readonly ttl: number | string }): Promise<Lease> {
    return this.#obtainOnce((await this.#shape()).leaseObtain.path, params, true);
  }

  /**
   * Obtains a lease, one attempt at a time, with `attempts.before` called ahead of each attempt and
   * `lost` or `refused` after each that fails (see `obtainInAttempts`): every attempt that may have
   * issued a lease is one the caller wrote down. At most the retry policy's `maxAttempts`. The API
   * profile is settled first, so a failure to detect it is no attempt.
   */
  async obtainLeaseNoted<N>(params: { readonly email: string; readonly ttl: number }, attempts: ObtainAttempts<N>): Promise<NotedLease<N>> {
    const { path } = (await this.#shape()).leaseObtain;
    const transport = this.#transport;
    return obtainInAttempts(() => this.#obtainOnce(path, params, false), attempts, {
      maxAttempts: transport.retry.maxAttempts,
      totalMs: transport.retry.totalMs,
      pause: (attempt, err) => transport.pause(attempt, err),
    });
  }

  /** One obtain at `path`; with `retryLost` false, only failures the platform cannot have acted on are retried. */
  async #obtainOnce(path: string, params: { readonly email: string; readonly ttl: number | string }, retryLost: boolean): Promise<Lease> {
    const query = { ttl: params.ttl, email: params.email };
    const env = await this.#sender.send('GET', path, retryLost ? { query } : { query, idempotent: false });
    const req = { method: 'GET', path };
    const read = KIND_SPECS.endpoint_lease.obtainedFromWire;
    if (!read) throw new InternalError('the lease module reads no obtain answer');
    const lease = read(firstRecord(env.data, req), readerFor(req), parseTtl(params.ttl) ?? 0);
    // From now on no answer may show it.
    this.#transport.addSecret(lease.password);
    return lease;
  }

  /**
   * Revokes a lease; an unknown, revoked or expired id is an `API_NOT_FOUND` error. The deployed
   * platform answers those with 500 instead, so there a 500 is read as not found (and not retried).
   */
  async revokeLease(leaseid: number): Promise<void> {
    const shape = await this.#shape();
    const { method, path } = shape.leaseRevoke(leaseid);
    try {
      await this.#sender.send(method, path, { goneIsDone: true, idempotent: !shape.revokeUnknownIs500 });
    } catch (err) {
      if (shape.revokeUnknownIs500 && err instanceof ApiError && err.code === 'API_SERVER_ERROR') {
        throw new ApiError(
          'API_NOT_FOUND',
          `lease ${leaseid} is unknown, revoked or expired (the platform answered 500)`,
          { method, path, status: err.status, platformMsg: err.platformMsg, platformError: err.platformError },
          '',
          err,
        );
      }
      throw err;
    }
  }

  /**
   * The calls of one kind, over its API as its module states it (`KindModule.api`): list, get,
   * create, update, delete, as the generic executor, the live read and the typed methods use
   * them. Shares this client's connections, profile and (for a counting client) tally. The
   * library's callers use the typed methods: a kind's API is not part of the package's exports.
   */
  kind<L, S>(api: KindApi<L, S>): KindClient<L, S> {
    const transport = this.#transport;
    return new KindClient(
      {
        sender: this.#sender,
        profile: () => this.profile(),
        maxAttempts: transport.retry.maxAttempts,
        pause: (attempt, err) => transport.pause(attempt, err),
      },
      api,
    );
  }

  /**
   * The name and address of each gateway of one carrier or endpoint group (one request), or `null`
   * when no group has this id. Only the names and addresses are kept, never the group's password.
   */
  getGroupGateways(gwgroupid: number): Promise<GatewayLabel[] | null> {
    return getGroupGateways(this.#sender, gwgroupid);
  }

  /**
   * Deletes an object of any kind, or revokes a lease (a kind the platform cannot list: `liveFrom`),
   * and takes "not found" as done: a delete whose object is already gone (deleted elsewhere; a
   * lease revoked or expired) has reached its goal. Resolves to `true` when the object was there,
   * `false` when it was already gone. Any other failure throws `ApiError`. Every caller that
   * deletes to converge uses this, not the bare `delete*`/`revokeLease` methods, which report a
   * missing object as `API_NOT_FOUND`.
   */
  async deleteIfPresent(target: DeleteTarget): Promise<boolean> {
    const mod = KIND_SPECS[target.kind];
    // The one id a target holds beside its kind, under the kind's field name.
    const id = Object.entries(target).find(([field]) => field !== 'kind')?.[1];
    if (typeof id !== 'number') throw new InternalError(`a delete of ${target.kind} without its id`);
    try {
      if (mod.api) await this.kind(mod.api as KindApi).delete({ id });
      else await this.revokeLease(id);
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.isNotFound) return false;
      throw err;
    }
  }

  /** Revokes a lease and takes "not found" as done ({@link deleteIfPresent}): an apply's revoke, and the first half of a renew. */
  revokeLeaseIfPresent(leaseid: number): Promise<boolean> {
    return this.deleteIfPresent({ kind: KIND_SPECS.endpoint_lease.kind, lease_id: leaseid });
  }

  /**
   * Whether the platform holds writes that are not live yet (`kamreload: true`), by one cheap
   * read (the proxy counters; every answer carries the global flag).
   */
  async pendingReload(): Promise<boolean> {
    return (await this.#sender.send('GET', (await this.#shape()).statsPath)).kamreload;
  }

  /**
   * The platform's `kamreload` flag as of the last answer this client received (every answer
   * carries it), or undefined before any: lets a plan know without another request.
   */
  get lastKamreload(): boolean | undefined {
    return this.#transport.lastKamreload;
  }

  /** Asks the proxy to apply the database changes (`POST /reload/kamailio`). */
  async reloadProxy(): Promise<void> {
    // A second reload does no harm, so the POST is retried like an idempotent request.
    await this.#sender.send('POST', '/reload/kamailio', { idempotent: true });
  }

  /** Closes pooled connections. */
  close(): Promise<void> {
    return this.#transport.close();
  }

  /** Adds a secret (e.g. the password of a lease read from a state file) to remove from every answer. */
  addSecret(secret: string): void {
    this.#transport.addSecret(secret);
  }

  /** Never reveals the token. */
  toJSON(): object {
    return this.#transport.toJSON();
  }
}
