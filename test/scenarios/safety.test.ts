import { describe, expect, it } from 'vitest';
import { scenario } from '../helpers/scenario.js';

function routes(n: number, extra = ''): string {
  const entries = Array.from({ length: n }, (_, i) => `  - name: R${i}\n    prefix: "${100 + i}"\n    gwgroupid: "2"\n`).join('');
  return `version: 1\noutbound_routes:\n${entries}${extra}`;
}

describe('scenario: safety', () => {
  it('refuses deleting more than 25% of 8 or more without --force, naming what and how many', async () => {
    const s = await scenario();
    // Setting up deletes the fresh install's "Default Outbound Route" (calls lose it): a side step, forced.
    await s.converge([s.file('r.yaml', routes(8))], ['--force']);
    const fewer = s.file('r.yaml', routes(5));
    const refused = await s.run(['apply', fewer, '--auto-approve']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/refused: the plan deletes 3 of 8 outbound_routes, more than the limit of 25%/);
    expect(refused.stderr).toMatch(/"R5", "R6", "R7"/);
    expect(refused.stderr).toMatch(/--force/);
    expect(await s.client.listOutboundRoutes()).toHaveLength(8);
    await s.converge([fewer], ['--force']);
    expect(await s.client.listOutboundRoutes()).toHaveLength(5);
  });

  it('lets policy.max_deletes replace the default', async () => {
    const s = await scenario();
    // Setting up deletes the fresh install's "Default Outbound Route" (calls lose it): a side step, forced.
    await s.converge([s.file('r.yaml', routes(8))], ['--force']);
    await s.converge([s.file('r.yaml', routes(4, 'policy:\n  max_deletes: 4\n  allow_unrouting: true\n'))]);
    expect(await s.client.listOutboundRoutes()).toHaveLength(4);
    const refused = await s.run(['apply', s.file('r.yaml', routes(1, 'policy:\n  max_deletes: "50%"\n')), '--auto-approve']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/deletes 3 of 4 outbound_routes, more than the limit of 50%/);
  });

  it('never deletes a protected kind without --force', async () => {
    const s = await scenario();
    const two =
      'version: 1\ninbound_mappings:\n  - did: "1"\n    servers: ["1"]\n  - did: "2"\n    servers: ["1"]\npolicy:\n  protect: [inbound_mappings]\n';
    await s.converge([s.file('m.yaml', two)]);
    const one = s.file('m.yaml', two.replace('  - did: "2"\n    servers: ["1"]\n', ''));
    const plan = await s.run(['plan', one]);
    expect(plan.stdout).toMatch(/protected/);
    const refused = await s.run(['apply', one, '--auto-approve']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/inbound_mappings is protected by policy.protect, and the plan deletes 1 of them: "2"/);
    expect(await s.client.listInboundMappings()).toHaveLength(2);
    await s.converge([one], ['--force']);
    expect(await s.client.listInboundMappings()).toHaveLength(1);
  });

  it('leaves live objects matched by policy.ignore alone', async () => {
    const s = await scenario();
    await s.client.createInboundMapping({ did: '18005550000', servers: ['1'] });
    await s.client.createInboundMapping({ did: '18005550001', servers: ['1'] });
    await s.client.createInboundMapping({ did: '4', servers: ['1'] });
    const path = s.file(
      'm.yaml',
      'version: 1\ninbound_mappings: []\noutbound_routes: []\npolicy:\n  allow_unrouting: true\n  ignore:\n    inbound_mappings: ["1800*"]\n    outbound_routes: ["Default Outbound Route"]\n',
    );
    const plan = await s.run(['plan', path]);
    expect(plan.stdout).toMatch(/Plan: 0 to create, 0 to update, 1 to delete\./);
    await s.converge([path]);
    expect((await s.client.listInboundMappings()).map((m) => m.did).sort()).toEqual(['18005550000', '18005550001']);
    expect((await s.client.listOutboundRoutes()).map((r) => r.name)).toEqual(['Default Outbound Route']);
  });
});

describe('scenario: safety counts replaces and updates', () => {
  const mappings = (n: number, notes: (i: number) => string, policy = '') =>
    `version: 1\ninbound_mappings:\n${Array.from({ length: n }, (_, i) => `  - did: "${i + 1}"\n    servers: ["1"]\n    notes: "${notes(i)}"\n`).join('')}${policy}`;

  it('on the current profile a mapping change is a delete: refused for a protected kind, applied with --force', async () => {
    const s = await scenario({ profile: 'current' });
    const policy = 'policy:\n  protect: [inbound_mappings]\n';
    await s.converge([
      s.file(
        'm.yaml',
        mappings(2, () => 'a', policy),
      ),
    ]);
    const changed = s.file(
      'm.yaml',
      mappings(2, (i) => (i === 0 ? 'b' : 'a'), policy),
    );
    const plan = await s.run(['plan', changed, '--format', 'json']);
    expect(JSON.parse(plan.stdout).safety).toMatchObject([{ rule: 'protected', deletes: 1, replaces: 1, keys: ['1'] }]);
    const refused = await s.run(['apply', changed, '--auto-approve']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /refused: inbound_mappings is protected by policy.protect, and the plan deletes 1 of them \(1 of them replaced: deleted, then created\): "1"/,
    );
    expect((await s.client.listInboundMappings()).map((m) => m.notes)).toEqual(['a', 'a']);
    await s.converge([changed], ['--force']);
    expect((await s.client.listInboundMappings()).map((m) => m.notes).sort()).toEqual(['a', 'b']);
  });

  it('policy.max_updates refuses a mass update, shown in the plan; --force applies it', async () => {
    const s = await scenario();
    const policy = 'policy:\n  max_updates: 2\n';
    await s.converge([
      s.file(
        'm.yaml',
        mappings(5, () => 'a', policy),
      ),
    ]);
    const changed = s.file(
      'm.yaml',
      mappings(5, (i) => (i < 3 ? 'b' : 'a'), policy),
    );
    const plan = await s.run(['plan', changed]);
    expect(plan.stdout).toMatch(/The plan updates 3 of 5 inbound_mappings, more than the limit of 2\./);
    const refused = await s.run(['apply', changed, '--auto-approve']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/refused: the plan updates 3 of 5 inbound_mappings, more than the limit of 2: "1", "2", "3"/);
    expect(refused.stderr).toMatch(/hint: .*policy\.max_updates.*--force/);
    expect((await s.client.listInboundMappings()).filter((m) => m.notes === 'b')).toEqual([]);
    await s.converge([changed], ['--force']);
    expect((await s.client.listInboundMappings()).filter((m) => m.notes === 'b')).toHaveLength(3);
  });
});

describe('scenario: approval', () => {
  const file = 'version: 1\ninbound_mappings:\n  - did: "1"\n    servers: ["1"]\n';

  it('refuses without a terminal and without --auto-approve, changing nothing', async () => {
    const s = await scenario();
    const r = await s.run(['apply', s.file('m.yaml', file)]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/--auto-approve/);
    expect(await s.client.listInboundMappings()).toEqual([]);
  });

  it.each([
    ['yes', 0, 1],
    ['no', 1, 0],
    ['y', 1, 0],
  ])('on a terminal asks, and "%s" gives exit %i', async (answer, code, count) => {
    const s = await scenario();
    const r = await s.run(['apply', s.file('m.yaml', file)], { tty: true, answer });
    expect(r.code).toBe(code);
    expect(r.stderr).toMatch(/Only 'yes' will be accepted/);
    expect(await s.client.listInboundMappings()).toHaveLength(count);
  });
});
