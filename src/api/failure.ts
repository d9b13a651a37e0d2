import { connect } from 'node:tls';
import { CLI_SETTING_NAMES, type SettingNames } from './connection.js';
import { ApiError, type ApiErrorCode, type ApiRequestInfo } from './errors.js';

const TLS_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'ERR_SSL_WRONG_VERSION_NUMBER',
  'ERR_SSL_PACKET_LENGTH_TOO_LONG',
  'EPROTO',
]);

/** Codes of a certificate that was not accepted: the hint is about trusting it. */
const CERT_CODE = /CERT|SIGNATURE|ISSUER/;

const tlsHint = (n: SettingNames, code: string): string =>
  CERT_CODE.test(code)
    ? `The server certificate was not accepted: pass its CA with ${n.ca}, or, for a self-signed install you trust, ${n.insecure}.`
    : `The TLS handshake failed: check that ${n.url} names the platform's HTTPS port; if the server speaks plain HTTP, use an http:// URL.`;

/**
 * OpenSSL's record layer read something that is not TLS: an HTTP answer to the ClientHello (`wrong
 * version number`, or `packet length too long` for some servers). The server speaks plain HTTP.
 */
function plainHttpAnswer(code: string, message: string): boolean {
  if (code === 'ERR_SSL_WRONG_VERSION_NUMBER' || code === 'ERR_SSL_PACKET_LENGTH_TOO_LONG') return true;
  return code === 'EPROTO' && /wrong version number|packet length too long|http request/i.test(message);
}

/** Walks `cause` links for the first error carrying a `code`. */
function rootCode(err: unknown): { code: string; message: string } {
  let cur: unknown = err;
  for (let depth = 0; depth < 5 && cur && typeof cur === 'object'; depth += 1) {
    const c = (cur as { code?: unknown }).code;
    if (typeof c === 'string' && c !== 'UND_ERR' && !c.startsWith('UND_ERR_REQ')) {
      return { code: c, message: String((cur as Error).message ?? '') };
    }
    cur = (cur as { cause?: unknown }).cause;
  }
  // undici's HTTPParserError carries no code: the peer answered something that is not HTTP.
  if (err instanceof Error && err.name === 'HTTPParserError') return { code: 'HPE_NOT_HTTP', message: err.message };
  return { code: '', message: err instanceof Error ? err.message : String(err) };
}

/**
 * Maps a failure that happened before any response arrived (connect, TLS, timeout, reset) to an
 * `ApiError`. The message names the system's code but never any request header.
 */
export function transportFailure(
  err: unknown,
  req: ApiRequestInfo,
  origin: string,
  timeoutMs: number,
  names: SettingNames = CLI_SETTING_NAMES,
): ApiError {
  const { code, message } = rootCode(err);
  const make = (c: ApiErrorCode, msg: string, hint: string) => new ApiError(c, msg, req, hint, err);
  switch (code) {
    case 'UND_ERR_CONNECT_TIMEOUT':
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'UND_ERR_BODY_TIMEOUT':
    case 'ETIMEDOUT':
      return make(
        'API_TIMEOUT',
        `no answer from ${origin} within ${timeoutMs} ms`,
        `Check that the platform is up and reachable, or raise ${names.timeout}.`,
      );
    case 'ECONNREFUSED':
      return make(
        'API_CONNECTION_REFUSED',
        `connection to ${origin} refused`,
        `Check ${names.url}: host and port (the platform listens on 5000).`,
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return make('API_HOST_NOT_FOUND', `host of ${origin} not found`, `Check the host name in ${names.url}.`);
    case 'ECONNRESET':
    case 'EPIPE':
    case 'UND_ERR_SOCKET':
    case 'UND_ERR_CLOSED':
      return make(
        'API_CONNECTION_RESET',
        `connection to ${origin} closed before a complete answer`,
        'The request may or may not have been carried out; plan again to see the platform as it is now.',
      );
    default:
      if (plainHttpAnswer(code, message)) {
        // The likely cause first: an https:// URL for a plain-HTTP server, not a certificate.
        return make(
          'API_TLS',
          `TLS with ${origin} failed: the server answered plain HTTP (${code})`,
          `The server answered plain HTTP: use ${origin.replace(/^https:/, 'http:')} in ${names.url}.`,
        );
      }
      if (TLS_CODES.has(code) || /certificate|ssl|tls/i.test(code)) {
        return make('API_TLS', `TLS with ${origin} failed (${code})`, tlsHint(names, code));
      }
      if (code.startsWith('HPE_')) {
        return make(
          'API_UNEXPECTED_RESPONSE',
          `${origin} did not answer with HTTP (${code})`,
          'If the server speaks HTTPS, use an https:// URL.',
        );
      }
      return make('API_NETWORK', `request to ${origin} failed${code ? ` (${code})` : ''}`, 'Check the network path to the platform.');
  }
}

/**
 * Whether a TLS handshake with `origin`'s host and port succeeds (certificate not checked): asked
 * only after a plain-HTTP request was cut off, to tell "this is an HTTPS server" from a real reset.
 */
export function speaksTls(origin: string, timeoutMs: number): Promise<boolean> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname.replace(/^\[|\]$/g, ''), port: Number(port || 80), rejectUnauthorized: false });
    const done = (answer: boolean): void => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(Math.min(timeoutMs, 2_000), () => done(false));
    socket.once('secureConnect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** The error for an http:// URL whose server speaks HTTPS: nothing was carried out. */
export function httpsExpected(req: ApiRequestInfo, origin: string, cause: unknown, names: SettingNames = CLI_SETTING_NAMES): ApiError {
  const https = origin.replace(/^http:/, 'https:');
  return new ApiError(
    'API_HTTPS_EXPECTED',
    `${origin} looks like an HTTPS server; use https://`,
    req,
    `Use ${https} in ${names.url}; the request was not carried out.`,
    cause,
  );
}
