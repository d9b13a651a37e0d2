import { describe, expect, it } from 'vitest';
import { FaultInjector, checkFaults, createFaultInjector, nginxErrorPage, type FaultDecision } from '../../src/emulator/faults.js';
import { mulberry32 } from '../../src/emulator/prng.js';
import { RateLimiter } from '../../src/emulator/rate-limit.js';

function draw(injector: FaultInjector, n: number): FaultDecision[] {
  return Array.from({ length: n }, () => injector.decide());
}

function count<T>(items: readonly T[], pred: (item: T) => boolean): number {
  return items.filter(pred).length;
}

describe('mulberry32', () => {
  it('repeats its sequence for the same seed, differs for another, and stays in [0, 1)', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const c = mulberry32(43);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(xs);
    expect(Array.from({ length: 1000 }, () => c())).not.toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(xs.reduce((s, x) => s + x, 0) / xs.length).toBeCloseTo(0.5, 1);
  });
});

describe('FaultInjector', () => {
  it('answers that fraction of requests 500, 502 or 503, about a third each', () => {
    const decisions = draw(new FaultInjector({ faultRate: 0.3, seed: 1 }), 10_000);
    const errors = count(decisions, (d) => typeof d === 'number');
    expect(errors).toBeGreaterThan(2_800);
    expect(errors).toBeLessThan(3_200);
    for (const status of [500, 502, 503]) {
      expect(count(decisions, (d) => d === status)).toBeGreaterThan(900);
      expect(count(decisions, (d) => d === status)).toBeLessThan(1_100);
    }
    expect(count(decisions, (d) => d === 'drop-after' || d === 'drop-before')).toBe(0);
  });

  it('drops that fraction of requests, half of them after acting, and never overlaps with 5xx', () => {
    const decisions = draw(new FaultInjector({ faultRate: 0.2, dropRate: 0.1, seed: 2 }), 10_000);
    const after = count(decisions, (d) => d === 'drop-after');
    const before = count(decisions, (d) => d === 'drop-before');
    expect(after + before).toBeGreaterThan(900);
    expect(after + before).toBeLessThan(1_100);
    expect(after / (after + before)).toBeGreaterThan(0.4);
    expect(after / (after + before)).toBeLessThan(0.6);
    expect(count(decisions, (d) => typeof d === 'number')).toBeGreaterThan(1_850);
    expect(count(decisions, (d) => d === 'none')).toBe(10_000 - after - before - count(decisions, (d) => typeof d === 'number'));
  });

  it.each([
    [{ faultRate: 1 }, (d: FaultDecision) => typeof d === 'number'],
    [{ dropRate: 1 }, (d: FaultDecision) => d === 'drop-after' || d === 'drop-before'],
    [{ faultRate: 0.5, dropRate: 0.5 }, (d: FaultDecision) => d !== 'none'],
    [{ latencyMs: 10 }, (d: FaultDecision) => d === 'none'],
  ])('at %j every decision matches', (options, pred) => {
    expect(draw(new FaultInjector({ ...options, seed: 3 }), 1_000).every(pred)).toBe(true);
  });

  it('repeats its decisions for the same seed, whether or not latency draws in between', () => {
    const plain = draw(new FaultInjector({ faultRate: 0.3, dropRate: 0.1, seed: 7 }), 500);
    const withLatency = new FaultInjector({ faultRate: 0.3, dropRate: 0.1, latencyMs: 50, seed: 7 });
    const interleaved = Array.from({ length: 500 }, () => (withLatency.delayMs(), withLatency.decide()));
    expect(interleaved).toEqual(plain);
    expect(draw(new FaultInjector({ faultRate: 0.3, dropRate: 0.1, seed: 8 }), 500)).not.toEqual(plain);
  });

  it('jitters latency uniformly in [0.5, 1.5] × the mean, reproducibly', () => {
    const injector = new FaultInjector({ latencyMs: 100, seed: 4 });
    const delays = Array.from({ length: 2_000 }, () => injector.delayMs());
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(50);
    expect(Math.max(...delays)).toBeLessThanOrEqual(150);
    expect(delays.reduce((s, x) => s + x, 0) / delays.length).toBeGreaterThan(95);
    expect(delays.reduce((s, x) => s + x, 0) / delays.length).toBeLessThan(105);
    const again = new FaultInjector({ latencyMs: 100, seed: 4 });
    expect(delays.slice(0, 10)).toEqual(Array.from({ length: 10 }, () => again.delayMs()));
    expect(new FaultInjector({ seed: 4 }).delayMs()).toBe(0);
  });

  it('draws a seed when none is given, and reports it', () => {
    const seeds = new Set(Array.from({ length: 5 }, () => new FaultInjector({ faultRate: 0.1 }).seed));
    expect(seeds.size).toBeGreaterThan(1);
    for (const seed of seeds) expect(Number.isInteger(seed) && seed >= 0 && seed <= 0xffff_ffff).toBe(true);
  });

  it('is not created when every fault is off, so the server skips every check', () => {
    expect(createFaultInjector(undefined)).toBeUndefined();
    expect(createFaultInjector({ faultRate: 0, dropRate: 0, latencyMs: 0, rateLimit: 0, seed: 5 })).toBeUndefined();
    expect(createFaultInjector({ rateLimit: 3 })).toBeInstanceOf(FaultInjector);
    expect(() => createFaultInjector({ faultRate: 2 })).toThrow('Bad emulator fault option: faultRate 2 is not a fraction between 0 and 1');
  });
});

describe('checkFaults', () => {
  it.each([
    [{ faultRate: -0.1 }, 'faultRate -0.1 is not a fraction between 0 and 1'],
    [{ dropRate: Number.NaN }, 'dropRate NaN is not a fraction between 0 and 1'],
    [{ faultRate: 0.7, dropRate: 0.4 }, 'faultRate 0.7 and dropRate 0.4 add up to more than 1'],
    [{ latencyMs: 1.5 }, 'latencyMs 1.5 is not an integer from 0 to 60000'],
    [{ latencyMs: 60_001 }, 'latencyMs 60001 is not an integer from 0 to 60000'],
    [{ rateLimit: -1 }, 'rateLimit -1 is not an integer from 0 to 100000'],
    [{ seed: 2 ** 32 }, 'seed 4294967296 is not an integer from 0 to 4294967295'],
    [{ faultRate: 0.5, dropRate: 0.5, latencyMs: 60_000, rateLimit: 100_000, seed: 0 }, null],
    [{}, null],
  ])('%j → %s', (options, problem) => {
    expect(checkFaults(options)).toBe(problem);
  });
});

describe('RateLimiter', () => {
  it.each<[string, number, number[], (number | null)[]]>([
    ['admits up to the limit in one second', 3, [0, 10, 20, 30], [null, null, null, 1]],
    ['admits again once the oldest admission left the window', 3, [0, 10, 20, 999, 1000, 1005, 1010], [null, null, null, 1, null, 1, null]],
    ['does not count refused requests', 2, [0, 1, 2, 3, 4, 1000, 1001, 1002], [null, null, 1, 1, 1, null, null, 1]],
    ['slides rather than resetting each second', 2, [0, 900, 1000, 1100, 1899, 1900], [null, null, null, 1, 1, null]],
    ['at 1 per second', 1, [0, 500, 1000, 1999, 2000], [null, 1, null, 1, null]],
  ])('%s', (_name, limit, times, expected) => {
    let now = 0;
    const limiter = new RateLimiter(limit, () => now);
    const got = times.map((t) => {
      now = t;
      return limiter.admit();
    });
    expect(got).toEqual(expected);
  });
});

describe('nginxErrorPage', () => {
  it.each([
    [502, '502 Bad Gateway'],
    [503, '503 Service Temporarily Unavailable'],
  ] as const)('%i is nginx’s page', (status, title) => {
    expect(nginxErrorPage(status)).toContain(`<center><h1>${title}</h1></center>`);
    expect(nginxErrorPage(status)).toContain('<hr><center>nginx</center>');
  });
});
