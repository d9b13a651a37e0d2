import { describe, expect, it } from 'vitest';
import { count, plural } from '../../src/model/words.js';
import { buildPlan } from '../../src/plan/build-plan.js';
import { noChangesLines } from '../../src/render/summary.js';
import { desired, dm, dr, lm, lr } from '../plan/builders.js';
import { scenario } from '../helpers/scenario.js';

describe('the one plural rule', () => {
  it.each([
    [0, 'change', undefined, '0 changes'],
    [1, 'change', undefined, '1 change'],
    [2, 'change', undefined, '2 changes'],
    [1, 'inbound mapping', undefined, '1 inbound mapping'],
    [1, 'entry', 'entries', '1 entry'],
    [3, 'entry', 'entries', '3 entries'],
  ])('count(%i, %s)', (n, one, many, text) => {
    expect(count(n, one, many)).toBe(text);
  });

  it.each([
    [1, 'stops'],
    [0, 'stop'],
    [2, 'stop'],
  ])('plural(%i) of a verb', (n, verb) => {
    expect(plural(n, 'stops', 'stop')).toBe(verb);
  });
});

describe('plurals in the plan and its renderers', () => {
  const plan = (state: ReturnType<typeof desired>, live: Parameters<typeof buildPlan>[0]['live']) => {
    const r = buildPlan({ desired: state, live, target: 'https://pbx.example.com', now: 0 });
    if (!r.ok) throw new Error('the plan has issues');
    return r.plan;
  };

  it.each([
    [1, '1 change runs earlier than its stage because it frees an LCR pattern another change needs.'],
    [2, '2 changes run earlier than their stage because they free an LCR pattern another change needs.'],
  ])('the note on moved changes: %i', (n, note) => {
    const want = [dr('New1', '44', { from_prefix: '1555' }), dr('New2', '45', { from_prefix: '1555' })].slice(0, n);
    const live = [lr(2, 'Old1', '44', { from_prefix: '1555' }), lr(3, 'Old2', '45', { from_prefix: '1555' })].slice(0, n);
    expect(plan(desired({ outbound_routes: want }), { outbound_routes: live }).notes).toContain(note);
  });

  it.each([
    [1, '1 object unchanged (inbound_mappings: 1).'],
    [2, '2 objects unchanged (inbound_mappings: 2).'],
  ])('unchanged objects: %i', (n, line) => {
    const p = plan(desired({ inbound_mappings: [dm('1'), dm('2')].slice(0, n) }), {
      inbound_mappings: [lm(5, '1'), lm(6, '2')].slice(0, n),
    });
    expect(noChangesLines(p).at(-1)).toBe(line);
  });
});

describe('plurals in CLI messages', () => {
  const files = {
    one: 'version: 1\ninbound_mappings:\n  - did: "1"\n    servers: ["1"]\noutbound_routes:\n  - name: a\n    prefix: "1"\n    gwgroupid: "3"\nendpoint_leases:\n  - name: a\n    email: a@example.com\n    ttl: 1h\n',
    two: 'version: 1\ninbound_mappings:\n  - did: "1"\n    servers: ["1"]\n  - did: "2"\n    servers: ["1"]\noutbound_routes:\n  - name: a\n    prefix: "1"\n    gwgroupid: "3"\n  - name: b\n    prefix: "2"\n    gwgroupid: "3"\nendpoint_leases:\n  - name: a\n    email: a@example.com\n    ttl: 1h\n  - name: b\n    email: b@example.com\n    ttl: 1h\n',
  };

  it.each([
    ['one', 'Valid: 1 file, 1 inbound mapping, 1 outbound route, 1 endpoint lease.\n'],
    ['two', 'Valid: 1 file, 2 inbound mappings, 2 outbound routes, 2 endpoint leases.\n'],
  ] as const)('validate counts %s of each', async (which, line) => {
    const s = await scenario({ empty: true });
    const r = await s.run(['validate', s.file('p.yaml', files[which])]);
    expect(r).toMatchObject({ code: 0, stdout: line });
  });

  it('1 problem in the configuration', async () => {
    const s = await scenario({ empty: true });
    const r = await s.run(['validate', s.file('p.yaml', 'version: 1\ninbound_mappings:\n  - did: "1"\n    servers: ["x"]\n')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error \(CONFIG_INVALID\): 1 problem in the configuration; nothing was sent to the platform$/m);
  });

  it.each([
    [1, 'error (PLAN_BLOCKED): 1 problem stops the plan; nothing was changed'],
    [2, 'error (PLAN_BLOCKED): 2 problems stop the plan; nothing was changed'],
  ])('%i problem(s) that stop a plan', async (n, line) => {
    const s = await scenario({ empty: true });
    // Two live routes share each name, so the plan cannot tell which one an entry means.
    for (const [i, name] of ['a', 'b'].slice(0, n).entries()) {
      for (const j of [1, 2])
        await s.client.createOutboundRoute({ name, prefix: `${i + 1}${j}`, gwgroupid: '3', priority: 0, timerec: '', routeid: '' });
    }
    const yaml = `version: 1\noutbound_routes:\n${['a', 'b']
      .slice(0, n)
      .map((name) => `  - name: ${name}\n    prefix: "7"\n    gwgroupid: "3"\n`)
      .join('')}`;
    // An empty platform has no groups: only the ambiguous names should stop this plan.
    const r = await s.run(['plan', s.file('p.yaml', yaml), '--allow-dangling']);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toContain(line);
  });

  it.each(['validate', 'plan', 'apply'])('%s without paths names its own command in the hint', async (verb) => {
    const s = await scenario({ empty: true });
    const r = await s.run([verb]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`hint: Name one or more YAML/JSON files or directories, e.g. dsipform ${verb} config/`);
  });
});
