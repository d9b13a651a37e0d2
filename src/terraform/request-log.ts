import type { RequestEvent } from '../api/connection.js';

const VERBOSE = new Set(['TRACE', 'DEBUG', 'JSON']);

/**
 * The request logger when Terraform logs at DEBUG or TRACE (TF_LOG or TF_LOG_PROVIDER), else
 * undefined. Each line is an hclog JSON entry on stderr, which go-plugin puts into Terraform's log
 * at that level: method, path with query, status and duration; never a header (the token) or a body.
 */
export function requestLogger(
  env: NodeJS.ProcessEnv,
  write: (line: string) => void = (l) => void process.stderr.write(l),
): ((e: RequestEvent) => void) | undefined {
  const level = (env.TF_LOG_PROVIDER || env.TF_LOG || '').toUpperCase();
  if (!VERBOSE.has(level)) return undefined;
  return (e) => {
    const entry = {
      '@level': 'debug',
      '@message': `${e.method} ${e.path} -> ${e.status ?? 'no answer'} in ${e.ms} ms`,
      '@module': 'provider.dsiprouter',
      // go-plugin parses the timestamp with microseconds (Go's 2006-01-02T15:04:05.000000Z07:00).
      '@timestamp': new Date().toISOString().replace(/\.(\d{3})Z$/, '.$1000Z'),
      http_method: e.method,
      http_path: e.path,
      http_status: e.status ?? 0,
      duration_ms: e.ms,
    };
    write(`${JSON.stringify(entry)}\n`);
  };
}
