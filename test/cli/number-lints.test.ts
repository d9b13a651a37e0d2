// The number lints (issue 35 §5) through the CLI: `validate` from the files alone, each warning at
// the FILE:LINE:COL of the declared number or mapping, `--strict` failing on them and
// `policy.accept` acknowledging them; `plan` against the `current` emulator over loopback, with the
// platform's own numbers (read though the files declare none).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { emulatorFixture } from '../helpers/emulator.js';

const FILES = `version: 1
inbound_mappings:
  - did: "15551230001"
    servers: ["#2"]
  - did: "+15551230002"
    servers: ["#2"]
numbers:
  - did: "15551230001"
    status: available
  - did: "+15551230002"
    status: available
  - did: "15557770009"
    status: assigned
`;

function write(text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'dsipform-number-lints-')), 'platform.yaml');
  writeFileSync(file, text);
  return file;
}

describe('the number lints', () => {
  it('validate warns at each declared number and mapping; --strict fails on them; policy.accept acknowledges one', async () => {
    const file = write(FILES);
    const r = await runCli(['validate', file]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(
      `warning: ${file}:12:5: number "15557770009" (assigned) is in the inventory, but no inbound mapping routes calls to it`,
    );
    expect(r.stderr).toContain(
      `warning: ${file}:3:5: mapping "15551230001" routes calls, but its number "15551230001" (${file}:8:5) is available: the platform empties the mapping of a number written while available`,
    );
    expect(r.stderr).toContain(
      `warning: ${file}:10:5: number "+15551230002" is available: the platform writes its inbound mapping without the "+", as "15551230002", and renames mapping "+15551230002" (${file}:5:5) to it`,
    );
    // One order for the rules' lints and the numbers': by line (the default-mapping warning at 3:5 comes first, the unrouted number at 12:5 last).
    const places = [...r.stderr.matchAll(/^warning: [^\n]*?:(\d+):(\d+): /gm)].map((m) => Number(m[1]));
    expect(places.length).toBeGreaterThanOrEqual(4);
    expect(places).toEqual([...places].sort((a, b) => a - b));
    const strict = await runCli(['validate', file, '--strict']);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain('error (ROUTING_LINT_FAILED)');
    const accepted = write(`${FILES}policy:\n  accept:\n    - {lint: number_unrouted, did: "1555777*"}\n`);
    const a = await runCli(['validate', accepted]);
    expect(a.stderr).toContain(`acknowledged (policy.accept): ${accepted}:12:5: number "15557770009"`);
  });

  it("plan reads the platform's numbers when the files declare none, and warns of one no mapping routes", async () => {
    const fx = await emulatorFixture({ profile: 'current' });
    await fx.client.createNumber({ did: '15559990001', status: 'reserved' });
    const file = write(
      'version: 1\ninbound_mappings:\n  - did: "15551230001"\n    servers: ["#2"]\npolicy:\n  ignore:\n    inbound_mappings: ["*"]\n',
    );
    const env = { DSIP_TOKEN: fx.emu.token, DSIP_API_PROFILE: 'current' };
    const r = await runCli(['plan', file, '--url', fx.emu.url], env);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(
      'warning: number "15559990001" (reserved) is in the inventory, but no inbound mapping routes calls to it: the proxy finds no rule for 15559990001',
    );
    // The inventory is left alone: no number change is planned.
    expect(r.stdout).not.toContain('did_number');
  });
});
