import { describe, expect, it } from 'vitest';
import { PlatformClient } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import { emulatorFixture } from '../helpers/emulator.js';

/**
 * `deleteIfPresent` is the one place the "a delete whose object is gone is done" rule lives: the
 * apply, `lease revoke` and the Terraform resources all delete through it.
 */
describe('client.deleteIfPresent', () => {
  it('deletes a mapping that is there (true), and takes one already gone as done (false)', async () => {
    const { client } = await emulatorFixture();
    const ruleid = await client.createInboundMapping({ did: '+4420', servers: ['66'] });
    expect(await client.deleteIfPresent({ kind: 'inbound_mapping', ruleid })).toBe(true);
    expect(await client.getInboundMapping({ ruleid })).toBeNull();
    expect(await client.deleteIfPresent({ kind: 'inbound_mapping', ruleid })).toBe(false);
  });

  it('does the same for a route and for a lease', async () => {
    const { client } = await emulatorFixture();
    const ruleid = await client.createOutboundRoute({ name: 'uk', prefix: '44', gwgroupid: '7' });
    expect(await client.deleteIfPresent({ kind: 'outbound_route', ruleid })).toBe(true);
    expect(await client.deleteIfPresent({ kind: 'outbound_route', ruleid })).toBe(false);
    const lease = await client.obtainLease({ email: 'ops@example.com', ttl: 60 });
    expect(await client.deleteIfPresent({ kind: 'endpoint_lease', lease_id: lease.leaseid })).toBe(true);
    expect(await client.deleteIfPresent({ kind: 'endpoint_lease', lease_id: lease.leaseid })).toBe(false);
  });

  it('still throws any other failure', async () => {
    const { emu } = await emulatorFixture();
    const wrong = new PlatformClient({ url: emu.url, token: 'not-the-token-0123456789', ...(emu.caPem ? { ca: emu.caPem } : {}) });
    try {
      const err = await wrong.deleteIfPresent({ kind: 'inbound_mapping', ruleid: 1 }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect((err as ApiError).code).toBe('API_UNAUTHORIZED');
    } finally {
      await wrong.close();
    }
  });
});
