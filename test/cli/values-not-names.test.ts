import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

// A token pasted where a variable's name (or a token file's path) belongs is refused or reported
// at its place, and never printed: not once, where it used to be echoed four times.
const TOKEN = 'dsip_live_4f8a9c2e71b3d5f6a8c9e0b1';
let dir: string;

function write(name: string, text: string): string {
  const file = join(dir, name);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, text);
  return file;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dsipform-values-not-names-'));
  write('config/routes.yaml', 'version: 1\noutbound_routes: []\n');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a value given where a name was expected is never echoed', () => {
  it('${TOKEN} in a desired-state file: CONFIG_INVALID at FILE:LINE:COL, the token not shown', async () => {
    const file = write('pasted/routes.yaml', `version: 1\noutbound_routes:\n  - name: X\n    prefix: "1"\n    gwgroupid: "\${${TOKEN}}"\n`);
    const r = await runCli(['validate', file]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${file}:5:16: outbound_routes[0].gwgroupid uses \${…} with a name that looks like a value`);
    expect(r.stderr).toContain('error (CONFIG_INVALID)');
    expect(r.stdout + r.stderr).not.toContain(TOKEN);
  });

  it("a targets file's token.env holding the token: TARGETS_INVALID at its place, for every target run, the token not shown", async () => {
    const targets = write(
      'pasted.targets.yaml',
      `targets:\n  one:\n    url: http://127.0.0.1:9\n    token: { env: ${TOKEN} }\n    paths: [config/]\n`,
    );
    const r = await runCli(['plan', '--targets', targets, '--target', 'all']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${targets}:4:19: target "one" token.env: looks like a value`);
    expect(r.stderr).toContain('error (TARGETS_INVALID)');
    expect(r.stdout + r.stderr).not.toContain(TOKEN);
  });

  it('--token-file given the token itself: CONFIG_FILE_UNREADABLE saying so, the token not shown', async () => {
    const r = await runCli(['plan', join(dir, 'config'), '--url', 'http://127.0.0.1:9', '--token-file', TOKEN], {});
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error (CONFIG_FILE_UNREADABLE): cannot read the token file (its path looks like a value');
    expect(r.stdout + r.stderr).not.toContain(TOKEN);
  });
});
