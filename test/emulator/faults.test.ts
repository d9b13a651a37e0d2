import { afterEach, describe, expect, it } from 'vitest';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { FaultInjector, type FaultDecision, type FaultOptions } from '../../src/emulator/faults.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { MAX_BODY_BYTES } from '../../src/model/constants.js';
import { call, type Answer } from './helpers.js';

/**
 * Faults over real HTTP. Every emulator here keeps a data file, saved before it answers (or resets),
 * so the test reads back exactly what was committed even when nothing can be asked over HTTP.
 */
const running: RunningEmulator[] = [];
afterEach(async () => {
  for (const emu of running.splice(0)) await emu.close();
});

async function start(faults: FaultOptions): Promise<{ emu: RunningEmulator; dataFile: string }> {
  const dataFile = join(await mkdtemp(join(tmpdir(), 'dsipform-faults-')), 'state.json');
  const emu = await startEmulator({ port: 0, token: 't', dataFile, empty: true, faults });
  running.push(emu);
  return { emu, dataFile };
}

async function committedDids(dataFile: string): Promise<string[]> {
  const snapshot = JSON.parse(await readFile(dataFile, 'utf8')) as { mappings: { did: string }[] };
  return snapshot.mappings.map((m) => m.did).sort();
}

/** The answer, or `'reset'` when the connection was closed without one. */
async function attempt(...args: Parameters<typeof call>): Promise<Answer | 'reset'> {
  try {
    return await call(...args);
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET') return 'reset';
    throw err;
  }
}

const outcome = (a: Answer | 'reset'): number | 'reset' => (a === 'reset' ? a : a.status);
const expected = (d: FaultDecision): number | 'reset' => (d === 'none' ? 200 : typeof d === 'number' ? d : 'reset');
const dids = (n: number): string[] => Array.from({ length: n }, (_, i) => String(1000 + i));
const predict = (options: FaultOptions, n: number): FaultDecision[] => {
  const injector = new FaultInjector(options);
  return Array.from({ length: n }, () => injector.decide());
};

async function createAll(emu: RunningEmulator, list: readonly string[]): Promise<(Answer | 'reset')[]> {
  const answers: (Answer | 'reset')[] = [];
  for (const did of list) answers.push(await attempt(emu, 'POST', '/inboundmapping', { body: { did, servers: ['1'] } }));
  return answers;
}

describe('emulator faults', () => {
  it('at fault rate 1 answers every operation 500 (JSON), 502 or 503 (nginx HTML), in the seeded order, and changes nothing', async () => {
    const options = { faultRate: 1, seed: 3 };
    const { emu, dataFile } = await start(options);
    const answers = [...(await createAll(emu, dids(24)))];
    for (const [method, path] of [
      ['POST', '/reload/kamailio'],
      ['GET', '/inboundmapping'],
      ['GET', '/proxy/stats'],
      ['GET', '/endpoint/lease?ttl=60&email=a%40b'],
    ] as const) {
      answers.push(await attempt(emu, method, path));
    }
    expect(answers.map(outcome)).toEqual(predict(options, answers.length).map(expected));
    const byStatus = (s: number): Answer[] => answers.filter((a): a is Answer => a !== 'reset' && a.status === s);
    expect(byStatus(500).length).toBeGreaterThan(0);
    for (const a of byStatus(500))
      expect(a.json).toEqual({ data: [], error: 'server', msg: 'Internal Server Error', kamreload: false, dsipreload: false });
    expect(byStatus(502).length).toBeGreaterThan(0);
    for (const a of byStatus(502)) {
      expect(a.headers['content-type']).toMatch(/^text\/html/);
      expect(a.text).toContain('<h1>502 Bad Gateway</h1>');
      expect(a.headers['retry-after']).toBeUndefined();
    }
    expect(byStatus(503).length).toBeGreaterThan(0);
    for (const a of byStatus(503)) {
      expect(a.text).toContain('<h1>503 Service Temporarily Unavailable</h1>');
      expect(a.headers['retry-after']).toBe('1');
    }
    expect(await committedDids(dataFile)).toEqual([]);
  });

  it('at fault rate 1 still answers 401, 404, 405 and 413 as without faults', async () => {
    const { emu } = await start({ faultRate: 1, dropRate: 0, seed: 1 });
    expect((await call(emu, 'GET', '/proxy/stats', { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    expect((await call(emu, 'GET', '/proxy/stats', { headers: { accept: 'text/html' } })).status).toBe(401);
    expect((await call(emu, 'GET', '/nothing')).status).toBe(404);
    expect((await call(emu, 'DELETE', '/proxy/stats')).status).toBe(405);
    expect((await call(emu, 'POST', '/inboundmapping', { raw: Buffer.alloc(MAX_BODY_BYTES + 1, 0x20) })).status).toBe(413);
  });

  it('at middle rates follows the seed exactly: counts within bounds, the same seed gives the same run', async () => {
    const options = { faultRate: 0.2, dropRate: 0.1, seed: 11 };
    const list = dids(120);
    const decisions = predict(options, list.length);
    const { emu, dataFile } = await start(options);
    const observed = (await createAll(emu, list)).map(outcome);
    expect(observed).toEqual(decisions.map(expected));
    const errors = observed.filter((o) => typeof o === 'number' && o >= 500).length;
    const resets = observed.filter((o) => o === 'reset').length;
    expect(errors).toBeGreaterThanOrEqual(12);
    expect(errors).toBeLessThanOrEqual(40);
    expect(resets).toBeGreaterThanOrEqual(4);
    expect(resets).toBeLessThanOrEqual(24);
    // Committed: the answered creates and the ones reset after acting; never a 5xx or a reset before.
    expect(await committedDids(dataFile)).toEqual(list.filter((_, i) => decisions[i] === 'none' || decisions[i] === 'drop-after').sort());

    const again = await start(options);
    expect((await createAll(again.emu, list)).map(outcome)).toEqual(observed);
    const other = await start({ ...options, seed: 12 });
    expect((await createAll(other.emu, list)).map(outcome)).not.toEqual(observed);
  });

  it('at drop rate 1 resets every request; half after committing, and those changes survive a restart', async () => {
    const options = { dropRate: 1, seed: 5 };
    const list = dids(40);
    const decisions = predict(options, list.length);
    const { emu, dataFile } = await start(options);
    expect((await createAll(emu, list)).every((a) => a === 'reset')).toBe(true);
    const after = list.filter((_, i) => decisions[i] === 'drop-after');
    expect(after.length).toBeGreaterThanOrEqual(10);
    expect(after.length).toBeLessThanOrEqual(30);
    expect(await committedDids(dataFile)).toEqual([...after].sort());

    await emu.close();
    const plain = await startEmulator({ port: 0, token: 't', dataFile });
    running.push(plain);
    for (const [i, did] of list.entries()) {
      expect((await call(plain, 'GET', `/inboundmapping?did=${did}`)).status).toBe(decisions[i] === 'drop-after' ? 200 : 404);
    }
    // The dropped creates were writes all the same: the proxy has a reload pending.
    expect((await call(plain, 'GET', '/inboundmapping')).json.kamreload).toBe(true);
  });

  it('above the rate limit answers 429 with Retry-After and the envelope, and changes nothing', async () => {
    const { emu, dataFile } = await start({ rateLimit: 5 });
    const list = dids(20);
    const answers = await Promise.all(list.map((did) => call(emu, 'POST', '/inboundmapping', { body: { did, servers: ['1'] } })));
    const limited = answers.filter((a) => a.status === 429);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(5);
    expect(limited.length).toBeGreaterThanOrEqual(1);
    expect(limited.length + answers.filter((a) => a.status === 200).length).toBe(20);
    for (const a of limited) {
      expect(a.json).toEqual({ data: [], error: 'http', msg: 'Too Many Requests', kamreload: expect.any(Boolean), dsipreload: false });
      expect(String(a.headers['retry-after'])).toMatch(/^[1-9]\d*$/);
    }
    expect(await committedDids(dataFile)).toEqual(list.filter((_, i) => answers[i]?.status === 200).sort());

    await sleep(Number(limited[0]?.headers['retry-after']) * 1000 + 50);
    expect((await call(emu, 'GET', '/inboundmapping')).status).toBe(200);
  });

  it('counts every request against the rate limit, even unauthorized ones (nginx limits before the app)', async () => {
    const { emu } = await start({ rateLimit: 1 });
    expect((await call(emu, 'GET', '/proxy/stats', { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    expect((await call(emu, 'GET', '/proxy/stats')).status).toBe(429);
  });

  it('delays every answer by the jittered latency, concurrently rather than one after another', async () => {
    const options = { latencyMs: 100, seed: 1 };
    const injector = new FaultInjector(options);
    const delays = Array.from({ length: 14 }, () => injector.delayMs());
    const { emu } = await start(options);
    for (let i = 0; i < 4; i++) {
      const t0 = performance.now();
      expect((await call(emu, 'GET', '/proxy/stats')).status).toBe(200);
      expect(performance.now() - t0).toBeGreaterThanOrEqual(45); // the jitter's floor is 50 ms
    }
    const t0 = performance.now();
    const answers = await Promise.all(Array.from({ length: 10 }, () => call(emu, 'GET', '/proxy/stats')));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    // One after another, the ten would take the sum of their delays (about a second).
    expect(performance.now() - t0).toBeLessThan(delays.slice(4).reduce((sum, d) => sum + d, 0));
  });
});
