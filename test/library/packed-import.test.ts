import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packedApp, REPO, runIn, typecheckApp } from '../helpers/packed-app.js';

// The package as npm publishes it (`npm pack` of the BUILT package: dist/ from `npm run build`),
// unpacked into a fresh app's node_modules/dsipform, beside links to this repository's copies of
// dsipform's dependencies (no network), then imported by its name as a user's program would.
const TOKEN = 'library-token-0123456789abcdef';

const DESIRED = `version: 1
inbound_mappings:
  - did: "15551230001"
    servers: ["66"]
    notes: Main office
outbound_routes:
  - name: UK
    prefix: "44"
    gwgroupid: "5"
policy:
  ignore:
    outbound_routes: ["Default Outbound Route"]
`;

// What docs/library.md shows, run as plain ESM against the package's name.
const MAIN = `import { applyPlan, buildPlan, loadDesiredState, managedCollections, PlatformClient, readLive, renderPlanText, startEmulator } from 'dsipform';

const emulator = await startEmulator({ port: 0, token: ${JSON.stringify(TOKEN)} });
const client = new PlatformClient({ url: emulator.url, token: emulator.token });
try {
  const planOnce = async () => {
    const loaded = await loadDesiredState(['desired.yaml']);
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
    const live = await readLive(client, managedCollections(loaded.desired));
    const made = buildPlan({ desired: loaded.desired, live, target: emulator.url, now: Date.now() });
    if (!made.ok) throw new Error(JSON.stringify(made.issues));
    return made.plan;
  };
  const plan = await planOnce();
  process.stdout.write(renderPlanText(plan, { color: false }));
  const report = await applyPlan(plan, client);
  process.stdout.write('applied ' + report.counts.applied + ', failed ' + report.counts.failed + '\\n');
  process.stdout.write('changes after apply: ' + (await planOnce()).changes.length + '\\n');
} finally {
  await client.close();
  await emulator.close();
}
`;

// The same names seen by TypeScript through the package's declarations (NodeNext, as ESM apps use).
const TYPED = `import { buildPlan, PlatformClient, type Change, type DesiredState, type LiveState, type Plan } from 'dsipform';
const desired: DesiredState = { inbound_mappings: [], policy: { protect: [], ignore: { inbound_mappings: [], outbound_routes: [], endpoint_leases: [] } }, files: [] };
const live: LiveState = { inbound_mappings: [] };
const made = buildPlan({ desired, live, target: 'http://127.0.0.1:1', now: 0 });
const plan: Plan | undefined = made.ok ? made.plan : undefined;
const first: Change | undefined = plan?.changes[0];
export const kind: string | undefined = first?.kind;
export const client = PlatformClient;
`;

let base = '';
let app = '';
beforeAll(async () => {
  // dsipform's own dependencies, as npm would install them beside it; theirs resolve from the links' targets.
  const manifest = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  ({ base, app } = await packedApp('dsipform-library-', Object.keys(manifest.dependencies)));
  writeFileSync(join(app, 'desired.yaml'), DESIRED);
  writeFileSync(join(app, 'main.mjs'), MAIN);
  writeFileSync(join(app, 'typed.ts'), TYPED);
}, 120_000);
afterAll(() => {
  if (base) rmSync(base, { recursive: true, force: true });
});

describe('the packed package imported by name', () => {
  it('loads files, plans against a started emulator, applies, and then plans no changes', async () => {
    const result = await runIn(process.execPath, ['main.mjs'], app);
    expect(result.out).not.toMatch(/ERR_MODULE_NOT_FOUND|ERR_PACKAGE_PATH_NOT_EXPORTED/);
    expect(result.code, result.out).toBe(0);
    expect(result.stdout).toContain('# inbound_mapping "15551230001" will be created');
    expect(result.stdout).toContain('# outbound_route "UK" will be created');
    expect(result.stdout).toContain('Plan: 2 to create, 0 to update, 0 to delete.');
    expect(result.stdout).toContain('applied 2, failed 0');
    expect(result.stdout).toContain('changes after apply: 0');
  }, 60_000);

  it('gives TypeScript the types of its public API', async () => {
    const result = await typecheckApp(app, 'typed.ts');
    expect(result.code, result.out).toBe(0);
  }, 60_000);
});
