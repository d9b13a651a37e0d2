import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runMain } from './helpers/in-process.js';
import { scenario } from './helpers/scenario.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const example = (p: string) => join(root, 'examples', p);

describe('examples/', () => {
  it.each(['basic/platform.yaml', 'lcr/lcr.yaml', 'multi-file', 'leases/leases.yaml'])('%s validates, applies against the emulator and then plans to no changes', async (path) => {
    const valid = await runMain(['validate', example(path)]);
    expect(valid.code, valid.stderr).toBe(0);
    const s = await scenario();
    // Lease state goes to the scenario's own directory, never into examples/.
    await s.converge([example(path)], ['--state', join(s.dir, 'state.json')]);
  });

  it('README quick start: apply examples/basic against the built-in emulator', async () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const command = /npm ci && npx dsipform (apply [^\n#]+?)\s+#/.exec(readme)?.[1];
    expect(command).toBe('apply examples/basic --emulator --auto-approve');
    const r = await runMain(command!.split(' ').map((a) => (a === 'examples/basic' ? example('basic') : a)), { env: {} });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Apply complete: 4 applied, 0 failed, 0 not attempted\. Proxy reloaded\./);
  });

  it('the GitHub Actions workflow runs dsipform commands that work, in the order it runs them', async () => {
    const workflow = parse(readFileSync(example('github-actions/dsipform.yml'), 'utf8')) as { jobs: Record<string, { steps: { run?: string }[] }> };
    const commands = Object.values(workflow.jobs)
      .flatMap((job) => job.steps.map((step) => step.run ?? ''))
      .flatMap((run) => run.split('\n'))
      .map((line) => /npx dsipform ([^>|]+)/.exec(line)?.[1]?.trim())
      .filter((c): c is string => Boolean(c));
    expect(commands).toEqual([
      'validate config/',
      'plan config/ --format markdown --detailed-exitcode',
      'plan config/ --out plan.json',
      'apply --plan plan.json --auto-approve --format json',
    ]);
    const s = await scenario();
    const codes: number[] = [];
    for (const command of commands) {
      const args = command.split(' ').map((a) => (a === 'config/' ? example('multi-file') : a === 'plan.json' ? join(s.dir, 'plan.json') : a));
      const r = await s.run(args);
      codes.push(r.code);
      if (command.includes('markdown')) expect(r.stdout).toMatch(/<details>/);
    }
    expect(codes).toEqual([0, 2, 0, 0]);
    expect((await s.run(['plan', example('multi-file'), '--detailed-exitcode'])).code).toBe(0);
  });
});
