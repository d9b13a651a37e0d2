import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProcess, type ProcessResult } from '../../helpers/process.js';

// The CLI, the reconciler and the emulator never load cdktf, cdktn or constructs (optional peer
// dependencies that most users do not have). The built CLI runs under a guard that makes loading
// any of them throw: an ESM resolve hook registered with module.register, and, because Node 20's
// hooks do not see require() calls from CommonJS modules, the same check on CommonJS resolution.
const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const CLI = join(REPO, 'bin', 'dsipform.js');

const BLOCKED = String.raw`/^(?:cdktf|cdktn|constructs)(?:\/|$)|^@cdktf\//`;
const HOOKS = `const blocked = ${BLOCKED};
export async function resolve(specifier, context, next) {
  if (blocked.test(specifier)) throw new Error('blocked by the test: import ' + specifier);
  return next(specifier, context);
}
`;
const GUARD = `import Module, { register } from 'node:module';
register('./hooks.mjs', import.meta.url);
const blocked = ${BLOCKED};
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (blocked.test(request)) throw new Error('blocked by the test: require ' + request);
  return resolveFilename.call(this, request, ...rest);
};
`;
const CONFIG = `version: 1
inbound_mappings:
  - did: "15551230001"
    servers: ["16"]
outbound_routes:
  - name: US domestic
    prefix: "1"
    gwgroupid: "2"
policy:
  ignore:
    outbound_routes: ["Default Outbound Route"]  # kept: deleting it would leave calls unrouted, which plan refuses
`;

let dir = '';
let guard = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dsipform-isolation-'));
  guard = join(dir, 'guard.mjs');
  await writeFile(join(dir, 'hooks.mjs'), HOOKS);
  await writeFile(guard, GUARD);
  await writeFile(join(dir, 'platform.yaml'), CONFIG);
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

function guarded(args: string[]): Promise<ProcessResult> {
  // cwd: so that `dsipform/...` resolves to this package (self-reference)
  return runProcess(process.execPath, ['--import', guard, ...args], { cwd: REPO, env: { PATH: process.env.PATH, NO_COLOR: '1' } });
}

describe('the core without cdktf, cdktn and constructs', () => {
  it.each([
    ['--help', () => ['--help'], /Usage: dsipform/],
    ['validate', () => ['validate', join(dir, 'platform.yaml')], /Valid: 1 file/],
    ['plan --emulator', () => ['plan', join(dir, 'platform.yaml'), '--emulator'], /Plan: 2 to create/],
  ])('runs `dsipform %s`', async (_name, args, expected) => {
    const result = await guarded([CLI, ...args()]);
    expect(result.stderr).not.toMatch(/blocked by the test/);
    expect(result.stdout).toMatch(expected);
    expect(result.code).toBe(0);
  });

  it.each([
    ['dsipform/cdktf (its built CommonJS file)', "import 'dsipform/cdktf';", /blocked by the test: require cdktf\b/],
    ['dsipform/cdktn (its built CommonJS file)', "import 'dsipform/cdktn';", /blocked by the test: require cdktn\b/],
    ['constructs, imported from ESM', "import 'constructs';", /blocked by the test: import constructs\b/],
    [
      '@cdktf/provider-generator, imported from ESM',
      "import '@cdktf/provider-generator';",
      /blocked by the test: import @cdktf\/provider-generator/,
    ],
  ])('while the same guard makes loading %s fail', async (_name, source, expected) => {
    const result = await guarded(['--input-type=module', '-e', source]);
    expect(result.stderr).toMatch(expected);
    expect(result.code).not.toBe(0);
  });
});
