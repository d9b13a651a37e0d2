import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EmulatorStore } from '../../src/emulator/index.js';
import { emulatorFixture } from '../helpers/emulator.js';
import { runMain } from '../helpers/in-process.js';
import { load } from './helpers.js';

/*
 * A saved plan, an emulator data file or a lease state file kept in the configuration directory is
 * one of dsipform's own files: it is skipped with one note, not read as configuration (which gave a
 * screen of "unknown key" errors).
 */

let dir: string;
/** Refers to a gateway and a carrier group of the emulator's fresh install, so a plan goes through. */
const CONFIG = [
  'version: 1',
  'inbound_mappings:',
  '  - {did: "15551230001", servers: ["23"]}',
  '  - {did: "", servers: ["#1"]}',
  'outbound_routes:',
  '  - {name: US, prefix: "1", gwgroupid: "1"}',
  '  - {name: Everything else, prefix: "", gwgroupid: "2"}',
  '',
].join('\n');

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dsipform-own-files-'));
  await writeFile(join(dir, 'config.yaml'), CONFIG);
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("dsipform's own files in a configuration directory", () => {
  it('a saved plan beside the files is skipped with a note, by validate and by plan', async () => {
    const { emu } = await emulatorFixture();
    const env = { DSIP_TOKEN: emu.token };
    const saved = await runMain(['plan', dir, '--url', emu.url, '--out', join(dir, 'plan.json')], { env });
    expect(saved.code).toBe(0);
    const note = `note: ${join(dir, 'plan.json')} is a saved dsipform plan, not configuration; skipped\n`;

    const validate = await runMain(['validate', dir], { env });
    expect(validate.stderr).toBe(note);
    expect(validate.code).toBe(0);

    const plan = await runMain(['plan', dir, '--url', emu.url], { env });
    expect(plan.stderr.startsWith(note)).toBe(true);
    expect(plan.stderr.split(note).length).toBe(2);
    expect(`${plan.stdout}${plan.stderr}`).not.toMatch(/unknown key/);
    expect(plan.code).toBe(0);
  });

  it.each([
    ['an emulator data file', 'emulator.json', () => JSON.stringify(new EmulatorStore().snapshot()), "a dsipform emulator's data file"],
    ['a lease state file', 'state.json', () => JSON.stringify({ format_version: 2, leases: [] }), "dsipform's lease state file"],
  ])('%s is skipped with a note', async (_name, file, text, what) => {
    await writeFile(join(dir, file), text());
    const result = await load([dir]);
    expect(result.ok).toBe(true);
    expect(result.notes).toEqual([`${join(dir, file)} is ${what}, not configuration; skipped`]);
  });

  it('a JSON file with "version" is configuration: its unknown keys are still reported', async () => {
    await writeFile(join(dir, 'extra.json'), JSON.stringify({ version: 1, format_version: 1, checksum: 'x', changes: [] }));
    const result = await load([dir]);
    expect(result.ok).toBe(false);
    expect(result.notes).toBeUndefined();
    if (!result.ok) expect(result.issues.map((i) => i.message)).toContain('the file has an unknown key "format_version"');
  });

  it('only own files given: an issue says no configuration is left', async () => {
    const only = join(dir, 'only');
    await mkdir(only);
    await writeFile(join(only, 'emulator.json'), JSON.stringify(new EmulatorStore().snapshot()));
    const result = await load([only]);
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.issues.map((i) => i.message)).toEqual(["no desired-state file left to read: each file given is one of dsipform's own"]);
  });
});
