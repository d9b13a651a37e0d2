import type { Envelope } from '../model/envelope.js';
import { CLI_SETTING_NAMES, type SettingNames } from './connection.js';
import { ApiError, type ApiErrorCode, type ApiRequestInfo } from './errors.js';

export type { Envelope };

/** A raw HTTP answer, as the choke point received it. */
export interface RawResponse {
  readonly status: number;
  readonly contentType: string;
  readonly text: string;
  readonly location?: string;
  readonly retryAfter?: string;
}

function parseEnvelope(text: string): Envelope | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.msg !== 'string' && typeof v.error !== 'string' && !Array.isArray(v.data)) return null;
  return {
    data: Array.isArray(v.data) ? v.data : v.data === undefined || v.data === null ? [] : [v.data],
    error: typeof v.error === 'string' ? v.error : '',
    msg: typeof v.msg === 'string' ? v.msg : '',
    kamreload: v.kamreload === true,
    dsipreload: v.dsipreload === true,
  };
}

function retryAfterSeconds(header: string | undefined): number | undefined {
  if (!header) return undefined;
  const n = Number(header);
  if (Number.isFinite(n) && n >= 0) return n;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/**
 * Release 0.79 answers every API call 401 "Unauthorized - Core Subscription Required. …" on an
 * instance without its DSIP_CORE licence, before it looks at the token.
 */
const CORE_SUBSCRIPTION = /Core Subscription Required/i;
const UNLICENSED_HINT =
  "The token is not the problem: the platform's API works only with a dSIPRouter Core subscription. " +
  'Activate a DSIP_CORE licence on the platform (its /api/v1/licensing/activate endpoint or its web UI; ' +
  'buy one at https://dopensource.com/product/dsiprouter-core/), then run the command again.';

function describeBody(res: RawResponse): string {
  if (/html/i.test(res.contentType) || /^\s*</.test(res.text)) return 'an HTML page instead of JSON';
  if (res.text.trim() === '') return 'an empty body instead of JSON';
  return `a body that is not the platform's JSON envelope (${res.contentType || 'no content type'})`;
}

/**
 * Turns an HTTP answer into the envelope, or into a typed `ApiError` for every non-success:
 * Returns (never throws) the error. JSON errors keep the platform's `msg`; HTML pages, redirects and broken bodies get their own codes.
 */
export function interpretResponse(res: RawResponse, req: ApiRequestInfo, names: SettingNames = CLI_SETTING_NAMES): Envelope | ApiError {
  const env = parseEnvelope(res.text);
  // The common case first: a success needs none of the error's details.
  if (res.status === 200 && env) return env;
  const retryAfter = retryAfterSeconds(res.retryAfter);
  const details = { ...req, status: res.status, platformMsg: env?.msg, platformError: env?.error, retryAfter };
  const fail = (code: ApiErrorCode, what: string, hint: string) => new ApiError(code, `${res.status} ${what}`, details, hint);
  const said = env ? `"${env.msg}"` : describeBody(res);

  if (res.status === 200) {
    if (env) return env;
    return fail(
      'API_UNEXPECTED_RESPONSE',
      `answered with ${said}`,
      `Check that ${names.url} points at the platform (port 5000), not at its web UI or a proxy page.`,
    );
  }
  if (res.status >= 300 && res.status < 400) {
    const to = res.location ? ` to ${res.location}` : '';
    return fail(
      'API_UNEXPECTED_RESPONSE',
      `redirect${to}`,
      'The server redirects: use the URL it redirects to (real installs redirect http:// to https://).',
    );
  }
  switch (res.status) {
    case 401:
      if (env && CORE_SUBSCRIPTION.test(env.msg)) {
        return fail(
          'API_UNLICENSED',
          "the platform's API needs a Core subscription (DSIP_CORE licence), which this instance lacks",
          UNLICENSED_HINT,
        );
      }
      return fail('API_UNAUTHORIZED', `unauthorized (${said})`, `Check the API token in ${names.token}.`);
    case 404:
      if (env && env.error === '') return fail('API_NOT_FOUND', `not found: ${said}`, '');
      return fail(
        'API_NO_SUCH_ENDPOINT',
        `the server does not serve this path (${said})`,
        `Check that ${names.url} is the platform base URL (the client appends /api/v1) and that the platform release serves this API.`,
      );
    case 409:
      return fail('API_CONFLICT', `conflict: ${said}`, 'The platform already holds it: read it back, or update it instead.');
    case 405:
      return fail('API_METHOD_NOT_ALLOWED', `method not allowed (${said})`, 'The platform release does not offer this operation here.');
    case 413:
      return fail('API_BODY_TOO_LARGE', 'request body too large', 'The platform accepts bodies up to 1 MiB.');
    case 429:
      return fail(
        'API_RATE_LIMITED',
        `rate limited${retryAfter !== undefined ? ` (retry after ${retryAfter} s)` : ''}`,
        `Lower ${names.parallelism}, or try again later.`,
      );
    default:
      if (res.status >= 500) {
        return fail(
          'API_SERVER_ERROR',
          `server error: ${said}`,
          'The platform failed; its logs may say why. Plan again to see what was applied.',
        );
      }
      return fail('API_BAD_REQUEST', `rejected: ${said}`, '');
  }
}
