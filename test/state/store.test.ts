import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InternalError } from '../../src/model/errors.js';
import { LeaseStore } from '../../src/state/store.js';
import { expectDsipformError, leaseRecord, tempDir } from './helpers.js';

const locked = { lock: true, lockTimeoutMs: 0, command: 'dsipform apply' } as const;

const T = 'https://dsip.example.com';

/** The names of the leases the file holds, in file order. */
async function fileLeases(file: string): Promise<string[]> {
  return JSON.parse(await readFile(file, 'utf8')).leases.map((r: { name: string }) => r.name);
}

describe('LeaseStore', () => {
  it('opens a missing state as empty, without creating a file', async () => {
    const file = join(await tempDir(), '.dsipform', 'state.json');
    const store = await LeaseStore.open(file, { lock: false, command: 'dsipform output leases' });
    expect(store.records()).toEqual([]);
    await store.close();
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('writes each record before resolving, and reads them back sorted by name', async () => {
    const file = join(await tempDir(), '.dsipform', 'state.json');
    const store = await LeaseStore.open(file, locked);
    await store.record(leaseRecord('zulu'));
    expect(await fileLeases(file)).toEqual(['zulu']); // on disk before anything else happens
    await store.record(leaseRecord('alpha'));
    await store.record(leaseRecord('zulu', { lease_id: 999 }));
    expect(store.records().map((r) => r.name)).toEqual(['alpha', 'zulu']);
    expect(store.get(T, 'zulu')?.lease_id).toBe(999);
    expect(store.get(T, 'nope')).toBeUndefined();
    await store.close();

    const again = await LeaseStore.open(file, { lock: false, command: 'x' });
    expect(again.records()).toEqual([leaseRecord('alpha'), leaseRecord('zulu', { lease_id: 999 })]);
  });

  it('removes a record from the file', async () => {
    const file = join(await tempDir(), 'state.json');
    const store = await LeaseStore.open(file, locked);
    await store.record(leaseRecord('a'));
    await store.record(leaseRecord('b'));
    await store.remove(T, 'a');
    await store.remove(T, 'never-there');
    expect(await fileLeases(file)).toEqual(['b']);
    expect(store.records().map((r) => r.name)).toEqual(['b']);
    await store.close();
  });

  it('keeps all of 50 records made in parallel', async () => {
    const file = join(await tempDir(), 'state.json');
    const store = await LeaseStore.open(file, locked);
    const names = Array.from({ length: 50 }, (_, i) => `lease-${String(i).padStart(2, '0')}`);
    await Promise.all(names.map((n, i) => store.record(leaseRecord(n, { lease_id: i }))));
    expect(await fileLeases(file)).toEqual(names);
    expect(store.records().map((r) => r.name)).toEqual(names);
    await Promise.all(names.filter((_, i) => i % 2 === 0).map((n) => store.remove(T, n)));
    expect(await fileLeases(file)).toEqual(names.filter((_, i) => i % 2 === 1));
    await store.close();
  });

  it('holds the lock from open to close', async () => {
    const file = join(await tempDir(), 'state.json');
    const store = await LeaseStore.open(file, locked);
    const err = await expectDsipformError(() => LeaseStore.open(file, { ...locked, command: 'dsipform destroy' }), 'STATE_LOCKED');
    expect(err.message).toContain(`(dsipform apply)`);
    await store.close();
    await store.close();
    await (await LeaseStore.open(file, locked)).close();
  });

  it('lets a reader in while the lock is held', async () => {
    const file = join(await tempDir(), 'state.json');
    const writer = await LeaseStore.open(file, locked);
    await writer.record(leaseRecord('a'));
    const reader = await LeaseStore.open(file, { lock: false, command: 'dsipform output leases' });
    expect(reader.records().map((r) => r.name)).toEqual(['a']);
    await writer.close();
  });

  it('releases the lock when the state is corrupt', async () => {
    const file = join(await tempDir(), 'state.json');
    await writeFile(file, '{"format_version": 7, "leases": {}}', { mode: 0o600 });
    await expectDsipformError(() => LeaseStore.open(file, locked), 'STATE_CORRUPT');
    await expect(stat(`${file}.lock`)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it.each([
    ['without its lock', 'was changed without its lock', async (file: string) => LeaseStore.open(file, { lock: false, command: 'x' })],
    [
      'after close',
      'was changed after it was closed',
      async (file: string) => {
        const store = await LeaseStore.open(file, locked);
        await store.close();
        return store;
      },
    ],
  ] as const)('refuses changes %s, as a bug', async (_case, why, open) => {
    const file = join(await tempDir(), 'state.json');
    const store = await open(file);
    const err = await store.record(leaseRecord('a')).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(InternalError);
    expect((err as InternalError).message).toBe(`the lease state ${file} ${why} (this is a bug, please report it)`);
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses a malformed record, as a bug, without writing it', async () => {
    const file = join(await tempDir(), 'state.json');
    const store = await LeaseStore.open(file, locked);
    await expect(store.record(leaseRecord('a', { ttl: -1 }))).rejects.toThrow('leases["a"].ttl is not a whole number of seconds');
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
    await store.close();
  });
});

describe('LeaseStore across targets and in-flight obtains', () => {
  const note = {
    id: 'n1',
    target: T,
    email: 'ops@example.com',
    ttl: 900,
    started_at: '2030-01-01T00:00:00.000Z',
    expires_by: '2030-01-01T00:25:00.000Z',
  };
  const at2030 = { ...locked, now: () => Date.parse('2030-01-01T00:01:00.000Z') };

  it('keeps one lease per target and name, and removes only the one of the target named', async () => {
    const file = join(await tempDir(), 'state.json');
    const store = await LeaseStore.open(file, locked);
    await store.record(leaseRecord('phone', { lease_id: 1 }));
    await store.record(leaseRecord('phone', { lease_id: 1, target: 'emulator:(in memory)' }));
    expect(store.heldAt(T).map((r) => r.lease_id)).toEqual([1]);
    await store.remove('emulator:(in memory)', 'phone');
    expect(store.records().map((r) => r.target)).toEqual([T]);
    await store.close();
  });

  it('writes the note before the obtain and removes it in the write that records the lease', async () => {
    const file = join(await tempDir(), 'state.json');
    const store = await LeaseStore.open(file, at2030);
    await store.beginObtain(note);
    expect(JSON.parse(await readFile(file, 'utf8')).obtaining).toEqual([note]);
    await store.record(leaseRecord('phone'), 'n1');
    const text = JSON.parse(await readFile(file, 'utf8'));
    expect([text.obtaining, text.leases.length]).toEqual([undefined, 1]);
    await store.close();
  });

  it('drops a note once its lease has certainly expired, at the next write', async () => {
    const file = join(await tempDir(), 'state.json');
    const store = await LeaseStore.open(file, at2030);
    await store.beginObtain(note);
    await store.close();
    const later = await LeaseStore.open(file, { ...locked, now: () => Date.parse('2030-01-01T00:25:00.001Z') });
    expect(later.inFlight()).toEqual([note]); // read as it is
    await later.record(leaseRecord('other'));
    expect(later.inFlight()).toEqual([]);
    await later.close();
  });
});
