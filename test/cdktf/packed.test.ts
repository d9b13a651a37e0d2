import { readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packedApp, REPO, runIn, type Run } from '../helpers/packed-app.js';

// The package as npm publishes it (`npm pack` of the BUILT package: dist/ from `npm run build`),
// installed into a fresh app beside cdktf and constructs, as `npm install dsipform-<v>.tgz` lays it
// out: a real directory node_modules/dsipform, and ONE copy of constructs and cdktf, the app's. (The
// app's cdktf and constructs are links to this repository's copies: no network.) The app is compiled
// with `tsc --strict` under the three module resolutions apps use, then synthesized.
const TSC = join(REPO, 'node_modules', 'typescript', 'bin', 'tsc');

const MAIN = `import { App, TerraformStack } from 'cdktf';
import type { Construct } from 'constructs';
import { DsiprouterProvider, DsipformPolicy, InboundMapping, OutboundRoute, type OutboundRouteConfig } from 'dsipform/cdktf';

class Platform extends TerraformStack {
  constructor(scope: Construct, id: string) {
    super(scope, id);
    new DsiprouterProvider(this, 'dsip', {});
    new InboundMapping(this, 'main', { did: '15551230001', servers: ['66', '67'], notes: 'Main office' });
    const uk: OutboundRouteConfig = { name: 'UK', prefix: '44', gwgroupid: '5', priority: 10 };
    new OutboundRoute(this, 'uk', uk);
    new DsipformPolicy(this, 'policy', { ignore: { outboundRoutes: ['Default Outbound Route'] }, maxDeletes: '20%' });
  }
}

const app = new App({ outdir: process.argv[2] });
new Platform(app, 'platform');
app.synth();
`;

/**
 * The three resolutions: NodeNext (ESM, emitted), Bundler (type-checked only), node10 (CommonJS,
 * emitted). The declaration files themselves are checked once (skipLibCheck false under NodeNext);
 * checking cdktf's large declarations three times would only make the test slow.
 */
const VARIANTS: Record<string, Record<string, unknown>> = {
  NodeNext: { module: 'NodeNext', moduleResolution: 'NodeNext', outDir: 'out-NodeNext', skipLibCheck: false },
  Bundler: { module: 'ESNext', moduleResolution: 'Bundler', noEmit: true, skipLibCheck: true },
  node10: { module: 'CommonJS', moduleResolution: 'node10', outDir: 'out-node10', skipLibCheck: true },
};

let base = '';
let app = '';
const compiled: Record<string, Run> = {};
beforeAll(async () => {
  ({ base, app } = await packedApp('dsipform-packed-', ['cdktf', 'constructs']));
  writeFileSync(join(app, 'main.ts'), MAIN);
  for (const [name, options] of Object.entries(VARIANTS)) {
    const config = {
      compilerOptions: { target: 'ES2022', strict: true, types: ['node'], typeRoots: [join(REPO, 'node_modules', '@types')], ...options },
      files: ['main.ts'],
    };
    writeFileSync(join(app, `tsconfig.${name}.json`), JSON.stringify(config, null, 2));
    compiled[name] = await runIn(process.execPath, [TSC, '-p', `tsconfig.${name}.json`], app);
  }
  // The CommonJS build lives in an ESM package: mark its directory CommonJS, as a CommonJS app is.
  writeFileSync(join(app, 'out-node10', 'package.json'), '{ "type": "commonjs" }\n');
}, 180_000);
afterAll(() => {
  if (base) rmSync(base, { recursive: true, force: true });
});

describe('a CDKTF app with the packed package installed', () => {
  it("has one copy of constructs and cdktf: the bindings load the app's", () => {
    const fromApp = createRequire(join(app, 'main.ts'));
    const fromBindings = createRequire(join(app, 'node_modules', 'dsipform', 'dist', 'cdktf', 'bindings', 'cdktf', 'index.js'));
    for (const dep of ['constructs', 'cdktf']) expect(realpathSync(fromBindings.resolve(dep))).toBe(realpathSync(fromApp.resolve(dep)));
  });

  it.each(Object.keys(VARIANTS))('compiles with tsc --strict under moduleResolution %s', (name) => {
    expect(compiled[name]!.out).toBe('');
    expect(compiled[name]!.code).toBe(0);
  });

  it.each([
    ['NodeNext (ESM)', 'out-NodeNext'],
    ['node10 (CommonJS)', 'out-node10'],
  ])('synthesizes the stack built under %s', async (_kind, out) => {
    const outdir = join(app, `cdktf.${out}`);
    const r = await runIn(process.execPath, [join(app, out, 'main.js'), outdir], app);
    expect(r.out).toBe('');
    expect(r.code).toBe(0);
    const stack = JSON.parse(readFileSync(join(outdir, 'stacks', 'platform', 'cdk.tf.json'), 'utf8')) as {
      '//': Record<string, unknown>;
      resource: Record<string, Record<string, Record<string, unknown>>>;
      terraform: { required_providers: Record<string, { source: string }> };
    };
    expect(stack.terraform.required_providers.dsiprouter?.source).toBe('registry.terraform.io/dsipform/dsiprouter');
    expect(stack.resource.dsiprouter_inbound_mapping?.main).toMatchObject({
      did: '15551230001',
      servers: ['66', '67'],
      notes: 'Main office',
    });
    expect(stack.resource.dsiprouter_outbound_route?.uk).toMatchObject({ name: 'UK', prefix: '44', gwgroupid: '5', priority: 10 });
    expect(stack['//'].dsipform_policy).toEqual({
      path: 'platform/policy',
      policy: { ignore: { outbound_routes: ['Default Outbound Route'] }, max_deletes: '20%' },
    });
  });
});
