import { describe, expect, it } from 'vitest';
import { PlatformClient } from '../../src/api/client.js';
import { emulatorFixture } from '../helpers/emulator.js';
import { apiErrorOf } from '../helpers/expect-api-error.js';

describe('TLS', () => {
  it('serves HTTPS with a generated certificate that a client trusts through ca', async () => {
    const { emu, client } = await emulatorFixture({ tls: true });
    expect(emu.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(emu.caPem).toContain('BEGIN CERTIFICATE');
    expect(await client.listOutboundRoutes()).toHaveLength(1);
  });

  it('refuses an unverified certificate by default, with a hint naming --ca and --insecure', async () => {
    const { emu } = await emulatorFixture({ tls: true });
    const strict = new PlatformClient({ url: emu.url, token: emu.token });
    try {
      const err = await apiErrorOf(strict.listOutboundRoutes());
      expect(err.code).toBe('API_TLS');
      expect(err.hint).toMatch(/--ca/);
      expect(err.hint).toMatch(/--insecure/);
    } finally {
      await strict.close();
    }
  });

  it('talks to a self-signed install with insecure', async () => {
    const { emu } = await emulatorFixture({ tls: true });
    const loose = new PlatformClient({ url: emu.url, token: emu.token, insecure: true });
    try {
      expect(await loose.listOutboundRoutes()).toHaveLength(1);
    } finally {
      await loose.close();
    }
  });

  it('reports plain HTTP spoken to an HTTPS server as a clear error', async () => {
    const { emu } = await emulatorFixture({ tls: true });
    const plain = new PlatformClient({ url: emu.url.replace('https://', 'http://'), token: emu.token, timeoutMs: 2000 });
    try {
      const err = await apiErrorOf(plain.listOutboundRoutes());
      expect(err.code).toBe('API_HTTPS_EXPECTED');
      expect(err.message).toMatch(/looks like an HTTPS server; use https:\/\//);
    } finally {
      await plain.close();
    }
  });
});
