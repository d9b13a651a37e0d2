// The CLI's default state file (issue 33 §1): a CLI convention, decided in cli/ from the arguments
// before any file is read (a program names its own state file). Real files under a mkdtemp folder.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultStatePath, statePath } from '../../src/cli/lease-state.js';
import { tempDir } from '../state/helpers.js';

describe('the default state path', () => {
  it('is .dsipform/state.json beside a file, inside a directory, and beside a missing path', async () => {
    const dir = await tempDir();
    await mkdir(join(dir, 'conf'));
    await writeFile(join(dir, 'conf', 'dids.yaml'), '');
    expect(defaultStatePath(join(dir, 'conf', 'dids.yaml'))).toBe(join(dir, 'conf', '.dsipform', 'state.json'));
    expect(defaultStatePath(join(dir, 'conf'))).toBe(join(dir, 'conf', '.dsipform', 'state.json'));
    expect(defaultStatePath(join(dir, 'missing.yaml'))).toBe(join(dir, '.dsipform', 'state.json'));
    expect(defaultStatePath('dids.yaml')).toBe(join('.dsipform', 'state.json'));
  });

  it('a run takes --state, else the first path, else (a stack) the current directory', async () => {
    const dir = await tempDir();
    const flags = { lockTimeout: '30' };
    expect(statePath({ ...flags, state: join(dir, 's.json') }, [join(dir, 'a.yaml')])).toBe(join(dir, 's.json'));
    expect(statePath(flags, [join(dir, 'a.yaml')])).toBe(join(dir, '.dsipform', 'state.json'));
    expect(statePath({ ...flags, cdktf: join(dir, 'stack') }, [])).toBe(join(process.cwd(), '.dsipform', 'state.json'));
  });
});
