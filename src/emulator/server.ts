import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { MAX_BODY_BYTES } from '../model/constants.js';
import { LOGIN_PAGE, UNLICENSED_MSG, wantsHtml } from './auth.js';
import { readBody, type JsonObject } from './body.js';
import { badRequest, envelope, httpError, serverError, type Reply } from './envelope.js';
import { lingerAfterAnswer } from './linger.js';
import { nginxErrorPage, type FaultDecision, type FaultInjector } from './faults.js';
import { splitTarget } from './query.js';
import { sendHtml, sendReply } from './respond.js';
import type { ParsedRequest, Router, RouteMatch } from './router.js';
import type { EmulatorStore } from './store/store.js';
import type { WireRules } from './wire-rules.js';

/** What the request pipeline needs. */
export interface ServerContext {
  readonly store: EmulatorStore;
  readonly router: Router;
  /** How the profile reads requests and writes answers (token header, query, body, JSON). */
  readonly wire: WireRules;
  readonly token: string;
  /** Saves the store; called after a request changed it, and awaited before answering. */
  readonly persist?: () => Promise<void>;
  /** Faults to inject; absent means none, and the pipeline then makes no fault check at all. */
  readonly faults?: FaultInjector;
  /** Answers an unknown path or wrong method (the `current` profile's HTML pages); absent: JSON 404/405. */
  readonly routingPage?: (res: ServerResponse, match: Exclude<RouteMatch, { kind: 'handler' }>) => void;
  /** No DSIP_CORE licence: every API call is 401 "Core Subscription Required", checked before the token. */
  readonly unlicensed?: boolean;

  /** Most time a request body may take to arrive (ms); default body.ts's DEFAULT_BODY_TIMEOUT_MS. */
  readonly bodyTimeoutMs?: number;
}

type Routed = Extract<RouteMatch, { kind: 'handler' }>;

/**
 * The node:http request listener. The pipeline runs in the order a careful server checks things:
 * HTML-asking clients and auth first (nothing is revealed without the token), then the path and
 * method, then the body (bounded), the query and the JSON, and only then the handler. Injected
 * faults slot in where faults.ts says.
 */
export function createRequestListener(ctx: ServerContext): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    res.on('finish', () => ctx.store.traffic.record(res.statusCode));
    handle(ctx, req, res).catch((err: unknown) => {
      if (res.headersSent || res.destroyed) {
        res.destroy();
        return;
      }
      sendReply(res, serverError(`Internal emulator error: ${describe(err)}`), ctx.store.kamreload, ctx.wire.serialize);
    });
  };
}

async function handle(ctx: ServerContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const reply = (r: Reply, close = false): void => sendReply(res, r, ctx.store.kamreload, ctx.wire.serialize, close);
  if (ctx.faults) {
    const delay = ctx.faults.delayMs();
    if (delay > 0) await sleep(delay);
    if (res.destroyed) return;
    const retryAfter = ctx.faults.admit();
    if (retryAfter !== null) return reply(httpError(429, 'Too Many Requests', { 'Retry-After': String(retryAfter) }));
  }
  if (wantsHtml(req.headers.accept)) return sendHtml(res, 401, LOGIN_PAGE);
  if (ctx.unlicensed) return reply(httpError(401, UNLICENSED_MSG));
  if (!ctx.wire.authorized(req.headers.authorization, ctx.token)) return reply(httpError(401, 'Unauthorized', ctx.wire.challenge));
  const { path, rawQuery } = splitTarget(req.url ?? '/');
  const match = ctx.router.match(req.method ?? '', path);
  if (match.kind !== 'handler' && ctx.routingPage) return ctx.routingPage(res, match);
  if (match.kind === 'not-found') return reply(httpError(404, 'Not Found'));
  if (match.kind === 'method-not-allowed') {
    return reply(httpError(405, 'Method Not Allowed', { Allow: match.allow.join(', ') }));
  }
  const read = await readBody(req, MAX_BODY_BYTES, ctx.bodyTimeoutMs);
  if (!read.ok && read.reason === 'aborted') return void res.destroy();
  if (!read.ok && read.reason === 'timeout') {
    // A client this slow is not waited for again: answer, and close the connection once it is out.
    return reply(httpError(408, 'Request body not received in time'), true);
  }
  if (!read.ok) {
    // Reading stopped mid-body, so the connection cannot carry another request: close it, gently.
    lingerAfterAnswer(req);
    return reply(httpError(413, 'Request body too large'), true);
  }
  const fault: FaultDecision = ctx.faults ? ctx.faults.decide() : 'none';
  if (fault === 'drop-before') return void req.socket.destroy();
  if (typeof fault === 'number') return sendFault(ctx, res, fault);
  const answer = await act(ctx, match, rawQuery, read.bytes, req.headers['content-type']);
  // The change (if any) is saved: resetting now leaves the client unsure whether it happened.
  if (fault === 'drop-after') return void req.socket.destroy();
  reply(answer);
}

/** Validates the query and body, runs the handler and saves what it changed. */
async function act(ctx: ServerContext, match: Routed, rawQuery: string, bytes: Buffer, contentType: string | undefined): Promise<Reply> {
  const query = ctx.wire.parseQuery(rawQuery);
  if (!query.ok) return badRequest(query.msg);
  let body: JsonObject = {};
  let files: ParsedRequest['files'];
  if (match.reads !== null) {
    const read = await (match.reads === 'files' ? ctx.wire.readFiles(bytes, contentType) : ctx.wire.readBody(bytes, contentType));
    if (!read.ok) return read.reply;
    ({ body, files } = read);
  }
  const before = ctx.store.revision;
  const request: ParsedRequest = {
    method: match.method,
    path: match.path,
    params: match.params,
    query: query.args,
    body,
    ...(files ? { files } : {}),
  };
  const answer = match.handler(ctx.store, request);
  if (ctx.persist && ctx.store.revision !== before) {
    try {
      await ctx.persist();
    } catch (err) {
      return serverError(`Could not save the emulator state: ${describe(err)}`, 'db');
    }
  }
  return answer;
}

/** An injected 5xx: the application's own 500 (JSON envelope), or nginx's 502/503 page. */
function sendFault(ctx: ServerContext, res: ServerResponse, status: 500 | 502 | 503): void {
  if (status === 500) return sendReply(res, serverError('Internal Server Error'), ctx.store.kamreload, ctx.wire.serialize);
  sendHtml(res, status, nginxErrorPage(status), status === 503 ? { 'Retry-After': '1', Server: 'nginx' } : { Server: 'nginx' });
}

/** How long a refused tunnel's connection may linger for the client to finish sending and close. */
const LINGER_MS = 1000;

/**
 * The `connect` listener. Node hands CONNECT requests (proxy tunnels) to this event instead of the
 * request listener and, without a listener, drops the connection unanswered; the API has no tunnels,
 * so they get a plain 405 (401 without the token). The connection is then closed the way nginx's
 * lingering close does it: whatever the client still sends is read and discarded until it closes
 * its side or a second has passed, so neither the answer is lost to a reset nor the socket leaked.
 */
export function createConnectListener(ctx: ServerContext): (req: IncomingMessage, socket: Duplex) => void {
  return (req, socket) => {
    const reply = ctx.wire.authorized(req.headers.authorization, ctx.token)
      ? httpError(405, 'Method Not Allowed')
      : httpError(401, 'Unauthorized', ctx.wire.challenge);
    const body = ctx.wire.serialize(envelope(reply, ctx.store.kamreload));
    const extra = Object.entries(reply.headers ?? {})
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    const timer = setTimeout(() => socket.destroy(), LINGER_MS).unref();
    const destroy = (): void => {
      clearTimeout(timer);
      socket.destroy();
    };
    socket.on('error', destroy);
    socket.on('end', destroy);
    socket.resume();
    socket.end(
      `HTTP/1.1 ${reply.status} ${STATUS_CODES[reply.status] ?? ''}\r\n${extra}Content-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
    ctx.store.traffic.record(reply.status);
  };
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
