import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runProcess } from '../helpers/process.js';

const CLI = fileURLToPath(new URL('../../bin/dsipform.js', import.meta.url));

/** Runs the launcher with a preload that records the V8 flags set through node:v8, in order. */
async function flagsOf(args: string[]): Promise<{ flags: string[]; stdout: string; code: number | null }> {
  const dir = mkdtempSync(join(tmpdir(), 'dsipform-launcher-'));
  const record = join(dir, 'record.cjs');
  const out = join(dir, 'flags.json');
  writeFileSync(
    record,
    `const v8 = require('node:v8');
const seen = [];
const real = v8.setFlagsFromString;
v8.setFlagsFromString = (flags) => { seen.push(flags); return real(flags); };
process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(out)}, JSON.stringify(seen)));`,
  );
  const r = await runProcess(process.execPath, ['-r', record, CLI, ...args], { env: { PATH: process.env.PATH } });
  return { flags: JSON.parse(readFileSync(out, 'utf8')) as string[], stdout: r.stdout, code: r.code };
}

describe('the launcher (bin/dsipform.js)', () => {
  it('turns off TurboFan inlining before the CLI runs: a run compiles less than it would save (docs/performance.md)', async () => {
    const r = await flagsOf(['--version']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^\d+\.\d+\.\d+/);
    expect(r.flags[0]).toBe('--no-turbo-inlining');
  });
});
