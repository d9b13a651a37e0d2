import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { runProcess } from '../helpers/process.js';

const MORNING = ['--at', '2026-11-30T07:00:00', '--tz', 'America/New_York'];
const GIT_ENV = {
  PATH: process.env.PATH,
  // A home of its own: git reads its configuration there, and a shared temporary folder may hold anything.
  HOME: mkdtempSync(join(tmpdir(), 'dsipform-routes-git-home-')),
  GIT_AUTHOR_NAME: 'test',
  GIT_AUTHOR_EMAIL: 'test@example.com',
  GIT_COMMITTER_NAME: 'test',
  GIT_COMMITTER_EMAIL: 'test@example.com',
  GIT_CONFIG_NOSYSTEM: '1',
};

async function git(cwd: string, ...args: string[]): Promise<void> {
  const r = await runProcess('git', args, { cwd, env: GIT_ENV });
  if (r.code !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
}

const DEFAULT = 'version: 1\noutbound_routes:\n  - name: Default\n    prefix: ""\n    gwgroupid: "2"\n';

/** The US routes of one commit: weekday evenings go to `evening`; `uk` adds a route for 44. */
function us(evening: string, uk = false): string {
  const lines = [
    'version: 1',
    'outbound_routes:',
    '  - name: US',
    '    prefix: "1"',
    '    gwgroupid: "3"',
    '  - name: US after hours',
    '    prefix: "1"',
    `    gwgroupid: "${evening}"`,
    '    priority: 10',
    '    timerec: "20260101T180000|6H|weekly|||MO,TU,WE,TH,FR"',
  ];
  if (uk) lines.push('  - name: UK', '    prefix: "44"', '    gwgroupid: "5"');
  return `${lines.join('\n')}\n`;
}

describe('dsipform routes --diff --base: two checkouts of a git history, no platform', () => {
  let dir: string;
  let repo: string;
  let old: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'dsipform-routes-git-'));
    repo = join(dir, 'repo');
    old = join(dir, 'old');
    mkdirSync(join(repo, 'config'), { recursive: true });
    await git(repo, 'init', '-q');
    writeFileSync(join(repo, 'config', 'default.yaml'), DEFAULT);
    writeFileSync(join(repo, 'config', 'us.yaml'), us('4'));
    await git(repo, 'add', '.');
    await git(repo, 'commit', '-q', '-m', 'US routes');
    // The change under review: the evenings go to the announcement server, and UK calls get a route.
    writeFileSync(join(repo, 'config', 'us.yaml'), us('9', true));
    await git(repo, 'commit', '-q', '-am', 'Evenings to the announcement server; a UK route');
    await git(repo, 'worktree', 'add', '-q', old, 'HEAD~1');
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('shows every class of calls whose route the commit changes, with its time window', async () => {
    const r = await runCli(['routes', '--diff', '--base', join(old, 'config'), join(repo, 'config'), ...MORNING]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`Routing difference: base (${join(old, 'config')}) → files (${join(repo, 'config')})\n`);
    expect(r.stdout).toContain(
      [
        '  ~ 1…, Mon–Fri 18:00–24:00 America/New_York',
        '      before: carrier group 4 (route "US after hours")',
        '      after:  carrier group 9 (route "US after hours")',
      ].join('\n'),
    );
    expect(r.stdout).toContain(
      ['  ~ 44…, always', '      before: carrier group 2 (route "Default")', '      after:  carrier group 5 (route "UK")'].join('\n'),
    );
    expect(r.stdout).toContain('\n2 classes of calls change their route.\n');
    expect(r.stdout).not.toContain('Inbound');
  });

  it('takes --base more than once (the files of the older checkout one by one) and exits 2 with --detailed-exitcode', async () => {
    const base = ['--base', join(old, 'config', 'default.yaml'), '--base', join(old, 'config', 'us.yaml')];
    const r = await runCli(['routes', '--diff', ...base, join(repo, 'config'), ...MORNING, '--detailed-exitcode', '--format', 'json']);
    expect(r.code, r.stderr).toBe(2);
    const doc = JSON.parse(r.stdout) as {
      mode: string;
      sides: { name: string; source: string }[];
      spans: { class: { prefix: string }; when: string; decisions: { rule?: { key: string }; gwlist?: string }[] }[];
    };
    expect(doc.mode).toBe('diff');
    expect(doc.sides).toEqual([
      { name: 'base', source: `${join(old, 'config', 'default.yaml')} ${join(old, 'config', 'us.yaml')}` },
      { name: 'files', source: join(repo, 'config') },
    ]);
    expect(doc.spans.map((s) => [s.class.prefix, s.when, s.decisions.map((d) => d.gwlist)])).toEqual([
      ['1', 'Mon–Fri 18:00–24:00 America/New_York', ['#4', '#9']],
      ['44', 'always', ['#2', '#5']],
    ]);
  });

  it('exits 0 with --detailed-exitcode and says so when the two checkouts route every call alike', async () => {
    const r = await runCli(['routes', '--diff', '--base', join(repo, 'config'), join(repo, 'config'), ...MORNING, '--detailed-exitcode']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('\nNo call changes its route.\n');
  });
});
