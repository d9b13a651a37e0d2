import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProviderHandler } from '../types.js';
import { serverCertificate } from './certificate.js';
import { startGrpcServer, type GrpcServer } from './grpc-server.js';
import { checkPluginEnvironment, handshakeLine, reattachLine } from './handshake.js';
import { LazyProvider } from './lazy-provider.js';
import { loadProviderSchemas } from './provider-schemas.js';
import { ephemeralRpcs } from './ephemeral-rpc.js';
import { providerRpcs } from './provider-rpc.js';
import { loadServiceDefinitions } from './protos.js';
import { resourceRpcs } from './resource-rpc.js';
import { guardStdout, log } from './stdio.js';

/** How to serve. */
interface ServeOptions {
  /**
   * Debug mode: no magic cookie needed, plaintext, keeps running until SIGINT or SIGTERM, and
   * prints `TF_REATTACH_PROVIDERS='...'` on stdout for terraform to attach to this one process.
   */
  readonly debug?: boolean;
  /** The environment Terraform set (default: process.env). */
  readonly env?: NodeJS.ProcessEnv;
  /** The schema file (default: the package's schemas/provider.schema.json). */
  readonly schemaFile?: string;
}

// How often a plugin checks that Terraform is still its parent.
const ORPHAN_CHECK_MS = 2000;

/**
 * Serves the provider made by `factory` (called on the first RPC that needs it, at most once)
 * over go-plugin's gRPC protocol 6. Writes exactly one line on stdout (the handshake, or the
 * reattach line in debug mode) and logs to stderr. Resolves with the exit code once the process
 * should exit: 1 when not started by Terraform, 0 after GRPCController.Shutdown, SIGTERM (and
 * SIGINT in debug mode; a plugin ignores it, Terraform handles Ctrl-C), or when Terraform died and
 * left the plugin orphaned. The provider's shutdown() runs first in each case, if it was made.
 */
export async function serve(factory: () => Promise<ProviderHandler>, options: ServeOptions = {}): Promise<number> {
  const env = options.env ?? process.env;
  const debug = options.debug ?? false;
  const plugin = checkPluginEnvironment(env);
  if (!debug && !plugin.ok) {
    process.stderr.write(plugin.message);
    return 1;
  }
  const clientCertPem = !debug && plugin.ok ? plugin.clientCertPem : undefined;
  // Started first: key generation runs on the thread pool while the protocol files are parsed.
  const certificate = clientCertPem === undefined ? undefined : serverCertificate();
  const defs = loadServiceDefinitions();

  const provider = new LazyProvider(factory);
  const ctx = { provider, schemas: () => loadProviderSchemas(options.schemaFile), log };
  const dir = mkdtempSync(join(env.PLUGIN_UNIX_SOCKET_DIR || tmpdir(), 'tf-dsiprouter-'));
  const socketPath = join(dir, 'plugin.sock');

  let exit!: (code: number) => void;
  const exited = new Promise<number>((resolve) => (exit = resolve));
  let stopping: Promise<void> | undefined;
  const stopProvider = () => (stopping ??= shutdownProvider(provider));
  let server: GrpcServer | undefined;
  let finishing = false;
  const finish = async () => {
    if (finishing) return;
    finishing = true;
    await stopProvider();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
    exit(0);
  };

  process.on('uncaughtException', (err) => log(`uncaught error (this is a bug, please report it): ${err.stack ?? err.message}`));
  process.on('unhandledRejection', (err) => log(`unhandled rejection (this is a bug, please report it): ${String(err)}`));

  const cert = await certificate;
  server = await startGrpcServer(defs, {
    socketPath,
    tls: cert && clientCertPem ? { certPem: cert.cert, keyPem: cert.key, clientCertPem } : undefined,
    rpcs: { ...providerRpcs(ctx), ...resourceRpcs(ctx), ...ephemeralRpcs(ctx) },
    // In debug mode Terraform does not own the process: a Shutdown from it ends nothing.
    onShutdown: debug ? async () => undefined : stopProvider,
    onShutdownReplied: () => void (debug ? undefined : finish()),
  });

  process.on('SIGTERM', () => void finish());
  if (debug) {
    process.on('SIGINT', () => void finish());
    const address = ctx.schemas().address;
    process.stdout.write(`${reattachLine(address, process.pid, socketPath)}\n`);
    log(
      `debug mode: serving ${address} on ${socketPath}; export the TF_REATTACH_PROVIDERS line above in the shell that runs terraform. Stop with Ctrl-C.`,
    );
  } else {
    // Terraform handles Ctrl-C itself (StopProvider, then Shutdown); the terminal sends SIGINT to us too.
    process.on('SIGINT', () => undefined);
    const parent = process.ppid;
    setInterval(() => {
      if (process.ppid !== parent) void finish();
    }, ORPHAN_CHECK_MS).unref();
    process.stdout.write(`${handshakeLine(socketPath, cert?.der)}\n`);
  }
  guardStdout();
  return exited;
}

/** Calls the provider's shutdown once, if a provider was made; a failure is logged, not thrown. */
async function shutdownProvider(provider: LazyProvider): Promise<void> {
  try {
    await (await provider.ifMade())?.shutdown();
  } catch (err) {
    log(`provider shutdown failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  }
}
