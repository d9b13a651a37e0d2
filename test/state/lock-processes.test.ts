import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname, join, relative } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { acquireLock } from '../../src/state/lock.js';
import { deadPid, exited, expectDsipformError, printed, startChild, tempDir } from './helpers.js';

/**
 * A process that holds the lock the way dsipform does (its own pid, this host) while it lives,
 * releases it when told on stdin, and dies holding it when killed.
 */
const HOLDER = `
import { openSync, writeSync, closeSync, unlinkSync } from 'node:fs';
import { hostname } from 'node:os';
const lockFile = process.argv[2];
const fd = openSync(lockFile, 'wx', 0o600);
writeSync(fd, JSON.stringify({ pid: process.pid, hostname: hostname(), command: 'dsipform apply', started_at: new Date().toISOString() }) + '\\n');
closeSync(fd);
process.stdout.write('locked\\n');
process.stdin.on('data', () => { unlinkSync(lockFile); process.exit(0); });
`;

async function startHolder(state: string) {
  const script = join(dirname(state), 'holder.mjs');
  await writeFile(script, HOLDER);
  const child = startChild([script, `${state}.lock`]);
  await printed(child, 'locked');
  return child;
}

describe('the lock between two processes', () => {
  it('fails while another live process holds it, naming that process', async () => {
    const state = join(await tempDir(), 'state.json');
    const holder = await startHolder(state);
    const err = await expectDsipformError(() => acquireLock(state, { timeoutMs: 300, command: 'dsipform destroy' }), 'STATE_LOCKED');
    expect(err.message).toContain(`is locked by pid ${holder.pid} on `);
    expect(err.message).toContain('(dsipform apply) since ');
  });

  it('waits for the other process to release it', async () => {
    const state = join(await tempDir(), 'state.json');
    const holder = await startHolder(state);
    const waiting = acquireLock(state, { timeoutMs: 10_000, command: 'dsipform destroy' });
    await new Promise((r) => setTimeout(r, 300));
    holder.stdin?.write('release\n');
    const lock = await waiting;
    expect(await exited(holder)).toBe(0);
    expect(JSON.parse(await readFile(lock.file, 'utf8')).pid).toBe(process.pid);
    await lock.release();
  });

  it('takes over the lock once the holder is killed', async () => {
    const state = join(await tempDir(), 'state.json');
    const holder = await startHolder(state);
    await expectDsipformError(() => acquireLock(state, { timeoutMs: 0, command: 'x' }), 'STATE_LOCKED');
    holder.kill('SIGKILL');
    expect(await exited(holder)).toBe('SIGKILL');
    const lock = await acquireLock(state, { timeoutMs: 0, command: 'dsipform apply' });
    expect(JSON.parse(await readFile(lock.file, 'utf8')).pid).toBe(process.pid);
    await lock.release();
  });
});

/** Compiles src/state and what it imports into `dir` as plain ESM, so children run the real code. */
async function buildStateModule(dir: string): Promise<string> {
  const root = join(import.meta.dirname, '..', '..');
  const files = [
    'src/model/errors.ts',
    'src/model/strict-json.ts',
    ...['lock', 'lock-holder', 'lock-takeover', 'private-fs', 'state-file', 'state-shape', 'store'].map((f) => `src/state/${f}.ts`),
  ];
  for (const file of files) {
    const source = await readFile(join(root, file), 'utf8');
    const out = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } });
    const target = join(dir, relative(root, file)).replace(/\.ts$/, '.js');
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, out.outputText);
  }
  await writeFile(join(dir, 'package.json'), '{"type": "module"}\n');
  return join(dir, 'src', 'state', 'lock.js');
}

/**
 * On each line from stdin, takes the lock once, logs `enter`/`exit` around a short hold, releases
 * it and prints `done`: the test starts every round in all contenders at the same moment.
 */
const CONTENDER = `
import { appendFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
const [moduleUrl, state, log] = process.argv.slice(2);
const { acquireLock } = await import(moduleUrl);
for await (const _ of createInterface({ input: process.stdin })) {
  const lock = await acquireLock(state, { timeoutMs: 15000, command: 'contender' });
  appendFileSync(log, 'enter ' + process.pid + '\\n');
  await sleep(5);
  appendFileSync(log, 'exit ' + process.pid + '\\n');
  await lock.release();
  process.stdout.write('done\\n');
}
`;

/** Resolves once the child has printed `done` `count` times in all. */
function doneCount(child: ChildProcess): (count: number) => Promise<void> {
  let seen = 0;
  const waiters: Array<[number, () => void]> = [];
  child.stdout?.on('data', (chunk: Buffer) => {
    seen += chunk.toString('utf8').split('done').length - 1;
    for (const [n, resolve] of waiters) if (seen >= n) resolve();
  });
  return (count) => new Promise((resolve) => (seen >= count ? resolve() : waiters.push([count, resolve])));
}

describe('the real acquireLock in several processes at once', () => {
  it('lets exactly one in when they all find a stale lock at the same moment', async () => {
    const dir = await tempDir();
    const moduleUrl = new URL(`file://${await buildStateModule(join(dir, 'build'))}`).href;
    const state = join(dir, 'state.json');
    const log = join(dir, 'log');
    await writeFile(join(dir, 'contender.mjs'), CONTENDER);
    await writeFile(log, '');
    const deadLock = `${JSON.stringify({ pid: await deadPid(), hostname: hostname(), command: 'killed', started_at: '2030-01-01T00:00:00.000Z' })}\n`;

    const children = Array.from({ length: 4 }, () => startChild([join(dir, 'contender.mjs'), moduleUrl, state, log]));
    const done = children.map(doneCount);
    const rounds = 8;
    for (let round = 1; round <= rounds; round++) {
      await writeFile(`${state}.lock`, deadLock); // as if the last holder had been killed
      for (const child of children) child.stdin?.write('go\n');
      await Promise.all(done.map((d) => d(round)));
    }
    for (const child of children) child.stdin?.end();
    expect(await Promise.all(children.map(exited))).toEqual([0, 0, 0, 0]);

    const lines = (await readFile(log, 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(4 * rounds * 2);
    for (let i = 0; i < lines.length; i += 2) {
      const pid = lines[i]?.split(' ')[1];
      expect([lines[i], lines[i + 1]]).toEqual([`enter ${pid}`, `exit ${pid}`]);
    }
    await expect(readFile(`${state}.lock`)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
