import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh 64-hex-character API token, like a real install generates. */
export function generateToken(): string {
  return randomBytes(32).toString('hex');
}

/**
 * Whether an Authorization header carries the token as `Bearer <token>`. Both sides are hashed
 * first so the comparison takes the same time whatever the length or content of the guess.
 */
export function isAuthorized(header: string | undefined, token: string): boolean {
  const match = header === undefined ? null : /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  const given = match?.[1] ?? '';
  const same = timingSafeEqual(sha256(given), sha256(token));
  return match !== null && same;
}

/**
 * Whether an Authorization header carries the token the way the deployed platform reads it
 * (`APIToken` in gui/util/security.py, v0.79-rel): split on single spaces into exactly two words,
 * the second being the token. The first word is never looked at, so `Token <token>` (or even
 * ` <token>`) passes, while two spaces or a trailing word do not.
 */
export function isAuthorizedAnyWord(header: string | undefined, token: string): boolean {
  const words = header === undefined ? [] : header.split(' ');
  const given = words.length === 2 ? (words[1] ?? '') : '';
  const same = timingSafeEqual(sha256(given), sha256(token));
  return given !== '' && same;
}

/**
 * Whether the client asked for HTML. The real platform then answers its login page with 401 even
 * when the token is good; the emulator does the same so clients are proven to send
 * `Accept: application/json`.
 */
export function wantsHtml(accept: string | undefined): boolean {
  return accept !== undefined && accept.toLowerCase().includes('text/html');
}

/**
 * What release 0.79 answers (401, `error: "http"`) to every API call when the instance holds no
 * DSIP_CORE licence, whatever the token (gui/modules/api/api_functions.py:103-112, v0.79-rel).
 */
export const UNLICENSED_MSG = 'Unauthorized - Core Subscription Required. Purchase from https://dopensource.com/product/dsiprouter-core/';

/** The small login page served with that 401. */
export const LOGIN_PAGE = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>Login</title></head>
<body>
<h1>Login</h1>
<p>This is the management API of a SIP routing platform (dsipform emulator).
API clients must send <code>Accept: application/json</code> and <code>Authorization: Bearer &lt;token&gt;</code>.</p>
<form method="post" action="/login"><input name="username"><input name="password" type="password"><button>Log in</button></form>
</body>
</html>
`;

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
