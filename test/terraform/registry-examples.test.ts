import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderRegistryDocs } from '../../scripts/generate-registry-docs.mjs';
import { IMPORTS } from '../../scripts/registry-words.mjs';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { PlatformClient } from '../../src/api/client.js';
import { createProvider } from '../../src/terraform/provider.js';
import type { ProviderHandler } from '../../src/terraform/types.js';
import { TEST_PROFILE } from '../helpers/emulator.js';
import { hasTerraform, terraformWorkspace, type TfWorkspace } from '../helpers/terraform.js';
import { PROVIDER_CONFIG } from './configured-provider.js';

/*
 * The registry pages a user follows (issue 37, point 2): every page's HCL is valid for the real
 * terraform with the provider installed from the filesystem mirror, every resource page says how
 * it is imported (and the provider imports with each id the page shows), and the pages link only
 * to each other.
 */

const pages = renderRegistryDocs();
const blocks = (text: string): string[] => [...text.matchAll(/```terraform\n([\s\S]*?)```/g)].map((m) => m[1]!);
const resourcePages = [...pages].filter(([path]) => path.startsWith('resources/'));
const examplePages = [...pages].filter(([path]) => path !== 'index.md');

describe('the registry pages', () => {
  it('have a page for every resource, the endpoint group and the number included', () => {
    expect(resourcePages.map(([path]) => path)).toEqual(expect.arrayContaining(['resources/endpoint_group.md', 'resources/number.md']));
  });

  it.each(resourcePages)('%s has example usage, argument and attribute references and an import section', (_path, text) => {
    for (const heading of ['## Example Usage', '## Argument Reference', '## Attribute Reference', '## Import'])
      expect(text).toContain(`\n${heading}\n`);
  });

  it('show the mirror install and the provider block on the index, and link only inside the registry layout', () => {
    const index = pages.get('index.md')!;
    expect(index).toMatch(/dsipform terraform-mirror \S+ > \S+/);
    expect(index).toMatch(/provider "dsiprouter" \{/);
    for (const [path, text] of pages) {
      const from = path.includes('/') ? path.slice(0, path.indexOf('/') + 1) : '';
      for (const [, target] of text.matchAll(/\]\(([^)]+)\)/g)) {
        if (target!.startsWith('#')) continue;
        const resolved = target!.startsWith('../') ? target!.slice(3) : `${from}${target}`;
        expect(pages.has(resolved), `${path} links to ${target}`).toBe(true);
      }
    }
  });

  it('say on the ephemeral lease page when it lives, with its references, and link it from the index', () => {
    const text = pages.get('ephemeral-resources/endpoint_lease.md')!;
    for (const heading of ['## Example Usage', '## Lifetime', '## Argument Reference', '## Attribute Reference'])
      expect(text).toContain(`\n${heading}\n`);
    expect(text).toMatch(/never written to a\nsaved plan, the state or `terraform show`/);
    expect(pages.get('index.md')).toContain('- [dsiprouter_endpoint_lease](ephemeral-resources/endpoint_lease.md)');
  });

  it('say on the outbound route page that it imports by name too, and on the lease page that it cannot be imported', () => {
    expect(pages.get('resources/outbound_route.md')).toMatch(/terraform import dsiprouter_outbound_route\.\w+ "name:/);
    expect(pages.get('resources/endpoint_lease.md')).toMatch(/## Import\n\nEndpoint leases cannot be imported/);
    expect(pages.get('resources/endpoint_lease.md')).toMatch(/## State\n\nTerraform state is the only record of a lease/);
  });
});

describe('the import ids the pages show', () => {
  let emu: RunningEmulator;
  let client: PlatformClient;
  let provider: ProviderHandler;
  // Numbers live in the Numbers module, which only the deployed API (`current`) has.
  let numbersEmu: RunningEmulator;
  let numbersClient: PlatformClient;
  let numbersProvider: ProviderHandler;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, token: 'tf-docs-token-0123456789', profile: TEST_PROFILE });
    client = new PlatformClient({ url: emu.url, token: emu.token });
    provider = await createProvider({});
    expect(await provider.configure({ ...PROVIDER_CONFIG, url: emu.url, token: emu.token })).toEqual([]);
    numbersEmu = await startEmulator({ port: 0, token: 'tf-docs-token-0123456789', profile: 'current' });
    numbersClient = new PlatformClient({ url: numbersEmu.url, token: numbersEmu.token });
    numbersProvider = await createProvider({});
    expect(await numbersProvider.configure({ ...PROVIDER_CONFIG, url: numbersEmu.url, token: numbersEmu.token })).toEqual([]);
  });
  afterAll(async () => {
    for (const p of [provider, numbersProvider]) await p?.shutdown();
    for (const c of [client, numbersClient]) await c?.close();
    for (const e of [emu, numbersEmu]) await e?.close();
  });

  /** Makes the object a page's key example names; returns its platform id. */
  const make: Record<string, (key: string) => Promise<number>> = {
    dsiprouter_inbound_mapping: (did) => client.createInboundMapping({ did, servers: ['1'], notes: '' }),
    dsiprouter_outbound_route: (name) => client.createOutboundRoute({ name, prefix: '44', gwgroupid: '5' }),
    dsiprouter_carrier_group: (name) =>
      client.createCarrierGroup({
        name,
        lb_enabled: false,
        endpoints: [{ name: 'a', hostname: 'h.example', strip: 0, prefix: '', weight: 1 }],
      }),
    dsiprouter_endpoint_group: (name) =>
      client.createEndpointGroup({
        name,
        call_limit: null,
        strip: 0,
        prefix: '',
        endpoints: [{ name: 'pbx', hostname: '203.0.113.10:5060', weight: 1 }],
        notifications: {},
        cdr: null,
      }),
    dsiprouter_number: async (did) => (await numbersClient.createNumber({ did })).id,
  };

  it.each(resourcePages)('%s: each id form imports, or the page says it cannot', async (path, text) => {
    const type = `dsiprouter_${path.slice('resources/'.length, -3)}`;
    const resource = (type === 'dsiprouter_number' ? numbersProvider : provider).resources[type]!;
    const how = IMPORTS[type]!;
    if ('refused' in how) {
      expect(text).not.toMatch(/terraform import /);
      expect((await resource.importState('1')).diagnostics).toMatchObject([{ summary: 'Endpoint leases cannot be imported' }]);
      return;
    }
    const ids = [...text.matchAll(/^terraform import \S+ (.+)$/gm)].map(
      (m) => (m[1]!.startsWith('"') ? JSON.parse(m[1]!) : m[1]!) as string,
    );
    expect(ids).toEqual([how.idExample, how.keyExample]);
    const id = await make[type]!(how.keyExample.slice(how.keyExample.indexOf(':') + 1));
    for (const shown of [String(id), how.keyExample]) {
      const r = await resource.importState(shown);
      expect(r.diagnostics ?? [], shown).toEqual([]);
      expect(r.state?.[how.id], shown).toBe(id);
    }
  });
});

describe.skipIf(!hasTerraform)('every page’s HCL, through terraform validate', () => {
  let ws: TfWorkspace;
  beforeAll(async () => {
    ws = await terraformWorkspace({});
    ws.write('provider.tf', blocks(pages.get('index.md')!)[0]!);
    const init = await ws.tf(['init', '-input=false']);
    expect(init.code, init.stdout + init.stderr).toBe(0);
  }, 120_000);

  it.each(examplePages)(
    '%s',
    async (_path, text) => {
      const hcl = blocks(text);
      expect(hcl.length).toBeGreaterThan(0);
      ws.write('example.tf', hcl.join('\n'));
      const r = await ws.tf(['validate']);
      expect(r.code, `${hcl.join('\n')}\n${r.stdout}\n${r.stderr}`).toBe(0);
      expect(r.stdout).toMatch(/The configuration is valid/);
    },
    60_000,
  );
});
