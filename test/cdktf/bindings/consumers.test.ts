import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProcess } from '../../helpers/process.js';
import { expectDemoStack, readStack } from './stack-json.js';

// Apps outside this repository that depend on the BUILT package (dist/, built by `npm test`),
// through its exports map: a TypeScript ESM app on dsipform/cdktf and a TypeScript CommonJS app
// on dsipform/cdktn, type-checked and compiled by one tsc run, then run by node.
const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const TSC = join(REPO, 'node_modules', 'typescript', 'bin', 'tsc');

const body = (core: string) => `
const app = new App({ outdir: process.argv[2] });
const stack = new TerraformStack(app, 'platform');
new DsiprouterProvider(stack, 'dsip', { url: 'https://sip.example.com:5000', timeoutMs: 5000, reload: false });
const main = new InboundMapping(stack, 'main', { did: '15551230001', servers: ['66', '67'], notes: 'Main office' });
new InboundMapping(stack, 'catch_all', { did: '', servers: ['#2'] });
const uk: OutboundRouteConfig = { name: 'UK from our 1555 numbers', prefix: '44', fromPrefix: '1555', gwgroupid: '5', priority: 10 };
new OutboundRoute(stack, 'uk', uk);
new EndpointLease(stack, 'ci', { email: 'ci@example.com', ttl: '1h' });
new DataDsiprouterProxyStats(stack, 'stats', {});
const policy: DsipformPolicyConfig = { protect: ['carrier_groups'], allowUnrouting: false };
new DsipformPolicy(stack, 'policy', policy);
const ruleid: number = main.ruleid;
new TerraformOutput(stack, 'main_ruleid', { value: ruleid });
app.synth();
process.stdout.write('synthesized with ${core}\\n');
`;
const named =
  'DsiprouterProvider, InboundMapping, OutboundRoute, type OutboundRouteConfig, EndpointLease, DataDsiprouterProxyStats, DsipformPolicy, type DsipformPolicyConfig';
const FILES: Record<string, string> = {
  'package.json': '{ "private": true, "type": "module" }\n',
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      target: 'ES2022',
      strict: true,
      skipLibCheck: false,
      outDir: 'out',
      types: ['node'],
      typeRoots: [join(REPO, 'node_modules', '@types')],
    },
    files: ['app-esm.mts', 'app-cjs.cts'],
  }),
  'app-esm.mts': `import { App, TerraformStack, TerraformOutput } from 'cdktf';\nimport { ${named} } from 'dsipform/cdktf';\n${body('cdktf')}`,
  'app-cjs.cts': `import { App, TerraformStack, TerraformOutput } from 'cdktn';\nimport { ${named} } from 'dsipform/cdktn';\n${body('cdktn')}`,
};

interface Run {
  code: number | null;
  out: string;
}
/** Runs `node ARGS` in `cwd`; `out` is what it printed, stdout then stderr. */
async function run(args: string[], cwd: string): Promise<Run> {
  const r = await runProcess(process.execPath, args, { cwd });
  return { code: r.code, out: r.stdout + r.stderr };
}

let dir = '';
let compiled: Run;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dsipform-consumer-'));
  await mkdir(join(dir, 'node_modules'));
  await symlink(REPO, join(dir, 'node_modules', 'dsipform'), 'dir');
  for (const dep of ['cdktf', 'cdktn', 'constructs']) {
    await symlink(join(REPO, 'node_modules', dep), join(dir, 'node_modules', dep), 'dir');
  }
  for (const [name, text] of Object.entries(FILES)) await writeFile(join(dir, name), text);
  compiled = await run([TSC, '-p', dir], dir);
}, 60_000);
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function version(core: string): Promise<string> {
  return (JSON.parse(await readFile(join(REPO, 'node_modules', core, 'package.json'), 'utf8')) as { version: string }).version;
}

describe('an app that depends on the built package', () => {
  it('type-checks against dsipform/cdktf (ESM) and dsipform/cdktn (CommonJS) with strict tsc', () => {
    expect(compiled.out).toBe('');
    expect(compiled.code).toBe(0);
  });

  it.each([
    ['ESM', 'app-esm.mjs', 'cdktf'],
    ['CommonJS', 'app-cjs.cjs', 'cdktn'],
  ])('as %s synthesizes the stack with %s', async (_kind, file, core) => {
    const outdir = join(dir, `cdktf.out-${core}`);
    const result = await run([join(dir, 'out', file), outdir], dir);
    expect(result.out).toBe(`synthesized with ${core}\n`);
    expect(result.code).toBe(0);
    const stack = readStack(outdir, 'platform');
    expectDemoStack(stack, await version(core));
    expect((stack['//'] as Record<string, unknown>).dsipform_policy).toEqual({
      path: 'platform/policy',
      policy: { protect: ['carrier_groups'], allow_unrouting: false },
    });
  });
});
