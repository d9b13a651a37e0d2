import { mkdir, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireLock } from '../../src/state/lock.js';
import { deadPid, expectDsipformError, tempDir } from './helpers.js';

/** A state path in a fresh directory; `.dsipform/` is left for acquireLock to create. */
async function stateIn(): Promise<string> {
  return join(await tempDir(), '.dsipform', 'state.json');
}

/** A state path whose directory exists, for tests that plant a lock file first. */
async function stateWithDir(): Promise<string> {
  const dir = await tempDir();
  return join(dir, 'state.json');
}

function holderText(pid: number, host = hostname(), command = 'dsipform destroy'): string {
  return `${JSON.stringify({ pid, hostname: host, command, started_at: '2030-01-01T00:00:00.000Z' })}\n`;
}

describe('acquireLock', () => {
  it('creates a 0600 lock file naming this process, and removes it on release', async () => {
    const state = await stateIn();
    const lock = await acquireLock(state, { timeoutMs: 0, command: 'dsipform apply', now: () => Date.UTC(2030, 0, 2) });
    expect(lock.file).toBe(`${state}.lock`);
    expect(JSON.parse(await readFile(lock.file, 'utf8'))).toEqual({
      pid: process.pid,
      hostname: hostname(),
      command: 'dsipform apply',
      started_at: '2030-01-02T00:00:00.000Z',
    });
    expect((await stat(lock.file)).mode & 0o777).toBe(0o600);
    expect((await stat(dirname(state))).mode & 0o777).toBe(0o700);
    await lock.release();
    await expect(stat(lock.file)).rejects.toMatchObject({ code: 'ENOENT' });
    await lock.release(); // idempotent
  });

  it('fails after the timeout with STATE_LOCKED naming the holder', async () => {
    const state = await stateIn();
    const first = await acquireLock(state, { timeoutMs: 0, command: 'dsipform apply', now: () => Date.UTC(2030, 0, 2) });
    const started = Date.now();
    const err = await expectDsipformError(() => acquireLock(state, { timeoutMs: 300, command: 'dsipform plan' }), 'STATE_LOCKED');
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(err.message).toBe(
      `the state ${state} is locked by pid ${process.pid} on ${hostname()} (dsipform apply) since 2030-01-02T00:00:00.000Z, which is still running`,
    );
    expect(err.hint).toBe(
      `wait for pid ${process.pid} to finish (or stop it) and run again, or give a longer --lock-timeout; the lock of a process that has died is taken over automatically, so never remove ${state}.lock by hand`,
    );
    await first.release();
  });

  it('removes the state directory it created once it is released with nothing kept in it', async () => {
    const dir = join(await tempDir(), 'project');
    await mkdir(dir);
    const lock = await acquireLock(join(dir, '.dsipform', 'state.json'), { timeoutMs: 0, command: 'dsipform apply' });
    expect(await readdir(join(dir, '.dsipform'))).toEqual(['state.json.lock']);
    await lock.release();
    expect(await readdir(dir)).toEqual([]);
  });

  it('keeps the directory once the state is in it, and one that existed before', async () => {
    const dir = await tempDir();
    const state = join(dir, '.dsipform', 'state.json');
    const lock = await acquireLock(state, { timeoutMs: 0, command: 'dsipform apply' });
    await writeFile(state, '{}', { mode: 0o600 });
    await lock.release();
    expect(await readdir(join(dir, '.dsipform'))).toEqual(['state.json']);
    await rm(state);
    await (await acquireLock(state, { timeoutMs: 0, command: 'dsipform apply' })).release();
    expect(await readdir(join(dir, '.dsipform'))).toEqual([]);
  });

  it('with timeout 0 tries once', async () => {
    const state = await stateIn();
    const first = await acquireLock(state, { timeoutMs: 0, command: 'a' });
    const started = Date.now();
    await expectDsipformError(() => acquireLock(state, { timeoutMs: 0, command: 'b' }), 'STATE_LOCKED');
    expect(Date.now() - started).toBeLessThan(100);
    await first.release();
  });

  it('waits and succeeds when the holder releases within the timeout', async () => {
    const state = await stateIn();
    const first = await acquireLock(state, { timeoutMs: 0, command: 'first' });
    setTimeout(() => void first.release(), 250);
    const started = Date.now();
    const second = await acquireLock(state, { timeoutMs: 5_000, command: 'second' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    expect(JSON.parse(await readFile(second.file, 'utf8')).command).toBe('second');
    await second.release();
  });

  it('takes over the lock of a dead process on this host', async () => {
    const state = await stateWithDir();
    await writeFile(`${state}.lock`, holderText(await deadPid()));
    const lock = await acquireLock(state, { timeoutMs: 0, command: 'dsipform apply' });
    expect(JSON.parse(await readFile(lock.file, 'utf8')).pid).toBe(process.pid);
    await lock.release();
  });

  it('never takes over a lock held on another host, which it cannot check', async () => {
    const state = await stateWithDir();
    await writeFile(`${state}.lock`, holderText(await deadPid(), 'other-host'));
    const err = await expectDsipformError(() => acquireLock(state, { timeoutMs: 0, command: 'y' }), 'STATE_LOCKED');
    expect(err.message).toContain(' on other-host (dsipform destroy)');
    expect(err.hint).toContain(`dsipform cannot check a process on other-host: only if pid`);
    expect(err.hint).toContain(`remove ${state}.lock`);
  });

  it('takes over an unparsable lock file older than 10 s', async () => {
    const state = await stateWithDir();
    await writeFile(`${state}.lock`, '{"pid": 12');
    const old = new Date(Date.now() - 11_000);
    await utimes(`${state}.lock`, old, old);
    const lock = await acquireLock(state, { timeoutMs: 0, command: 'y' });
    expect(JSON.parse(await readFile(lock.file, 'utf8')).command).toBe('y');
    await lock.release();
  });

  it('waits for a fresh unparsable lock file, which may be being written', async () => {
    const state = await stateWithDir();
    await writeFile(`${state}.lock`, '');
    const err = await expectDsipformError(() => acquireLock(state, { timeoutMs: 300, command: 'y' }), 'STATE_LOCKED');
    expect(err.message).toContain(`the lock file ${state}.lock cannot be parsed`);
    expect(err.hint).toBe('wait and run again: a lock file that still cannot be parsed after 10 s is taken over automatically');
    expect(await readFile(`${state}.lock`, 'utf8')).toBe('');
  });

  it('clears a takeover guard left by a run that died during a takeover', async () => {
    const state = await stateWithDir();
    await writeFile(`${state}.lock`, holderText(await deadPid()));
    await writeFile(`${state}.lock.takeover`, '1\n');
    const old = new Date(Date.now() - 11_000);
    await utimes(`${state}.lock.takeover`, old, old);
    const lock = await acquireLock(state, { timeoutMs: 0, command: 'y' });
    await lock.release();
    await expect(stat(`${state}.lock.takeover`)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('release never removes a lock that is no longer its own', async () => {
    const state = await stateIn();
    const lock = await acquireLock(state, { timeoutMs: 0, command: 'x' });
    const someoneElse = holderText(process.pid + 1, 'other-host');
    await writeFile(lock.file, someoneElse);
    await lock.release();
    expect(await readFile(lock.file, 'utf8')).toBe(someoneElse);
  });

  it('is exclusive among many waiters in one process', async () => {
    const state = await stateIn();
    let inside = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const lock = await acquireLock(state, { timeoutMs: 10_000, command: `w${i}` });
        inside += 1;
        most = Math.max(most, inside);
        await new Promise((r) => setTimeout(r, 10));
        inside -= 1;
        await lock.release();
      }),
    );
    expect(most).toBe(1);
  });
});
