import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { synth } from '../../examples/cdktf/main.js';
import { scenario } from '../helpers/scenario.js';
import { hasTerraform, terraformWorkspace } from '../helpers/terraform.js';

describe('examples/cdktf', () => {
  it('synthesizes cdk.tf.json with no Terraform and no cdktf CLI', async () => {
    const s = await scenario();
    const stack = synth(join(s.dir, 'cdktf.out'));
    const doc = JSON.parse(readFileSync(join(stack, 'cdk.tf.json'), 'utf8'));
    expect(Object.keys(doc.resource).sort()).toEqual([
      'dsiprouter_carrier_group',
      'dsiprouter_endpoint_lease',
      'dsiprouter_inbound_mapping',
      'dsiprouter_outbound_route',
    ]);
    expect(doc.resource.dsiprouter_outbound_route.uk_lcr).toMatchObject({
      name: 'UK from our 1555 numbers',
      prefix: '44',
      from_prefix: '1555',
      gwgroupid: '5',
    });
    expect(doc.terraform.required_providers.dsiprouter.source).toMatch(/dsipform\/dsiprouter$/);
    // The DsipformPolicy, under the top-level "//" that Terraform ignores.
    expect(doc['//'].dsipform_policy).toEqual({
      path: 'platform/policy',
      policy: { ignore: { outbound_routes: ['Default Outbound Route'], carrier_groups: ['* CarrierGroup'] } },
    });
  });
});

describe('way 1: dsipform plan|apply --cdktf, no Terraform', () => {
  it('applies the stack like YAML files, leaving what its policy ignores, then plans no changes', async () => {
    const s = await scenario(); // a fresh install: the default route and carrier groups 1-10
    const stack = synth(join(s.dir, 'cdktf.out'));
    const state = ['--state', join(s.dir, 'state.json')];
    const plan = await s.run(['plan', '--cdktf', stack, '--detailed-exitcode', ...state]);
    expect(plan.code, plan.stderr).toBe(2);
    // The policy keeps the fresh install's route and groups, which the stack does not declare.
    expect(plan.stdout).toMatch(/Plan: 5 to create, 0 to update, 0 to delete, 1 to obtain\./);
    expect(plan.stdout).not.toMatch(/will be deleted/);
    await s.converge(['--cdktf', stack], state);
    expect((await s.client.listOutboundRoutes()).find((r) => r.name === 'UK from our 1555 numbers')!.groupid).toBeGreaterThanOrEqual(10000);
    expect((await s.client.listOutboundRoutes()).map((r) => r.name)).toContain('Default Outbound Route');
    expect((await s.client.listCarrierGroups()).map((g) => g.name).filter((n) => !n.endsWith(' CarrierGroup'))).toEqual(['Acme']);
    expect(await s.client.listCarrierGroups()).toHaveLength(11);
    expect((await s.client.listInboundMappings()).map((m) => m.did).sort()).toEqual(['', '15551230001']);
    expect(JSON.parse(readFileSync(join(s.dir, 'state.json'), 'utf8')).leases.map((l: { name: string }) => l.name)).toEqual(['softphone']);
  });

  it('keeps the lease state out of cdktf.out by default', async () => {
    const s = await scenario();
    const stack = synth(join(s.dir, 'cdktf.out'));
    const r = await s.run(['validate', '--cdktf', stack]);
    expect(r.stdout).toBe('Valid: 1 file, 2 inbound mappings, 2 outbound routes, 1 endpoint lease, 1 carrier group.\n');
    expect(existsSync(join(stack, '.dsipform'))).toBe(false);
  });

  it('refuses a Terraform reference with the resource and attribute, and points to way 2', async () => {
    const s = await scenario();
    const stack = synth(join(s.dir, 'cdktf.out'), { withReference: true });
    const r = await s.run(['plan', '--cdktf', stack]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /cdk\.tf\.json:\d+:\d+: dsiprouter_inbound_mapping\.main_office \(attribute notes\): "Main office via LCR group \$\{dsiprouter_outbound_route\.uk_lcr\.groupid\}" is a Terraform reference/,
    );
    expect(r.stderr).toMatch(/hint: .*terraform -chdir=/);
    expect(await s.client.listInboundMappings()).toEqual([]);
  });
});

describe.skipIf(!hasTerraform)('way 2: terraform -chdir=cdktf.out/stacks/platform, with the provider from the mirror', () => {
  it('inits offline, applies with references resolved, then plans no changes', async () => {
    const s = await scenario();
    const ws = await terraformWorkspace({}, { DSIP_URL: s.emu.url, DSIP_TOKEN: s.emu.token });
    const stack = synth(join(ws.dir, 'cdktf.out'), { withReference: true });
    const chdir = `-chdir=${stack}`;
    const tf = async (args: string[], code = 0) => {
      const r = await ws.tf([chdir, ...args]);
      expect(r.code, `terraform ${args.join(' ')}\n${r.stdout}\n${r.stderr}`).toBe(code);
      return r;
    };
    await tf(['init', '-input=false']);
    await tf(['plan', '-input=false', '-detailed-exitcode'], 2);
    const apply = await tf(['apply', '-auto-approve', '-input=false']);
    expect(apply.stdout).toMatch(/Apply complete! Resources: 6 added/);
    await tf(['plan', '-input=false', '-detailed-exitcode'], 0);
    const lcr = (await s.client.listOutboundRoutes()).find((r) => r.name === 'UK from our 1555 numbers')!;
    expect((await s.client.getInboundMapping({ did: '15551230001' }))?.notes).toBe(`Main office via LCR group ${lcr.groupid}`);
    await tf(['destroy', '-auto-approve', '-input=false']);
    expect(await s.client.listInboundMappings()).toEqual([]);
  }, 180_000);
});
