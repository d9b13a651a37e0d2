import { afterEach, describe, expect, it } from 'vitest';
import { PlatformClient } from '../../src/api/client.js';
import { readLive } from '../../src/apply/read-live.js';
import { CARRIER_GROUP_READS } from '../../src/apply/read-carrier-groups.js';
import { emulatorFixture } from '../helpers/emulator.js';
import { startCountingProxy, type CountingProxy } from '../helpers/counting-proxy.js';

let proxy: CountingProxy | undefined;
let client: PlatformClient | undefined;
afterEach(async () => {
  await client?.close();
  await proxy?.close();
});

describe('reading the live carrier groups', () => {
  it('lists once, then reads each group with its endpoints, a bounded number at a time', async () => {
    const { emu } = await emulatorFixture();
    proxy = await startCountingProxy(emu.url);
    client = new PlatformClient({ url: proxy.url, token: emu.token });
    const live = await readLive(client, ['carrier_groups']);
    expect(live.carrier_groups?.map((g) => g.gwgroupid)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(live.carrier_groups?.[0]?.endpoints.length).toBeGreaterThan(0);
    expect(proxy.maxInFlight()).toBeGreaterThan(1);
    expect(proxy.maxInFlight()).toBeLessThanOrEqual(CARRIER_GROUP_READS);
  });

  it('reads no group when the files do not manage carrier groups', async () => {
    const { emu } = await emulatorFixture();
    proxy = await startCountingProxy(emu.url);
    client = new PlatformClient({ url: proxy.url, token: emu.token });
    const live = await readLive(client, ['outbound_routes']);
    expect(live.carrier_groups).toBeUndefined();
  });
});
