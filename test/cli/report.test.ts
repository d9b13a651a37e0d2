import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli, startEmulatorProcess, type EmulatorProcess } from '../helpers/cli.js';
import { startTinyServer } from '../helpers/tiny-server.js';

const TOKEN = 'report-token-0123456789abcdef';
let emulator: EmulatorProcess | undefined;
afterEach(async () => {
  await emulator?.stop();
  emulator = undefined;
});

const FILES = `version: 1
inbound_mappings:
  - did: "15551230001"
    servers: ["16"]
outbound_routes:
  - name: US domestic
    prefix: "1"
    gwgroupid: "2"
policy:
  allow_unrouting: true # deleting the fresh install's default route leaves calls unrouted; not this test's subject
`;

describe('apply --report FILE', () => {
  it('records every request made (method, path, status, duration; never a header or body), owner-readable only', async () => {
    emulator = await startEmulatorProcess([], { DSIP_TOKEN: TOKEN });
    const dir = mkdtempSync(join(tmpdir(), 'dsipform-report-'));
    const file = join(dir, 'platform.yaml');
    writeFileSync(file, FILES);
    const report = join(dir, 'report.json');
    const r = await runCli(['apply', file, '--url', emulator.url, '--auto-approve', '--report', report], { DSIP_TOKEN: TOKEN });
    expect(r.code).toBe(0);
    const text = readFileSync(report, 'utf8');
    const written = JSON.parse(text) as { outcomes: { kind: string; key: string }[]; requests: Record<string, unknown>[] };
    expect(statSync(report).mode & 0o777).toBe(0o600);
    expect(text).not.toContain(TOKEN);
    const route = written.outcomes.findIndex((o) => o.kind === 'outbound_route' && o.key === 'US domestic');
    const mapping = written.outcomes.findIndex((o) => o.kind === 'inbound_mapping');
    expect(written.requests).toEqual(
      expect.arrayContaining([
        { method: 'POST', path: '/outboundroutes', status: 200, duration_ms: expect.any(Number), change: route },
        { method: 'POST', path: '/inboundmapping', status: 200, duration_ms: expect.any(Number), change: mapping },
        { method: 'POST', path: '/reload/kamailio', status: 200, duration_ms: expect.any(Number) },
      ]),
    );
    for (const q of written.requests)
      expect(Object.keys(q).sort()).toEqual(expect.arrayContaining(['duration_ms', 'method', 'path', 'status']));
    for (const q of written.requests)
      for (const key of Object.keys(q)) expect(['method', 'path', 'status', 'duration_ms', 'error', 'change']).toContain(key);
  });

  it('records a failed request with its status and error code', async () => {
    const server = await startTinyServer((req, res) => {
      const rejected = req.method === 'POST' && req.url === '/api/v1/outboundroutes';
      res.writeHead(rejected ? 400 : 200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: rejected ? 'http' : '',
          msg: rejected ? 'gwgroupid unknown' : '',
          data: rejected ? [] : req.method === 'POST' ? [{ ruleid: 5 }] : [],
        }),
      );
    });
    try {
      const dir = mkdtempSync(join(tmpdir(), 'dsipform-report-'));
      const file = join(dir, 'platform.yaml');
      writeFileSync(file, FILES);
      const report = join(dir, 'report.json');
      const r = await runCli(
        ['apply', file, '--url', server.url, '--api-profile', 'spec', '--auto-approve', '--allow-dangling', '--report', report],
        {
          DSIP_TOKEN: TOKEN,
        },
      );
      expect(r.code).toBe(1);
      const written = JSON.parse(readFileSync(report, 'utf8')) as { outcomes: { kind: string }[]; requests: Record<string, unknown>[] };
      const route = written.outcomes.findIndex((o) => o.kind === 'outbound_route');
      expect(written.requests).toContainEqual({
        method: 'POST',
        path: '/outboundroutes',
        status: 400,
        duration_ms: expect.any(Number),
        error: 'API_BAD_REQUEST',
        change: route,
      });
    } finally {
      await server.close();
    }
  });
});
