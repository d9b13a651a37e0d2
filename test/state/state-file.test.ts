import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatState, readState, writeState, type StateFile } from '../../src/state/index.js';
import { expectDsipformError, leaseRecord, tempDir } from './helpers.js';

const twoLeases: StateFile = {
  format_version: 1,
  leases: { zeta: leaseRecord('zeta'), alpha: leaseRecord('alpha', { source: 'cli' }) },
};

describe('readState and writeState', () => {
  it('round-trips a state', async () => {
    const file = join(await tempDir(), 'state.json');
    await writeState(file, twoLeases);
    expect(await readState(file)).toEqual(twoLeases);
  });

  it('writes pretty JSON with sorted keys and a trailing newline', async () => {
    const file = join(await tempDir(), 'state.json');
    await writeState(file, twoLeases);
    const text = await readFile(file, 'utf8');
    expect(text).toBe(formatState(twoLeases));
    expect(text.endsWith('}\n')).toBe(true);
    expect(text.indexOf('"alpha"')).toBeLessThan(text.indexOf('"zeta"'));
    expect(text.indexOf('"domain"')).toBeLessThan(text.indexOf('"username"'));
    expect(text.startsWith('{\n  "format_version": 1,\n  "leases": {\n    "alpha": {\n      "domain"')).toBe(true);
  });

  it('reads a missing file as an empty state', async () => {
    const file = join(await tempDir(), 'nowhere', 'state.json');
    expect(await readState(file)).toEqual({ format_version: 1, leases: {} });
  });

  it('creates a missing directory and leaves no temporary file behind', async () => {
    const dir = join(await tempDir(), 'a', '.dsipform');
    await writeState(join(dir, 'state.json'), twoLeases);
    expect(await readdir(dir)).toEqual(['state.json']);
  });
});

const good = leaseRecord('phone');
const corrupt: Array<[what: string, text: string, problem: string]> = [
  ['empty file', '', 'not valid JSON (it ends too early)'],
  ['truncated JSON', '{"format_version": 1, "leases": {', 'not valid JSON (at line 1, column 34)'],
  ['a syntax error', '{\n  "format_version": 1,\n  "leases": {,}\n}', 'not valid JSON (at line 3, column 14)'],
  ['an array', '[]', 'the top level is not a JSON object'],
  ['a newer format', '{"format_version": 2, "leases": {}}', '"format_version" is 2, but this dsipform reads only 1'],
  ['no format', '{"leases": {}}', '"format_version" is missing'],
  ['leases not an object', '{"format_version": 1, "leases": []}', '"leases" is not an object'],
  ['an unknown top-level field', '{"format_version": 1, "leases": {}, "x": 1}', 'unknown top-level field "x"'],
  ['a record that is not an object', '{"format_version": 1, "leases": {"a": 7}}', 'leases["a"] is not an object'],
  ['a record without a password', JSON.stringify({ format_version: 1, leases: { phone: { ...good, password: undefined } } }), 'leases["phone"] has no "password"'],
  ['a string lease id', JSON.stringify({ format_version: 1, leases: { phone: { ...good, lease_id: '7' } } }), 'leases["phone"].lease_id is not a whole number'],
  ['a bad time', JSON.stringify({ format_version: 1, leases: { phone: { ...good, expires_at: 'soon' } } }), 'leases["phone"].expires_at is not an ISO 8601 time'],
  ['a bad source', JSON.stringify({ format_version: 1, leases: { phone: { ...good, source: 'x' } } }), 'leases["phone"].source is not "files" or "cli"'],
  ['an unknown record field', JSON.stringify({ format_version: 1, leases: { phone: { ...good, pasword: 'x' } } }), 'leases["phone"] has an unknown field "pasword"'],
  ['a name unlike its key', JSON.stringify({ format_version: 1, leases: { other: good } }), 'leases["other"].name is not "other"'],
];

describe('readState refuses a corrupt state', () => {
  it.each(corrupt)('%s', async (_what, text, problem) => {
    const file = join(await tempDir(), 'state.json');
    await writeFile(file, text);
    const err = await expectDsipformError(() => readState(file), 'STATE_CORRUPT');
    expect(err.message).toContain(`the state file ${file} is corrupt`);
    expect(err.message).toContain(problem);
    expect(err.hint).toContain('restore');
    expect(err.hint).toContain('forget leases');
    // The file is left for the user to repair, not reset.
    expect(await readFile(file, 'utf8')).toBe(text);
  });

  it('never quotes the file in its message, which may hold passwords', async () => {
    const file = join(await tempDir(), 'state.json');
    await writeFile(file, '{"format_version": 1, "leases": {"a": {"password": "hunter2" oops}}}');
    const err = await expectDsipformError(() => readState(file), 'STATE_CORRUPT');
    expect(`${err.message} ${err.hint} ${String(err.cause)}`).not.toContain('hunter2');
  });

  it('reports a state path it cannot read as STATE_UNREADABLE', async () => {
    // Root reads any file, so a directory in the way stands in for EACCES.
    const file = join(await tempDir(), 'state.json');
    await mkdir(file);
    const err = await expectDsipformError(() => readState(file), 'STATE_UNREADABLE');
    expect(err.message).toContain(`cannot read the state file ${file}`);
    expect(err.hint).toContain('restore');
  });
});

describe('state permissions', () => {
  it.each([['000', 0], ['022', 0o022], ['277', 0o277]])('writes the file 0600 in a new directory 0700 under umask %s', async (_label, mask) => {
    const dir = join(await tempDir(), 'new', '.dsipform');
    const file = join(dir, 'state.json');
    const before = process.umask(mask);
    try {
      await writeState(file, twoLeases);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect((await stat(dir)).mode & 0o777).toBe(0o700);
      expect((await stat(join(dir, '..'))).mode & 0o777).toBe(0o700);
      await writeState(file, { format_version: 1, leases: {} });
      expect((await stat(file)).mode & 0o777).toBe(0o600);
    } finally {
      process.umask(before);
    }
  });

  it('replaces a world-readable state file with a 0600 one', async () => {
    const file = join(await tempDir(), 'state.json');
    await writeFile(file, formatState(twoLeases), { mode: 0o644 });
    await writeState(file, twoLeases);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('leaves an existing directory as it is (it may be the user\'s own)', async () => {
    const dir = await tempDir();
    const before = (await stat(dir)).mode & 0o777;
    await writeState(join(dir, 'state.json'), twoLeases);
    expect((await stat(dir)).mode & 0o777).toBe(before);
  });
});
