import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { Router } from '../../src/emulator/router.js';
import { createConnectListener, createRequestListener } from '../../src/emulator/server.js';
import { SPEC_PROFILE } from '../../src/emulator/spec-profile.js';
import type { EmulatorStore } from '../../src/emulator/store/store.js';
import { SPEC_WIRE } from '../../src/emulator/wire-rules.js';

/** An emulator pipeline over a store the test holds, so it can snapshot the whole state directly. */
export interface StoreServer {
  readonly store: EmulatorStore;
  readonly port: number;
  /** Bytes the server has read from every connection so far (headers and bodies). */
  bytesRead(): number;
  /** Bytes read from its connection when the last answer was sent. */
  readAtLastAnswer(): number;
  close(): Promise<void>;
}

/** Serves `store` with the spec profile and no faults on 127.0.0.1, port 0. */
export async function serveStore(store: EmulatorStore, token: string): Promise<StoreServer> {
  const ctx = { store, router: new Router(SPEC_PROFILE), wire: SPEC_WIRE, token };
  const listener = createRequestListener(ctx);
  let readAtAnswer = 0;
  const server: Server = createServer((req, res) => {
    res.on('finish', () => (readAtAnswer = req.socket.bytesRead));
    listener(req, res);
  });
  server.on('connect', createConnectListener(ctx));
  const sockets = new Set<Socket>();
  let closedBytes = 0;
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => {
      closedBytes += s.bytesRead;
      sockets.delete(s);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    store,
    port: (server.address() as AddressInfo).port,
    bytesRead: () => closedBytes + [...sockets].reduce((n, s) => n + s.bytesRead, 0),
    readAtLastAnswer: () => readAtAnswer,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}

/** What came back on a raw connection. */
export interface RawAnswer {
  /** The status of the first response, or `null` when the connection closed without one. */
  readonly status: number | null;
  /** Everything received, as latin1 text. */
  readonly text: string;
}

/**
 * Sends bytes on a fresh TCP connection and collects everything until the server closes it; a reset
 * after an answer is fine (the server may stop reading a body it refused). `end` half-closes after
 * writing, as a client that has nothing more to send. Rejects when nothing closes within `timeoutMs`.
 */
export function rawRequest(
  port: number,
  parts: readonly (string | Buffer)[],
  options: { end?: boolean; timeoutMs?: number } = {},
): Promise<RawAnswer> {
  const { end = true, timeoutMs = 5000 } = options;
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(
        new Error(`no answer within ${timeoutMs} ms; received ${JSON.stringify(Buffer.concat(chunks).toString('latin1').slice(0, 200))}`),
      );
    }, timeoutMs);
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('latin1');
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      resolve({ status: m ? Number(m[1]) : null, text });
    });
    for (const part of parts) socket.write(part);
    if (end) socket.end();
  });
}
