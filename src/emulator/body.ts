import type { IncomingMessage } from 'node:http';

/** A JSON object body, keyed by field name. */
export type JsonObject = Readonly<Record<string, unknown>>;

/** The raw body, or the news that it was too large (reading stopped there). */
export type BodyRead = { readonly ok: true; readonly bytes: Buffer } | { readonly ok: false; readonly tooLarge: true };

/**
 * Reads a request body of at most `limit` bytes. A declared Content-Length over the limit is refused
 * before reading anything; a streamed body is refused as soon as it passes the limit. In both cases
 * reading stops (the caller answers 413 and closes the connection), so a huge upload costs nothing.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<BodyRead> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) return Promise.resolve({ ok: false, tooLarge: true });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = (): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        req.pause();
        resolve({ ok: false, tooLarge: true });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      cleanup();
      resolve({ ok: true, bytes: Buffer.concat(chunks, size) });
    };
    const onError = (err: Error): void => {
      cleanup();
      reject(err);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
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
