import { describe, expect, it } from 'vitest';
import { FLT_FWD_MIN, FLT_LCR_MIN } from '../../src/model/constants.js';
import { emulatorFixture } from '../helpers/emulator.js';
import { expectRejected } from '../helpers/expect-api-error.js';

describe('§6 LCR group range', () => {
  it('answers 400 once [10000, 20000) is used up, and allocates again after the top one is freed', async () => {
    const { client } = await emulatorFixture({ empty: true });
    const size = FLT_FWD_MIN - FLT_LCR_MIN;
    const ids: number[] = new Array(size);
    let next = 0;
    // Fill the whole range over real HTTP, 16 requests at a time.
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        for (let i = next++; i < size; i = next++) {
          ids[i] = await client.createOutboundRoute({ name: `L${i}`, prefix: String(i), from_prefix: '9', gwgroupid: '5' });
        }
      }),
    );
    const groups = new Set((await client.listOutboundRoutes()).map((r) => r.groupid));
    expect(groups.size).toBe(size);
    expect(Math.min(...groups)).toBe(FLT_LCR_MIN);
    expect(Math.max(...groups)).toBe(FLT_FWD_MIN - 1);
    await expectRejected(client.createOutboundRoute({ name: 'one too many', prefix: '1', from_prefix: '8', gwgroupid: '5' }), 400, /full/i);
    const simple = await client.createOutboundRoute({ name: 'simple still fine', prefix: '1', gwgroupid: '5' });
    await expectRejected(client.updateOutboundRoute(simple, { prefix: '1', from_prefix: '8' }), 400, /full/i);
    expect((await client.getOutboundRoute(simple))?.groupid).toBe(8000);
    const top = (await client.listOutboundRoutes()).find((r) => r.groupid === FLT_FWD_MIN - 1)!;
    await client.deleteOutboundRoute(top.ruleid);
    const again = await client.createOutboundRoute({ name: 'fits again', prefix: '1', from_prefix: '8', gwgroupid: '5' });
    expect((await client.getOutboundRoute(again))?.groupid).toBe(FLT_FWD_MIN - 1);
  }, 120_000);
});
