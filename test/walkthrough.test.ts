// README's "Taking an existing platform under management", run as written: every fenced block of the
// section in order, against the built-in emulator started as a real process. A `yaml` block whose
// first line names a file (`# dsip/routing-tests.yaml`) is written there; every `sh` block runs in
// `sh -e` with `npx dsipform` running the built CLI (bin/dsipform.js: run `npm run build` first). The
// block that starts the emulator is the one not run: the test starts its own on a free port, with
// the token the block exports.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, startEmulatorProcess, type EmulatorProcess } from './helpers/cli.js';
import { runProcess } from './helpers/process.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TITLE = '## Taking an existing platform under management';

/** The fenced blocks of the README's walkthrough section, in order. */
function walkthroughBlocks(): { lang: string; text: string }[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf(`${TITLE}\n`);
  expect(start, `README.md has a section "${TITLE}"`).toBeGreaterThan(0);
  const end = readme.indexOf('\n## ', start + TITLE.length);
  const section = readme.slice(start, end);
  return [...section.matchAll(/^```(\w+)\n([\s\S]*?)^```$/gm)].map((m) => ({ lang: m[1]!, text: m[2]! }));
}

const work = mkdtempSync(join(tmpdir(), 'dsipform-walkthrough-'));
let emulator: EmulatorProcess | undefined;
afterAll(async () => {
  await emulator?.stop();
  rmSync(work, { recursive: true, force: true });
});

describe('README walkthrough: taking an existing platform under management', () => {
  it('runs every command in order against the emulator, ending with the change applied and nothing left to plan', async () => {
    const blocks = walkthroughBlocks();
    const [setup, ...steps] = blocks;
    expect(setup?.text).toContain('npx dsipform emulator --port 5000 &');
    const token = /^export DSIP_TOKEN=(\S+)/m.exec(setup!.text)?.[1];
    expect(token, 'the setup block exports the token').toBeTruthy();
    emulator = await startEmulatorProcess([], { DSIP_TOKEN: token });

    // `npx dsipform ...` runs this checkout's built CLI; nothing is installed or downloaded.
    const prelude = `npx() { shift; "${process.execPath}" "${CLI}" "$@"; }\n`;
    const env = { PATH: process.env.PATH, HOME: work, DSIP_URL: emulator.url, DSIP_TOKEN: token, NO_COLOR: '1' };
    const ran: string[] = [];
    const outputs: string[] = [];
    for (const block of steps) {
      if (block.lang === 'yaml') {
        const file = /^# (dsip\/[\w.-]+\.yaml)\n/.exec(block.text)?.[1];
        expect(file, `a yaml block of the walkthrough names its file:\n${block.text}`).toBeTruthy();
        mkdirSync(dirname(join(work, file!)), { recursive: true });
        writeFileSync(join(work, file!), block.text);
        continue;
      }
      expect(block.lang).toBe('sh');
      const r = await runProcess('sh', ['-e', '-c', prelude + block.text], { cwd: work, env });
      expect(r.code, `${block.text}\nstdout:\n${r.stdout}\nstderr:\n${r.stderr}`).toBe(0);
      ran.push(...block.text.split('\n').filter((line) => line.startsWith('npx dsipform')));
      outputs.push(r.stdout);
    }

    expect(ran.map((line) => line.split(/\s+/).slice(2, 3)[0])).toEqual([
      'export',
      'validate',
      'plan',
      'test',
      'test',
      'validate',
      'test',
      'plan',
      'apply',
      'plan',
    ]);
    const all = outputs.join('\n');
    expect(all).toContain('Valid: 3 files');
    expect(all).toMatch(/2 passed|1 passed, 0 failed/);
    expect(all).toContain('Apply complete: 1 applied, 0 failed, 0 not attempted.');
    expect(outputs.at(-1)).toContain('No changes. The platform matches the configuration.');
    // The saved plan is signed with the key the block exported.
    expect(readFileSync(join(work, 'plan.json'), 'utf8')).toMatch(/"signature": "hmac-sha256:[0-9a-f]{64}"/);
  });
});
