import { request } from 'undici';
import { startTinyServer, type TinyServer } from './tiny-server.js';

/**
 * A real HTTP proxy in front of the emulator that, while `failing` is set, answers the proxy reload
 * (`POST …/reload/…`) with the platform's 500 envelope instead of forwarding it: a reload that fails
 * while the writes before it went through, which the emulator's random faults cannot aim at.
 */
export interface ReloadFailingProxy extends TinyServer {
  failing: boolean;
  /** Reloads answered 500 so far. */
  readonly failed: () => number;
}

/** Whether a request is one the proxy fails while `failing`: by default the proxy reload. */
export type FailsRequest = (method: string, url: string) => boolean;

const isReload: FailsRequest = (method, url) => method === 'POST' && /\/reload\//.test(url);

/** Starts the proxy in front of `target`; `fails` picks other requests to fail (a create, to fail a change). */
export async function startReloadFailingProxy(target: string, fails: FailsRequest = isReload): Promise<ReloadFailingProxy> {
  let failed = 0;
  const state = { failing: true };
  const server = await startTinyServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (d: Buffer) => chunks.push(d));
    req.on('end', () => {
      if (state.failing && fails(req.method ?? '', req.url ?? '')) {
        failed += 1;
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: 'server', msg: 'kamcmd: reload failed', data: [], kamreload: true, dsipreload: false }));
        return;
      }
      const headers = { ...req.headers };
      delete headers.host;
      delete headers.connection;
      request(`${target}${req.url}`, { method: req.method as 'GET', headers, body: chunks.length ? Buffer.concat(chunks) : undefined })
        .then(async (upstream) => {
          const body = await upstream.body.text();
          res.writeHead(upstream.statusCode, { 'content-type': String(upstream.headers['content-type'] ?? 'application/json') });
          res.end(body);
        })
        .catch(() => res.destroy());
    });
  });
  return {
    url: server.url,
    seen: server.seen,
    close: () => server.close(),
    get failing() {
      return state.failing;
    },
    set failing(v: boolean) {
      state.failing = v;
    },
    failed: () => failed,
  };
}
