import { describe, expect, it } from 'vitest';
import { scenario } from '../helpers/scenario.js';

const FILE = `version: 1
inbound_mappings:
  - did: "15551230001"
    servers: ["16"]
`;

const NOTE = 'The platform has changes that are not live yet (kamreload: true); apply will reload the proxy.';

describe('scenario: writes that are not live yet (kamreload: true)', () => {
  it('plan says so in every format, and apply reloads the proxy although nothing else changes', async () => {
    const s = await scenario();
    const path = s.file('platform.yaml', FILE);
    await s.converge([path]);
    // Something wrote without reloading (another tool, an interrupted run): here a route the file does not manage.
    await s.client.createOutboundRoute({ name: 'by hand', prefix: '44', gwgroupid: '5' });
    expect((await s.client.raw('GET', '/inboundmapping')).kamreload).toBe(true);

    const text = await s.run(['plan', path, '--detailed-exitcode']);
    // No object changes, but apply has work to do (the reload): --detailed-exitcode says so, as the README does.
    expect(text.code).toBe(2);
    expect(text.stdout).toContain(NOTE);
    expect(text.stdout).toMatch(/No changes/);
    const json = JSON.parse((await s.run(['plan', path, '--format', 'json'])).stdout);
    expect(json).toMatchObject({ pending_reload: true, notes: [NOTE] });
    expect((await s.run(['plan', path, '--format', 'markdown'])).stdout).toContain(NOTE);

    const apply = await s.run(['apply', path, '--auto-approve']);
    expect(apply.code, apply.stderr).toBe(0);
    expect((await s.client.raw('GET', '/inboundmapping')).kamreload).toBe(false);
    const after = await s.run(['plan', path, '--detailed-exitcode']);
    expect(after.code).toBe(0);
    expect(after.stdout).not.toContain('not live yet');
  });

  it('apply --no-reload leaves it to the operator', async () => {
    const s = await scenario();
    const path = s.file('platform.yaml', FILE);
    await s.converge([path]);
    await s.client.createOutboundRoute({ name: 'by hand', prefix: '44', gwgroupid: '5' });
    const apply = await s.run(['apply', path, '--auto-approve', '--no-reload']);
    expect(apply.code, apply.stderr).toBe(0);
    expect((await s.client.raw('GET', '/inboundmapping')).kamreload).toBe(true);
  });
});

describe('scenario: making pending writes live with a file that manages nothing', () => {
  it('plans the reload from a file holding just version: 1, and applies it', async () => {
    const s = await scenario();
    const path = s.file('nothing.yaml', 'version: 1\n');
    await s.client.createOutboundRoute({ name: 'by hand', prefix: '44', gwgroupid: '5' });
    const apply = await s.run(['apply', path, '--auto-approve']);
    expect(apply.code, apply.stderr).toBe(0);
    expect(apply.stdout).toContain(NOTE);
    expect(apply.stdout).toMatch(/Proxy reloaded/);
    expect((await s.client.raw('GET', '/inboundmapping')).kamreload).toBe(false);
  });
});
