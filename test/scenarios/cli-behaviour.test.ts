import { describe, expect, it } from 'vitest';
import { startCountingProxy } from '../helpers/counting-proxy.js';
import { scenario } from '../helpers/scenario.js';

const mappings = (n: number) =>
  `version: 1\ninbound_mappings:\n${Array.from({ length: n }, (_, i) => `  - did: "${5550000 + i}"\n    servers: ["1"]\n`).join('')}`;

describe('apply parallelism', () => {
  it.each([
    [1, 1],
    [4, 4],
  ])('--parallelism %i keeps at most %i requests in flight within a step', async (parallelism, max) => {
    const s = await scenario();
    const proxy = await startCountingProxy(s.emu.url);
    try {
      const r = await s.run(
        // The reads before the plan (the rule list, the group lists, on a platform with the Numbers
        // module its numbers, in parallel) are not steps: only the writes are counted.
        [
          'apply',
          s.file('m.yaml', mappings(24)),
          '--auto-approve',
          '--no-reload',
          '--allow-dangling',
          '--parallelism',
          String(parallelism),
        ],
        { env: { DSIP_URL: proxy.url } },
      );
      expect(r.code).toBe(0);
      expect(proxy.maxWritesInFlight()).toBe(max);
    } finally {
      await proxy.close();
    }
    expect(await s.client.listInboundMappings()).toHaveLength(24);
  });

  it('rejects a parallelism that is not a whole number from 1 to 256', async () => {
    const s = await scenario();
    const r = await s.run(['apply', s.file('m.yaml', mappings(1)), '--auto-approve', '--parallelism', '0']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/--parallelism "0" is not a whole number from 1 to 256/);
  });
});

describe('terminal behaviour', () => {
  it('colours the plan on a terminal, and never with NO_COLOR or without a terminal', async () => {
    const s = await scenario();
    const path = s.file('m.yaml', mappings(1));
    expect((await s.run(['plan', path], { tty: true, env: { NO_COLOR: '' } })).stdout).toMatch(/\x1b\[/);
    expect((await s.run(['plan', path], { tty: true, env: { NO_COLOR: '1' } })).stdout).not.toMatch(/\x1b\[/);
    expect((await s.run(['plan', path], { env: { NO_COLOR: '' } })).stdout).not.toMatch(/\x1b\[/);
  });

  it('shows a progress bar on a terminal for a long apply, one line per change otherwise', async () => {
    const s = await scenario();
    const tty = await s.run(['apply', s.file('a.yaml', mappings(25)), '--auto-approve'], { tty: true });
    expect(tty.code).toBe(0);
    expect(tty.stderr).toMatch(/applying \[.*\] 25\/25 changes, 0 failed/);
    expect(tty.stdout).not.toMatch(/^applied /m);
    const s2 = await scenario();
    const plain = await s2.run(['apply', s2.file('a.yaml', mappings(25)), '--auto-approve']);
    expect(plain.stdout.match(/^applied +\+ inbound_mapping/gm)).toHaveLength(25);
  });
});

describe('dsipform validate', () => {
  it('checks files without any platform, exit 0', async () => {
    const s = await scenario();
    const r = await s.run(['validate', s.file('m.yaml', mappings(3))], { env: { DSIP_URL: '', DSIP_TOKEN: '' } });
    expect(r).toMatchObject({ code: 0, stdout: 'Valid: 1 file, 3 inbound mappings.\n' });
  });

  it('reports every problem with FILE:LINE:COL and a hint, exit 1', async () => {
    const s = await scenario();
    const path = s.file(
      'bad.yaml',
      'version: 1\ninbound_mappings:\n  - did: "12ab"\n    servers: ["1", "2", "3"]\n  - did: "5"\n    servers: ["1"]\n    notes: "a, b"\n',
    );
    const r = await s.run(['validate', path]);
    expect(r.code).toBe(1);
    const lines = r.stderr.split('\n').filter((l) => l.startsWith(path));
    expect(lines.map((l) => l.slice(path.length).split(':').slice(0, 3).join(':'))).toEqual([':3:10', ':4:14', ':7:12']);
    expect(r.stderr).toMatch(/hint: /);
    expect(r.stderr).toMatch(/error \(CONFIG_INVALID\): 3 problems in the configuration; nothing was sent to the platform/);
  });

  it('warns when the files manage no collection', async () => {
    const s = await scenario();
    const r = await s.run(['validate', s.file('v.yaml', 'version: 1\n')]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/declare no collection/);
  });
});
