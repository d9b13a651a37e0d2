import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { generateToken } from './auth.js';
import { Persister, loadSnapshot, removeStaleTempFiles } from './persist.js';
import { Router } from './router.js';
import { createFaultInjector, type FaultOptions } from './faults.js';
import { createConnectListener, createRequestListener, type ServerContext } from './server.js';
import { buildProfile, type ApiProfileName } from './profiles.js';
import { EmulatorStore } from './store/store.js';
import { checkTlsMaterial, emulatorCertificate, type TlsMaterial } from './tls.js';
import { certUnwritableError, dataCorruptError, dataUnwritableError, emptyTokenError, listenError, tlsError } from './start-errors.js';
import { DEFAULT_BODY_TIMEOUT_MS } from './body.js';
import { DEFAULT_HEADER_TIMEOUT_MS, SERVER_LIMITS, headerCheckIntervalMs } from './limits.js';
import { DsipformError } from '../model/errors.js';

export { EmulatorStore, type StoreOptions } from './store/store.js';
export type { EmulatorSnapshot } from './store/snapshot.js';
export type { LcrRecord, StoredLease, StoredMapping, StoredRoute } from './store/records.js';
export type { Outcome, Failure } from './store/outcome.js';
export type { FaultOptions } from './faults.js';
export { API_PROFILE_NAMES, type ApiProfileName } from './profiles.js';

/** How to start the emulator. Every field is optional. */
export interface EmulatorOptions {
  /** Interface to listen on; default `127.0.0.1`. */
  host?: string;
  /** Port; default 5000 (the platform's); 0 picks a free one. */
  port?: number;
  /** API token; default a fresh 64-hex-character one (see `tokenGenerated`). */
  token?: string;
  /** State file: loaded at start when it exists, saved atomically after every change. */
  dataFile?: string;
  /** `true`: a fresh self-signed certificate for 127.0.0.1, localhost and `host`; or the PEMs to serve. */
  tls?: boolean | { cert: string; key: string };
  /** Where the certificate PEM is written (TLS only); default `${dataFile}.cert.pem`, else a temp dir. */
  certFile?: string;
  /** Start without the fresh-install default outbound route and carrier groups 1–10 (ignored when `dataFile` exists). */
  empty?: boolean;
  /** Clock in ms, default `Date.now`; tests drive lease expiry with it. */
  now?: () => number;
  /** Failures to inject (5xx, resets, latency, 429), reproducible by seed; see faults.ts. Default none. */
  faults?: FaultOptions;
  /** Which API to serve: `spec` (the contract as specified, default) or `current` (the platform as deployed). */
  profile?: ApiProfileName;
  /** Serve an instance without a DSIP_CORE licence: every API call is 401 "Core Subscription Required". */
  unlicensed?: boolean;

  /** Most time a request body may take to arrive, in ms, before a 408 and a closed connection; default 30,000. */
  bodyTimeoutMs?: number;
  /** Most connections open at once (node's `server.maxConnections`; more are closed on arrival); default no limit. */
  maxConnections?: number;
  /**
   * Most time a request's headers may take to arrive, in ms (1 to 300,000), counted from the
   * connection or the end of the previous answer; then node answers 408 and closes the connection.
   * Also bounds a TLS handshake. Default 10,000.
   */
  headerTimeoutMs?: number;
}

/** A listening emulator. */
export interface RunningEmulator {
  /** Base URL without `/api/v1`, e.g. `http://127.0.0.1:43210` (`https://` with TLS). */
  readonly url: string;
  readonly token: string;
  /** True when no token was given and one was generated. */
  readonly tokenGenerated: boolean;
  /** Path of the certificate PEM clients can trust (TLS only). */
  readonly caFile?: string;
  /** The same certificate as text (TLS only). */
  readonly caPem?: string;
  /** The seed of the injected faults (given or drawn), when any fault is on: pass it back to repeat a run. */
  readonly faultSeed?: number;
  /** The API profile served. */
  readonly profile: ApiProfileName;
  /** Temporary files a killed emulator had left beside the data file, removed at start. */
  readonly removedTempFiles: readonly string[];
  /** Stops accepting, closes every connection (keep-alive ones too), waits for pending saves. */
  close(): Promise<void>;
}

/**
 * Starts the platform API emulator (the "spec" profile unless told otherwise) and resolves once it
 * listens. Rejects with a coded `DsipformError` (see start-errors.ts) when the token is `""`, the
 * data file is unreadable, corrupt or unwritable (the message names it), the given certificate and
 * key are not a pair, the certificate cannot be written, or it cannot listen (port taken, address
 * not of this machine); and when the profile is unknown or a fault option or `headerTimeoutMs` is out
 * of range.
 */
export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  if (options.token === '') throw emptyTokenError();
  const headerTimeoutMs = headerTimeout(options.headerTimeoutMs);
  const profile = buildProfile(options.profile ?? 'spec');
  const faults = createFaultInjector(options.faults);
  const token = options.token ?? generateToken();
  if (options.tls && options.tls !== true) checkTlsMaterial(options.tls);
  const removedTempFiles = options.dataFile ? await removeStaleTempFiles(options.dataFile) : [];
  const store = await openStore(options);
  const persister = options.dataFile ? new Persister(options.dataFile, () => store.snapshot()) : undefined;
  // Save once at start so an unwritable data file fails now rather than on the first write.
  try {
    await persister?.save();
  } catch (err) {
    throw dataUnwritableError(options.dataFile!, err);
  }
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 5000;
  const tls = await tlsMaterial(options, host);
  const ctx: ServerContext = {
    store,
    router: new Router(profile.entries),
    wire: profile.wire,
    ...(profile.routingPage ? { routingPage: profile.routingPage } : {}),
    token,
    ...(persister ? { persist: () => persister.save() } : {}),
    ...(faults ? { faults } : {}),
    ...(options.unlicensed ? { unlicensed: true } : {}),

    bodyTimeoutMs: options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS,
  };
  const listener = createRequestListener(ctx);
  const timeouts = serverTimeouts(headerTimeoutMs);
  const server: Server = tls ? httpsServer(tls, timeouts, listener) : createHttpServer(timeouts, listener);
  server.on('connect', createConnectListener(ctx));
  if (options.maxConnections !== undefined && options.maxConnections > 0) server.maxConnections = options.maxConnections;
  try {
    await listen(server, port, host);
  } catch (err) {
    await tls?.cleanup();
    throw listenError(err, host, port);
  }
  const address = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    url: `${tls ? 'https' : 'http'}://${urlHost(address.address)}:${address.port}`,
    token,
    tokenGenerated: options.token === undefined,
    ...(tls ? { caFile: tls.caFile, caPem: tls.material.cert } : {}),
    ...(faults ? { faultSeed: faults.seed } : {}),
    profile: profile.name,
    removedTempFiles,
    close: () => (closing ??= shutdown(server, persister, tls?.cleanup)),
  };
}

/** `headerTimeoutMs`, checked; a value out of range is the caller's mistake, named. */
function headerTimeout(value: number | undefined): number {
  if (value === undefined) return DEFAULT_HEADER_TIMEOUT_MS;
  if (Number.isInteger(value) && value >= 1 && value <= SERVER_LIMITS.headerTimeoutMs) return value;
  throw new DsipformError(
    'EMULATOR_BAD_OPTION',
    `Bad emulator option: headerTimeoutMs ${value} is not an integer from 1 to ${SERVER_LIMITS.headerTimeoutMs}`,
    'Give the milliseconds a client may take to send its request headers, e.g. 10000 (the default).',
  );
}

/**
 * node's own bounds on a request's arrival. node enforces `headersTimeout` itself (408, then close),
 * but only when its connection check runs, hence the interval; `requestTimeout` stays node's default.
 */
function serverTimeouts(headerTimeoutMs: number): { headersTimeout: number; requestTimeout: number; connectionsCheckingInterval: number } {
  return {
    headersTimeout: headerTimeoutMs,
    requestTimeout: SERVER_LIMITS.bodyTimeoutMs,
    connectionsCheckingInterval: headerCheckIntervalMs(headerTimeoutMs),
  };
}

async function openStore(options: EmulatorOptions): Promise<EmulatorStore> {
  const storeOptions = { ...(options.now ? { now: options.now } : {}), swallowGroupErrors: Boolean(options.faults?.swallowGroupErrors) };
  const snapshot = options.dataFile ? await loadSnapshot(options.dataFile) : undefined;
  if (!snapshot) return new EmulatorStore({ ...storeOptions, empty: Boolean(options.empty) });
  try {
    return EmulatorStore.fromSnapshot(snapshot, storeOptions);
  } catch (err) {
    throw dataCorruptError(options.dataFile!, (err as Error).message);
  }
}

interface TlsSetup {
  readonly material: TlsMaterial;
  readonly caFile: string;
  readonly cleanup: () => Promise<void>;
}

/** The certificate to serve, written where clients can find it; `undefined` for plain HTTP. */
async function tlsMaterial(options: EmulatorOptions, host: string): Promise<TlsSetup | undefined> {
  if (!options.tls) return undefined;
  const material = options.tls === true ? await emulatorCertificate(host) : options.tls;
  let tempDir: string | undefined;
  let caFile = options.certFile ?? (options.dataFile ? `${options.dataFile}.cert.pem` : undefined);
  if (caFile === undefined) {
    tempDir = await mkdtemp(join(tmpdir(), 'dsipform-emu-'));
    caFile = join(tempDir, 'cert.pem');
  }
  try {
    await writeFile(caFile, material.cert, { mode: 0o644 });
  } catch (err) {
    throw certUnwritableError(caFile, err);
  }
  // Only a directory we made is ours to remove; a certFile the caller named outlives the emulator.
  const cleanup = async (): Promise<void> => {
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  };
  return { material, caFile, cleanup };
}

/** The HTTPS server; a certificate OpenSSL refuses (after checkTlsMaterial) is still the user's, not a bug. */
function httpsServer(
  tls: TlsSetup,
  timeouts: ReturnType<typeof serverTimeouts>,
  listener: ReturnType<typeof createRequestListener>,
): Server {
  try {
    // A handshake that never finishes holds a connection slot before any header is read: same bound.
    const options = { cert: tls.material.cert, key: tls.material.key, handshakeTimeout: timeouts.headersTimeout, ...timeouts };
    return createHttpsServer(options, listener);
  } catch (err) {
    throw tlsError(`the certificate and key cannot be served: ${(err as Error).message}`);
  }
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error): void => reject(err);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

async function shutdown(server: Server, persister?: Persister, cleanup?: () => Promise<void>): Promise<void> {
  const closed = new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
  server.closeAllConnections();
  await closed;
  await persister?.flush();
  await cleanup?.();
}

function urlHost(address: string): string {
  return address.includes(':') ? `[${address}]` : address;
}
