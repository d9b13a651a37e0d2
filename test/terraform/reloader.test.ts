import { describe, expect, it } from 'vitest';
import { Reloader } from '../../src/terraform/reloader.js';

describe('Reloader', () => {
  it('one reload for writers that overlap; none for an apply that wrote nothing', async () => {
    let reloads = 0;
    const r = new Reloader(async () => void (reloads += 1));
    const write = (ms: number) =>
      r.run(async () => {
        await new Promise((ok) => setTimeout(ok, ms));
        r.wrote();
        return ms;
      });
    const out = await Promise.all([write(5), write(20), r.run(async () => 'read only')]);
    expect(out.map((o) => o.reloadError)).toEqual([null, null, null]);
    expect(reloads).toBe(1);
    await r.run(async () => 'nothing');
    expect(reloads).toBe(1);
  });

  it('a write that ends during a reload waits for the next one', async () => {
    const order: string[] = [];
    const r = new Reloader(async () => {
      order.push('reload start');
      await new Promise((ok) => setTimeout(ok, 30));
      order.push('reload end');
    });
    const first = r.run(async () => r.wrote());
    await new Promise((ok) => setTimeout(ok, 25)); // the first reload is running
    const second = r.run(async () => {
      r.wrote();
      order.push('second wrote');
    });
    await Promise.all([first, second]);
    expect(order).toEqual(['reload start', 'second wrote', 'reload end', 'reload start', 'reload end']);
  });

  it('hands the reload error to every writer it covered, and still reloads after an apply that threw', { timeout: 3000 }, async () => {
    let fail = true;
    const r = new Reloader(async () => {
      if (fail) throw new Error('500 reload failed');
    });
    const [a, b] = await Promise.all([r.run(async () => r.wrote()), r.run(async () => r.wrote())]);
    expect([a.reloadError?.message, b.reloadError?.message]).toEqual(['500 reload failed', '500 reload failed']);
    fail = false;
    const waiting = r.run(async () => r.wrote());
    await expect(
      r.run(async () => {
        await new Promise((ok) => setTimeout(ok, 20));
        throw new Error('bug');
      }),
    ).rejects.toThrow('bug');
    expect((await waiting).reloadError).toBeNull();
  });
});
