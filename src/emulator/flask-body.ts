/**
 * The request data a deployed handler reads: `getRequestData()` of gui/shared.py (v0.79-rel) over
 * Flask 2.2. By Content-Type: a multipart or url-encoded form gives its fields as lists (files apart,
 * in `request.files`); `application/json` must be JSON, else Werkzeug's 400 (an empty body included);
 * anything else is read as JSON if it is, and as nothing if it is not. JSON `null` is no data; any
 * other JSON that is not an object fails where the handler merges the query into it (500).
 */
import { MAX_JSON_DEPTH, jsonDepth, type JsonObject } from './body.js';
import { badRequest, serverError, type Reply } from './envelope.js';
import { pyType } from './handlers/python.js';
import { parseFormQuery } from './query.js';
import type { UploadedFile } from './router.js';

/** Werkzeug's BadRequest description, which Flask raises for JSON it cannot decode. */
export const WERKZEUG_BAD_REQUEST = 'The browser (or proxy) sent a request that this server could not understand.';

/** The request data, or the answer the platform gives instead. */
export type FlaskBody =
  | { readonly ok: true; readonly body: JsonObject; readonly files: ReadonlyMap<string, UploadedFile> }
  | { readonly ok: false; readonly reply: Reply };

const NO_FILES: ReadonlyMap<string, UploadedFile> = new Map();

/** Reads a body as the deployed platform's `getRequestData()` does. */
export async function readFlaskBody(bytes: Buffer, contentType: string | undefined): Promise<FlaskBody> {
  const type = (contentType ?? '').toLowerCase();
  if (type.includes('multipart/form-data')) return multipart(bytes, contentType ?? '');
  if (type.includes('application/x-www-form-urlencoded')) {
    const form = parseFormQuery(bytes.toString('utf8'));
    return { ok: true, body: Object.fromEntries([...form.keys()].map((k) => [k, [...form.all(k)]])), files: NO_FILES };
  }
  const text = bytes.toString('utf8');
  if (jsonDepth(text) > MAX_JSON_DEPTH) return refuse(badRequest(`JSON body nested more than ${MAX_JSON_DEPTH} levels deep`));
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // `request.get_json()` raises for JSON it cannot decode; the lenient read of other types gives None.
    return type.includes('application/json') ? refuse(badRequest(WERKZEUG_BAD_REQUEST)) : { ok: true, body: {}, files: NO_FILES };
  }
  if (value === null) return { ok: true, body: {}, files: NO_FILES };
  if (typeof value !== 'object' || Array.isArray(value)) {
    return refuse(serverError(`unsupported operand type(s) for |: '${pyType(value)}' and 'dict'`));
  }
  return { ok: true, body: value as JsonObject, files: NO_FILES };
}

/** Only the files of a multipart body, as a handler that reads `request.files` alone sees them. */
export async function readFlaskFiles(bytes: Buffer, contentType: string | undefined): Promise<FlaskBody> {
  if (!(contentType ?? '').toLowerCase().includes('multipart/form-data')) return { ok: true, body: {}, files: NO_FILES };
  const read = await multipart(bytes, contentType ?? '');
  return read.ok ? { ok: true, body: {}, files: read.files } : read;
}

function refuse(reply: Reply): FlaskBody {
  return { ok: false, reply };
}

/** A multipart form: fields as lists of text, files by field name (the first of each). */
async function multipart(bytes: Buffer, contentType: string): Promise<FlaskBody> {
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData();
  } catch {
    // Werkzeug's parser gives an empty form for a body it cannot read.
    return { ok: true, body: {}, files: NO_FILES };
  }
  const fields: Record<string, string[]> = {};
  const files = new Map<string, UploadedFile>();
  for (const [name, value] of form) {
    if (typeof value === 'string') (fields[name] ??= []).push(value);
    else if (!files.has(name)) files.set(name, { filename: value.name, bytes: Buffer.from(await value.arrayBuffer()) });
  }
  return { ok: true, body: fields, files };
}
