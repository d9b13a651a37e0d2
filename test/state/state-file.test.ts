import { chmod, mkdir, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatState, readState, writeState } from '../../src/state/state-file.js';
import type { StateFile } from '../../src/state/state-shape.js';
import { expectDsipformError, leaseRecord, tempDir } from './helpers.js';

const twoLeases: StateFile = {
  format_version: 2,
  leases: [leaseRecord('alpha', { source: 'cli' }), leaseRecord('zeta')],
};

describe('readState and writeState', () => {
  it('round-trips a state', async () => {
    const file = join(await tempDir(), 'state.json');
    await writeState(file, twoLeases);
    expect(await readState(file)).toEqual(twoLeases);
  });

  it('round-trips the digests of the carrier passwords sent, in (target, group) order', async () => {
    const file = join(await tempDir(), 'state.json');
    const digest = 'scrypt:16384:8:1:c2FsdA:aGFzaA';
    const records = [
      { target: 'b', gwgroupid: 3, digest },
      { target: 'a', gwgroupid: 9, digest },
      { target: 'a', gwgroupid: 2, digest },
    ];
    await writeState(file, { ...twoLeases, carrier_passwords: records });
    const read = await readState(file);
    expect(read.carrier_passwords?.map((r) => `${r.target} ${r.gwgroupid}`)).toEqual(['a 2', 'a 9', 'b 3']);
  });

  it('writes pretty JSON with sorted keys and a trailing newline', async () => {
    const file = join(await tempDir(), 'state.json');
    await writeState(file, twoLeases);
    const text = await readFile(file, 'utf8');
    expect(text).toBe(formatState(twoLeases));
    expect(text.endsWith('}\n')).toBe(true);
    expect(text.indexOf('"alpha"')).toBeLessThan(text.indexOf('"zeta"'));
    expect(text.indexOf('"domain"')).toBeLessThan(text.indexOf('"username"'));
    expect(text.startsWith('{\n  "format_version": 2,\n  "leases": [\n    {\n      "domain"')).toBe(true);
  });

  it('reads a missing file as an empty state', async () => {
    const file = join(await tempDir(), 'nowhere', 'state.json');
    expect(await readState(file)).toEqual({ format_version: 2, leases: [] });
  });

  it('creates a missing directory and leaves no temporary file behind', async () => {
    const dir = join(await tempDir(), 'a', '.dsipform');
    await writeState(join(dir, 'state.json'), twoLeases);
    expect(await readdir(dir)).toEqual(['state.json']);
  });
});

const { target: _target, ...v1Good } = leaseRecord('phone');
const good = leaseRecord('phone');
const v1 = (leases: unknown): string => JSON.stringify({ format_version: 1, leases });
const v2 = (leases: unknown, extra = {}): string => JSON.stringify({ format_version: 2, leases, ...extra });
const sent = { target: 'https://dsip.example.com', gwgroupid: 7, digest: 'scrypt:16384:8:1:c2FsdA:aGFzaA' };
const corrupt: Array<[what: string, text: string, problem: string]> = [
  ['empty file', '', 'not valid JSON (it ends too early)'],
  ['truncated JSON', '{"format_version": 2, "leases": {', 'not valid JSON (at line 1, column 34)'],
  ['a syntax error', '{\n  "format_version": 2,\n  "leases": {,}\n}', 'not valid JSON (at line 3, column 14)'],
  ['an array', '[]', 'the top level is not a JSON object'],
  ['a newer format', '{"format_version": 3, "leases": []}', '"format_version" is 3, but this dsipform reads only 1 and 2'],
  ['no format', '{"leases": []}', '"format_version" is missing'],
  ['leases not an array', '{"format_version": 2, "leases": {}}', '"leases" is not an array'],
  ['an unknown top-level field', '{"format_version": 2, "leases": [], "x": 1}', 'unknown top-level field "x"'],
  ['a record that is not an object', v2([7]), 'leases[0] is not an object'],
  ['a record without a password', v2([{ ...good, password: undefined }]), 'leases[0] has no "password"'],
  ['a record without a target', v2([v1Good]), 'leases[0] has no "target"'],
  ['an empty target', v2([{ ...good, target: '' }]), 'leases[0].target is not a non-empty string or null'],
  ['a string lease id', v2([{ ...good, lease_id: '7' }]), 'leases[0].lease_id is not a whole number'],
  ['a bad time', v2([{ ...good, expires_at: 'soon' }]), 'leases[0].expires_at is not an ISO 8601 time'],
  ['a bad source', v2([{ ...good, source: 'x' }]), 'leases[0].source is not "files" or "cli"'],
  ['an unknown record field', v2([{ ...good, pasword: 'x' }]), 'leases[0] has an unknown field "pasword"'],
  ['one name twice for one target', v2([good, { ...good, lease_id: 9 }]), 'leases[1] is a second lease named "phone" for the same target'],
  ['a malformed in-flight note', v2([], { obtaining: [{ id: 'x' }] }), 'obtaining[0] has no "target"'],
  ['carrier passwords not an array', v2([], { carrier_passwords: {} }), '"carrier_passwords" is not an array'],
  [
    'a password record with the password',
    v2([], { carrier_passwords: [{ ...sent, digest: 'hunter2' }] }),
    'carrier_passwords[0].digest is not an scrypt digest',
  ],
  [
    'a password record of group 0',
    v2([], { carrier_passwords: [{ ...sent, gwgroupid: 0 }] }),
    'carrier_passwords[0].gwgroupid is not a whole number above 0',
  ],
  [
    'a password record field unknown',
    v2([], { carrier_passwords: [{ ...sent, password: 'x' }] }),
    'carrier_passwords[0] has an unknown field "password"',
  ],
  [
    'one group recorded twice',
    v2([], { carrier_passwords: [sent, sent] }),
    'carrier_passwords[1] is a second record of carrier group 7 for the same target',
  ],
  ['format 1: leases not an object', '{"format_version": 1, "leases": []}', '"leases" is not an object'],
  ['format 1: a record without a password', v1({ phone: { ...v1Good, password: undefined } }), 'leases["phone"] has no "password"'],
  ['format 1: a name unlike its key', v1({ other: v1Good }), 'leases["other"].name is not "other"'],
  ['format 1: a target (format 2 only)', v1({ phone: good }), 'leases["phone"] has an unknown field "target"'],
  [
    'a duplicate top-level key',
    '{"format_version": 2, "leases": [], "leases": []}',
    'the key "leases" appears twice in one object (at line 1, column 37)',
  ],
  [
    'a duplicate key appended (format 1)',
    `${v1({ phone: v1Good }).slice(0, -1)},\n"leases": {}}`,
    'the key "leases" appears twice in one object (at line 2, column 1)',
  ],
  ['a duplicate key deep inside', v2([good]).replace('"ttl":900', '"ttl":900,"ttl":901'), 'the key "ttl" appears twice'],
  ['a duplicate key spelt with an escape', '{"format_version": 2, "leases": [], "le\\u0061ses": []}', 'the key "leases" appears twice'],
];

describe('readState refuses a corrupt state', () => {
  it.each(corrupt)('%s', async (_what, text, problem) => {
    const file = join(await tempDir(), 'state.json');
    await writeFile(file, text, { mode: 0o600 });
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
    await writeFile(file, '{"format_version": 1, "leases": {"a": {"password": "hunter2" oops}}}', { mode: 0o600 });
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
  it.each([
    ['000', 0],
    ['022', 0o022],
    ['277', 0o277],
  ])('writes the file 0600 in a new directory 0700 under umask %s', async (_label, mask) => {
    const dir = join(await tempDir(), 'new', '.dsipform');
    const file = join(dir, 'state.json');
    const before = process.umask(mask);
    try {
      await writeState(file, twoLeases);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect((await stat(dir)).mode & 0o777).toBe(0o700);
      expect((await stat(join(dir, '..'))).mode & 0o777).toBe(0o700);
      await writeState(file, { format_version: 2, leases: [] });
      expect((await stat(file)).mode & 0o777).toBe(0o600);
    } finally {
      process.umask(before);
    }
  });

  it.each([0o644, 0o640, 0o604, 0o660, 0o620])('refuses a state file of mode %o, with the chmod that fixes it', async (mode) => {
    const file = join(await tempDir(), 'state.json');
    await writeFile(file, formatState(twoLeases));
    await chmod(file, mode);
    const err = await expectDsipformError(() => readState(file), 'STATE_PERMISSIONS');
    expect(err.message).toBe(`the state file ${file} is open to other users (mode 0${mode.toString(8)}), but it holds lease passwords`);
    expect(err.hint).toContain(`chmod 600 ${file}`);
    await chmod(file, 0o600);
    expect(await readState(file)).toEqual(twoLeases);
  });

  it("leaves an existing directory as it is (it may be the user's own)", async () => {
    const dir = await tempDir();
    const before = (await stat(dir)).mode & 0o777;
    await writeState(join(dir, 'state.json'), twoLeases);
    expect((await stat(dir)).mode & 0o777).toBe(before);
  });
});

describe('symbolic links', () => {
  it('refuses a state file that is a symbolic link, naming the real file for --state', async () => {
    const dir = await tempDir();
    const real = join(dir, 'real.json');
    await writeFile(real, formatState(twoLeases), { mode: 0o600 });
    const link = join(dir, 'state.json');
    await symlink(real, link);
    const err = await expectDsipformError(() => readState(link), 'STATE_SYMLINK');
    expect(err.message).toBe(`the state file ${link} is a symbolic link to ${real}; dsipform does not follow links to its state`);
    expect(err.hint).toBe(`point --state at the real file: --state ${real}`);
  });

  it('refuses a state directory that is a symbolic link, even before the file exists', async () => {
    const dir = await tempDir();
    await mkdir(join(dir, 'real'));
    await symlink(join(dir, 'real'), join(dir, '.dsipform'));
    const file = join(dir, '.dsipform', 'state.json');
    const err = await expectDsipformError(() => readState(file), 'STATE_SYMLINK');
    expect(err.message).toContain(`the state directory ${join(dir, '.dsipform')} is a symbolic link to ${join(dir, 'real')}`);
    expect(err.hint).toBe(`point --state at the real file: --state ${join(dir, 'real', 'state.json')}`);
  });
});

describe('a format-1 state file (before leases had targets)', () => {
  it('is read with every lease of an unknown target, and written back as format 2', async () => {
    const file = join(await tempDir(), 'state.json');
    await writeFile(file, v1({ phone: v1Good }), { mode: 0o600 });
    const state = await readState(file);
    expect(state).toEqual({ format_version: 2, leases: [{ ...v1Good, target: null }] });
    await writeState(file, state);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ format_version: 2, leases: [{ name: 'phone', target: null }] });
  });
});
