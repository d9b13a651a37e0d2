// `--target` with endpoint groups (issue 34 §5): a targets file whose one target declares
// endpoint_groups: is validated, planned, applied and checked for drift alone; the other platform
// is never written; the registration password, taken from the environment, never appears in what
// a run prints. Two `current` emulators as two platforms, the CLI as a process (dist/ built).
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformClient } from '../../src/api/client.js';
import { runCli, startEmulatorProcess, type CliResult, type EmulatorProcess } from '../helpers/cli.js';

const TOKEN = 'targets-eg-token-4b7d1e9a';
const PASSWORD = 'Acme-Registration-Pw-71f3';

let dir: string;
let acme: EmulatorProcess;
let other: EmulatorProcess;
let targetsFile: string;
const env = { ACME_PBX_PASSWORD: PASSWORD };

function write(path: string, text: string): string {
  const file = join(dir, path);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, text);
  return file;
}

/** The endpoint groups one platform holds, by name. */
async function groupNames(url: string): Promise<string[]> {
  const client = new PlatformClient({ url, token: TOKEN });
  try {
    return (await client.listEndpointGroups()).map((g) => g.name).sort();
  } finally {
    await client.close();
  }
}

/** Neither the token nor the registration password appears in what a run printed. */
function expectNoSecret(r: CliResult): void {
  for (const secret of [TOKEN, PASSWORD]) {
    expect(r.stdout).not.toContain(secret);
    expect(r.stderr).not.toContain(secret);
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dsipform-targets-eg-'));
  const tokenFile = write('platform.token', TOKEN);
  chmodSync(tokenFile, 0o600);
  [acme, other] = await Promise.all([
    startEmulatorProcess(['--token-file', tokenFile, '--profile', 'current']),
    startEmulatorProcess(['--token-file', tokenFile, '--profile', 'current']),
  ]);
  write(
    'acme/endpoint-groups.yaml',
    [
      'version: 1',
      'endpoint_groups:',
      '  - name: Acme PBX',
      '    call_limit: 30',
      '    endpoints:',
      '      - name: acme-main',
      '        hostname: 203.0.113.10',
      '    auth:',
      '      type: userpwd',
      '      auth_username: acme',
      '      auth_password: ${ACME_PBX_PASSWORD}',
      '      auth_domain: pbx.acme.example',
      'inbound_mappings:',
      '  - did: "15551230001"',
      '    group: Acme PBX',
      'policy:',
      '  ignore:',
      '    endpoint_groups: ["*"]',
      '    inbound_mappings: ["*"]',
      '',
    ].join('\n'),
  );
  write(
    'other/routes.yaml',
    'version: 1\noutbound_routes:\n  - name: US\n    prefix: "1"\n    gwgroupid: "2"\npolicy:\n  ignore:\n    outbound_routes: ["Default Outbound Route"]\n',
  );
  targetsFile = write(
    'dsipform.targets.yaml',
    [
      'targets:',
      '  acme:',
      `    url: ${acme.url}`,
      '    token: { file: platform.token }',
      '    api_profile: current',
      '    paths: [acme/]',
      '  other:',
      `    url: ${other.url}`,
      '    token: { file: platform.token }',
      '    api_profile: current',
      '    paths: [other/]',
      '',
    ].join('\n'),
  );
}, 30_000);

afterAll(async () => {
  await Promise.all([acme?.stop(), other?.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

describe('--target with endpoint groups', () => {
  it('validate --target counts the endpoint groups the target declares', async () => {
    const r = await runCli(['validate', '--targets', targetsFile, '--target', 'acme', '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const result = (JSON.parse(r.stdout) as { targets: { result: { counts: Record<string, number> } }[] }).targets[0]!.result;
    expect(result.counts).toEqual({ inbound_mappings: 1, endpoint_groups: 1 });
    const text = await runCli(['validate', '--targets', targetsFile, '--target', 'acme']);
    expect(text.stdout).toContain('Valid: 1 file, 1 inbound mapping, 1 endpoint group.');
  });

  it('plan and apply of the one target write its endpoint group there alone; drift then sees a change made by hand', async () => {
    const before = await groupNames(other.url);
    const planned = await runCli(['plan', '--targets', targetsFile, '--target', 'acme', '--format', 'json'], env);
    expect(planned.code, planned.stderr).toBe(0);
    const report = JSON.parse(planned.stdout) as {
      targets: { name: string; result: { changes: { kind: string; action: string; key: string }[] } }[];
    };
    expect(report.targets.map((t) => t.name)).toEqual(['acme']);
    expect(report.targets[0]!.result.changes.map((c) => `${c.action} ${c.kind} ${c.key}`)).toEqual([
      'create endpoint_group Acme PBX',
      'create inbound_mapping 15551230001',
    ]);
    expectNoSecret(planned);

    const applied = await runCli(['apply', '--targets', targetsFile, '--target', 'acme', '--auto-approve'], env);
    expect(applied.code, applied.stderr + applied.stdout).toBe(0);
    expect(applied.stdout).toContain('Apply complete: 2 applied, 0 failed');
    expectNoSecret(applied);
    expect(await groupNames(acme.url)).toContain('Acme PBX');
    expect(await groupNames(other.url)).toEqual(before);

    const again = await runCli(['plan', '--targets', targetsFile, '--target', 'all', '--detailed-exitcode'], env);
    expect(again.stdout).toMatch(/acme\s+ok/);
    expect(again.stdout).toMatch(/other\s+changes/);
    expectNoSecret(again);

    // A change by hand on the acme platform: its call limit.
    const client = new PlatformClient({ url: acme.url, token: TOKEN });
    try {
      const group = (await client.listEndpointGroups()).find((g) => g.name === 'Acme PBX')!;
      const held = (await client.getEndpointGroup(group.gwgroupid))!;
      // The platform's update replaces the registration too: the password is sent again as it is.
      const auth = { ...held.auth!, auth_password: PASSWORD };
      await client.updateEndpointGroup(group.gwgroupid, { ...held, call_limit: 5, auth }, held.gwids);
    } finally {
      await client.close();
    }
    const drift = await runCli(['drift', '--targets', targetsFile, '--target', 'acme'], env);
    expect(drift.code, drift.stderr).toBe(2);
    expect(drift.stdout).toContain('~ endpoint_group "Acme PBX"');
    expect(drift.stdout).toContain('call_limit: 5 on the platform, 30 in the files');
    expectNoSecret(drift);
  }, 60_000);
});
