import { describe, expect, it } from 'vitest';
import { createProvider } from '../../src/terraform/provider.js';
import type { TfObject } from '../../src/terraform/types.js';
import { emulatorFixture } from '../helpers/emulator.js';
import { apiErrorOf } from '../helpers/expect-api-error.js';
import { PROVIDER_CONFIG } from './configured-provider.js';

const CONFIG: TfObject = {
  email: 'ops@example.com',
  ttl: '15m',
  lease_id: null,
  username: null,
  domain: null,
  password: null,
  expires_at: null,
};

/** The provider's ephemeral lease in process against the real emulator over loopback HTTP. */
describe('ephemeral dsiprouter_endpoint_lease', () => {
  it('open obtains a live lease and reloads the proxy; close revokes it and reloads again', async () => {
    const { emu, client } = await emulatorFixture();
    const p = await createProvider({}, () => Date.UTC(2026, 0, 1));
    expect(await p.configure({ ...PROVIDER_CONFIG, url: emu.url, token: emu.token })).toEqual([]);
    const lease = p.ephemeralResources.dsiprouter_endpoint_lease!;
    const opened = await lease.open(CONFIG);
    expect(opened.diagnostics ?? []).toEqual([]);
    expect(opened.result).toMatchObject({
      email: 'ops@example.com',
      ttl: '15m',
      username: expect.stringMatching(/^lease\d+$/),
      password: expect.stringMatching(/^\w{32}$/),
      expires_at: '2026-01-01T00:15:00.000Z',
    });
    // What Terraform keeps until close: the id and expiry, never the password.
    const handle = Buffer.from(opened.private!).toString('utf8');
    expect(JSON.parse(handle)).toEqual({ lease_id: opened.result!.lease_id, expires_at: '2026-01-01T00:15:00.000Z' });
    expect(handle).not.toContain(String(opened.result!.password));
    expect(await client.pendingReload()).toBe(false);

    expect(await lease.close(opened.private)).toEqual([]);
    expect(await client.pendingReload()).toBe(false);
    // Revoked: the platform no longer knows the lease.
    expect((await apiErrorOf(client.revokeLease(opened.result!.lease_id as number))).code).toBe('API_NOT_FOUND');
    await p.shutdown();
  });

  it('close of a lease already gone (expired, revoked elsewhere) is done, without an error', async () => {
    const { emu, client } = await emulatorFixture();
    const p = await createProvider({});
    expect(await p.configure({ ...PROVIDER_CONFIG, url: emu.url, token: emu.token, reload: false })).toEqual([]);
    const lease = p.ephemeralResources.dsiprouter_endpoint_lease!;
    const opened = await lease.open(CONFIG);
    await client.revokeLease(opened.result!.lease_id as number);
    expect(await lease.close(opened.private)).toEqual([]);
    expect(await lease.close(undefined)).toEqual([]);
    await p.shutdown();
  });

  it('refuses a bad ttl or email at the attribute, at validate and at open, obtaining nothing', async () => {
    const { emu } = await emulatorFixture();
    const p = await createProvider({});
    expect(await p.configure({ ...PROVIDER_CONFIG, url: emu.url, token: emu.token })).toEqual([]);
    const lease = p.ephemeralResources.dsiprouter_endpoint_lease!;
    const bad = { ...CONFIG, ttl: '15 minutes', email: 'not-an-address' };
    const said = lease.validate(bad);
    expect(said.map((d) => d.attribute)).toEqual([['email'], ['ttl']]);
    const opened = await lease.open(bad);
    expect(opened.result).toBeNull();
    expect(opened.diagnostics).toEqual(said);
    await p.shutdown();
  });

  it('says what went wrong when the platform refuses the obtain, without the token', async () => {
    const { emu } = await emulatorFixture();
    const p = await createProvider({});
    expect(await p.configure({ ...PROVIDER_CONFIG, url: emu.url, token: emu.token })).toEqual([]);
    const lease = p.ephemeralResources.dsiprouter_endpoint_lease!;
    await emu.close(); // the platform goes down between configure and open
    const opened = await lease.open(CONFIG);
    expect(opened.result).toBeNull();
    // (A reset of the pooled connection may come first: a lost answer, warned of as a lease that may exist.)
    expect(opened.diagnostics!.filter((d) => d.severity === 'error')).toMatchObject([{ summary: 'Could not obtain the lease' }]);
    expect(opened.diagnostics![0]!.detail).toMatch(/refused\nCheck url in the provider block \(or DSIP_URL\)/);
    expect(JSON.stringify(opened.diagnostics)).not.toContain(emu.token);
    await p.shutdown();
  });
});
