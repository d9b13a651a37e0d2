import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { call } from './helpers.js';

describe('lease expiry on the injected clock', () => {
  let clock = 1_000_000;
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, token: 't', now: () => clock });
  });
  afterAll(async () => {
    await emu.close();
  });

  async function obtain(ttl: string): Promise<number> {
    const res = await call(emu, 'GET', `/endpoint/lease?ttl=${ttl}&email=ops%40example.com`);
    expect(res.status).toBe(200);
    return res.json.data[0].leaseid;
  }

  it('can revoke a lease until its ttl has passed, and answers 404 from that instant on', async () => {
    const alive = await obtain('10');
    const expiring = await obtain('10');
    clock += 9_999;
    expect((await call(emu, 'PUT', `/endpoint/lease/${alive}/revoke`)).json.msg).toBe('Lease revoked');
    clock += 1;
    const late = await call(emu, 'PUT', `/endpoint/lease/${expiring}/revoke`);
    expect(late.status).toBe(404);
    expect(late.json).toMatchObject({ error: '', msg: 'No Matching Lease Found' });
  });

  it('reads "<n>m" as minutes and never reuses a lease id', async () => {
    const first = await obtain('2m');
    clock += 119_000;
    const second = await obtain('1');
    expect(second).toBe(first + 1);
    expect((await call(emu, 'PUT', `/endpoint/lease/${first}/revoke`)).status).toBe(200);
    expect((await call(emu, 'PUT', `/endpoint/lease/${first}/revoke`)).status).toBe(404);
  });

  it('hands out a lease record with a 32-character password and ttl in seconds', async () => {
    const res = await call(emu, 'GET', '/endpoint/lease?ttl=5m&email=a%40b.c');
    const lease = res.json.data[0];
    expect(lease).toEqual({
      leaseid: expect.any(Number),
      username: `lease${lease.leaseid}`,
      password: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
      domain: 'emulator.dsipform.invalid',
      ttl: 300,
    });
    expect(res.json.msg).toBe('Lease created');
  });
});
