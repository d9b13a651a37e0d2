// The README's "Taking an existing platform under management", run as printed: every fenced block of
// the section in order (read from the page at test time, not copied here), against the built-in
// emulator started as a real process. A `yaml` block whose first line names a file
// (`# dsip/routing-tests.yaml`) is written there; every `sh` block runs in `sh -e` from a folder that
// stands for a clone's root (a copy of examples/ in it), with `npx dsipform` running the built CLI
// (bin/dsipform.js: run `npm run build` first). The block that starts the emulator is the one not
// run: the test starts its own on a free port, with the token the block exports.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CLI, startEmulatorProcess, type EmulatorProcess } from './helpers/cli.js';
import { fencedBlocksOf } from './helpers/markdown-blocks.js';
import { runProcess } from './helpers/process.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
// Where the walkthrough is printed: moving it to another page changes these two lines, nothing else.
const PAGE = join(ROOT, 'README.md');
const HEADING = 'Taking an existing platform under management';

const work = mkdtempSync(join(tmpdir(), 'dsipform-walkthrough-'));
let emulator: EmulatorProcess | undefined;
afterAll(async () => {
  await emulator?.stop();
  rmSync(work, { recursive: true, force: true });
});

/** What a `# Plan: …` comment beside a command says its plan holds: the command's output must say it too. */
const promisedPlans = (text: string): string[] => [...text.matchAll(/# (Plan: .*\.)$/gm)].map((m) => m[1]!);

describe('README walkthrough: taking an existing platform under management', () => {
  it('runs every block as printed against the emulator: the export kept, the change applied, nothing left to plan', async () => {
    const [setup, ...steps] = fencedBlocksOf(PAGE, HEADING);
    expect(setup?.text).toContain('npx dsipform emulator --port 5000 &');
    const token = /^export DSIP_TOKEN=(\S+)/m.exec(setup!.text)?.[1];
    expect(token, 'the setup block exports the token').toBeTruthy();
    emulator = await startEmulatorProcess([], { DSIP_TOKEN: token });
    // The commands run from a clone's root, where examples/ is.
    cpSync(join(ROOT, 'examples'), join(work, 'examples'), { recursive: true });

    // `npx dsipform ...` runs this checkout's built CLI; nothing is installed or downloaded.
    const prelude = `npx() { shift; "${process.execPath}" "${CLI}" "$@"; }\n`;
    const env = { PATH: process.env.PATH, HOME: work, DSIP_URL: emulator.url, DSIP_TOKEN: token, NO_COLOR: '1' };
    const ran: string[] = [];
    const outputs: string[] = [];
    const added: string[] = []; // the DIDs of the mappings the walkthrough's own files declare
    for (const block of steps) {
      const where = `${relative(ROOT, PAGE)}:${block.line}`;
      if (block.lang === 'yaml') {
        const file = /^# (dsip\/[\w.-]+\.yaml)\n/.exec(block.text)?.[1];
        expect(file, `${where}: a yaml block of the walkthrough names its file:\n${block.text}`).toBeTruthy();
        mkdirSync(dirname(join(work, file!)), { recursive: true });
        writeFileSync(join(work, file!), block.text);
        const doc = parse(block.text) as { inbound_mappings?: { did: string }[] };
        added.push(...(doc.inbound_mappings ?? []).map((m) => m.did));
        continue;
      }
      expect(block.lang, where).toBe('sh');
      const r = await runProcess('sh', ['-e', '-c', prelude + block.text], { cwd: work, env });
      expect(r.code, `${where}:\n${block.text}\nstdout:\n${r.stdout}\nstderr:\n${r.stderr}`).toBe(0);
      for (const promised of promisedPlans(block.text)) expect(r.stdout, `${where}: the block says "${promised}"`).toContain(promised);
      ran.push(...block.text.split('\n').filter((line) => line.startsWith('npx dsipform')));
      outputs.push(r.stdout);
    }

    expect(ran.map((line) => line.split(/\s+/)[2])).toEqual([
      'apply',
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
    // The change adds to what export wrote: the saved plan creates, and deletes nothing export took over.
    const saved = JSON.parse(readFileSync(join(work, 'plan.json'), 'utf8')) as {
      changes: { action: string; kind: string; key: string }[];
      signature: string;
    };
    expect(
      saved.changes.map((c) => `${c.action} ${c.kind} "${c.key}"`),
      "the saved plan's changes",
    ).toEqual(added.map((did) => `create inbound_mapping "${did}"`));
    // The saved plan is signed with the key the block exported.
    expect(saved.signature).toMatch(/^hmac-sha256:[0-9a-f]{64}$/);
  });
});
