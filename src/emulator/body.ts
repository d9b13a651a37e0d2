import type { IncomingMessage } from 'node:http';

/** A JSON object body, keyed by field name. */
export type JsonObject = Readonly<Record<string, unknown>>;

/**
 * The raw body; or the news that it was too large (reading stopped there), or that the client went
 * away mid-body (nobody is left to answer).
 */
export type BodyRead =
  | { readonly ok: true; readonly bytes: Buffer }
  | { readonly ok: false; readonly reason: 'too-large' | 'aborted' };

/**
 * Reads a request body of at most `limit` bytes. A declared Content-Length over the limit is refused
 * before reading anything; a streamed body is refused as soon as it passes the limit. In both cases
 * reading stops (the caller answers 413 and closes the connection), so a huge upload costs nothing.
 * Never rejects.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<BodyRead> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) return Promise.resolve({ ok: false, reason: 'too-large' });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = (): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onError);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        req.pause();
        resolve({ ok: false, reason: 'too-large' });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      cleanup();
      resolve({ ok: true, bytes: Buffer.concat(chunks, size) });
    };
    const onError = (): void => {
      cleanup();
      resolve({ ok: false, reason: 'aborted' });
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    // A request closed before its end (client gone) may not emit 'error'; 'close' always comes.
    req.on('close', onError);
  });
}

/** The parsed body, or `null` when it is not a JSON object. */
export function parseJsonObject(bytes: Buffer): JsonObject | null {
  const text = bytes.toString('utf8');
  // Clients send no body on many POST/PUTs (revoke, reload); that means "no fields", not an error.
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : null;
}
