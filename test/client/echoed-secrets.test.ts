import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { startTinyServer, type TinyServer } from '../helpers/tiny-server.js';

const TOKEN = 'echoed-token-0123456789abcdef';
const PASSWORD = 'lease-pw-9f8e7d6c5b4a';
let server: TinyServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const FILES = `version: 1
inbound_mappings:
  - did: "15551230001"
    servers: ["16"]
outbound_routes:
  - name: US domestic
    prefix: "1"
    gwgroupid: "2"
endpoint_leases:
  - name: softphone
    email: ops@example.com
    ttl: 15m
`;

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/**
 * A platform (or a proxy in front of it) that reads fine but answers every write with an error
 * whose message echoes the request's headers, the Authorization header included; the reload's
 * error also echoes the password of the lease it just handed out.
 */
function echoingPlatform(req: IncomingMessage, res: ServerResponse): void {
  const headers = Object.entries(req.headers)
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join('; ');
  const path = req.url ?? '';
  if (req.method === 'GET' && path.startsWith('/api/v1/endpoint/lease')) {
    return json(res, 200, {
      error: '',
      msg: '',
      data: [{ leaseid: 41, username: 'u41', password: PASSWORD, domain: 'sip.example.com', ttl: 900 }],
    });
  }
  if (req.method === 'GET') return json(res, 200, { error: '', msg: '', data: [] });
  if (path.startsWith('/api/v1/reload'))
    return json(res, 500, { error: 'server', msg: `reload failed for lease password ${PASSWORD}; request headers: ${headers}` });
  if (path.startsWith('/api/v1/inboundmapping')) return json(res, 400, { error: 'http', msg: `bad request; request headers: ${headers}` });
  return json(res, 500, { error: 'server', msg: `proxy error; request headers: ${headers}` });
}

function setup(): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'dsipform-echo-'));
  const file = join(dir, 'platform.yaml');
  writeFileSync(file, FILES);
  return { dir, file };
}

describe('secrets the platform echoes back', () => {
  it.each(['json', 'text'])('never reach stdout, stderr or the --report file (--format %s), and the report is 0600', async (format) => {
    server = await startTinyServer(echoingPlatform);
    const { dir, file } = setup();
    const report = join(dir, 'report.json');
    const r = await runCli(
      [
        'apply',
        file,
        '--url',
        server.url,
        '--api-profile',
        'spec',
        '--auto-approve',
        '--allow-dangling', // this fake platform lists no groups
        '--format',
        format,
        '--report',
        report,
        '--max-attempts',
        '2',
        '--retry-base',
        '1',
      ],
      { DSIP_TOKEN: TOKEN },
    );
    const written = readFileSync(report, 'utf8');
    // The platform did echo the header: the scrubbing is what keeps the token out.
    expect(server.seen.some((req) => req.method === 'POST')).toBe(true);
    expect(r.code).toBe(1);
    expect(`${r.stdout}${r.stderr}`).toMatch(/Authorization: Bearer \(sensitive\)/i);
    for (const text of [r.stdout, r.stderr, written]) {
      expect(text).not.toContain(TOKEN);
      expect(text).not.toContain(PASSWORD);
    }
    expect(written).toMatch(/Bearer \(sensitive\)/);
    expect(written).toContain('reload failed for lease password (sensitive)');
    expect(statSync(report).mode & 0o777).toBe(0o600);
  });
});
