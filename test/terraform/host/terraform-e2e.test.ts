import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_SCHEMA_FILE } from '../../../src/terraform/host/provider-schemas.js';
import { FAKE_PLUGIN, startPlugin } from './plugin-process.js';
import { hasTerraform } from '../../helpers/terraform.js';
import { devTerraform, type DevTerraform } from './terraform-dev.js';

const HEADER = `terraform {
  required_providers { dsiprouter = { source = "dsipform/dsiprouter" } }
}
provider "dsiprouter" {
  url = "http://fake"
}
`;

interface Mapping {
  ruleid: number;
  did: string;
  servers: string[];
  notes: string | null;
}

/** main.tf: mapping `a` (+ `extra`), the list data source after it, and outputs. */
function config(a: string, extra = ''): string {
  return `${HEADER}
resource "dsiprouter_inbound_mapping" "a" {
${a}
}
data "dsiprouter_inbound_mappings" "all" {
  depends_on = [dsiprouter_inbound_mapping.a]
}
output "ruleid" { value = dsiprouter_inbound_mapping.a.ruleid }
output "listed" { value = [for m in data.dsiprouter_inbound_mappings.all.mappings : m.did] }
${extra}`;
}

describe.skipIf(!hasTerraform)('terraform 1.x against the host serving a fake provider', { timeout: 60_000 }, () => {
  let t: DevTerraform;
  let dir: string;
  const store = () => JSON.parse(readFileSync(t.storeFile, 'utf8')) as { next: number; mappings: Mapping[] };
  const setStore = (mappings: Mapping[], next = 100) => writeFileSync(t.storeFile, JSON.stringify({ next, mappings }));
  const write = (hcl: string) => writeFileSync(`${dir}/main.tf`, hcl);

  beforeAll(() => {
    t = devTerraform();
    dir = t.workdir('main', config('  did     = "100"\n  servers = ["s1", "s2"]'));
  });
  afterAll(() => rmSync(t.base, { recursive: true, force: true }));

  it('providers schema -json prints the provider_schemas of schemas/provider.schema.json', async () => {
    const res = await t.tf(dir, ['providers', 'schema', '-json']);
    expect(res.code, res.stderr).toBe(0);
    const file = JSON.parse(readFileSync(PROVIDER_SCHEMA_FILE, 'utf8')) as { provider_schemas: unknown };
    expect((JSON.parse(res.stdout) as { provider_schemas: unknown }).provider_schemas).toEqual(file.provider_schemas);
  });

  it('plans a create with computed attributes known after apply, and applies it', async () => {
    const plan = await t.tf(dir, ['plan', '-no-color']);
    expect(plan.code, plan.all).toBe(0);
    expect(plan.stdout).toMatch(/\+ ruleid\s+= \(known after apply\)/);
    const apply = await t.tf(dir, ['apply', '-auto-approve', '-no-color']);
    expect(apply.code, apply.all).toBe(0);
    expect(apply.stdout).toContain('Apply complete! Resources: 1 added, 0 changed, 0 destroyed.');
    expect(apply.stdout).toMatch(/listed = \[\s+"100",\s+\]/);
    expect(apply.stdout).toContain('ruleid = 1');
    expect(store().mappings).toEqual([{ ruleid: 1, did: '100', servers: ['s1', 's2'], notes: '' }]);
  });

  it('plans no changes on the next run (refresh upgrades the JSON state, reads, plans)', async () => {
    const res = await t.tf(dir, ['plan', '-detailed-exitcode', '-no-color']);
    expect(res.code, res.all).toBe(0);
    expect(res.stdout).toContain('No changes.');
  });

  it('updates in place', async () => {
    write(config('  did     = "100"\n  servers = ["s1", "s2"]\n  notes   = "hello"'));
    const plan = await t.tf(dir, ['plan', '-detailed-exitcode', '-no-color']);
    expect(plan.code, plan.all).toBe(2);
    // Terraform renders "" -> "hello" as an addition.
    expect(plan.stdout).toMatch(/~ resource "dsiprouter_inbound_mapping" "a" \{\n.*\n\s+\+ notes\s+= "hello"/);
    expect(plan.stdout).toContain('Plan: 0 to add, 1 to change, 0 to destroy.');
    const apply = await t.tf(dir, ['apply', '-auto-approve', '-no-color']);
    expect(apply.code, apply.all).toBe(0);
    expect(store().mappings[0]).toMatchObject({ ruleid: 1, notes: 'hello' });
  });

  it('replaces when the provider says an attribute requires it', async () => {
    write(config('  did     = "200"\n  servers = ["s1", "s2"]\n  notes   = "hello"'));
    const plan = await t.tf(dir, ['plan', '-no-color']);
    expect(plan.stdout).toMatch(/~ did\s+= "100" -> "200" # forces replacement/);
    expect(plan.stdout).toContain('Plan: 1 to add, 0 to change, 1 to destroy.');
    const apply = await t.tf(dir, ['apply', '-auto-approve', '-no-color']);
    expect(apply.code, apply.all).toBe(0);
    expect(store().mappings).toEqual([{ ruleid: 2, did: '200', servers: ['s1', 's2'], notes: 'hello' }]);
  });

  it('shows an object deleted outside Terraform and re-creates it', async () => {
    setStore([], 3);
    const plan = await t.tf(dir, ['plan', '-detailed-exitcode', '-no-color']);
    expect(plan.code, plan.all).toBe(2);
    expect(plan.stdout).toContain('dsiprouter_inbound_mapping.a has been deleted');
    expect(plan.stdout).toContain('Plan: 1 to add, 0 to change, 0 to destroy.');
    const apply = await t.tf(dir, ['apply', '-auto-approve', '-no-color']);
    expect(apply.code, apply.all).toBe(0);
    expect(store().mappings.map((m) => m.ruleid)).toEqual([3]);
  });

  it('imports with terraform import and with an import block', async () => {
    setStore([
      ...store().mappings,
      { ruleid: 50, did: '500', servers: ['s9'], notes: 'n' },
      { ruleid: 60, did: '600', servers: ['s6'], notes: '' },
    ]);
    const b = 'resource "dsiprouter_inbound_mapping" "b" {\n  did     = "500"\n  servers = ["s9"]\n  notes   = "n"\n}\n';
    const c = 'resource "dsiprouter_inbound_mapping" "c" {\n  did     = "600"\n  servers = ["s6"]\n}\n';
    write(config('  did     = "200"\n  servers = ["s1", "s2"]\n  notes   = "hello"', b));
    const imported = await t.tf(dir, ['import', '-no-color', 'dsiprouter_inbound_mapping.b', '50']);
    expect(imported.code, imported.all).toBe(0);
    expect(imported.stdout).toContain('Import successful!');
    expect((await t.tf(dir, ['plan', '-detailed-exitcode', '-no-color'])).code).toBe(0);

    write(
      config(
        '  did     = "200"\n  servers = ["s1", "s2"]\n  notes   = "hello"',
        `${b}${c}import {\n  to = dsiprouter_inbound_mapping.c\n  id = "did:600"\n}\n`,
      ),
    );
    const plan = await t.tf(dir, ['plan', '-no-color']);
    expect(plan.stdout).toContain('Plan: 1 to import, 0 to add, 0 to change, 0 to destroy.');
    const apply = await t.tf(dir, ['apply', '-auto-approve', '-no-color']);
    expect(apply.code, apply.all).toBe(0);
    expect(apply.stdout).toContain('Apply complete! Resources: 1 imported, 0 added, 0 changed, 0 destroyed.');
  });

  it('shows validation errors at the attribute, and a failed import with the provider message', async () => {
    const other = t.workdir(
      'invalid',
      `${HEADER}resource "dsiprouter_inbound_mapping" "bad" {
  did     = "12a"
  servers = ["ok", ""]
}
`,
    );
    const res = await t.tf(other, ['validate', '-no-color']);
    expect(res.code).toBe(1);
    expect(res.all).toContain('Error: Invalid DID');
    expect(res.all).toContain('on main.tf line 8, in resource "dsiprouter_inbound_mapping" "bad":');
    expect(res.all).toContain('   8:   did     = "12a"');
    expect(res.all).toContain('Error: Empty server');
    expect(res.all).toContain('   9:   servers = ["ok", ""]');

    const missing = await t.tf(other, ['import', '-no-color', 'dsiprouter_inbound_mapping.bad', '999']);
    expect(missing.code).toBe(1);
    expect(missing.all).toContain('Error: No such inbound mapping');
    expect(missing.all).toContain('Nothing matches the import id "999".');
  });

  it('reports a provider that throws as a bug, and the next command still works', async () => {
    const other = t.workdir('stats', `${HEADER}data "dsiprouter_proxy_stats" "s" {}\n`);
    const res = await t.tf(other, ['plan', '-no-color']);
    expect(res.code).toBe(1);
    expect(res.all).toContain('internal error in the dsiprouter provider (this is a bug, please report it): boom from the fake provider');
    expect((await t.tf(dir, ['plan', '-detailed-exitcode', '-no-color'])).code).toBe(0);
  });

  it('destroys', async () => {
    const res = await t.tf(dir, ['destroy', '-auto-approve', '-no-color']);
    expect(res.code, res.all).toBe(0);
    expect(res.stdout).toContain('Destroy complete! Resources: 3 destroyed.');
    expect(store().mappings).toEqual([]);
  });

  it('every provider process was shut down through GRPCController.Shutdown and cleaned up its socket', () => {
    expect(readFileSync(t.eventsFile, 'utf8')).toContain('shutdown\n');
    expect(readdirSync(t.tmp).filter((name) => name.startsWith('tf-dsiprouter-'))).toEqual([]);
  });

  describe('debug mode', () => {
    let debug: Awaited<ReturnType<typeof startPlugin>>;
    afterAll(() => debug?.child.kill('SIGKILL'));

    it('serves several terraform commands from one process through TF_REATTACH_PROVIDERS, until SIGINT', async () => {
      writeFileSync(t.eventsFile, '');
      write(config('  did     = "300"\n  servers = ["s3"]'));
      debug = await startPlugin(FAKE_PLUGIN, ['--debug'], t.env);
      const m = /^TF_REATTACH_PROVIDERS='(.*)'$/.exec(debug.line);
      expect(m, debug.line).not.toBeNull();
      const reattach = { TF_REATTACH_PROVIDERS: m![1]! };
      const plan = await t.tf(dir, ['plan', '-detailed-exitcode', '-no-color'], reattach);
      expect(plan.code, plan.all).toBe(2);
      expect(plan.stdout).toContain('Plan: 1 to add, 0 to change, 0 to destroy.');
      const apply = await t.tf(dir, ['apply', '-auto-approve', '-no-color'], reattach);
      expect(apply.code, apply.all).toBe(0);
      expect(debug.child.exitCode).toBeNull();
      expect(readFileSync(t.eventsFile, 'utf8')).not.toContain('shutdown');
      debug.child.kill('SIGINT');
      expect(await debug.exited).toBe(0);
      expect(readFileSync(t.eventsFile, 'utf8')).toMatch(/configure\n(.*\n)*shutdown\n$/);
      expect((await t.tf(dir, ['destroy', '-auto-approve', '-no-color'])).code).toBe(0);
    });
  });
});
