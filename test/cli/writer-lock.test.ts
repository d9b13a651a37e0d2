import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, runCli, startEmulatorProcess, type EmulatorProcess } from '../helpers/cli.js';
import { startProcess } from '../helpers/process.js';

// Files without leases, so there is no lease state: the lock every writer holds is all that keeps
// two writers of one checkout from both creating what is missing. Real processes, one emulator.
const TOKEN = 'writer-lock-token-3b8d1f6e';
const ROUTES = 100;
let dir: string;
let files: string;
let emu: EmulatorProcess;

/** The names of the live outbound routes (the emulator answers slowly: --latency). */
async function liveRoutes(): Promise<string[]> {
  const answer = await fetch(`${emu.url}/api/v1/outboundroutes`, { headers: { authorization: `Bearer ${TOKEN}` } });
  return ((await answer.json()) as { data: { name: string }[] }).data.map((r) => r.name);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dsipform-writer-lock-'));
  files = join(dir, 'config');
  mkdirSync(files);
  const routes = Array.from(
    { length: ROUTES },
    (_, i) => `  - name: R${i + 1}\n    prefix: "9${String(i + 1).padStart(3, '0')}"\n    gwgroupid: "3"\n`,
  );
  writeFileSync(
    join(files, 'routes.yaml'),
    `version: 1\noutbound_routes:\n${routes.join('')}policy:\n  ignore:\n    outbound_routes: ["Default Outbound Route"]\n`,
  );
  // Every answer takes about 15 ms, so one change at a time makes the first apply last seconds.
  emu = await startEmulatorProcess(['--latency', '15'], { DSIP_TOKEN: TOKEN });
}, 30_000);

afterAll(async () => {
  await emu?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('every writer holds the lock of its state, leases or not', () => {
  it('while watch --apply applies, a second watch --apply fails STATE_LOCKED and an apply waits, then finds nothing to do', async () => {
    const env = { PATH: process.env.PATH, NO_COLOR: '1', DSIP_TOKEN: TOKEN };
    const watchArgs = ['watch', files, '--url', emu.url, '--apply', '--once', '--listen', 'none', '--parallelism', '1'];
    const first = startProcess(process.execPath, [CLI, ...watchArgs], { env });
    // Wait until the first reconciler is part way through its changes.
    for (let seen = 0; seen < 5; seen = (await liveRoutes()).length - 1) {
      if (first.child.exitCode !== null) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(first.child.exitCode, first.output.stderr).toBeNull();
    const [second, apply] = await Promise.all([
      runCli([...watchArgs, '--lock-timeout', '0'], { DSIP_TOKEN: TOKEN }),
      runCli(['apply', files, '--url', emu.url, '--auto-approve', '--lock-timeout', '60'], { DSIP_TOKEN: TOKEN }),
    ]);
    expect(await first.closed, first.output.stderr).toBe(0);
    expect(first.output.stderr).toContain(`${ROUTES} changes of drift, ${ROUTES} applied`);
    // The second reconciler did not wait (--lock-timeout 0): its run failed, naming the first.
    expect(second.code, second.stderr).toBe(1);
    expect(second.stderr).toMatch(
      new RegExp(`error \\(STATE_LOCKED\\): the state \\S+ is locked by pid ${first.child.pid} on \\S+ \\(dsipform watch\\)`),
    );
    // The apply waited for the lock, then planned afresh: nothing left to do.
    expect(apply.code, apply.stderr).toBe(0);
    expect(apply.stdout).toContain('No changes.');
    const live = await liveRoutes();
    expect(live).toHaveLength(ROUTES + 1);
    expect(new Set(live).size).toBe(ROUTES + 1);
    // The lock lived in .dsipform/ beside the files, and went with its last holder.
    expect(existsSync(join(files, '.dsipform', 'state.json.lock'))).toBe(false);
    // A writer alone leaves no trace: the directory its lock needed goes at release.
    rmSync(join(files, '.dsipform'), { recursive: true, force: true });
    const alone = await runCli(['apply', files, '--url', emu.url, '--auto-approve'], { DSIP_TOKEN: TOKEN });
    expect(alone.code, alone.stderr).toBe(0);
    expect(existsSync(join(files, '.dsipform'))).toBe(false);
  }, 60_000);
});
