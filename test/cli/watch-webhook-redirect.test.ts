import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startEmulatorProcess, type EmulatorProcess } from '../helpers/cli.js';
import { startTinyServer, type TinyServer } from '../helpers/tiny-server.js';
import { sampleOf, startReceiver, startWatch, until, type Receiver, type WatchProcess } from './watch-helpers.js';

// The webhook URL is where events may go, and nowhere else: a receiver that answers with a redirect
// does not send them to another address. Real processes and loopback servers.
const TOKEN = 'webhook-redirect-token-2f7a9c';
let dir: string;
let emu: EmulatorProcess;
let elsewhere: Receiver;
let redirecting: TinyServer;
let watch: WatchProcess | undefined;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dsipform-webhook-redirect-'));
  emu = await startEmulatorProcess([], { DSIP_TOKEN: TOKEN });
  elsewhere = await startReceiver();
  redirecting = await startTinyServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(307, { location: elsewhere.url }).end());
  });
});

afterEach(async () => {
  if (watch && watch.child.exitCode === null) {
    watch.child.kill('SIGKILL');
    await watch.closed;
  }
  watch = undefined;
  await Promise.all([emu.stop(), elsewhere.close(), redirecting.close()]);
  rmSync(dir, { recursive: true, force: true });
});

it('a webhook that answers 307 is not followed: each event is posted once, counted as dropped (redirected) and logged', async () => {
  const routes = ['A', 'B', 'C'].map((name, i) => `  - name: ${name}\n    prefix: "${1555 + i}"\n    gwgroupid: "2"\n`).join('');
  const file = join(dir, 'routes.yaml');
  writeFileSync(file, `version: 1\noutbound_routes:\n${routes}policy:\n  ignore:\n    outbound_routes: ["Default Outbound Route"]\n`);
  const hook = `${redirecting.url}/hook/secret-path-T0K3N`;
  watch = await startWatch([file, '--interval', '1h', '--webhook', hook], {
    DSIP_URL: emu.url,
    DSIP_TOKEN: TOKEN,
    DSIPFORM_WEBHOOK_BACKOFF_MS: '50',
  });
  const dropped = await until('three events dropped as redirected', async () => {
    const n = sampleOf(await watch!.scrape(), 'dsipform_webhook_events_dropped_total', { reason: 'redirected' }) ?? 0;
    return n >= 3 ? n : undefined;
  });
  expect(dropped).toBe(3);
  const samples = await watch.scrape();
  expect(sampleOf(samples, 'dsipform_webhook_events_sent_total')).toBe(0);
  // Not retried (the answer would not change), and never sent where the redirect pointed.
  expect(redirecting.seen).toHaveLength(3);
  expect(elsewhere.bodies).toHaveLength(0);
  expect(watch.output.stderr).toMatch(/webhook event dropped \(the receiver answered 307, a redirect, which dsipform does not follow/);
  expect(watch.output.stderr).not.toContain('T0K3N');
  watch.child.kill('SIGTERM');
  expect(await watch.exited).toBe(0);
}, 60_000);
