import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatIssue } from '../../../src/config/index.js';
import { readStack } from '../../../src/cdktf/reader/read-stack.js';

/** Writes a stack directory holding cdk.tf.json with the given resources, pretty-printed like CDKTF. */
function stackWith(resource: Record<string, Record<string, unknown>>): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'dsipform-stack-')), 'stacks', 'platform');
  mkdirSync(dir, { recursive: true });
  const doc = {
    '//': { metadata: { backend: 'local', stackName: 'platform', version: '0.21.0' } },
    provider: { dsiprouter: [{}] },
    resource,
    terraform: {
      backend: { local: { path: 'terraform.platform.tfstate' } },
      required_providers: { dsiprouter: { source: 'dsipform/dsiprouter', version: '0.1.0' } },
    },
  };
  writeFileSync(join(dir, 'cdk.tf.json'), JSON.stringify(doc, null, 2));
  return dir;
}

const meta = (path: string) => ({ '//': { metadata: { path, uniqueId: path.split('/').pop() } } });

describe('readStack', () => {
  it('reads literal resources into a desired state, with defaults and origins', async () => {
    const dir = stackWith({
      dsiprouter_inbound_mapping: { main: { ...meta('platform/main'), did: '15551230001', servers: ['66', '67'], notes: 'Main office' } },
      dsiprouter_outbound_route: {
        uk: {
          ...meta('platform/uk'),
          name: 'UK',
          prefix: '44',
          from_prefix: '1555',
          gwgroupid: '#5',
          depends_on: ['dsiprouter_inbound_mapping.main'],
        },
      },
      dsiprouter_endpoint_lease: { softphone: { ...meta('platform/softphone'), email: 'ops@example.com', ttl: '15m' } },
    });
    const r = await readStack(dir);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.desired.inbound_mappings).toEqual([
      expect.objectContaining({ did: '15551230001', servers: ['66', '67'], notes: 'Main office' }),
    ]);
    expect(r.desired.outbound_routes).toEqual([
      expect.objectContaining({ name: 'UK', from_prefix: '1555', gwgroupid: '5', priority: 0, timerec: '', routeid: '' }),
    ]);
    expect(r.desired.endpoint_leases).toEqual([expect.objectContaining({ name: 'softphone', ttl: 900, renew_before: 90 })]);
    expect(r.desired.inbound_mappings![0]!.origin).toMatchObject({ file: join(dir, 'cdk.tf.json'), line: expect.any(Number) });
  });

  it('gives a 1-second lease renew_before 0, as the files do (the one default)', async () => {
    const r = await readStack(stackWith({ dsiprouter_endpoint_lease: { brief: { email: 'ops@example.com', ttl: '1' } } }));
    expect(r.ok && r.desired.endpoint_leases).toEqual([expect.objectContaining({ name: 'brief', ttl: 1, renew_before: 0 })]);
  });

  it('reads a resource with a timeouts block (the bindings emit it; it bounds Terraform, not the object)', async () => {
    const r = await readStack(
      stackWith({
        dsiprouter_inbound_mapping: { main: { did: '15551230001', servers: ['66'], timeouts: { create: '30s', delete: '2m' } } },
      }),
    );
    expect(r.ok, JSON.stringify(!r.ok && r.issues)).toBe(true);
    expect(r.ok && r.desired.inbound_mappings).toEqual([expect.objectContaining({ did: '15551230001', servers: ['66'] })]);
  });

  it('reads a carrier group through the one normaliser: endpoint blocks, defaults, auth, the password as a variable', async () => {
    const dir = stackWith({
      dsiprouter_carrier_group: {
        acme: {
          ...meta('platform/acme'),
          name: 'Acme',
          lb_enabled: true,
          endpoint: [
            { name: 'gw1', hostname: 'gw1.example.com' },
            { name: 'gw2', hostname: 'gw2.example.com:5080', strip: 1, prefix: '9', weight: '2' },
          ],
          // CDKTF synthesizes a TerraformVariable as ${var.NAME}; Terraform (and dsipform's apply) read TF_VAR_NAME.
          auth: { type: 'userpwd', auth_username: 'acme', auth_password: '${var.acme_password}', auth_domain: 'sip.acme.example' },
        },
      },
    });
    const r = await readStack(dir);
    expect(r.ok, JSON.stringify(!r.ok && r.issues)).toBe(true);
    if (!r.ok) return;
    expect(r.desired.carrier_groups).toEqual([
      {
        name: 'Acme',
        lb_enabled: true,
        endpoints: [
          { name: 'gw1', hostname: 'gw1.example.com:5060', strip: 0, prefix: '', weight: 1 },
          { name: 'gw2', hostname: 'gw2.example.com:5080', strip: 1, prefix: '9', weight: 2 },
        ],
        auth: { type: 'userpwd', auth_username: 'acme', password_env: 'TF_VAR_acme_password', auth_domain: 'sip.acme.example' },
        origin: expect.objectContaining({ file: join(dir, 'cdk.tf.json') }),
      },
    ]);
    // Only the kinds the stack holds are managed.
    expect([r.desired.inbound_mappings, r.desired.outbound_routes]).toEqual([undefined, undefined]);
  });

  it('reads the write-only password (auth_password_wo) as the same variable, its version left to Terraform', async () => {
    const auth = { type: 'userpwd', auth_username: 'acme', auth_password_wo: '${var.acme_password}', auth_password_wo_version: 2 };
    const r = await readStack(stackWith({ dsiprouter_carrier_group: { acme: { name: 'Acme', auth } } }));
    expect(r.ok, JSON.stringify(!r.ok && r.issues)).toBe(true);
    expect(r.ok && r.desired.carrier_groups?.[0]?.auth).toEqual({
      type: 'userpwd',
      auth_username: 'acme',
      password_env: 'TF_VAR_acme_password',
    });
    const both = await readStack(
      stackWith({ dsiprouter_carrier_group: { acme: { name: 'Acme', auth: { ...auth, auth_password: '${var.other}' } } } }),
    );
    expect(!both.ok && both.issues.map((i) => i.message)).toEqual([
      expect.stringMatching(/\(attribute auth\.auth_password_wo\): give auth_password_wo or auth_password, not both/),
    ]);
  });

  it('reads group and carrier_group names on mappings and routes for the planner to resolve, like the files', async () => {
    const r = await readStack(
      stackWith({
        dsiprouter_carrier_group: { acme: { name: 'Acme', endpoint: [{ name: 'gw1', hostname: 'gw1.example.com' }] } },
        dsiprouter_inbound_mapping: { main: { did: '15551230001', group: 'Acme' } },
        dsiprouter_outbound_route: { uk: { name: 'UK', prefix: '44', carrier_group: 'Acme' } },
      }),
    );
    expect(r.ok, JSON.stringify(!r.ok && r.issues)).toBe(true);
    if (!r.ok) return;
    expect(r.desired.inbound_mappings).toEqual([expect.objectContaining({ did: '15551230001', servers: [], group: 'Acme' })]);
    expect(r.desired.outbound_routes).toEqual([expect.objectContaining({ name: 'UK', gwgroupid: '', carrier_group: 'Acme' })]);
  });

  it('manages only the kinds the stack holds', async () => {
    const r = await readStack(stackWith({ dsiprouter_outbound_route: { us: { name: 'US', prefix: '1', gwgroupid: '2' } } }));
    expect(r.ok && [r.desired.inbound_mappings, r.desired.endpoint_leases]).toEqual([undefined, undefined]);
  });

  it.each<[string, Record<string, Record<string, unknown>>, RegExp[]]>([
    [
      'a Terraform reference names the resource and attribute and points to way 2',
      { dsiprouter_inbound_mapping: { main: { did: '1', servers: ['1'], notes: '${dsiprouter_outbound_route.uk.groupid}' } } },
      [
        /dsiprouter_inbound_mapping\.main \(attribute notes\): "\$\{dsiprouter_outbound_route\.uk\.groupid\}" is a Terraform reference[\s\S]*hint: Only Terraform can resolve[\s\S]*terraform -chdir=/,
      ],
    ],
    [
      'a reference inside a list',
      { dsiprouter_inbound_mapping: { m: { did: '1', servers: ['1', '${var.gw}'] } } },
      [/\(attribute servers\.1\)/],
    ],
    ['for_each', { dsiprouter_inbound_mapping: { m: { did: '1', servers: ['1'], for_each: '${toset(var.x)}' } } }, [/attribute for_each/]],
    [
      'an unknown attribute',
      { dsiprouter_outbound_route: { r: { name: 'R', prefix: '1', gwgroupid: '2', prio: 3 } } },
      [/"prio" is not an attribute of dsiprouter_outbound_route/],
    ],
    [
      'platform rules',
      {
        dsiprouter_inbound_mapping: { m: { did: '12ab', servers: ['1', '2', '3'] } },
        dsiprouter_outbound_route: { r: { name: 'R', prefix: '1', gwgroupid: '0' } },
      },
      [/attribute did/, /attribute servers/, /attribute gwgroupid/],
    ],
    [
      'a duplicate DID',
      { dsiprouter_inbound_mapping: { a: { did: '1', servers: ['1'] }, b: { did: '1', servers: ['2'] } } },
      [/DID "1" is declared twice: also at .*cdk\.tf\.json:\d+:\d+/],
    ],
    ['a lease without a ttl', { dsiprouter_endpoint_lease: { l: { email: 'a@b.cd' } } }, [/ttl is required/]],
    [
      "a carrier group's password written in the stack (a secret in a file)",
      { dsiprouter_carrier_group: { acme: { name: 'Acme', auth: { type: 'userpwd', auth_username: 'u', auth_password: 'hunter2' } } } },
      [
        /dsiprouter_carrier_group\.acme \(attribute auth\.auth_password\): the password must come from a Terraform variable[\s\S]*TF_VAR_carrier_password/,
      ],
    ],
    [
      "a carrier group's password from another reference than a variable",
      { dsiprouter_carrier_group: { acme: { name: 'Acme', auth: { type: 'userpwd', auth_password: '${data.vault.pw.value}' } } } },
      [/\(attribute auth\.auth_password\): "\$\{data\.vault\.pw\.value\}" is a Terraform reference/],
    ],
    [
      "a carrier group's rules (the one normaliser), at the endpoint block",
      {
        dsiprouter_carrier_group: {
          acme: { name: 'A,B', endpoint: [{ name: 'a', hostname: 'h.example:99999', weight: -1 }, { name: 'b' }], color: 'red' },
        },
      },
      [
        /dsiprouter_carrier_group\.acme \(attribute name\)/,
        /\(attribute endpoint\.0\.hostname\): endpoint\[0\]\.hostname "h\.example:99999" has no valid port/,
        /\(attribute endpoint\.0\.weight\)/,
        /\(attribute endpoint\.1\.hostname\): endpoint\[1\]\.hostname is required/,
        /"color" is not an attribute of dsiprouter_carrier_group/,
      ],
    ],
    [
      "a carrier group's auth that is no block (the normaliser words it, at the attribute)",
      { dsiprouter_carrier_group: { acme: { name: 'Acme', auth: 'userpwd' } } },
      [/dsiprouter_carrier_group\.acme \(attribute auth\): auth must be a mapping or none, not a string/],
    ],
    [
      // Each kind's blocks reach its normaliser alike: an endpoint group's were left out silently.
      "an endpoint group's auth, notifications and cdr that are no blocks",
      {
        dsiprouter_endpoint_group: {
          pbx: { name: 'PBX', auth: [{ type: 'ip' }, { type: 'ip' }], notifications: 'noc@example.com', cdr: 7 },
        },
      },
      [
        /dsiprouter_endpoint_group\.pbx \(attribute auth\): auth must be a mapping or none, not a list/,
        /dsiprouter_endpoint_group\.pbx \(attribute notifications\): notifications must be a mapping, not a string/,
        /dsiprouter_endpoint_group\.pbx \(attribute cdr\): cdr must be a mapping, not a whole number/,
      ],
    ],
    [
      'a carrier group declared twice',
      { dsiprouter_carrier_group: { a: { name: 'Acme' }, b: { name: 'Acme' } } },
      [/carrier group name "Acme" is declared twice: also at .*cdk\.tf\.json:\d+:\d+/],
    ],
    [
      "a priority beyond the platform's 32-bit range (the one priority rule)",
      { dsiprouter_outbound_route: { r: { name: 'R', prefix: '1', gwgroupid: '5', priority: 2147483648 } } },
      [/\(attribute priority\): priority 2147483648 is outside the platform's range \(-2147483648 to 2147483647\)/],
    ],
    [
      'a ttl beyond 100 years (the one ttl rule)',
      { dsiprouter_endpoint_lease: { l: { email: 'a@b.cd', ttl: '2500000000h' } } },
      [/\(attribute ttl\): ttl must be at most 3153600000 seconds \(100 years\), not "2500000000h"/],
    ],
    [
      'an empty email (the files and the provider refuse it too)',
      { dsiprouter_endpoint_lease: { l: { email: '', ttl: '15m' } } },
      [/\(attribute email\): email must not be empty/],
    ],
  ])('refuses %s, with FILE:LINE:COL', async (_case, resource, messages) => {
    const dir = stackWith(resource);
    const r = await readStack(dir);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const text = r.issues.map(formatIssue).join('\n');
    for (const m of messages) expect(text).toMatch(m);
    for (const issue of r.issues)
      expect(formatIssue(issue)).toMatch(new RegExp(`^${join(dir, 'cdk.tf.json').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+: `));
  });

  it('says how to get a stack when there is none', async () => {
    const r = await readStack('/nonexistent/cdktf.out/stacks/x');
    expect(!r.ok && r.issues[0]!.hint).toMatch(/app\.synth\(\)/);
  });
});
