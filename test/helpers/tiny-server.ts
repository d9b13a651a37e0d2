import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A real HTTP server on a free loopback port, answering with `handler`. */
export interface TinyServer {
  readonly url: string;
  /** Requests seen, with their headers, for assertions. */
  readonly seen: IncomingMessage[];
  close(): Promise<void>;
}

/** Starts a `node:http` server on 127.0.0.1:0; `close()` also destroys open sockets. */
export async function startTinyServer(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<TinyServer> {
  const seen: IncomingMessage[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    seen.push(req);
    handler(req, res);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
