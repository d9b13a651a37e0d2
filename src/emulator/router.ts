import type { JsonObject } from './body.js';
import type { Reply } from './envelope.js';
import type { QueryArgs } from './query.js';
import type { EmulatorStore } from './store/store.js';

/** The HTTP methods the API uses. */
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A request after routing and parsing, as handlers see it. */
export interface ParsedRequest {
  readonly method: Method;
  /** Path below `/api/v1`. */
  readonly path: string;
  /** Decoded `:name` path segments. */
  readonly params: Readonly<Record<string, string>>;
  readonly query: QueryArgs;
  /** The JSON object body on POST/PUT (`{}` when empty); `{}` on GET/DELETE. */
  readonly body: JsonObject;
}

/** Serves one operation: reads and changes the store, returns the answer. Synchronous by design. */
export type Handler = (store: EmulatorStore, req: ParsedRequest) => Reply;

/** One path of a profile: a pattern like `/outboundroutes/:ruleid` and its handlers by method. */
export interface RouteEntry {
  readonly path: string;
  readonly methods: Partial<Record<Method, Handler>>;
}

/** What matching a request found: a handler, or which of 404/405 to answer. */
export type RouteMatch =
  | { readonly kind: 'handler'; readonly handler: Handler; readonly method: Method; readonly params: Record<string, string> }
  | { readonly kind: 'not-found' }
  | { readonly kind: 'method-not-allowed'; readonly allow: readonly Method[] };

/** Every path of the API lives below this prefix. */
export const API_PREFIX = '/api/v1';

/**
 * Maps (method, path) to a handler. A profile is just a list of entries, so another profile (the
 * deployed platform's quirks) can swap handlers without touching the server.
 */
export class Router {
  private readonly compiled: { segments: string[]; entry: RouteEntry }[];

  constructor(entries: readonly RouteEntry[]) {
    this.compiled = entries.map((entry) => ({ segments: entry.path.split('/').slice(1), entry }));
  }

  /** Finds the handler for a full request path (including `/api/v1`). */
  match(method: string, fullPath: string): RouteMatch {
    if (!fullPath.startsWith(`${API_PREFIX}/`)) return { kind: 'not-found' };
    const segments = fullPath.slice(API_PREFIX.length).split('/').slice(1);
    for (const { segments: pattern, entry } of this.compiled) {
      const params = matchSegments(pattern, segments);
      if (!params) continue;
      const handler = isMethod(method) ? entry.methods[method] : undefined;
      if (handler && isMethod(method)) return { kind: 'handler', handler, method, params };
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
      params[want.slice(1)] = value;
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
