import { PassThrough } from 'node:stream';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/main.js';
import type { CliIo } from '../../src/cli/io.js';
import { runMain } from '../helpers/in-process.js';

const io: CliIo = {
  stdin: new PassThrough(),
  stdinIsTTY: false,
  stdout: new PassThrough(),
  stderr: new PassThrough(),
  env: {},
  isTTY: false,
  secrets: new Set(),
  now: Date.now,
};

const program = (...args: string[]): Command => buildProgram(io, () => undefined, ['node', 'dsipform', ...args]);

/** Every command under `cmd` (itself included) with its help text, by its full name. */
function helpTexts(cmd: Command, prefix = ''): Map<string, string> {
  const name = `${prefix}${cmd.name()}`;
  const texts = new Map([[name, cmd.helpInformation()]]);
  for (const sub of cmd.commands) for (const [k, v] of helpTexts(sub, `${name} `)) texts.set(k, v);
  return texts;
}

const ALL = program();
const VERB_NAMES = ALL.commands.map((c) => c.name());

describe('the verbs a run builds', () => {
  it('builds every verb when none is named, for help, a misspelt verb, or --version', () => {
    expect(VERB_NAMES).toEqual(expect.arrayContaining(['validate', 'plan', 'apply', 'destroy', 'export', 'lease', 'output', 'emulator']));
    for (const args of [['help'], ['valdate'], ['--version'], ['-h'], []])
      expect(program(...args).commands.map((c) => c.name())).toEqual(VERB_NAMES);
  });

  it.each(VERB_NAMES)('builds only %s when the command line names it, with the same options and help', (verb) => {
    const only = program(verb, '--some-flag');
    expect(only.commands.map((c) => c.name())).toEqual([verb]);
    const full = helpTexts(ALL.commands.find((c) => c.name() === verb)!);
    expect(helpTexts(only.commands[0]!)).toEqual(full);
  });

  it('still suggests the verb meant, and lists every verb in help', async () => {
    const misspelt = await runMain(['valdate', 'x.yaml']);
    expect(misspelt.code).toBe(1);
    expect(misspelt.stderr).toMatch(/Did you mean validate\?/);
    const help = await runMain(['help']);
    for (const verb of VERB_NAMES) expect(help.stdout).toContain(`  ${verb}`);
  });
});
