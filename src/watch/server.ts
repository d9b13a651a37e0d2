import { createServer, type Server } from 'node:http';
import { DsipformError } from '../model/errors.js';

/** What the server answers from. */
export interface WatchEndpoints {
  /** The Prometheus text of the metrics, and its content type. */
  metrics(): Promise<{ contentType: string; body: string }>;
  /** /healthz: a status code and a JSON body. */
  health(): { status: number; body: string };
}

/** The listening server. */
export interface WatchServer {
  /** `http://HOST:PORT`, with the port the system gave for port 0. */
  readonly url: string;
  close(): Promise<void>;
}

/** Splits `--listen HOST:PORT` (`[::1]:9464` for IPv6; a bare port listens on 127.0.0.1). */
export function parseListen(text: string): { host: string; port: number } {
  const m = /^(?:\[([^\]]+)\]|([^:]+)):(\d+)$/.exec(text) ?? /^()()(\d+)$/.exec(text);
  const port = m ? Number(m[3]) : NaN;
  if (!m || port > 65535) {
    throw new DsipformError(
      'CLI_BAD_OPTION',
      `--listen "${text}" is not HOST:PORT`,
      'For example --listen 127.0.0.1:9464 (this machine only), 0.0.0.0:9464 (every interface), or port 0 for a free one.',
    );
  }
  return { host: m[1] || m[2] || '127.0.0.1', port };
}

/**
 * Serves GET /metrics and GET /healthz (anything else: 404). A port that is taken, an address that
 * is not this machine's, a port that needs privileges: each its own coded error, as the emulator's.
 */
export async function startWatchServer(host: string, port: number, endpoints: WatchEndpoints): Promise<WatchServer> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
    } else if (path === '/metrics') {
      endpoints.metrics().then(
        ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType }).end(body),
        () => res.writeHead(500).end(),
      );
    } else if (path === '/healthz') {
      const { status, body } = endpoints.health();
      res.writeHead(status, { 'content-type': 'application/json' }).end(body);
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found: try /metrics or /healthz\n');
    }
  });
  await listen(server, host, port);
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${bound}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', (err) => reject(listenError(err, host, port)));
    server.listen(port, host, () => resolve());
  });
}

/** `listen` failed: the coded error that says what to do. */
export function listenError(err: unknown, host: string, port: number): DsipformError {
  const where = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'EADDRINUSE':
      return new DsipformError(
        'WATCH_PORT_IN_USE',
        `cannot serve /metrics on ${where}: the port is already in use`,
        'Stop what listens there (another dsipform watch?), or choose another --listen port.',
        { cause: err },
      );
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return new DsipformError(
        'WATCH_LISTEN_FAILED',
        `cannot serve /metrics on ${where}: ${host} is not an address of this machine`,
        'Give --listen an address this machine has: 127.0.0.1:9464, [::1]:9464 or 0.0.0.0:9464.',
        { cause: err },
      );
    default:
      return new DsipformError(
        'WATCH_LISTEN_FAILED',
        `cannot serve /metrics on ${where} (${code ?? (err instanceof Error ? err.message : String(err))})`,
        code === 'EACCES' ? 'Ports below 1024 need privileges: use a higher --listen port (9464 is the usual one).' : 'Check --listen.',
        { cause: err },
      );
  }
}
