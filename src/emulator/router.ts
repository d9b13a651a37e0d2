import type { JsonObject } from './body.js';
import type { Reply } from './envelope.js';
import type { QueryArgs } from './query.js';
import type { EmulatorStore } from './store/store.js';

/** The HTTP methods the API uses. */
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A request after routing and parsing, as handlers see it. */
export interface ParsedRequest {
  readonly method: Method;
  /** Path below the entry's root (`/api/v1` for most). */
  readonly path: string;
  /** Decoded `:name` path segments. */
  readonly params: Readonly<Record<string, string>>;
  readonly query: QueryArgs;
  /** The body, when the handler reads one (`{}` when empty); `{}` otherwise. */
  readonly body: JsonObject;
  /** Files of a `multipart/form-data` body, by field name (the deployed profile reads them). */
  readonly files?: ReadonlyMap<string, UploadedFile>;
}

/** A file sent in a `multipart/form-data` body. */
export interface UploadedFile {
  readonly filename: string;
  readonly bytes: Buffer;
}

/** Serves one operation: reads and changes the store, returns the answer. Synchronous by design. */
export type Handler = (store: EmulatorStore, req: ParsedRequest) => Reply;

/**
 * One path of a profile: a pattern like `/outboundroutes/:ruleid` and its handlers by method. A
 * segment `:name` takes any non-empty text; `:name(int)` only digits, as Flask's `<int:name>`
 * converter does (anything else is not this path: Flask's 404 page).
 */
export interface RouteEntry {
  readonly path: string;
  readonly methods: Partial<Record<Method, Handler>>;
  /** Where `path` hangs; default {@link API_PREFIX} (the Numbers module lives at `/api/numbers/v1`). */
  readonly root?: string;
  /** The methods whose handler reads the request body; default POST and PUT. */
  readonly reads?: readonly Method[];
  /** The methods whose handler reads only the files of a multipart body (Flask's `request.files`). */
  readonly readsFiles?: readonly Method[];
}

/** What matching a request found: a handler, or which of 404/405 to answer. */
export type RouteMatch =
  | {
      readonly kind: 'handler';
      readonly handler: Handler;
      readonly method: Method;
      readonly params: Record<string, string>;
      /** Path below the entry's root. */
      readonly path: string;
      /** What of the body the handler reads: its data, only its files, or nothing. */
      readonly reads: 'data' | 'files' | null;
    }
  | { readonly kind: 'not-found' }
  | { readonly kind: 'method-not-allowed'; readonly allow: readonly Method[] };

/** Every path of the API lives below this prefix. */
export const API_PREFIX = '/api/v1';

/**
 * Maps (method, path) to a handler. A profile is just a list of entries, so another profile (the
 * deployed platform's quirks) can swap handlers without touching the server.
 */
export class Router {
  private readonly compiled: { root: string; segments: string[]; entry: RouteEntry }[];

  constructor(entries: readonly RouteEntry[]) {
    this.compiled = entries.map((entry) => ({ root: entry.root ?? API_PREFIX, segments: entry.path.split('/').slice(1), entry }));
  }

  /** Finds the handler for a full request path (including its root, `/api/v1`). */
  match(method: string, fullPath: string): RouteMatch {
    for (const { root, segments: pattern, entry } of this.compiled) {
      if (!fullPath.startsWith(`${root}/`)) continue;
      const path = fullPath.slice(root.length);
      const params = matchSegments(pattern, path.split('/').slice(1));
      if (!params) continue;
      const handler = isMethod(method) ? entry.methods[method] : undefined;
      if (handler && isMethod(method)) {
        const reads = (entry.reads ?? ['POST', 'PUT']).includes(method) ? 'data' : entry.readsFiles?.includes(method) ? 'files' : null;
        return { kind: 'handler', handler, method, params, path, reads };
      }
      return { kind: 'method-not-allowed', allow: Object.keys(entry.methods) as Method[] };
    }
    return { kind: 'not-found' };
  }
}

function matchSegments(pattern: readonly string[], segments: readonly string[]): Record<string, string> | null {
  if (pattern.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const want = pattern[i] ?? '';
    const got = segments[i] ?? '';
    if (want.startsWith(':')) {
      if (got === '') return null;
      const value = safeDecode(got);
      if (value === null) return null;
      const digitsOnly = want.endsWith('(int)');
      if (digitsOnly && !/^[0-9]+$/.test(value)) return null;
      params[want.slice(1, digitsOnly ? -'(int)'.length : undefined)] = value;
    } else if (want !== got) {
      return null;
    }
  }
  return params;
}

function isMethod(method: string): method is Method {
  return method === 'GET' || method === 'POST' || method === 'PUT' || method === 'DELETE';
}

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}
