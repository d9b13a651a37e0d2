import { afterEach, describe, expect, it } from 'vitest';
import { faultOptions } from '../../src/cli/emulator.js';
import { checkFaults } from '../../src/emulator/faults.js';
import { FAULT_LIMITS } from '../../src/emulator/limits.js';
import { startEmulatorProcess, type EmulatorProcess } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';
import { call } from './helpers.js';

const running: EmulatorProcess[] = [];
afterEach(async () => {
  for (const p of running.splice(0)) await p.stop();
});

describe('dsipform emulator fault flags', () => {
  it.each([
    [['--fault-rate', '2'], '--fault-rate "2" is not a fraction between 0 and 1'],
    [['--fault-rate', 'lots'], '--fault-rate "lots" is not a fraction between 0 and 1'],
    [['--drop-rate', '-0.1'], '--drop-rate "-0.1" is not a fraction between 0 and 1'],
    [['--drop-rate', ''], '--drop-rate "" is not a fraction between 0 and 1'],
    [['--fault-rate', '0.8', '--drop-rate', '0.5'], '--fault-rate 0.8 and --drop-rate 0.5 add up to more than 1'],
    [['--latency', '1.5'], '--latency "1.5" is not a whole number of milliseconds from 0 to 60000'],
    [['--latency', '60001'], '--latency "60001" is not a whole number of milliseconds from 0 to 60000'],
    [['--rate-limit', 'ten'], '--rate-limit "ten" is not a whole number of requests per second from 0 to 100000'],
    [['--rate-limit', '1e3'], '--rate-limit "1e3" is not a whole number of requests per second from 0 to 100000'],
    [['--seed', '-1'], '--seed "-1" is not a whole number from 0 to 4294967295'],
    [['--seed', '4294967296'], '--seed "4294967296" is not a whole number from 0 to 4294967295'],
    [['--seed', '0x10'], '--seed "0x10" is not a whole number from 0 to 4294967295'],
  ])('%j exits 1 with "%s" and a hint, before listening', async (flags, message) => {
    const r = await runMain(['emulator', '--port', '0', ...flags]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(new RegExp(`^error \\(CLI_BAD_OPTION\\): ${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\nhint: \\S`));
  });

  it.each([
    [
      { faultRate: '0', dropRate: '0', latency: '0', rateLimit: '0' },
      { faultRate: 0, dropRate: 0, latencyMs: 0, rateLimit: 0 },
    ],
    [
      { faultRate: '0.2', dropRate: '.05', latency: '150', rateLimit: '50', seed: '42' },
      { faultRate: 0.2, dropRate: 0.05, latencyMs: 150, rateLimit: 50, seed: 42 },
    ],
    [
      { faultRate: '1', dropRate: '0.0', latency: '60000', rateLimit: '100000', seed: '4294967295' },
      { faultRate: 1, dropRate: 0, latencyMs: 60_000, rateLimit: 100_000, seed: 4_294_967_295 },
    ],
  ])('turns %j into %j', (flags, options) => {
    expect(faultOptions(flags)).toEqual(options);
  });

  it.each([
    ['--latency', 'latency', 'latencyMs'],
    ['--rate-limit', 'rateLimit', 'rateLimit'],
    ['--seed', 'seed', 'seed'],
  ] as const)('%s takes what the emulator takes, up to its limit and no further', (flag, field, option) => {
    const base = { faultRate: '0', dropRate: '0', latency: '0', rateLimit: '0' };
    const limit = FAULT_LIMITS[option];
    expect(faultOptions({ ...base, [field]: String(limit) })[option]).toBe(limit);
    expect(checkFaults({ [option]: limit })).toBeNull();
    expect(() => faultOptions({ ...base, [field]: String(limit + 1) })).toThrow(`${flag} "${limit + 1}" is not`);
    expect(checkFaults({ [option]: limit + 1 })).toBe(`${option} ${limit + 1} is not an integer from 0 to ${limit}`);
  });

  it('prints the seed it drew on stderr, and repeats a run given that seed (built CLI)', async () => {
    const token = 'cli-fault-token-0123456789';
    const drawn = await startEmulatorProcess(['--token', token, '--fault-rate', '0.5']);
    running.push(drawn);
    const m = /^fault seed: (\d+) {2}\(repeat this run's faults with --seed \1\)$/m.exec(drawn.output.stderr);
    expect(m, drawn.output.stderr).not.toBeNull();
    const seed = m?.[1] ?? '';

    const statuses = async (p: EmulatorProcess): Promise<number[]> => {
      const out: number[] = [];
      for (let i = 0; i < 20; i++) out.push((await call({ url: p.url, token }, 'GET', '/proxy/stats')).status);
      return out;
    };
    const first = await statuses(drawn);
    expect(first.some((s) => s >= 500)).toBe(true);
    const repeat = await startEmulatorProcess(['--token', token, '--fault-rate', '0.5', '--seed', seed]);
    running.push(repeat);
    expect(repeat.output.stderr).toContain(`fault seed: ${seed}`);
    expect(await statuses(repeat)).toEqual(first);

    const quiet = await startEmulatorProcess(['--token', token, '--seed', '7']);
    running.push(quiet);
    expect(quiet.output.stderr).not.toContain('fault seed');
  });
});
