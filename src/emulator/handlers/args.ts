import type { JsonObject } from '../body.js';
import { badRequest, notFoundReply, type Reply } from '../envelope.js';
import type { QueryArgs } from '../query.js';
import type { Failure } from '../store/outcome.js';

/** 400 when the query holds an argument the operation does not take, else `null`. */
export function unknownArgument(query: QueryArgs, allowed: readonly string[]): Reply | null {
  for (const name of query.keys()) {
    if (!allowed.includes(name)) return badRequest('Request argument not recognized');
  }
  return null;
}

/** 400 when the body holds a key the operation does not take, else `null`. */
export function unknownField(body: JsonObject, allowed: readonly string[]): Reply | null {
  for (const key of Object.keys(body)) {
    if (!allowed.includes(key)) return badRequest('Request data argument not recognized');
  }
  return null;
}

/** Whether the body carries a key (own property; JSON.parse makes no inherited ones). */
export function has(body: JsonObject, key: string): boolean {
  return Object.hasOwn(body, key);
}

/** A decimal id as sent in a path or query (`"42"`), or `null` when it is not one. */
export function parseId(text: string): number | null {
  if (!/^[0-9]+$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : null;
}

/** The answer to a store refusal: 404 when the target is missing, 400 when an invariant said no. */
export function refusal(failure: Failure): Reply {
  return failure.reason === 'not-found' ? notFoundReply(failure.msg) : badRequest(failure.msg);
}

/** Distinguishes a handler's early answer from a parsed value. */
export function isReply(value: unknown): value is Reply {
  return typeof value === 'object' && value !== null && 'status' in value && 'msg' in value;
}
