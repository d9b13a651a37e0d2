import { describe, expect, it } from 'vitest';
import { scenario } from '../helpers/scenario.js';

const FILES = `version: 1
outbound_routes:
  - name: US domestic
    prefix: "1"
    gwgroupid: "2"
    priority: 10
policy:
  ignore:
    outbound_routes: ["Default Outbound Route"]
`;

describe('two runs applied the same files at once (every route created twice)', () => {
  it('the next plan deletes the newer identical copy, with a note, and the apply converges', async () => {
    const s = await scenario();
    const first = await s.client.createOutboundRoute({ name: 'US domestic', prefix: '1', gwgroupid: '2', priority: 10 });
    const second = await s.client.createOutboundRoute({ name: 'US domestic', prefix: '1', gwgroupid: '2', priority: 10 });
    expect(second).toBeGreaterThan(first);
    const file = s.file('platform.yaml', FILES);

    const plan = await s.run(['plan', file]);
    expect(plan.code).toBe(0);
    expect(plan.stdout).toMatch(/- outbound_route "US domestic"/);
    expect(plan.stdout).toContain(`identical in every field (ruleids ${first}, ${second})`);
    expect(plan.stdout).toContain(`the files manage ruleid ${first}, and the newer copy is deleted (ruleid ${second})`);
    expect(plan.stdout).toMatch(/Plan: 0 to create, 0 to update, 1 to delete/);

    await s.converge([file]);
    const left = (await s.client.listOutboundRoutes()).filter((r) => r.name === 'US domestic');
    expect(left.map((r) => r.ruleid)).toEqual([first]);
  });

  it('copies that differ still stop the plan, naming both ruleids', async () => {
    const s = await scenario();
    const a = await s.client.createOutboundRoute({ name: 'US domestic', prefix: '1', gwgroupid: '2', priority: 10 });
    const b = await s.client.createOutboundRoute({ name: 'US domestic', prefix: '1', gwgroupid: '2', priority: 20 });
    const plan = await s.run(['plan', s.file('platform.yaml', FILES)]);
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain(`the platform has 2 outbound routes named "US domestic" (ruleids ${a}, ${b})`);
  });
});
