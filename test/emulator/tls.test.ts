import { describe, it, expect } from 'vitest';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from 'undici';
import { startEmulator } from '../../src/emulator/index.js';
import { call } from './helpers.js';

describe('emulator over TLS', () => {
  it('serves HTTPS with a fresh self-signed certificate that clients can trust via caFile', async () => {
    const emu = await startEmulator({ port: 0, tls: true });
    try {
      expect(emu.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      expect(emu.caPem).toMatch(/^-----BEGIN CERTIFICATE-----/);
      expect(await readFile(emu.caFile ?? '', 'utf8')).toBe(emu.caPem);

      const trusting = new Agent({ connect: { ca: emu.caPem } });
      const ok = await call(emu, 'GET', '/proxy/stats', { dispatcher: trusting });
      expect(ok.status).toBe(200);
      expect(ok.json.msg).toBe('Successfully retrieved proxy stats');
      // The certificate names localhost too (SAN DNS), not only the IP.
      const byName = await call({ ...emu, url: emu.url.replace('127.0.0.1', 'localhost') }, 'GET', '/proxy/stats', {
        dispatcher: trusting,
      });
      expect(byName.status).toBe(200);
      await trusting.close();

      const plain = new Agent();
      const refused = await call(emu, 'GET', '/proxy/stats', { dispatcher: plain }).then(
        () => undefined,
        (err: Error & { cause?: { code?: string } }) => err.cause?.code ?? (err as { code?: string }).code,
      );
      expect(refused).toBe('DEPTH_ZERO_SELF_SIGNED_CERT');
      await plain.close();
    } finally {
      await emu.close();
    }
    // The temporary directory holding the certificate is the emulator's and goes with it.
    await expect(stat(emu.caFile ?? '')).rejects.toThrow(/ENOENT/);
  });

  it('writes the certificate next to the data file when one is given', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dsipform-emu-test-'));
    const dataFile = join(dir, 'state.json');
    const emu = await startEmulator({ port: 0, tls: true, dataFile });
    try {
      expect(emu.caFile).toBe(`${dataFile}.cert.pem`);
    } finally {
      await emu.close();
    }
    expect(await readFile(`${dataFile}.cert.pem`, 'utf8')).toBe(emu.caPem);
    await rm(dir, { recursive: true, force: true });
  });
});
