import { join } from 'node:path';
import * as cdktf from 'cdktf';
import * as cdktn from 'cdktn';
import { describe, expect, it } from 'vitest';
import * as forCdktf from '../../../src/cdktf/bindings/cdktf/index.js';
import * as forCdktn from '../../../src/cdktf/bindings/cdktn/index.js';
import { readStack } from '../../../src/cdktf/reader/read-stack.js';
import { scenario } from '../../helpers/scenario.js';

const PASSWORD = 'Pw-pbx-stack-3e9b7a10';

/**
 * Synthesizes (app.synth(), no cdktf CLI) a stack with an endpoint group, its password a sensitive
 * TerraformVariable, and two numbers, with the bindings of one package; returns the stack directory.
 */
function synth(core: typeof cdktf | typeof cdktn, b: typeof forCdktf | typeof forCdktn, outdir: string): string {
  const app = new core.App({ outdir });
  const stack = new core.TerraformStack(app, 'inventory');
  new b.DsiprouterProvider(stack, 'dsip', {});
  const password = new core.TerraformVariable(stack, 'pbx_password', { type: 'string', sensitive: true });
  new b.EndpointGroup(stack, 'acme', {
    name: 'Acme PBX',
    callLimit: 30,
    prefix: '9',
    endpoint: [
      { name: 'acme-main', hostname: '203.0.113.10' },
      { name: 'acme-backup', hostname: '203.0.113.11:5080', weight: 2 },
    ],
    auth: {
      type: 'userpwd',
      authUsername: 'acme',
      authPasswordWo: password.stringValue,
      authPasswordWoVersion: 1,
      authDomain: 'pbx.acme.example',
    },
    notifications: { overMaxCallLimit: 'noc@acme.example' },
    cdr: { email: 'billing@acme.example', sendInterval: '0 0 * * *' },
  });
  new b.Number(stack, 'main', { did: '+15557770001', status: 'assigned', carrier: 'Telnyx', pool: 'chicago-main' });
  new b.Number(stack, 'spare', { did: '15557770002', status: 'reserved' });
  app.synth();
  return join(outdir, 'stacks', 'inventory');
}

/*
 * The CDKTF bindings of the two kinds issue 34 and 35 added (`EndpointGroup`, `Number`, in both
 * packages), and `--cdktf` reading them into the desired state: a plan of the synthesized stack
 * against the deployed API's emulator (which has the Numbers module) shows the creates, the apply
 * writes them, and a second plan shows no changes; the password never shows.
 */
describe('a synthesized stack with an endpoint group and numbers', () => {
  it.each([
    ['dsipform/cdktf', cdktf, forCdktf],
    ['dsipform/cdktn', cdktn, forCdktn],
  ] as const)('from %s reads into the desired state the files would make', async (_pkg, core, b) => {
    const s = await scenario({ profile: 'current', empty: true });
    const read = await readStack(synth(core, b, join(s.dir, 'cdktf.out')), { env: { TF_VAR_pbx_password: PASSWORD } });
    expect(read.ok, JSON.stringify(read)).toBe(true);
    if (!read.ok) return;
    expect(read.desired.endpoint_groups).toMatchObject([
      {
        name: 'Acme PBX',
        call_limit: 30,
        strip: 0,
        prefix: '9',
        endpoints: [
          { name: 'acme-main', hostname: '203.0.113.10:5060', weight: 1 },
          { name: 'acme-backup', hostname: '203.0.113.11:5080', weight: 2 },
        ],
        auth: {
          type: 'userpwd',
          auth_username: 'acme',
          auth_domain: 'pbx.acme.example',
          auth_password: PASSWORD,
          password_env: 'TF_VAR_pbx_password',
        },
        notifications: { over_max_call_limit: 'noc@acme.example' },
        cdr: { email: 'billing@acme.example', send_interval: '0 0 * * *' },
      },
    ]);
    expect(read.desired.numbers).toMatchObject([
      { did: '+15557770001', status: 'assigned', carrier: 'Telnyx', pool: 'chicago-main' },
      { did: '15557770002', status: 'reserved', carrier: null, pool: null },
    ]);
  });

  it('plans the creates with dsipform plan --cdktf, applies them, then plans no changes', async () => {
    const s = await scenario({ profile: 'current', empty: true });
    const dir = synth(cdktf, forCdktf, join(s.dir, 'cdktf.out'));
    const env = { TF_VAR_pbx_password: PASSWORD };
    const plan = await s.run(['plan', '--cdktf', dir, '--detailed-exitcode'], { env });
    expect(plan.code, `${plan.stdout}\n${plan.stderr}`).toBe(2);
    expect(plan.stdout).toMatch(/Plan: 3 to create, 0 to update, 0 to delete/);
    expect(plan.stdout).toMatch(/# endpoint_group "Acme PBX" will be created/);
    expect(plan.stdout).toMatch(/# did_number "\+15557770001" will be created/);
    expect(plan.stdout).toMatch(/auth_password: \(sensitive\) from \$\{TF_VAR_pbx_password\}/);
    const applied = await s.run(['apply', '--cdktf', dir, '--auto-approve'], { env });
    expect(applied.code, `${applied.stdout}\n${applied.stderr}`).toBe(0);
    const again = await s.run(['plan', '--cdktf', dir, '--detailed-exitcode'], { env });
    expect(again.code, `${again.stdout}\n${again.stderr}`).toBe(0);
    for (const out of [plan, applied, again]) expect(out.stdout + out.stderr).not.toContain(PASSWORD);
    const [group] = (await s.client.listEndpointGroups()).filter((g) => g.name === 'Acme PBX');
    expect((await s.client.getEndpointGroup(group!.gwgroupid))?.endpoints.map((e) => e.name).sort()).toEqual(['acme-backup', 'acme-main']);
    expect((await s.client.listNumbers()).map((n) => n.did).sort()).toEqual(['+15557770001', '15557770002']);
  });

  it('reads DsipformPolicy for the two collections: ignore globs and protect', async () => {
    const s = await scenario({ profile: 'current', empty: true });
    const app = new cdktf.App({ outdir: join(s.dir, 'out') });
    const stack = new cdktf.TerraformStack(app, 'policy');
    new forCdktf.DsiprouterProvider(stack, 'dsip', {});
    new forCdktf.Number(stack, 'main', { did: '15557770001' });
    new forCdktf.DsipformPolicy(stack, 'policy', {
      ignore: { endpointGroups: ['Legacy *'], numbers: ['1800*'] },
      protect: ['endpoint_groups', 'numbers'],
    });
    app.synth();
    const read = await readStack(join(s.dir, 'out', 'stacks', 'policy'));
    expect(read.ok, JSON.stringify(read)).toBe(true);
    if (!read.ok) return;
    expect(read.desired.policy.ignore).toMatchObject({ endpoint_groups: ['Legacy *'], numbers: ['1800*'] });
    expect(read.desired.policy.protect).toEqual(['endpoint_groups', 'numbers']);
  });

  it('refuses a number declared twice by the platform’s identity, and a literal password, at the resource', async () => {
    const s = await scenario({ profile: 'current', empty: true });
    const app = new cdktf.App({ outdir: join(s.dir, 'out') });
    const stack = new cdktf.TerraformStack(app, 'bad');
    new forCdktf.DsiprouterProvider(stack, 'dsip', {});
    new forCdktf.Number(stack, 'a', { did: '+15557770001' });
    new forCdktf.Number(stack, 'b', { did: '15557770001' });
    new forCdktf.EndpointGroup(stack, 'pbx', {
      name: 'PBX',
      auth: { type: 'userpwd', authUsername: 'u', authDomain: 'd', authPassword: 'literal' },
    });
    app.synth();
    const r = await s.run(['plan', '--cdktf', join(s.dir, 'out', 'stacks', 'bad')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/cdk\.tf\.json:\d+:\d+: number "15557770001" is declared twice/);
    expect(r.stderr).toMatch(
      /dsiprouter_endpoint_group\.pbx \(attribute auth\.auth_password\): the password must come from a Terraform variable/,
    );
    expect(r.stderr).not.toContain('literal');
  });
});
