// The "Library use" example of docs/library.md, as written, run by Node against the built package (dist/,
// `npm run build` first) and an emulator of the deployed platform (`current` profile): a mapping
// edit must go through (issue 27: the example used to plan it for the `spec` profile, as an update
// in place that the deployed platform refuses).
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { PlatformClient } from '../../src/api/client.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { runProcess } from '../helpers/process.js';

const ROOT = new URL('../../', import.meta.url);

/** The first TypeScript block of docs/library.md. */
async function readmeExample(): Promise<string> {
  const readme = await readFile(new URL('docs/library.md', ROOT), 'utf8');
  const section = readme.slice(readme.indexOf('# Library use'));
  const block = /```ts\n([\s\S]*?)```/.exec(section);
  if (!block?.[1]) throw new Error('docs/library.md has no ```ts block under "# Library use"');
  return block[1];
}

let emu: RunningEmulator | undefined;
let dir = '';
afterEach(async () => {
  await emu?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the library example of docs/library.md', () => {
  it('edits a mapping on the deployed platform (current profile, detected) and reports it applied', async () => {
    emu = await startEmulator({ port: 0, token: 'readme-token-0123456789', profile: 'current' });
    const client = new PlatformClient({ url: emu.url, token: emu.token });
    await client.createInboundMapping({ did: '15551230001', servers: ['1'], notes: 'old' });
    dir = await mkdtemp(join(tmpdir(), 'dsipform-readme-'));
    await mkdir(join(dir, 'dsip'));
    await writeFile(
      join(dir, 'dsip', 'mappings.yaml'),
      ['version: 1', 'inbound_mappings:', '  - did: "15551230001"', '    servers: ["1"]', '    notes: new', ''].join('\n'),
    );
    const code = await readmeExample();
    expect(code).toContain("from 'dsipform'");
    expect(code).toContain("'https://dsip.example.com:5000'");
    // Only where it runs changes: the package by its built entry, the platform by the emulator's URL.
    const js = ts
      .transpileModule(code, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } })
      .outputText.replace("from 'dsipform'", `from ${JSON.stringify(pathToFileURL(new URL('dist/index.js', ROOT).pathname).href)}`)
      .replace("'https://dsip.example.com:5000'", JSON.stringify(emu.url));
    await writeFile(join(dir, 'example.mjs'), js);

    const run = await runProcess(process.execPath, ['example.mjs'], { cwd: dir, env: { ...process.env, DSIP_TOKEN: emu.token } });
    // The routing lints come back as warnings, which the example prints.
    expect(run.stderr).toMatch(/^warning: no default inbound mapping/);
    expect(run.stderr).not.toMatch(/Error|refused/);
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toContain('API:     current');
    expect(run.stdout).toContain('-/+ inbound_mapping "15551230001"');
    expect(run.stdout).toMatch(/1 applied, 0 failed\n$/);
    expect((await client.listInboundMappings()).map((m) => [m.did, m.notes])).toEqual([['15551230001', 'new']]);
    await client.close();
  });
});
