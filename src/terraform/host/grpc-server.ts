import {
  Server,
  ServerCredentials,
  status,
  type sendUnaryData,
  type ServerDuplexStream,
  type ServerUnaryCall,
  type ServerWritableStream,
  type UntypedServiceImplementation,
} from '@grpc/grpc-js';
import type { ServiceDefinitions } from './protos.js';

/** One RPC of the Provider service: a request in, a response out; never rejects by contract. */
type UnaryRpc = (request: never) => Promise<object>;

/** What the gRPC server is made of. */
interface GrpcServerOptions {
  /** Absolute path of the unix socket to listen on. */
  readonly socketPath: string;
  /** AutoMTLS material; plaintext when absent (debug mode). */
  readonly tls?: { readonly certPem: string; readonly keyPem: string; readonly clientCertPem: string };
  /** The tfplugin6.Provider RPCs by method name. */
  readonly rpcs: Readonly<Record<string, UnaryRpc>>;
  /** GRPCController.Shutdown: resolves before the reply, then `onShutdownReplied` runs. */
  readonly onShutdown: () => Promise<void>;
  readonly onShutdownReplied: () => void;
}

/** A listening server. */
export interface GrpcServer {
  /** Ends the idle streams and closes the server, forcibly after `graceMs`. */
  close(graceMs?: number): Promise<void>;
}

// Terraform's own limit for provider messages (large states and plans).
const MAX_MESSAGE_BYTES = 256 << 20;

/** Starts the provider's gRPC server on the unix socket: Provider, GRPCController, GRPCStdio, GRPCBroker, Health. */
export async function startGrpcServer(defs: ServiceDefinitions, options: GrpcServerOptions): Promise<GrpcServer> {
  const server = new Server({
    'grpc.max_receive_message_length': MAX_MESSAGE_BYTES,
    'grpc.max_send_message_length': MAX_MESSAGE_BYTES,
  });
  const streams = new Set<{ end(): void }>();
  const holdOpen = (call: ServerWritableStream<unknown, unknown> | ServerDuplexStream<unknown, unknown>) => {
    streams.add(call);
    call.on('cancelled', () => streams.delete(call));
    call.on('error', () => streams.delete(call));
  };

  const provider: UntypedServiceImplementation = {};
  for (const [name, rpc] of Object.entries(options.rpcs)) {
    provider[name] = (call: ServerUnaryCall<unknown, object>, callback: sendUnaryData<object>) => {
      // The request is the decoded message of the method's request type, which the rpc declares.
      rpc(call.request as never).then(
        (response) => callback(null, response),
        (err: unknown) => callback({ code: status.INTERNAL, details: String(err) }),
      );
    };
  }
  server.addService(defs.provider, provider);
  server.addService(defs.controller, {
    Shutdown: (_call: ServerUnaryCall<unknown, object>, callback: sendUnaryData<object>) => {
      void options.onShutdown().finally(() => {
        callback(null, {});
        options.onShutdownReplied();
      });
    },
  });
  // go-plugin mirrors the plugin's output through this stream; this provider writes stderr directly.
  server.addService(defs.stdio, { StreamStdio: holdOpen });
  server.addService(defs.broker, {
    StartStream: (call: ServerDuplexStream<unknown, unknown>) => {
      holdOpen(call);
      call.on('end', () => call.end());
    },
  });
  server.addService(defs.health, {
    Check: (_call: ServerUnaryCall<unknown, object>, callback: sendUnaryData<object>) => callback(null, { status: 1 /* SERVING */ }),
  });

  const credentials = options.tls
    ? ServerCredentials.createSsl(
        Buffer.from(options.tls.clientCertPem),
        [{ cert_chain: Buffer.from(options.tls.certPem), private_key: Buffer.from(options.tls.keyPem) }],
        true,
      )
    : ServerCredentials.createInsecure();
  await new Promise<void>((resolve, reject) => {
    server.bindAsync(`unix:${options.socketPath}`, credentials, (err) => (err ? reject(err) : resolve()));
  });

  return {
    close: (graceMs = 1000) =>
      new Promise<void>((resolve) => {
        for (const stream of streams) stream.end();
        const timer = setTimeout(() => {
          server.forceShutdown();
          resolve();
        }, graceMs);
        server.tryShutdown(() => {
          clearTimeout(timer);
          resolve();
        });
      }),
  };
}
