import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { PlatformClient } from '../../src/api/client.js';
import { obtainAndRecord, type LeaseLedger } from '../../src/apply/execute-lease.js';
import type { CliIo } from '../../src/cli/io.js';
import { openLeaseState } from '../../src/cli/lease-state.js';
import { startTinyServer, type TinyServer } from '../helpers/tiny-server.js';
import { tempDir } from './helpers.js';

/** How the platform meets one obtain request: a reset before or after issuing, a status, or a lease. */
type Fate = 'reset-before' | 'reset-after' | 500 | 400 | 'unreadable' | 'lease';

const T0 = Date.UTC(2030, 0, 1);
const EXPIRES_BY = '2030-01-01T00:25:00.000Z'; // start + ttl 900 s + the 10-minute obtain window

let server: TinyServer | undefined;
let client: PlatformClient | undefined;
afterEach(async () => {
  await client?.close();
  await server?.close();
  [client, server] = [undefined, undefined];
});

/**
 * A platform that meets the obtains in turn as `fates` say, and counts the leases it issued. At
 * each request it reads how many notes the state file holds: each attempt's note must be on disk
 * before that attempt is sent.
 */
async function platform(fates: readonly Fate[], stateFile: string): Promise<{ issued: number[]; notesSeen: number[] }> {
  const issued: number[] = [];
  const notesSeen: number[] = [];
  let turn = 0;
  server = await startTinyServer((req, res) => {
    const state = JSON.parse(readFileSync(stateFile, 'utf8')) as { obtaining?: unknown[] };
    notesSeen.push(state.obtaining?.length ?? 0);
    const fate = fates[turn++] ?? 'lease';
    if (fate === 'reset-after' || fate === 'lease' || fate === 'unreadable') issued.push(issued.length + 1);
    if (fate === 'reset-before' || fate === 'reset-after') return void req.socket.destroy();
    const lease = { leaseid: issued.length, username: `lease${issued.length}`, password: 'pw-s3cret-pw', domain: 'sip.invalid', ttl: 900 };
    const status = typeof fate === 'number' ? fate : 200;
    const data = fate === 'lease' ? [lease] : fate === 'unreadable' ? [{ leaseid: 'x' }] : [];
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ data, error: status === 200 ? '' : 'http', msg: 'm', kamreload: false, dsipreload: false }));
  });
  client = new PlatformClient({ url: server.url, token: 't'.repeat(32), profile: 'spec', retry: { baseMs: 1 } });
  return { issued, notesSeen };
}

function io(): CliIo & { err: () => string } {
  let err = '';
  const stderr = new PassThrough();
  stderr.on('data', (d: Buffer) => (err += d.toString()));
  return {
    stdin: new PassThrough(),
    stdinIsTTY: false,
    stdout: new PassThrough(),
    stderr,
    env: {},
    isTTY: false,
    secrets: new Set(),
    now: () => T0,
    err: () => err,
  };
}

describe('obtain notes, one per attempt', () => {
  it.each<[string, Fate[], { recorded: number; notes: number; attempts: number; fails: boolean }]>([
    ['a lease at once: no note left', ['lease'], { recorded: 1, notes: 0, attempts: 1, fails: false }],
    [
      'two answers lost, then a lease: both notes stay',
      ['reset-after', 'reset-before', 'lease'],
      { recorded: 1, notes: 2, attempts: 3, fails: false },
    ],
    ['a 5xx is a lost answer too', [500, 'lease'], { recorded: 1, notes: 1, attempts: 2, fails: false }],
    ['a 4xx issued nothing: its note goes, no retry', [400], { recorded: 0, notes: 0, attempts: 1, fails: true }],
    ['a lost answer, then a 4xx: only the lost one stays', ['reset-after', 400], { recorded: 0, notes: 1, attempts: 2, fails: true }],
    ['an unreadable 200 keeps its note and is not retried', ['unreadable'], { recorded: 0, notes: 1, attempts: 1, fails: true }],
    ['every attempt lost: six notes', Array<Fate>(6).fill('reset-after'), { recorded: 0, notes: 6, attempts: 6, fails: true }],
  ])('%s', async (_, fates, want) => {
    const file = join(await tempDir(), 'state.json');
    const run = io();
    const state = await openLeaseState(file, { lockTimeout: '0' }, run, true, 'test');
    const { issued, notesSeen } = await platform(fates, file);
    const request = { name: 'phone', email: 'ops@example.com', ttl: 900, source: 'files' as const };
    const outcome = await obtainAndRecord(request, client!, state.ledgerFor(server!.url), () => T0).then(
      () => 'recorded',
      (err: unknown) => err,
    );
    await state.store.close();

    expect(outcome === 'recorded').toBe(!want.fails);
    // Attempt k finds its own note and those of the k - 1 attempts whose answers were lost.
    expect(notesSeen).toEqual(Array.from({ length: want.attempts }, (__, i) => i + 1));
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { leases: unknown[]; obtaining?: { email: string; expires_by: string }[] };
    expect(saved.leases).toHaveLength(want.recorded);
    expect(saved.obtaining ?? []).toHaveLength(want.notes);
    for (const note of saved.obtaining ?? []) expect(note).toMatchObject({ email: 'ops@example.com', expires_by: EXPIRES_BY });
    // Every lease issued is recorded or stands behind a note, and the run says so at its end.
    expect(want.recorded + want.notes).toBeGreaterThanOrEqual(issued.length);
    if (want.notes === 0) expect(run.err()).toBe('');
    else
      expect(run.err()).toContain(
        `warning: ${want.notes === 1 ? '1 lease' : `${want.notes} leases`} may have been obtained from ${server!.url} and not recorded (${want.notes === 1 ? '' : `${want.notes} for `}ops@example.com, ${want.notes === 1 ? 'expires' : 'all expire'} by ${EXPIRES_BY}): this run lost`,
      );
  });
});

describe('a lease the state cannot take', () => {
  it('is named by its id at the end of the run, and its note is what later runs see', async () => {
    const dir = join(await tempDir(), 'state');
    const file = join(dir, 'state.json');
    const run = io();
    const state = await openLeaseState(file, { lockTimeout: '0' }, run, true, 'test');
    await platform(['lease'], file);
    const ledger = state.ledgerFor(server!.url);
    // The platform answers, but by then the state's directory has become a file: no record can be written.
    const breaking: LeaseLedger = {
      ...ledger,
      record: async (rec, noteId) => {
        const saved = readFileSync(file);
        rmSync(dir, { recursive: true, force: true });
        writeFileSync(dir, '');
        await ledger.record(rec, noteId).finally(() => {
          rmSync(dir);
          mkdirSync(dir, { mode: 0o700 });
          writeFileSync(file, saved, { mode: 0o600 }); // as it was: with the note
        });
      },
    };
    const request = { email: 'ops@example.com', ttl: 900, source: 'cli' as const };
    await expect(obtainAndRecord(request, client!, breaking, () => T0)).rejects.toMatchObject({ code: 'STATE_UNWRITABLE' });
    await state.store.close();
    expect(run.err()).toBe(
      `warning: 1 lease may have been obtained from ${server!.url} and not recorded (lease 1, ops@example.com, expires at 2030-01-01T00:15:00.000Z): this run could not write it to the state. The platform cannot list leases or read one back, so dsipform cannot find it or recover the credentials; each expires by itself at the time shown, and every run that reads the state warns until then. To revoke lease 1 now: dsipform lease revoke 1 against ${server!.url}.\n`,
    );

    const later = io();
    const next = await openLeaseState(file, { lockTimeout: '0' }, later, false, 'test');
    await next.store.close();
    expect(later.err()).toContain(
      `warning: 1 lease may have been obtained from ${server!.url} and not recorded (ops@example.com, expires by ${EXPIRES_BY})`,
    );
  });
});

describe('a platform whose API profile cannot be detected', () => {
  it('gets no obtain and leaves no note: the detection fails before any attempt', async () => {
    const file = join(await tempDir(), 'state.json');
    const run = io();
    const state = await openLeaseState(file, { lockTimeout: '0' }, run, true, 'test');
    server = await startTinyServer((req) => void req.socket.destroy());
    client = new PlatformClient({ url: server.url, token: 't'.repeat(32), retry: { baseMs: 1, maxAttempts: 2 } });
    const request = { email: 'ops@example.com', ttl: 900, source: 'cli' as const };
    await expect(obtainAndRecord(request, client, state.ledgerFor(server.url), () => T0)).rejects.toMatchObject({
      code: 'API_CONNECTION_RESET',
    });
    await state.store.close();
    expect(server.seen.map((r) => r.url)).not.toContainEqual(expect.stringContaining('lease'));
    expect(existsSync(file)).toBe(false);
    expect(run.err()).toBe('');
  });
});
