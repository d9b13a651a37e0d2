import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scenario } from '../helpers/scenario.js';

const FILE = 'version: 1\ninbound_mappings:\n  - did: "1"\n    servers: ["1"]\n  - did: "2"\n    servers: ["2"]\n';

describe('scenario: saved plans', () => {
  it('applies exactly the saved plan, then plans to no changes', async () => {
    const s = await scenario();
    const path = s.file('m.yaml', FILE);
    const out = join(s.dir, 'plan.json');
    const plan = await s.run(['plan', path, '--out', out, '--detailed-exitcode']);
    expect(plan.code).toBe(2);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toMatchObject({ format_version: 1, target: s.emu.url, managed: ['inbound_mappings'] });
    // The files change after the review: the saved plan still applies what was reviewed.
    s.file('m.yaml', FILE.replace('did: "2"', 'did: "3"'));
    const applied = await s.run(['apply', '--plan', out, '--auto-approve']);
    expect(applied.code).toBe(0);
    expect((await s.client.listInboundMappings()).map((m) => m.did).sort()).toEqual(['1', '2']);
  });

  it('refuses a saved plan when the platform changed since, explaining why', async () => {
    const s = await scenario();
    const out = join(s.dir, 'plan.json');
    await s.run(['plan', s.file('m.yaml', FILE), '--out', out]);
    await s.client.createInboundMapping({ did: '99', servers: ['1'] });
    const r = await s.run(['apply', '--plan', out, '--auto-approve']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/the live state of inbound_mappings has changed since the plan was made/);
    expect(r.stderr).toMatch(/hint: .*Run dsipform plan again/);
    expect((await s.client.listInboundMappings()).map((m) => m.did)).toEqual(['99']);
  });

  it('refuses an edited saved plan and a plan for another platform', async () => {
    const s = await scenario();
    const out = join(s.dir, 'plan.json');
    await s.run(['plan', s.file('m.yaml', FILE), '--out', out]);
    const text = readFileSync(out, 'utf8');
    writeFileSync(out, text.replace('"2"', '"7"'));
    const edited = await s.run(['apply', '--plan', out, '--auto-approve']);
    expect(edited.code).toBe(1);
    expect(edited.stderr).toMatch(/was changed after it was written/);
    writeFileSync(out, text);
    const other = await s.run(['apply', '--plan', out, '--auto-approve'], {
      env: { DSIP_URL: s.emu.url.replace('127.0.0.1', 'localhost') },
    });
    expect(other.code).toBe(1);
    expect(other.stderr).toMatch(/the plan was made for http:\/\/127\.0\.0\.1:\d+, not http:\/\/localhost:\d+/);
    expect(await s.client.listInboundMappings()).toEqual([]);
  });

  // The plan resolved "Voxbone CarrierGroup" to #4 and checked that #4 exists and holds gateways:
  // a change to the groups after the review makes the saved plan stale, as a change to the rules does.
  it.each<[string, (s: Awaited<ReturnType<typeof scenario>>) => Promise<void>]>([
    ['deleted', (s) => s.client.deleteCarrierGroup(4)],
    [
      'shared with a new group',
      async (s) => {
        const g = (await s.client.getCarrierGroup(4))!;
        await s.client.createCarrierGroup({ ...g, endpoints: g.endpoints.slice(0, 1) });
      },
    ],
    [
      'renamed',
      async (s) => {
        const g = (await s.client.getCarrierGroup(4))!;
        await s.client.updateCarrierGroup(4, { ...g, name: 'Voxbone (old)' });
      },
    ],
  ])('refuses a saved plan when the group its rules name was %s since the review', async (_how, change) => {
    const s = await scenario();
    const out = join(s.dir, 'plan.json');
    const path = s.file('g.yaml', 'version: 1\ninbound_mappings:\n  - did: "1"\n    group: "Voxbone CarrierGroup"\n');
    const plan = await s.run(['plan', path, '--out', out, '--detailed-exitcode']);
    expect(plan.code, plan.stderr).toBe(2);
    expect(JSON.parse(readFileSync(out, 'utf8')).groups_checksum).toMatch(/^sha256:/);
    await change(s);
    const r = await s.run(['apply', '--plan', out, '--auto-approve']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/error \(PLAN_STALE\): the platform's carrier and endpoint groups have changed since the plan was made/);
    expect(r.stderr).toMatch(/hint: .*Run dsipform plan again/);
    expect(await s.client.listInboundMappings()).toEqual([]);
  });

  it('a plan whose files name no group or gateway reads no groups and carries no groups checksum', async () => {
    const s = await scenario();
    const out = join(s.dir, 'plan.json');
    await s.run(['plan', s.file('r.yaml', 'version: 1\ninbound_mappings: []\n'), '--out', out]);
    expect(JSON.parse(readFileSync(out, 'utf8'))).not.toHaveProperty('groups_checksum');
    await s.client.deleteCarrierGroup(4);
    expect((await s.run(['apply', '--plan', out, '--auto-approve'])).code).toBe(0);
  });
});
