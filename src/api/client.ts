import type { InboundMapping, InboundMappingInput, InboundMappingPatch, InboundSelector } from '../model/inbound-mapping.js';
import type { Lease } from '../model/lease.js';
import { parseTtl } from '../model/lease.js';
import type { OutboundRoute, OutboundRouteInput, OutboundRoutePatch } from '../model/outbound-route.js';
import type { ProxyStats } from '../model/stats.js';
import type { CarrierGroup, CarrierGroupContent } from '../model/carrier-group.js';
import type { EndpointGroup, EndpointGroupContent } from '../model/endpoint-group.js';
import * as endpointGroups from './endpoint-groups.js';
import type { GatewayGroup, GatewayLabel } from '../model/group.js';
import type { KindRequest } from '../model/kind-spec.js';
import * as groups from './groups.js';
import type { ConnectionOptions } from './connection.js';
import type { Envelope } from './envelope.js';
import { ApiError } from './errors.js';
import { InternalError } from '../model/errors.js';
import { isAmbiguous, type RequestTally } from './retry.js';
import { obtainInAttempts, type NotedLease, type ObtainAttempts } from './lease-attempts.js';
import type { DeletedNumber, NumberFilters, NumberInput, NumberPatch, NumberRecord } from '../model/number.js';
import * as numbers from './numbers.js';
import { detectNumbersModule, detectProfile, PROFILES, type ApiProfile, type ProfileChoice, type ProfileShape } from './profile.js';
import { bareGwgroupid } from '../model/rules.js';
import { Transport, type HttpMethod, type RequestParts, type Sender } from './transport.js';
import { mappingToWire } from '../model/kinds/inbound-mapping/wire.js';
import { firstRecord, intField, leaseFromWire, mappingFromWire, routeFromWire, statsFromWire } from './wire.js';

const INBOUND = '/inboundmapping';
const ROUTES = '/outboundroutes';

/**
 * What `deleteIfPresent` removes: a mapping or a route by rule id, a lease (revoked) by its id, a
 * carrier or endpoint group (with its gateways) by its gwgroupid, or a number by its id.
 */
export type DeleteTarget =
  | { readonly kind: 'inbound_mapping'; readonly ruleid: number }
  | { readonly kind: 'outbound_route'; readonly ruleid: number }
  | { readonly kind: 'endpoint_lease'; readonly lease_id: number }
  | { readonly kind: 'carrier_group'; readonly gwgroupid: number }
  | { readonly kind: 'endpoint_group'; readonly gwgroupid: number }
  | { readonly kind: 'did_number'; readonly number_id: number };

/** The kinds whose objects are the proxy's rules, which {@link PlatformClient.sendRuleRequest} writes. */
export type RuleKind = 'inbound_mapping' | 'outbound_route';

function selectorQuery(sel: InboundSelector): Record<string, string | number> {
  return 'ruleid' in sel ? { ruleid: sel.ruleid } : { did: sel.did };
}

/** What {@link PlatformClient.counting} makes a client of: the client it counts for, and where. */
interface CountingFor {
  readonly countingFor: PlatformClient;
  readonly tally: RequestTally;
}

/**
 * A typed client of the platform's management API: one method per operation. Records come back
 * normalized to the model. Every failure is an `ApiError`; a read of something absent returns `null`.
 */
export class PlatformClient {
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
    const lease = leaseFromWire(firstRecord(env.data, req), req, parseTtl(params.ttl) ?? 0);
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

  /** Every inbound mapping. */
  async listInboundMappings(): Promise<InboundMapping[]> {
    const env = await this.#sender.send('GET', INBOUND);
    const req = { method: 'GET', path: INBOUND };
    return env.data.map((r) => mappingFromWire(r, req));
  }

  /** One inbound mapping by rule id or by DID (`""`: the default mapping), or `null`. */
  async getInboundMapping(sel: InboundSelector): Promise<InboundMapping | null> {
    const query = selectorQuery(sel);
    try {
      const env = await this.#sender.send('GET', INBOUND, { query });
      if (env.data.length === 0) return null;
      return mappingFromWire(env.data[0], { method: 'GET', path: INBOUND });
    } catch (err) {
      if (err instanceof ApiError && err.isNotFound) return null;
      throw err;
    }
  }

  /**
   * Creates a mapping and returns its rule id, read back by DID when the answer holds none. Never
   * blindly repeated: after an ambiguous failure (5xx, reset, timeout) it reads back by DID whether
   * the create happened, and sends it again only if not.
   */
  async createInboundMapping(input: InboundMappingInput): Promise<number> {
    return this.#safeCreate(
      () => this.#postInboundMapping(input),
      async () => {
        const found = await this.getInboundMapping({ did: input.did });
        if (!found) return undefined;
        const same = JSON.stringify(found.servers) === JSON.stringify(input.servers) && found.notes === (input.notes ?? '');
        return same ? found.ruleid : null;
      },
    );
  }

  /**
   * The create-once loop: try; on an ambiguous failure ask `readBack` whether it happened (a rule
   * id: yes; undefined: no, try again; null: something else holds the key, give up).
   */
  async #safeCreate(create: () => Promise<number>, readBack: () => Promise<number | null | undefined>): Promise<number> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await create();
      } catch (err) {
        if (!(err instanceof ApiError) || !isAmbiguous(err)) throw err;
        const found = await readBack();
        if (typeof found === 'number') return found;
        if (found === null || attempt >= this.#transport.retry.maxAttempts) throw err;
        await this.#transport.pause(attempt, err);
      }
    }
  }

  async #postInboundMapping(input: InboundMappingInput): Promise<number> {
    // Always with a note: on the deployed platform a mapping without one breaks every list read.
    const env = await this.#sender.send('POST', INBOUND, {
      body: mappingToWire({ did: input.did, servers: input.servers, notes: input.notes ?? '' }, (await this.#shape()).noteKey),
    });
    const rec = env.data[0];
    if (rec && typeof rec === 'object' && 'ruleid' in rec) {
      return intField(rec, 'ruleid', { method: 'POST', path: INBOUND });
    }
    const created = await this.getInboundMapping({ did: input.did });
    if (!created) {
      throw new ApiError(
        'API_UNEXPECTED_RESPONSE',
        `created DID "${input.did}" but cannot read it back`,
        { method: 'GET', path: INBOUND },
        'Plan again to see the platform as it is now.',
      );
    }
    return created.ruleid;
  }

  /**
   * Updates the selected mapping with any non-empty subset of its fields; `did` renames. The
   * deployed platform cannot (`API_UNSUPPORTED`): replace the mapping instead (delete, then create).
   */
  async updateInboundMapping(sel: InboundSelector, patch: InboundMappingPatch): Promise<void> {
    const shape = await this.#shape();
    if (!shape.updatesMappingsInPlace) {
      throw new ApiError(
        'API_UNSUPPORTED',
        'the deployed platform cannot update an inbound mapping in place',
        { method: 'PUT', path: INBOUND },
        'Replace it: delete, then create (dsipform plans do this under the current profile).',
      );
    }
    await this.#sender.send('PUT', INBOUND, { query: selectorQuery(sel), body: mappingToWire(patch, shape.noteKey) });
  }

  /** Deletes the selected mapping; absent is an `API_NOT_FOUND` error (but not on a retry: done). */
  async deleteInboundMapping(sel: InboundSelector): Promise<void> {
    await this.#sender.send('DELETE', INBOUND, { query: selectorQuery(sel), goneIsDone: true });
  }

  /** Every outbound route, simple and LCR. */
  async listOutboundRoutes(): Promise<OutboundRoute[]> {
    const env = await this.#sender.send('GET', ROUTES);
    const req = { method: 'GET', path: ROUTES };
    return env.data.map((r) => routeFromWire(r, req));
  }

  /** One outbound route, or `null`. */
  async getOutboundRoute(ruleid: number): Promise<OutboundRoute | null> {
    const path = `${ROUTES}/${encodeURIComponent(ruleid)}`;
    try {
      const env = await this.#sender.send('GET', path);
      return env.data.length === 0 ? null : routeFromWire(env.data[0], { method: 'GET', path });
    } catch (err) {
      if (err instanceof ApiError && err.isNotFound) return null;
      throw err;
    }
  }

  /**
   * Creates a route (LCR when `from_prefix` is non-empty) and returns its rule id. After an
   * ambiguous failure it reads the routes back and takes the newest one with this name and these
   * fields, sending the create again only if there is none.
   */
  async createOutboundRoute(input: OutboundRouteInput): Promise<number> {
    const req = { method: 'POST', path: ROUTES };
    return this.#safeCreate(
      async () => {
        const env = await this.#sender.send('POST', ROUTES, { body: { ...input } });
        return intField(firstRecord(env.data, req) as Record<string, unknown>, 'ruleid', req);
      },
      async () => {
        const same = (await this.listOutboundRoutes()).filter(
          (r) =>
            r.name === input.name &&
            r.prefix === input.prefix &&
            r.gwgroupid === bareGwgroupid(input.gwgroupid) &&
            (r.from_prefix ?? '') === (input.from_prefix ?? ''),
        );
        return same.length ? Math.max(...same.map((r) => r.ruleid)) : undefined;
      },
    );
  }

  /**
   * Updates a route with any subset of its fields. `from_prefix: ""` demotes an LCR route; a
   * non-empty one promotes a simple route. The platform needs `prefix` beside a non-empty
   * `from_prefix`, so the client reads it when the patch lacks it.
   */
  async updateOutboundRoute(ruleid: number, patch: OutboundRoutePatch): Promise<void> {
    const body: Record<string, unknown> = { ...patch };
    if (patch.from_prefix && patch.prefix === undefined) {
      const current = await this.getOutboundRoute(ruleid);
      if (current) body.prefix = current.prefix;
    }
    await this.#sender.send('PUT', `${ROUTES}/${encodeURIComponent(ruleid)}`, { body });
  }

  /** Deletes a route and its paired LCR record; absent is an `API_NOT_FOUND` error (but not on a retry: done). */
  async deleteOutboundRoute(ruleid: number): Promise<void> {
    await this.#sender.send('DELETE', `${ROUTES}/${encodeURIComponent(ruleid)}`, { goneIsDone: true });
  }

  /** The numbers of the platform's Numbers module meeting every filter given (see numbers.ts). */
  listNumbers(filters?: NumberFilters): Promise<NumberRecord[]> {
    return numbers.listNumbers(this.#sender, filters);
  }

  /** Creates a number and returns it as stored; a DID already held is `API_CONFLICT`. */
  createNumber(input: NumberInput): Promise<NumberRecord> {
    return numbers.createNumber(this.#sender, input);
  }

  /** Sets the given fields of a number and returns it; an unknown id is `API_NOT_FOUND`. */
  updateNumber(id: number, patch: NumberPatch): Promise<NumberRecord> {
    return numbers.updateNumber(this.#sender, id, patch);
  }

  /** Deletes a number by id; absent is `API_NOT_FOUND` (but not on a retry: done). */
  deleteNumber(id: number): Promise<void> {
    return numbers.deleteNumber(this.#sender, id);
  }

  /** Deletes the numbers of these DIDs and ids (all or none, in the body); returns what it deleted. */
  deleteNumbers(which: { readonly dids?: readonly string[]; readonly ids?: readonly number[] }): Promise<DeletedNumber[]> {
    return numbers.deleteNumbers(this.#sender, which);
  }

  /** Every carrier group (gateway lists of type 8), by one request. Names are not unique. */
  listCarrierGroups(): Promise<GatewayGroup[]> {
    return groups.listCarrierGroups(this.#sender);
  }

  /** Every endpoint group (gateway lists of type 9), by one request. Names are not unique. */
  listEndpointGroups(): Promise<GatewayGroup[]> {
    return groups.listEndpointGroups(this.#sender);
  }

  /**
   * One carrier group with its gateways and their weights (two requests), or `null` when no carrier
   * group has this id. `lb_enabled` and `auth` cannot be read: see `CarrierGroup.unreadable`.
   */
  getCarrierGroup(gwgroupid: number): Promise<CarrierGroup | null> {
    return groups.getCarrierGroup(this.#sender, gwgroupid);
  }

  /**
   * The name and address of each gateway of one carrier or endpoint group (one request), or `null`
   * when no group has this id. Only the names and addresses are kept, never the group's password.
   */
  getGroupGateways(gwgroupid: number): Promise<GatewayLabel[] | null> {
    return groups.getGroupGateways(this.#sender, gwgroupid);
  }

  /**
   * Creates a carrier group and its gateways; resolves to the new gwgroupid. The auth password is
   * registered as a secret first. The platform swallows errors here: a 200 without an id is
   * `API_SWALLOWED_ERROR`, and a 200 with one may still lack gateways, so read back.
   */
  createCarrierGroup(content: CarrierGroupContent): Promise<number> {
    return groups.createCarrierGroup(this.#sender, content);
  }

  /**
   * Updates a carrier group in place; endpoint i updates gateway `gwids[i]` when given, else is
   * created. Gateways not listed stay (the carrier API cannot remove one). Read back: the
   * platform may answer 200 and write nothing.
   */
  updateCarrierGroup(gwgroupid: number, content: CarrierGroupContent, gwids?: readonly (number | undefined)[]): Promise<void> {
    return groups.updateCarrierGroup(this.#sender, gwgroupid, content, gwids);
  }

  /** Deletes a carrier group and its gateways; absent is an `API_NOT_FOUND` error (but not on a retry: done). */
  deleteCarrierGroup(gwgroupid: number): Promise<void> {
    return groups.deleteCarrierGroup(this.#sender, gwgroupid);
  }

  /**
   * One endpoint group with its endpoints, registration and reports (one request), or `null` when
   * no group has this id. Its password is registered as a secret and kept only as a fingerprint.
   */
  getEndpointGroup(gwgroupid: number): Promise<EndpointGroup | null> {
    return endpointGroups.getEndpointGroup(this.#sender, gwgroupid);
  }

  /** Creates an endpoint group and its endpoints; resolves to the new gwgroupid. Read back. */
  createEndpointGroup(content: EndpointGroupContent): Promise<number> {
    return endpointGroups.createEndpointGroup(this.#sender, content);
  }

  /**
   * Replaces an endpoint group's settings and whole endpoint set; endpoint i keeps gateway
   * `gwids[i]` when given, gateways not sent are deleted. Read back.
   */
  updateEndpointGroup(gwgroupid: number, content: EndpointGroupContent, gwids?: readonly (number | undefined)[]): Promise<void> {
    return endpointGroups.updateEndpointGroup(this.#sender, gwgroupid, content, gwids);
  }

  /** Deletes an endpoint group and its endpoints. */
  deleteEndpointGroup(gwgroupid: number): Promise<void> {
    return endpointGroups.deleteEndpointGroup(this.#sender, gwgroupid);
  }

  /**
   * Sends one request a rule kind's module mapped a change to (its `requests`, src/model/kinds/):
   * a create resolves to the new rule id, an update or a delete to the one it touched. A delete
   * that finds its rule gone is done (`deleteIfPresent`). The input and patch are the module's,
   * of the kind's own types (`InboundMappingInput`, `OutboundRoutePatch`, …).
   */
  async sendRuleRequest(kind: RuleKind, request: KindRequest): Promise<number> {
    const mapping = kind === 'inbound_mapping';
    switch (request.op) {
      case 'create':
        return mapping
          ? this.createInboundMapping(request.input as InboundMappingInput)
          : this.createOutboundRoute(request.input as OutboundRouteInput);
      case 'update':
        if (mapping) await this.updateInboundMapping({ ruleid: request.id }, request.patch);
        else await this.updateOutboundRoute(request.id, request.patch);
        return request.id;
      case 'delete':
        await this.deleteIfPresent({ kind, ruleid: request.id });
        return request.id;
      case 'delete_key':
        if (!mapping) throw new InternalError(`no delete by key for ${kind}`);
        await this.deleteInboundMapping({ did: request.key });
        return 0;
      default:
        throw new InternalError(`unknown request ${JSON.stringify(request satisfies never)}`);
    }
  }

  /**
   * Deletes a mapping, a route, a group or a number, or revokes a lease, and takes "not found" as done: a delete
   * whose object is already gone (deleted elsewhere; a lease revoked or expired) has reached its
   * goal. Resolves to `true` when the object was there, `false` when it was already gone. Any
   * other failure throws `ApiError`. Every caller that deletes to converge uses this, not the
   * bare `delete*`/`revokeLease` methods, which report a missing object as `API_NOT_FOUND`.
   */
  async deleteIfPresent(target: DeleteTarget): Promise<boolean> {
    try {
      if (target.kind === 'inbound_mapping') await this.deleteInboundMapping({ ruleid: target.ruleid });
      else if (target.kind === 'outbound_route') await this.deleteOutboundRoute(target.ruleid);
      else if (target.kind === 'carrier_group') await this.deleteCarrierGroup(target.gwgroupid);
      else if (target.kind === 'endpoint_group') await this.deleteEndpointGroup(target.gwgroupid);
      else if (target.kind === 'did_number') await this.deleteNumber(target.number_id);
      else await this.revokeLease(target.lease_id);
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.isNotFound) return false;
      throw err;
    }
  }

  /** Revokes a lease and takes "not found" as done ({@link deleteIfPresent}): an apply's revoke, and the first half of a renew. */
  revokeLeaseIfPresent(leaseid: number): Promise<boolean> {
    return this.deleteIfPresent({ kind: 'endpoint_lease', lease_id: leaseid });
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
