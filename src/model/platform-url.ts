/**
 * What every front end (CLI flags, targets file, provider, webhook) needs to know about a URL it is
 * given: whether it carries credentials, how to show it without them, and which platform it names.
 * Pure: no name is resolved, so two host names DNS maps to one address still count as two.
 */

/** The URL, or `null` when the text is not one. */
function parse(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/** Whether the URL carries a user name or a password (`https://user:pass@host`). */
export function hasCredentials(text: string): boolean {
  const url = parse(text);
  // A text that is not a URL is checked by its form: `//…@` before the host is the userinfo.
  return url ? url.username !== '' || url.password !== '' : /\/\/[^/?#]*@/.test(text);
}

/**
 * The URL as messages may show it: any `user:password@` replaced by `***@`, so no message, log,
 * label or plan can carry a password written into a URL, even one that does not parse.
 */
export function shownUrl(text: string): string {
  const url = parse(text);
  if (!url) return text.replace(/\/\/[^/?#]*@/, '//***@');
  if (url.username === '' && url.password === '') return text;
  url.username = '';
  url.password = '';
  return url.href.replace('//', '//***@');
}

/**
 * Why a platform or webhook URL is refused for its credentials, or `null`: dsipform sends the API
 * token as its only credential, and a URL's `user:password@` would be printed wherever the URL is
 * (plans, metrics labels, logs). The message shows the URL without them.
 */
export function credentialsProblem(text: string): string | null {
  if (!hasCredentials(text)) return null;
  return `the URL ${shownUrl(text)} carries a user name or password (user:password@), which dsipform never sends and would print wherever it shows the URL`;
}

/** Host names that always mean this machine, whatever the resolver says. */
const LOOPBACK_NAMES = new Set(['localhost', '0.0.0.0', '[::1]', '[::]']);

/** The host as one machine, so `localhost`, `127.0.0.1` and `[::1]` compare equal. */
function machineOf(hostname: string): string {
  const host = hostname.replace(/\.$/, '');
  const loopback =
    LOOPBACK_NAMES.has(host) || host.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(host) || /^\[::ffff:7f[0-9a-f]{2}:/.test(host);
  return loopback ? '(this machine)' : host;
}

const DEFAULT_PORTS: Readonly<Record<string, string>> = { 'http:': '80', 'https:': '443' };

/**
 * The platform a base URL names, as a comparable key: the host (case-insensitive, loopback names as
 * one, a trailing dot dropped), the port (a default port as written out) and the path without
 * trailing slashes. The scheme is left out: one port serves one of http or https, so two URLs that
 * differ only there name one server. `null` when the text is not a URL.
 */
export function platformKey(text: string): string | null {
  const url = parse(text);
  if (!url) return null;
  const port = url.port || DEFAULT_PORTS[url.protocol] || '';
  return `${machineOf(url.hostname)}:${port}${url.pathname.replace(/\/+$/, '')}`;
}
