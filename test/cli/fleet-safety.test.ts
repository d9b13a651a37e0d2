import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startEmulatorProcess, type EmulatorProcess } from '../helpers/cli.js';

// One emulator process stands for one platform; the CLI runs as a process against it, as in CI.
const TOKEN = 'fleet-token-7c2e9a41d0b3';
let dir: string;
let emu: EmulatorProcess;

function write(path: string, text: string): string {
  const file = join(dir, path);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, text);
  return file;
}

/** The outbound routes live on the emulator, by name. */
async function liveRouteNames(): Promise<string[]> {
  const answer = await fetch(`${emu.url}/api/v1/outboundroutes`, { headers: { authorization: `Bearer ${TOKEN}` } });
  const body = (await answer.json()) as { data: { name: string }[] };
  return body.data.map((r) => r.name).sort();
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dsipform-fleet-'));
  emu = await startEmulatorProcess([], { DSIP_TOKEN: TOKEN });
  const ignoreDefault = 'policy:\n  ignore:\n    outbound_routes: ["Default Outbound Route"]\n';
  write('uk/routes.yaml', `version: 1\noutbound_routes:\n  - name: UK\n    prefix: "44"\n    gwgroupid: "3"\n${ignoreDefault}`);
  write('none/routes.yaml', `version: 1\noutbound_routes: []\n${ignoreDefault}`);
}, 30_000);

afterAll(async () => {
  await emu?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('a fleet never names one platform twice', () => {
  it('apply --target all of two targets on one platform (127.0.0.1 and localhost/) is refused before anything is sent', async () => {
    const port = new URL(emu.url).port;
    const file = write(
      'twice.targets.yaml',
      [
        'targets:',
        '  uk:',
        `    url: http://127.0.0.1:${port}`,
        '    token: { env: DSIP_TOKEN }',
        '    paths: [uk/]',
        '  none:',
        `    url: http://LOCALHOST:${port}/`,
        '    token: { env: DSIP_TOKEN }',
        '    paths: [none/]',
        '',
      ].join('\n'),
    );
    const r = await runCli(['apply', '--targets', file, '--target', 'all', '--auto-approve'], { DSIP_TOKEN: TOKEN });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `${file}:7:10: target "none" url: http://LOCALHOST:${port}/ is the platform of target "uk" (http://127.0.0.1:${port})`,
    );
    expect(r.stderr).toContain('error (TARGETS_INVALID)');
    // Neither target ran: the UK route one of them creates and the other deletes was never made.
    expect(await liveRouteNames()).toEqual(['Default Outbound Route']);
  });
});

describe('a password in a URL is refused, and never printed', () => {
  const PASSWORD = 'hunter2-Pa55word';
  const withPassword = (): string => emu.url.replace('//', `//admin:${PASSWORD}@`);

  it('plan --url, apply DSIP_URL, watch --url: refused before any request, no plan saved, nothing served', async () => {
    const out = join(dir, 'credentials-plan.json');
    const runs = await Promise.all([
      runCli(['plan', join(dir, 'uk'), '--url', withPassword(), '--out', out], { DSIP_TOKEN: TOKEN }),
      runCli(['apply', join(dir, 'uk'), '--auto-approve'], { DSIP_TOKEN: TOKEN, DSIP_URL: withPassword() }),
      runCli(['watch', join(dir, 'uk'), '--url', withPassword(), '--once', '--listen', '127.0.0.1:0'], { DSIP_TOKEN: TOKEN }),
    ]);
    for (const r of runs) {
      expect(r.code, r.stdout + r.stderr).toBe(1);
      expect(r.stderr).toMatch(/error \(CONFIG_URL_CREDENTIALS\): (--url|DSIP_URL): the URL http:\/\/\*\*\*@127\.0\.0\.1:\d+\/ carries/);
      expect(r.stdout + r.stderr).not.toContain(PASSWORD);
      expect(r.stdout).not.toContain('listening on');
    }
    expect(existsSync(out)).toBe(false);
    expect(await liveRouteNames()).toEqual(['Default Outbound Route']);
  });

  it('watch --webhook with user:password@ is refused at start, showing neither', async () => {
    const hook = `http://bot:${PASSWORD}@127.0.0.1:9/hook/T0K3N`;
    const r = await runCli(['watch', join(dir, 'uk'), '--url', emu.url, '--once', '--listen', 'none', '--webhook', hook], {
      DSIP_TOKEN: TOKEN,
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error (CONFIG_URL_CREDENTIALS): --webhook: the URL carries a user name or password');
    expect(r.stdout + r.stderr).not.toContain(PASSWORD);
    expect(r.stdout + r.stderr).not.toContain('T0K3N');
  });
});
