import { request, type Dispatcher } from 'undici';
import type { RunningEmulator } from '../../src/emulator/index.js';

/** What a test looks at in an answer. */
export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** Parsed JSON, loosely typed on purpose: tests poke at envelopes freely. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- loose on purpose (above)
  json: any;
}

/**
 * Sends one request to the emulator with the token and `Accept: application/json` unless overridden.
 * `root` is where `path` hangs (default `/api/v1`); `contentType: null` sends a body without one.
 */
export async function call(
  emu: Pick<RunningEmulator, 'url' | 'token'>,
  method: Dispatcher.HttpMethod,
  path: string,
  options: {
    body?: unknown;
    raw?: string | Buffer;
    headers?: Record<string, string>;
    dispatcher?: Dispatcher;
    root?: string;
    contentType?: string | null;
  } = {},
): Promise<Answer> {
  const body = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const type = options.contentType === undefined ? 'application/json' : options.contentType;
  const res = await request(`${emu.url}${options.root ?? '/api/v1'}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${emu.token}`,
      accept: 'application/json',
      ...(body === undefined || type === null ? {} : { 'content-type': type }),
      ...options.headers,
    },
    ...(body === undefined ? {} : { body }),
    ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
  });
  const text = await res.body.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, headers: res.headers, text, json };
}
