// The commands of the docs pages, run as printed: every `sh` block of each page, in order, in `sh -e`
// from a folder that stands for a configuration repository (`config/` and `old/config/` copies of an
// example), against one emulator process per page that the page's files were applied to first. A
// block that cannot run here says why on the page (`<!-- not run: … -->`), and the number of such
// blocks per page is pinned below, so a block cannot drop out unseen. `npx dsipform` and `dsipform`
// run this checkout's built CLI (bin/dsipform.js: `npm run build` first).
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, startEmulatorProcess } from './helpers/cli.js';
import { shellBlocksOf } from './helpers/doc-commands.js';
import { runProcess } from './helpers/process.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TOKEN = 'docs-commands-token-0123456789';

/**
 * Each page with runnable commands: the example its `config/` is, how many blocks it marks not run,
 * and the emulator's flags where the page needs more than the default (the deployed API).
 */
const PAGES: { page: string; config: string; notRun: number; emulator?: string[] }[] = [
  { page: 'docs/plan-and-apply.md', config: 'examples/basic', notRun: 1 },
  { page: 'docs/routing.md', config: 'examples/routing', notRun: 0 },
  { page: 'docs/leases.md', config: 'examples/leases', notRun: 1 },
  { page: 'docs/gitops.md', config: 'examples/routing', notRun: 3 },
  { page: 'docs/emulator.md', config: 'examples/basic', notRun: 1 },
  { page: 'docs/cdktf.md', config: 'examples/basic', notRun: 3 },
  { page: 'docs/endpoint-groups.md', config: 'examples/endpoint-groups', notRun: 0 },
  { page: 'docs/numbers.md', config: 'examples/numbers', notRun: 0, emulator: ['--profile', 'current'] },
];

const work = mkdtempSync(join(tmpdir(), 'dsipform-docs-commands-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the commands of the docs pages, as printed', () => {
  it.each(PAGES)('$page: every block runs against the emulator, or says why not', async ({ page, config, notRun, emulator: flags }) => {
    const blocks = shellBlocksOf(join(ROOT, page));
    expect(blocks.filter((b) => b.notRun).map((b) => `${page}:${b.line}`)).toHaveLength(notRun);
    const runnable = blocks.filter((b) => !b.notRun);
    if (runnable.length === 0) return;
    const dir = mkdtempSync(join(work, 'page-'));
    cpSync(join(ROOT, config), join(dir, 'config'), { recursive: true });
    cpSync(join(ROOT, config), join(dir, 'old', 'config'), { recursive: true });
    const emulator = await startEmulatorProcess(flags ?? [], { DSIP_TOKEN: TOKEN });
    try {
      // A group's password, as the apply job's environment holds it (examples/endpoint-groups names it).
      const env = {
        PATH: process.env.PATH,
        HOME: dir,
        DSIP_URL: emulator.url,
        DSIP_TOKEN: TOKEN,
        NO_COLOR: '1',
        ACME_PBX_PASSWORD: 'docs-pbx-password-51',
      };
      // The platform holds what the files declare, as after the apply job of a merged change.
      const prelude = `npx() { shift; "${process.execPath}" "${CLI}" "$@"; }\ndsipform() { "${process.execPath}" "${CLI}" "$@"; }\n`;
      const applied = await runProcess(process.execPath, [CLI, 'apply', 'config/', '--auto-approve'], { cwd: dir, env });
      expect(applied.code, applied.stderr).toBe(0);
      for (const block of runnable) {
        const run = await runProcess('sh', ['-e', '-c', prelude + block.text], {
          cwd: dir,
          env: { ...env, DSIPFORM_PLAN_KEY: 'docs-commands-signing-key' },
        });
        expect(run.code, `${page}:${block.line}\n${block.text}\n${run.stdout}\n${run.stderr}`).toBe(0);
        expect(`${run.stdout}${run.stderr}`).not.toContain(TOKEN);
      }
    } finally {
      await emulator.stop();
    }
  });
});
