import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { emulatorFixture, type EmulatorFixture } from '../helpers/emulator.js';

// Two emulators as two targets of one targets file (staging, production), the CLI as a process.

function write(dir: string, path: string, text: string): string {
  const file = join(dir, path);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, text);
  return file;
}

/** Two platforms, both applied from their files; `down` names a target whose URL nothing listens on. */
async function twoTargets(): Promise<{ dir: string; staging: EmulatorFixture; production: EmulatorFixture; env: NodeJS.ProcessEnv }> {
  const [staging, production] = [await emulatorFixture(), await emulatorFixture()];
  const dir = mkdtempSync(join(tmpdir(), 'dsipform-drift-targets-'));
  write(dir, 'shared/outbound.yaml', 'version: 1\noutbound_routes:\n  - name: UK\n    prefix: "44"\n    gwgroupid: "${UK_CARRIER}"\n');
  write(dir, 'shared/policy.yaml', 'version: 1\npolicy:\n  ignore:\n    outbound_routes: ["Default Outbound Route"]\n');
  write(dir, 'staging/inbound.yaml', 'version: 1\ninbound_mappings:\n  - did: ""\n    servers: ["#2"]\n');
  write(dir, 'production/inbound.yaml', 'version: 1\ninbound_mappings:\n  - did: ""\n    servers: ["#3"]\n');
  const env = { STAGING_TOKEN: staging.emu.token, PRODUCTION_TOKEN: production.emu.token };
  targetsFileFor(dir, staging.emu.url, production.emu.url);
  const apply = await runCli(['apply', '--target', 'all', '--auto-approve', '--targets', join(dir, 'dsipform.targets.yaml')], env);
  expect(apply.code, apply.stdout + apply.stderr).toBe(0);
  return { dir, staging, production, env };
}

function targetsFileFor(dir: string, stagingUrl: string, productionUrl: string): string {
  return write(
    dir,
    'dsipform.targets.yaml',
    [
      'paths: [shared/]',
      'targets:',
      '  staging:',
      `    url: ${stagingUrl}`,
      '    token: { env: STAGING_TOKEN }',
      '    paths: [staging/]',
      '    vars: { UK_CARRIER: "5" }',
      '  production:',
      `    url: ${productionUrl}`,
      '    token: { env: PRODUCTION_TOKEN }',
      '    paths: [production/]',
      '    vars: { UK_CARRIER: "6" }',
      '',
    ].join('\n'),
  );
}

interface Combined {
  verb: string;
  exit: number;
  targets: {
    name: string;
    exit: number;
    status: string;
    result: { drift: boolean; objects: { kind: string; key: string; fields: { name: string; live: unknown; file: unknown }[] }[] } | null;
  }[];
}

describe('dsipform drift --target (two emulators as two targets)', () => {
  it('one report per target in one document; the exit code is the worst', async () => {
    const { dir, production, env } = await twoTargets();
    const targets = ['--targets', join(dir, 'dsipform.targets.yaml')];
    const clean = await runCli(['drift', '--target', 'all', ...targets], env);
    expect(clean.code, clean.stderr).toBe(0);
    expect(clean.stdout).toMatch(/^dsipform drift: 2 targets$/m);
    expect(clean.stdout).toMatch(/^ {2}staging +ok /m);
    expect(clean.stdout).toMatch(/^ {2}production +ok /m);

    // Production changed by hand: its UK route goes to another carrier group.
    const uk = (await production.client.listOutboundRoutes()).find((r) => r.name === 'UK')!;
    await production.client.updateOutboundRoute(uk.ruleid, { gwgroupid: '8' });
    const r = await runCli(['drift', '--target', 'all', ...targets, '--format', 'json'], env);
    expect(r.code, r.stderr).toBe(2);
    const doc = JSON.parse(r.stdout) as Combined;
    expect(doc).toMatchObject({ verb: 'drift', exit: 2 });
    expect(doc.targets.map((t) => [t.name, t.exit, t.status, t.result?.drift])).toEqual([
      ['staging', 0, 'ok', false],
      ['production', 2, 'drift', true],
    ]);
    expect(doc.targets[1]!.result!.objects).toMatchObject([
      { kind: 'outbound_route', key: 'UK', fields: [{ name: 'gwgroupid', live: '8', file: '6' }] },
    ]);
    for (const token of [env.STAGING_TOKEN!, env.PRODUCTION_TOKEN!]) expect(r.stdout + r.stderr).not.toContain(token);

    const md = await runCli(['drift', '--target', 'all', ...targets, '--format', 'markdown'], env);
    expect(md.code).toBe(2);
    expect(md.stdout).toMatch(/^\| production \| drift \| /m);
    // Each target's own report sits below its heading (### production), two levels down.
    expect(md.stdout).toMatch(/^### production\n\n#### dsipform drift: 1 object differs$/m);
    expect(md.stdout).toMatch(/^- calls to 44…: .*\(\\#8\) → .*\(\\#6\)/m);
  });

  it('a target that is down is an error (exit 1), and the others are still reported', async () => {
    const { dir, staging, env } = await twoTargets();
    const file = targetsFileFor(dir, staging.emu.url, 'http://127.0.0.1:9');
    const r = await runCli(['drift', '--target', 'all', '--targets', file, '--format', 'json', '--max-attempts', '1'], env);
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.stdout) as Combined;
    expect(doc.targets.map((t) => [t.name, t.exit])).toEqual([
      ['staging', 0],
      ['production', 1],
    ]);
    expect(doc.targets[0]!.result!.drift).toBe(false);
  });
});
