import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { generateToken } from './auth.js';
import { Persister, loadSnapshot } from './persist.js';
import { Router } from './router.js';
import { createFaultInjector, type FaultOptions } from './faults.js';
import { createConnectListener, createRequestListener, type ServerContext } from './server.js';
import { buildProfile, type ApiProfileName } from './profiles.js';
import { EmulatorStore } from './store/store.js';
import { selfSignedCertificate, type TlsMaterial } from './tls.js';

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
  /** `true`: a fresh self-signed certificate for 127.0.0.1 and localhost; or the PEMs to serve. */
  tls?: boolean | { cert: string; key: string };
  /** Where the certificate PEM is written (TLS only); default `${dataFile}.cert.pem`, else a temp dir. */
  certFile?: string;
  /** Start without the fresh-install default outbound route (ignored when `dataFile` exists). */
  empty?: boolean;
  /** Clock in ms, default `Date.now`; tests drive lease expiry with it. */
  now?: () => number;
  /** Failures to inject (5xx, resets, latency, 429), reproducible by seed; see faults.ts. Default none. */
  faults?: FaultOptions;
  /** Which API to serve: `spec` (the contract as specified, default) or `current` (the platform as deployed). */
  profile?: ApiProfileName;
  /** Serve an instance without a DSIP_CORE licence: every API call is 401 "Core Subscription Required". */
  unlicensed?: boolean;
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
  /** Stops accepting, closes every connection (keep-alive ones too), waits for pending saves. */
  close(): Promise<void>;
}

/**
 * Starts the platform API emulator (the "spec" profile unless told otherwise) and resolves once it
 * listens. Rejects when the profile is unknown, the token is `""`, a fault option is out of range,
 * the data file is corrupt or unwritable (the message names it), the port is taken, or the
 * certificate cannot be written.
 */
export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  if (options.token === '') throw new Error('The emulator token must not be empty');
  const profile = buildProfile(options.profile ?? 'spec');
  const faults = createFaultInjector(options.faults);
  const token = options.token ?? generateToken();
  const store = await openStore(options);
  const persister = options.dataFile ? new Persister(options.dataFile, () => store.snapshot()) : undefined;
  // Save once at start so an unwritable data file fails now rather than on the first write.
  await persister?.save();
  const tls = await tlsMaterial(options);
  const ctx: ServerContext = {
    store,
    router: new Router(profile.entries),
    ...(profile.routingPage ? { routingPage: profile.routingPage } : {}),
    token,
    ...(persister ? { persist: () => persister.save() } : {}),
    ...(faults ? { faults } : {}),
    ...(options.unlicensed ? { unlicensed: true } : {}),
  };
  const listener = createRequestListener(ctx);
  const server: Server = tls ? createHttpsServer({ cert: tls.material.cert, key: tls.material.key }, listener) : createHttpServer(listener);
  server.on('connect', createConnectListener(ctx));
  try {
    await listen(server, options.port ?? 5000, options.host ?? '127.0.0.1');
  } catch (err) {
    await tls?.cleanup();
    throw err;
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
    close: () => (closing ??= shutdown(server, persister, tls?.cleanup)),
  };
}

async function openStore(options: EmulatorOptions): Promise<EmulatorStore> {
  const storeOptions = options.now ? { now: options.now } : {};
  const snapshot = options.dataFile ? await loadSnapshot(options.dataFile) : undefined;
  if (!snapshot) return new EmulatorStore({ ...storeOptions, empty: Boolean(options.empty) });
  try {
    return EmulatorStore.fromSnapshot(snapshot, storeOptions);
  } catch (err) {
    throw new Error(`Emulator data file ${options.dataFile} is corrupt: ${(err as Error).message}`);
  }
}

interface TlsSetup {
  readonly material: TlsMaterial;
  readonly caFile: string;
  readonly cleanup: () => Promise<void>;
}

/** The certificate to serve, written where clients can find it; `undefined` for plain HTTP. */
async function tlsMaterial(options: EmulatorOptions): Promise<TlsSetup | undefined> {
  if (!options.tls) return undefined;
  const material = options.tls === true ? await selfSignedCertificate() : options.tls;
  let tempDir: string | undefined;
  let caFile = options.certFile ?? (options.dataFile ? `${options.dataFile}.cert.pem` : undefined);
  if (caFile === undefined) {
    tempDir = await mkdtemp(join(tmpdir(), 'dsipform-emu-'));
    caFile = join(tempDir, 'cert.pem');
  }
  await writeFile(caFile, material.cert, { mode: 0o644 });
  // Only a directory we made is ours to remove; a certFile the caller named outlives the emulator.
  const cleanup = async (): Promise<void> => {
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  };
  return { material, caFile, cleanup };
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
