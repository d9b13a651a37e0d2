import { describe, expect, it } from 'vitest';
import { emulatorFixture, manualClock } from '../helpers/emulator.js';
import { expectRejected } from '../helpers/expect-api-error.js';

describe('§4 endpoint leases', () => {
  it('obtains a lease: id, username leaseN, a 32-character password, domain, ttl in seconds', async () => {
    const { client } = await emulatorFixture();
    const env = await client.raw('GET', '/endpoint/lease', { query: { ttl: 300, email: 'ops@example.com' } });
    expect(env.msg).toBe('Lease created');
    const lease = await client.obtainLease({ email: 'ops@example.com', ttl: '5m' });
    expect(lease.ttl).toBe(300);
    expect(lease.username).toBe(`lease${lease.leaseid}`);
    expect(lease.password).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(lease.domain).not.toBe('');
    const first = env.data[0] as { leaseid: number; password: string };
    expect(lease.leaseid).toBe(first.leaseid + 1);
    expect(lease.password).not.toBe(first.password);
  });

  it.each([
    ['no email', { ttl: 60 }],
    ['an empty email', { ttl: 60, email: '' }],
    ['no ttl', { email: 'a@b.c' }],
    ['an unparsable ttl', { ttl: 'soon', email: 'a@b.c' }],
    ['a ttl of 0', { ttl: 0, email: 'a@b.c' }],
    ['a negative ttl', { ttl: -5, email: 'a@b.c' }],
    ['an unknown argument', { ttl: 60, email: 'a@b.c', name: 'x' }],
  ])('rejects %s with 400', async (_case, query) => {
    const { client } = await emulatorFixture();
    await expectRejected(client.raw('GET', '/endpoint/lease', { query }), 400, /./);
  });

  it('revokes once; again, or an unknown id, is 404', async () => {
    const { client } = await emulatorFixture();
    const lease = await client.obtainLease({ email: 'a@b.c', ttl: 60 });
    const env = await client.raw('PUT', `/endpoint/lease/${lease.leaseid}/revoke`);
    expect(env).toMatchObject({ msg: 'Lease revoked', data: [] });
    const again = await expectRejected(client.revokeLease(lease.leaseid), 404, /./);
    expect(again.code).toBe('API_NOT_FOUND');
    await expectRejected(client.revokeLease(4242), 404, /./);
  });

  it('expires a lease once its ttl has passed, to the second', async () => {
    const clock = manualClock();
    const { client } = await emulatorFixture({ now: clock.now });
    const a = await client.obtainLease({ email: 'a@b.c', ttl: 60 });
    const b = await client.obtainLease({ email: 'a@b.c', ttl: 60 });
    clock.advance(59_000);
    await client.revokeLease(a.leaseid); // still alive at 59 s
    clock.advance(1_000);
    await expectRejected(client.revokeLease(b.leaseid), 404, /./); // gone at 60 s
  });

  it('never reuses a lease id', async () => {
    const { client } = await emulatorFixture();
    const a = await client.obtainLease({ email: 'a@b.c', ttl: 60 });
    await client.revokeLease(a.leaseid);
    const b = await client.obtainLease({ email: 'a@b.c', ttl: 60 });
    expect(b.leaseid).toBeGreaterThan(a.leaseid);
  });
});
