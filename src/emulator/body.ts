import type { IncomingMessage } from 'node:http';

/** A JSON object body, keyed by field name. */
export type JsonObject = Readonly<Record<string, unknown>>;

/** How long a request body may take to arrive, from the moment reading starts: 30 seconds. */
export const DEFAULT_BODY_TIMEOUT_MS = 30_000;

/**
 * The raw body; or the news that it was too large (reading stopped there), that it did not arrive
 * in time (a client trickling it would hold the connection), or that the client went away mid-body
 * (nobody is left to answer).
 */
type BodyRead =
  { readonly ok: true; readonly bytes: Buffer } | { readonly ok: false; readonly reason: 'too-large' | 'timeout' | 'aborted' };

/**
 * Reads a request body of at most `limit` bytes, arriving whole within `timeoutMs`. A declared
 * Content-Length over the limit is refused before reading anything; a streamed body is refused as
 * soon as it passes the limit; a body still incomplete when the time is up is refused then. In each
 * case reading stops (the caller answers 413 or 408 and closes the connection), so neither a huge
 * nor a slow upload costs more than that. Never rejects.
 */
export function readBody(req: IncomingMessage, limit: number, timeoutMs = DEFAULT_BODY_TIMEOUT_MS): Promise<BodyRead> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) return Promise.resolve({ ok: false, reason: 'too-large' });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => {
      cleanup();
      req.pause();
      resolve({ ok: false, reason: 'timeout' });
    }, timeoutMs);
    const cleanup = (): void => {
      clearTimeout(timer);
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

/**
 * How deeply arrays and objects may nest in a body. The API's deepest field is a list of strings
 * (depth 2); every later step (validation, comparison, saving) walks values recursively, and a body
 * nested thousands deep would overflow the stack there, so it is refused here, once, for all of them.
 */
export const MAX_JSON_DEPTH = 32;

/** The deepest nesting of arrays and objects in JSON text, found without recursion; stops past `max`. */
export function jsonDepth(text: string, max = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > deepest && (deepest = depth) > max) return deepest;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

/** Why a body is not a JSON object the handlers can take. */
type BodyRefusal = 'malformed' | 'too-deep';

/**
 * The parsed body, or why not: `malformed` when it is not a JSON object, `too-deep` when arrays
 * and objects nest more than MAX_JSON_DEPTH levels.
 */
export function parseBody(bytes: Buffer): { ok: true; body: JsonObject } | { ok: false; reason: BodyRefusal } {
  const text = bytes.toString('utf8');
  if (jsonDepth(text) > MAX_JSON_DEPTH) return { ok: false, reason: 'too-deep' };
  const body = parseJsonObject(bytes);
  return body === null ? { ok: false, reason: 'malformed' } : { ok: true, body };
}

/** The parsed body, or `null` when it is not a JSON object. */
function parseJsonObject(bytes: Buffer): JsonObject | null {
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
