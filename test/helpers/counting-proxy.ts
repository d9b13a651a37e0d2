import { request } from 'undici';
import { startTinyServer, type TinyServer } from './tiny-server.js';

/** A real HTTP proxy in front of a server that records the most requests it saw in flight at once. */
export interface CountingProxy extends TinyServer {
  readonly maxInFlight: () => number;
  /** The most writes (requests other than GET) in flight at once: an apply's steps, without the reads before the plan. */
  readonly maxWritesInFlight: () => number;
}

/** Starts a proxy on a free port forwarding every request to `target`. */
export async function startCountingProxy(target: string): Promise<CountingProxy> {
  let inFlight = 0;
  let max = 0;
  let writes = 0;
  let maxWrites = 0;
  const server = await startTinyServer((req, res) => {
    inFlight += 1;
    max = Math.max(max, inFlight);
    const write = req.method !== 'GET';
    if (write) maxWrites = Math.max(maxWrites, ++writes);
    const chunks: Buffer[] = [];
    req.on('data', (d: Buffer) => chunks.push(d));
    req.on('end', () => {
      const headers = { ...req.headers };
      delete headers.host;
      delete headers.connection;
      request(`${target}${req.url}`, { method: req.method as 'GET', headers, body: chunks.length ? Buffer.concat(chunks) : undefined })
        .then(async (upstream) => {
          const body = await upstream.body.text();
          // Hold each answer a little, so concurrent requests really overlap.
          await new Promise((r) => setTimeout(r, 5));
          inFlight -= 1;
          if (write) writes -= 1;
          res.writeHead(upstream.statusCode, { 'content-type': String(upstream.headers['content-type'] ?? 'application/json') });
          res.end(body);
        })
        .catch(() => {
          inFlight -= 1;
          if (write) writes -= 1;
          res.destroy();
        });
    });
  });
  return { ...server, maxInFlight: () => max, maxWritesInFlight: () => maxWrites };
}
