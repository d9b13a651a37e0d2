/**
 * How a profile reads requests and writes answers, apart from what its handlers decide: the
 * token's header, the query string, the body, and the JSON of the answer. The `spec` profile keeps
 * the contract's strict rules; the `current` profile reads and writes as the deployed platform's
 * Flask 2.2 handlers do (docs/platform-profiles.md, "Requests and answers").
 */
import { isAuthorized, isAuthorizedAnyWord } from './auth.js';
import { MAX_JSON_DEPTH, parseBody, type JsonObject } from './body.js';
import { badRequest, type Reply } from './envelope.js';
import { readFlaskBody, readFlaskFiles } from './flask-body.js';
import { pythonJson } from './python-json.js';
import { parseFormQuery, parseQuery, type QueryResult } from './query.js';
import type { UploadedFile } from './router.js';

/** A body a handler can read, or the answer given instead. */
export type BodyResult =
  | { readonly ok: true; readonly body: JsonObject; readonly files?: ReadonlyMap<string, UploadedFile> }
  | { readonly ok: false; readonly reply: Reply };

/** One profile's rules for the request and answer formats. */
export interface WireRules {
  /** Whether the Authorization header carries the token. */
  readonly authorized: (header: string | undefined, token: string) => boolean;
  /** Extra headers of the 401 for a missing or wrong token. */
  readonly challenge?: Readonly<Record<string, string>>;
  /** The query string's arguments, or why it is refused. */
  readonly parseQuery: (raw: string) => QueryResult;
  /** The body of a request whose handler reads one. */
  readonly readBody: (bytes: Buffer, contentType: string | undefined) => Promise<BodyResult>;
  /** The files of a request whose handler reads only those (`{}` as its data). */
  readonly readFiles: (bytes: Buffer, contentType: string | undefined) => Promise<BodyResult>;
  /** The answer's JSON text. */
  readonly serialize: (payload: object) => string;
}

/** The contract's rules: `Bearer`, strict query and JSON, `JSON.stringify` in the envelope's order. */
export const SPEC_WIRE: WireRules = {
  authorized: isAuthorized,
  challenge: { 'WWW-Authenticate': 'Bearer' },
  parseQuery,
  readBody: (bytes) => {
    const parsed = parseBody(bytes);
    if (parsed.ok) return Promise.resolve(parsed);
    const msg = parsed.reason === 'too-deep' ? `JSON body nested more than ${MAX_JSON_DEPTH} levels deep` : 'Malformed JSON body';
    return Promise.resolve({ ok: false, reply: badRequest(msg) });
  },
  readFiles: () => Promise.resolve({ ok: true, body: {} }),
  serialize: (payload) => JSON.stringify(payload),
};

/**
 * The deployed platform's rules: any `<word> <token>` (no challenge header on the 401), Werkzeug's
 * form decoding of the query (`+` is a space), `getRequestData()` of the body, `jsonify`'s JSON.
 */
export const FLASK_WIRE: WireRules = {
  authorized: isAuthorizedAnyWord,
  parseQuery: (raw) => ({ ok: true, args: parseFormQuery(raw) }),
  readBody: readFlaskBody,
  readFiles: readFlaskFiles,
  serialize: pythonJson,
};
