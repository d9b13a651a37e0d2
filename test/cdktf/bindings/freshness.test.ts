import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_OUT_DIR, generateBindings, listFiles, postProcess, rewriteForCdktn } from '../../../scripts/generate-cdktf.mjs';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

describe('the committed CDKTF bindings', () => {
  it('are what `npm run generate:cdktf` writes from schemas/provider.schema.json today', async () => {
    const fresh = await mkdtemp(join(tmpdir(), 'dsipform-bindings-'));
    dirs.push(fresh);
    const written = await generateBindings({ outDir: fresh });
    const committed = await listFiles(DEFAULT_OUT_DIR);

    const problems: string[] = [];
    for (const path of written) {
      if (!committed.includes(path)) problems.push(`missing: ${path}`);
      else if (!(await readFile(join(DEFAULT_OUT_DIR, path))).equals(await readFile(join(fresh, path)))) {
        problems.push(`differs: ${path}`);
      }
    }
    for (const path of committed) if (!written.includes(path)) problems.push(`not generated any more: ${path}`);

    expect(
      problems,
      `src/cdktf/bindings is out of date with schemas/provider.schema.json (or the generator); ` +
        `run \`npm run generate:cdktf\` and commit the result`,
    ).toEqual([]);
    expect(written).toContain('cdktf/inbound-mapping/index.ts');
    expect(written).toContain('cdktn/index.ts');
  });

  it('generates byte-identical files twice in a row', async () => {
    const [a, b] = [await mkdtemp(join(tmpdir(), 'dsipform-bindings-a-')), await mkdtemp(join(tmpdir(), 'dsipform-bindings-b-'))];
    dirs.push(a, b);
    const [first, second] = [await generateBindings({ outDir: a }), await generateBindings({ outDir: b })];
    expect(second).toEqual(first);
    for (const path of first) expect((await readFile(join(a, path))).equals(await readFile(join(b, path))), path).toBe(true);
  });
});

describe('rewriteForCdktn', () => {
  const binding = [
    '// generated from terraform resource schema',
    "import { Construct } from 'constructs';",
    "import * as cdktf from 'cdktf';",
    'export class Thing extends cdktf.TerraformResource {',
    '  // Generates CDKTF code, see "cdktf plan" and https://cdk.tf/x',
    "  x = cdktf.stringToTerraform('cdktf.y');",
    '}',
  ].join('\n');

  it('rewrites the import of cdktf and its namespace, and leaves comments and strings alone', () => {
    expect(rewriteForCdktn(binding)).toBe(
      [
        '// generated from terraform resource schema',
        "import { Construct } from 'constructs';",
        "import * as cdktn from 'cdktn';",
        'export class Thing extends cdktn.TerraformResource {',
        '  // Generates CDKTF code, see "cdktf plan" and https://cdk.tf/x',
        "  x = cdktn.stringToTerraform('cdktf.y');",
        '}',
      ].join('\n'),
    );
  });

  it.each([
    ['a named import', "import { TerraformStack } from 'cdktf';"],
    ['a require', "const c = require('cdktf');"],
    ['a dynamic import', 'const c = await import("cdktf");'],
    ['a @cdktf package', "import { x } from '@cdktf/provider-schema';"],
    ['an identifier left over', "import * as cdktf from 'cdktf';\nconst cdktf2 = 1; const k = cdktf;"],
  ])('refuses %s it cannot rewrite safely', (_case, text) => {
    expect(() => rewriteForCdktn(text)).toThrow(/rewriteForCdktn/);
  });
});

describe('postProcess', () => {
  it('says which rule stopped matching when the generator output changes shape', () => {
    expect(() => postProcess(new Map([['a/index.ts', 'export const a = 1;\n']]))).toThrow(
      /post-processing rule "override synthesizeAttributes\/synthesizeHclAttributes" matched nothing/,
    );
  });
});
