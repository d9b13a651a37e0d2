import type { ServerResponse } from 'node:http';
import { envelope, type Reply } from './envelope.js';

/**
 * Writes a reply as the JSON envelope, in the profile's JSON (`serialize`). `close` asks the client
 * to drop the connection afterwards.
 */
export function sendReply(
  res: ServerResponse,
  reply: Reply,
  kamreload: boolean,
  serialize: (payload: object) => string,
  close = false,
): void {
  const env = envelope(reply, reply.kamreload ?? kamreload);
  const body = serialize(reply.bare ? { error: env.error, msg: env.msg, kamreload: env.kamreload, data: env.data } : env);
  send(res, reply.status, 'application/json', body, { ...reply.headers, ...(close ? { Connection: 'close' } : {}) });
}

/** Writes an HTML page (the login page the platform shows browsers, nginx's error pages). */
export function sendHtml(res: ServerResponse, status: number, html: string, headers: Readonly<Record<string, string>> = {}): void {
  send(res, status, 'text/html; charset=utf-8', html, headers);
}

function send(res: ServerResponse, status: number, contentType: string, body: string, headers: Readonly<Record<string, string>>): void {
  res.writeHead(status, {
    ...headers,
    'Content-Type': contentType,
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
  });
  res.end(body);
}
