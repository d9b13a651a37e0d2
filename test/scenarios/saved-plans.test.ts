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
});
