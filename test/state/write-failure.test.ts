import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LeaseStore } from '../../src/state/store.js';
import { writeState } from '../../src/state/state-file.js';
import { expectDsipformError, leaseRecord, tempDir } from './helpers.js';

/**
 * Root writes through any permission bit, so failures are injected where the disk would fail:
 * half-way through the write (a full disk), at fsync (an I/O error), or at the rename.
 */
type FailAt = 'write' | 'sync' | 'rename';
const failure = vi.hoisted(() => ({ at: null as FailAt | null }));

vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs/promises')>();
  const ioError = (code: string) => Object.assign(new Error(`${code}: injected failure`), { code });
  const open: typeof fs.open = async (...args) => {
    const handle = await fs.open(...args);
    if (failure.at === 'write') {
      handle.writeFile = async (data) => {
        await fs.appendFile(args[0], String(data).slice(0, 20)); // a torn write
        throw ioError('ENOSPC');
      };
    }
    if (failure.at === 'sync') handle.sync = () => Promise.reject(ioError('EIO'));
    return handle;
  };
  const rename: typeof fs.rename = (from, to) => (failure.at === 'rename' ? Promise.reject(ioError('EXDEV')) : fs.rename(from, to));
  return { ...fs, default: { ...fs, open, rename }, open, rename };
});

afterEach(() => {
  failure.at = null;
});

const cases: FailAt[] = ['write', 'sync', 'rename'];

describe('a failed write leaves the old state intact', () => {
  it.each(cases)('failing at %s', async (at) => {
    const dir = await tempDir();
    const file = join(dir, 'state.json');
    await writeState(file, { format_version: 2, leases: [leaseRecord('old')] });
    const before = await readFile(file, 'utf8');

    failure.at = at;
    const err = await expectDsipformError(() => writeState(file, { format_version: 2, leases: [leaseRecord('new')] }), 'STATE_UNWRITABLE');
    expect(err.message).toContain(`cannot write the state file ${file}`);
    expect(err.hint).toContain('the previous state file is unchanged');

    expect(await readFile(file, 'utf8')).toBe(before);
    expect(await readdir(dir)).toEqual(['state.json']); // the temporary file is gone too
  });

  it('keeps the store in step with the file, and the next record works', async () => {
    const file = join(await tempDir(), 'state.json');
    const store = await LeaseStore.open(file, { lock: true, lockTimeoutMs: 0, command: 'test' });
    await store.record(leaseRecord('a'));

    failure.at = 'sync';
    await expectDsipformError(() => store.record(leaseRecord('b')), 'STATE_UNWRITABLE');
    expect(store.records().map((r) => r.name)).toEqual(['a']);

    failure.at = null;
    await store.record(leaseRecord('c'));
    await store.close();
    expect(JSON.parse(await readFile(file, 'utf8')).leases.map((r: { name: string }) => r.name)).toEqual(['a', 'c']);
  });
});
