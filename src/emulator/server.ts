import type { IncomingMessage, ServerResponse } from 'node:http';
import { MAX_BODY_BYTES } from '../model/index.js';
import { LOGIN_PAGE, isAuthorized, wantsHtml } from './auth.js';
import { parseJsonObject, readBody, type JsonObject } from './body.js';
import { badRequest, httpError, serverError, type Reply } from './envelope.js';
import { parseQuery, splitTarget } from './query.js';
import { sendHtml, sendReply } from './respond.js';
import { API_PREFIX, type Router } from './router.js';
import type { EmulatorStore } from './store/store.js';

/** What the request pipeline needs. */
export interface ServerContext {
  readonly store: EmulatorStore;
  readonly router: Router;
  readonly token: string;
  /** Saves the store; called after a request changed it, and awaited before answering. */
  readonly persist?: () => Promise<void>;
}

/**
 * The node:http request listener. The pipeline runs in the order a careful server checks things:
 * HTML-asking clients and auth first (nothing is revealed without the token), then the path and
 * method, then the body (bounded), the query and the JSON, and only then the handler.
 */
export function createRequestListener(ctx: ServerContext): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    res.on('finish', () => ctx.store.traffic.record(res.statusCode));
    handle(ctx, req, res).catch((err: unknown) => {
      if (res.headersSent || res.destroyed) {
        res.destroy();
        return;
      }
      sendReply(res, serverError(`Internal emulator error: ${describe(err)}`), ctx.store.kamreload);
    });
  };
}

async function handle(ctx: ServerContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const reply = (r: Reply, close = false): void => sendReply(res, r, ctx.store.kamreload, close);
  if (wantsHtml(req.headers.accept)) return sendHtml(res, 401, LOGIN_PAGE);
  if (!isAuthorized(req.headers.authorization, ctx.token)) {
    return reply(httpError(401, 'Unauthorized', { 'WWW-Authenticate': 'Bearer' }));
  }
  const { path, rawQuery } = splitTarget(req.url ?? '/');
  const match = ctx.router.match(req.method ?? '', path);
  if (match.kind === 'not-found') return reply(httpError(404, 'Not Found'));
  if (match.kind === 'method-not-allowed') {
    return reply(httpError(405, 'Method Not Allowed', { Allow: match.allow.join(', ') }));
  }
  const read = await readBody(req, MAX_BODY_BYTES);
  if (!read.ok) {
    // Reading stopped mid-body, so the connection cannot carry another request: close it.
    res.on('finish', () => req.destroy());
    return reply(httpError(413, 'Request body too large'), true);
  }
  const query = parseQuery(rawQuery);
  if (!query.ok) return reply(badRequest(query.msg));
  let body: JsonObject = {};
  if (match.method === 'POST' || match.method === 'PUT') {
    const parsed = parseJsonObject(read.bytes);
    if (parsed === null) return reply(badRequest('Malformed JSON body'));
    body = parsed;
  }
  const before = ctx.store.revision;
  const request = { method: match.method, path: path.slice(API_PREFIX.length), params: match.params, query: query.args, body };
  const answer = match.handler(ctx.store, request);
  if (ctx.persist && ctx.store.revision !== before) {
    try {
      await ctx.persist();
    } catch (err) {
      return reply(serverError(`Could not save the emulator state: ${describe(err)}`, 'db'));
    }
  }
  reply(answer);
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
