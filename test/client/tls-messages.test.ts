import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startEmulatorProcess, type EmulatorProcess } from '../helpers/cli.js';

const TOKEN = 'tls-messages-token-0123456789abcdef';
let emulator: EmulatorProcess;
let certFile: string;
const dir = mkdtempSync(join(tmpdir(), 'dsipform-tls-'));

beforeAll(async () => {
  emulator = await startEmulatorProcess(['--tls'], { DSIP_TOKEN: TOKEN });
  certFile = /certificate: (\S+)/.exec(emulator.output.stderr)![1]!;
});
afterAll(async () => {
  await emulator.stop();
});

const stats = (...args: string[]) => runCli(['stats', ...args], { DSIP_TOKEN: TOKEN });

describe('TLS settings and mistakes, against the emulator with --tls', () => {
  it('--insecure works and says so on stderr, in exactly one line', async () => {
    const r = await stats('--url', emulator.url, '--insecure');
    expect(r.code).toBe(0);
    const warnings = r.stderr.split('\n').filter((l) => l.startsWith('warning:'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/--insecure: the certificate of 127\.0\.0\.1:\d+ is not verified/);
  });

  it('DSIP_INSECURE=1 warns too; the right --ca does not warn', async () => {
    const env = await runCli(['stats', '--url', emulator.url], { DSIP_TOKEN: TOKEN, DSIP_INSECURE: '1' });
    expect(env.code).toBe(0);
    expect(env.stderr).toMatch(/^warning: DSIP_INSECURE: /m);
    const trusted = await stats('--url', emulator.url, '--ca', certFile);
    expect(trusted.code).toBe(0);
    expect(trusted.stderr).not.toMatch(/warning/);
  });

  it.each([
    ['a text file', 'not a certificate\n', /it holds no PEM certificate/],
    [
      'a private key',
      generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      /it holds a private key, not a certificate/,
    ],
    ['a broken certificate', '-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydA==\n-----END CERTIFICATE-----\n', /certificate 1 does not parse/],
  ])('--ca naming %s is refused: the CA file is not a certificate', async (_what, content, reason) => {
    const file = join(dir, `ca-${Math.random().toString(16).slice(2)}.pem`);
    writeFileSync(file, content);
    const r = await stats('--url', emulator.url, '--ca', file);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`error (CONFIG_BAD_CA): the CA file ${file} is not a certificate: `);
    expect(r.stderr).toMatch(reason);
    expect(r.stderr).toMatch(/^hint: Give --ca/m);
    expect(r.stderr).not.toMatch(/DEPTH_ZERO_SELF_SIGNED_CERT/);
  });

  it('an http:// URL against the HTTPS server says to use https://, at once', async () => {
    const url = emulator.url.replace(/^https:/, 'http:');
    const started = Date.now();
    const r = await stats('--url', url);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`error (API_HTTPS_EXPECTED): GET /proxy/stats: ${url} looks like an HTTPS server; use https://`);
    expect(r.stderr).toContain(`hint: Use ${emulator.url} in --url (or DSIP_URL)`);
    expect(r.stderr).not.toMatch(/closed before a complete answer|may or may not/);
    expect(Date.now() - started).toBeLessThan(4_000); // not retried as a reset
  });
});
