import type { ServerResponse } from 'node:http';
import { sendHtml } from './respond.js';
import type { RouteMatch } from './router.js';

/** A request the router could not place: an unknown path or a wrong method. */
export type Unrouted = Exclude<RouteMatch, { kind: 'handler' }>;

/** Werkzeug's 404 page, byte for byte as the deployed platform (a Flask app) serves it. */
const FLASK_NOT_FOUND_PAGE =
  '<!doctype html>\n<html lang=en>\n<title>404 Not Found</title>\n<h1>Not Found</h1>\n' +
  '<p>The requested URL was not found on the server. If you entered the URL manually please check your spelling and try again.</p>\n';

/** Werkzeug's 405 page. */
const FLASK_METHOD_NOT_ALLOWED_PAGE =
  '<!doctype html>\n<html lang=en>\n<title>405 Method Not Allowed</title>\n<h1>Method Not Allowed</h1>\n' +
  '<p>The method is not allowed for the requested URL.</p>\n';

/**
 * Answers an unknown path with the HTML 404 page and a wrong method with the HTML 405 page (with
 * `Allow`), as Flask does, instead of the JSON envelope: the `current` profile's routing errors.
 */
export function sendFlaskPage(res: ServerResponse, match: Unrouted): void {
  if (match.kind === 'not-found') return sendHtml(res, 404, FLASK_NOT_FOUND_PAGE);
  sendHtml(res, 405, FLASK_METHOD_NOT_ALLOWED_PAGE, { Allow: match.allow.join(', ') });
}
