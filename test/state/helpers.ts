import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect } from 'vitest';
import { DsipformError } from '../../src/model/errors.js';
import type { LeaseRecord } from '../../src/model/lease.js';

const dirs: string[] = [];
const children: ChildProcess[] = [];

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

/** A fresh temporary directory, removed after the test. */
export async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'dsipform-state-'));
  dirs.push(dir);
  return dir;
}

/** A well-formed lease record called `name`. */
export function leaseRecord(name: string, overrides: Partial<LeaseRecord> = {}): LeaseRecord {
  return {
    name,
    lease_id: 100 + name.length,
    username: `u-${name}`,
    domain: 'sip.example.com',
    password: `pw-${name}-s3cret`,
    email: 'ops@example.com',
    ttl: 900,
    obtained_at: '2030-01-01T00:00:00.000Z',
    expires_at: '2030-01-01T00:15:00.000Z',
    source: 'files',
    target: 'https://dsip.example.com',
    ...overrides,
  };
}

/** Runs `fn`, expects a `DsipformError` with `code`, and returns it for more checks. */
export async function expectDsipformError(fn: () => Promise<unknown>, code: string): Promise<DsipformError> {
  const err: unknown = await fn().then(
    () => new Error('expected a rejection'),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DsipformError);
  expect((err as DsipformError).code).toBe(code);
  return err as DsipformError;
}

/** Starts a child process (killed after the test if still running). */
export function startChild(args: readonly string[], cwd?: string): ChildProcess {
  const child = spawn(process.execPath, args, { cwd, stdio: ['pipe', 'pipe', 'inherit'] });
  children.push(child);
  return child;
}

/** Resolves when the child exits, with its exit code (or the signal's name). */
export function exited(child: ChildProcess): Promise<number | string> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  if (child.signalCode !== null) return Promise.resolve(child.signalCode);
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
}

/** Resolves once the child has printed `line` on stdout. */
export function printed(child: ChildProcess, line: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (out.split('\n').includes(line)) resolve();
    });
    child.once('exit', () => reject(new Error(`child exited before printing ${line}; it printed ${JSON.stringify(out)}`)));
  });
}

/** The pid of a process that has run and exited, so no live process has it (barring reuse). */
export async function deadPid(): Promise<number> {
  const child = startChild(['-e', '']);
  await exited(child);
  if (child.pid === undefined) throw new Error('the child got no pid');
  return child.pid;
}
