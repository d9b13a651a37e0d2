import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { TEST_PROFILE } from '../helpers/emulator.js';
import { hasTerraform, PROVIDER_BLOCK, terraformWorkspace, type TfResult, type TfWorkspace } from '../helpers/terraform.js';
import { startTinyServer, type TinyServer } from '../helpers/tiny-server.js';
import { zipEntries } from '../helpers/zip-entries.js';

/**
 * The ephemeral lease is used where Terraform allows ephemeral values: a provisioner's environment
 * (the command writes what it got to a file, so the test knows the credential reached it).
 */
const CONFIG = `${PROVIDER_BLOCK}
ephemeral "dsiprouter_endpoint_lease" "softphone" {
  email = "ops@example.com"
  ttl   = "15m"
}

resource "terraform_data" "register" {
  provisioner "local-exec" {
    command = "printf '%s:%s' \\"$LEASE_USER\\" \\"$LEASE_PASSWORD\\" > lease-seen.txt"
    environment = {
      LEASE_USER     = ephemeral.dsiprouter_endpoint_lease.softphone.username
      LEASE_PASSWORD = ephemeral.dsiprouter_endpoint_lease.softphone.password
    }
  }
}
`;

/** The example of a section of docs/terraform.md, or of a registry page. */
function example(file: string, heading: RegExp): string {
  const text = readFileSync(fileURLToPath(new URL(`../../docs/${file}`, import.meta.url)), 'utf8');
  const at = text.search(heading);
  expect(at, `${heading} in docs/${file}`).toBeGreaterThanOrEqual(0);
  return /```(?:hcl|terraform)\n([\s\S]*?)```/.exec(text.slice(at))![1]!;
}

/** A real HTTP proxy in front of the emulator that writes down every lease password the platform hands out. */
async function startPasswordRecorder(target: string): Promise<TinyServer & { readonly passwords: string[] }> {
  const passwords: string[] = [];
  const server = await startTinyServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (d: Buffer) => chunks.push(d));
    req.on('end', () => {
      const headers = { ...req.headers };
      delete headers.host;
      delete headers.connection;
      request(`${target}${req.url}`, { method: req.method as 'GET', headers, body: chunks.length ? Buffer.concat(chunks) : undefined })
        .then(async (upstream) => {
          const body = await upstream.body.text();
          for (const m of body.matchAll(/"password"\s*:\s*"([^"]+)"/g)) passwords.push(m[1]!);
          res.writeHead(upstream.statusCode, { 'content-type': String(upstream.headers['content-type'] ?? 'application/json') });
          res.end(body);
        })
        .catch(() => res.destroy());
    });
  });
  return { ...server, passwords };
}

/**
 * Issue 37: `ephemeral "dsiprouter_endpoint_lease"` through the real terraform binary against the
 * emulator. Each run that needs it (the plan, then the apply) obtains a lease and revokes it at the
 * end; the credentials reach the provisioner and never land in the saved plan, the state, `terraform
 * show -json` or what Terraform prints.
 */
describe.skipIf(!hasTerraform)(`ephemeral dsiprouter_endpoint_lease (${TEST_PROFILE} API)`, () => {
  let emu: RunningEmulator;
  let recorder: Awaited<ReturnType<typeof startPasswordRecorder>>;
  let ws: TfWorkspace;
  const dataFile = join(mkdtempSync(join(tmpdir(), 'dsipform-tf-ephemeral-')), 'emu.json');
  const printed: TfResult[] = [];
  const ok = async (args: string[]) => {
    const r = await ws.tf(args);
    printed.push(r);
    expect(r.code, `terraform ${args.join(' ')}\n${r.stdout}\n${r.stderr}`).toBe(0);
    return r;
  };

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, token: 'tf-e2e37-ephemeral-0123456789', profile: TEST_PROFILE, dataFile });
    recorder = await startPasswordRecorder(emu.url);
    ws = await terraformWorkspace({ dsip_url: recorder.url, dsip_token: emu.token });
    ws.write('main.tf', CONFIG);
  }, 60_000);
  afterAll(async () => {
    await recorder?.close();
    await emu?.close();
  });

  it('opens a lease for the provisioner, revokes it, and keeps its password out of plan, state and output', async () => {
    await ok(['init', '-input=false']);
    const plan = await ok(['plan', '-input=false', '-out=tfplan']);
    expect(plan.stdout).toMatch(/Plan: 1 to add/);
    const shownPlan = await ok(['show', '-json', 'tfplan']);
    const apply = await ok(['apply', '-input=false', 'tfplan']);
    expect(apply.stdout).toMatch(/Apply complete! Resources: 1 added/);
    const shownState = await ok(['show', '-json']);

    // The provisioner got a live lease's credentials: the last lease the platform handed out.
    const [user, password] = readFileSync(join(ws.dir, 'lease-seen.txt'), 'utf8').split(':');
    expect(user).toMatch(/^lease\d+$/);
    expect(recorder.passwords.at(-1)).toBe(password);

    // No lease's password anywhere Terraform writes or prints.
    const state = readFileSync(join(ws.dir, 'terraform.tfstate'), 'utf8');
    const planFiles = zipEntries(readFileSync(join(ws.dir, 'tfplan')));
    expect(planFiles.map((f) => f.name)).toContain('tfplan');
    const places: [string, string][] = [
      ['terraform.tfstate', state],
      ['terraform show -json', shownState.stdout],
      ['terraform show -json tfplan', shownPlan.stdout],
      ...planFiles.map((f): [string, string] => [`tfplan:${f.name}`, f.data.toString('latin1')]),
      ...printed.map((r, i): [string, string] => [`output of terraform call ${i}`, `${r.stdout}\n${r.stderr}`]),
    ];
    expect(recorder.passwords.length).toBeGreaterThan(0);
    for (const secret of recorder.passwords) {
      for (const [where, text] of places) expect(text.includes(secret), `a lease password in ${where}`).toBe(false);
    }
    // The state holds the resource that used the lease, and nothing of the lease but its address.
    const resources = (JSON.parse(state) as { resources: { mode: string; type: string }[] }).resources;
    expect(resources.map((r) => `${r.mode} ${r.type}`)).toEqual(['managed terraform_data']);

    // Every lease obtained (one per run that opened it) was revoked: the platform holds none.
    await recorder.close();
    await emu.close();
    const saved = JSON.parse(readFileSync(dataFile, 'utf8')) as { leases: unknown[]; nextLeaseid: number };
    expect(saved.nextLeaseid - 1).toBe(recorder.passwords.length);
    expect(saved.leases).toEqual([]);
  }, 240_000);

  it('validates the documented examples, and checks the provider block an ephemeral resource alone uses', async () => {
    const examples = [
      example('terraform.md', /^## Ephemeral resource dsiprouter_endpoint_lease$/m),
      example('ephemeral-resources/endpoint_lease.md', /^## Example Usage$/m),
    ];
    expect(examples[0]).toBe(examples[1]);
    ws.write('main.tf', PROVIDER_BLOCK + examples[0]);
    await ok(['validate']);
    // No resource or data source uses the provider here: the ephemeral resource makes Terraform check it.
    ws.write(
      'main.tf',
      PROVIDER_BLOCK.replace('provider "dsiprouter" {', 'provider "dsiprouter" {\n  api_profile = "bogus"') + examples[0],
    );
    const bad = await ws.tf(['validate']);
    expect(bad.code).toBe(1);
    expect(bad.stderr.replace(/\s+/g, ' ')).toMatch(/Error: Invalid api_profile .* "bogus" is not one of auto, spec, current/);
  }, 120_000);
});
