import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as cdktf from 'cdktf';
import * as cdktn from 'cdktn';
import { afterAll, describe, expect, expectTypeOf, it } from 'vitest';
import * as forCdktf from '../../../src/cdktf/bindings/cdktf/index.js';
import * as forCdktn from '../../../src/cdktf/bindings/cdktn/index.js';
import { expectDemoStack, readStack } from './stack-json.js';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

async function coreVersion(core: 'cdktf' | 'cdktn'): Promise<string> {
  const url = new URL(`../../../node_modules/${core}/package.json`, import.meta.url);
  return (JSON.parse(await readFile(url, 'utf8')) as { version: string }).version;
}

async function outdir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'dsipform-synth-'));
  dirs.push(dir);
  return dir;
}

// The same app twice, written out for each entry point so each is type-checked against its own
// core package (an app mixes one core with the matching bindings).
describe('synthesizing a stack', () => {
  it('with dsipform/cdktf and cdktf writes the dsiprouter provider, resources and data source', async () => {
    const dir = await outdir();
    const app = new cdktf.App({ outdir: dir });
    const stack = new cdktf.TerraformStack(app, 'platform');
    const b = forCdktf;
    new b.DsiprouterProvider(stack, 'dsip', { url: 'https://sip.example.com:5000', timeoutMs: 5000, reload: false });
    const main = new b.InboundMapping(stack, 'main', { did: '15551230001', servers: ['66', '67'], notes: 'Main office' });
    new b.InboundMapping(stack, 'catch_all', { did: '', servers: ['#2'] });
    new b.OutboundRoute(stack, 'uk', { name: 'UK from our 1555 numbers', prefix: '44', fromPrefix: '1555', gwgroupid: '5', priority: 10 });
    new b.EndpointLease(stack, 'ci', { email: 'ci@example.com', ttl: '1h' });
    new b.DataDsiprouterProxyStats(stack, 'stats', {});
    new cdktf.TerraformOutput(stack, 'main_ruleid', { value: main.ruleid });
    app.synth();

    expectDemoStack(readStack(dir, 'platform'), await coreVersion('cdktf'));
  });

  it('with dsipform/cdktn and cdktn writes the same', async () => {
    const dir = await outdir();
    const app = new cdktn.App({ outdir: dir });
    const stack = new cdktn.TerraformStack(app, 'platform');
    const b = forCdktn;
    new b.DsiprouterProvider(stack, 'dsip', { url: 'https://sip.example.com:5000', timeoutMs: 5000, reload: false });
    const main = new b.InboundMapping(stack, 'main', { did: '15551230001', servers: ['66', '67'], notes: 'Main office' });
    new b.InboundMapping(stack, 'catch_all', { did: '', servers: ['#2'] });
    new b.OutboundRoute(stack, 'uk', { name: 'UK from our 1555 numbers', prefix: '44', fromPrefix: '1555', gwgroupid: '5', priority: 10 });
    new b.EndpointLease(stack, 'ci', { email: 'ci@example.com', ttl: '1h' });
    new b.DataDsiprouterProxyStats(stack, 'stats', {});
    new cdktn.TerraformOutput(stack, 'main_ruleid', { value: main.ruleid });
    app.synth();

    expectDemoStack(readStack(dir, 'platform'), await coreVersion('cdktn'));
  });

  it('exports every resource by name and in its cdktf-get namespace, for both entry points', () => {
    const names = [
      'DsiprouterProvider',
      'InboundMapping',
      'OutboundRoute',
      'EndpointLease',
      'DataDsiprouterProxyStats',
      'DataDsiprouterInboundMappings',
      'DataDsiprouterOutboundRoutes',
      'CarrierGroup',
      'DataDsiprouterCarrierGroup',
      'DataDsiprouterEndpointGroup',
      'EndpointGroup',
      'Number',
    ] as const;
    for (const b of [forCdktf, forCdktn]) {
      for (const name of names) expect(typeof b[name], name).toBe('function');
      expect(b.inboundMapping.InboundMapping).toBe(b.InboundMapping);
      expect(b.provider.DsiprouterProvider).toBe(b.DsiprouterProvider);
      expect(b.endpointGroup.EndpointGroup).toBe(b.EndpointGroup);
      expect(b.number.Number).toBe(b.Number);
    }
    expect(forCdktn.InboundMapping).not.toBe(forCdktf.InboundMapping);
    expect(Object.getPrototypeOf(forCdktf.InboundMapping)).toBe(cdktf.TerraformResource);
    expect(Object.getPrototypeOf(forCdktn.InboundMapping)).toBe(cdktn.TerraformResource);
  });

  it('types the configs from the schema: required, optional and computed attributes', () => {
    // Checked by `npm run typecheck`; a schema or generator change that loosens a type fails there.
    // servers or group (by name): both optional, exactly one checked by the provider.
    expectTypeOf<forCdktf.InboundMappingConfig['servers']>().toEqualTypeOf<string[] | undefined>();
    expectTypeOf<forCdktf.InboundMappingConfig['group']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<{ servers: string[] }>().not.toExtend<forCdktf.InboundMappingConfig>();
    expectTypeOf<forCdktf.OutboundRouteConfig['carrierGroup']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<forCdktf.CarrierGroupConfig['name']>().toEqualTypeOf<string>();
    expectTypeOf<forCdktn.CarrierGroupEndpoint['weight']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<forCdktf.CarrierGroup['ref']>().toEqualTypeOf<string>();
    expectTypeOf<forCdktf.DataDsiprouterEndpointGroup['gwgroupid']>().toEqualTypeOf<number>();
    expectTypeOf<forCdktn.OutboundRouteConfig['fromPrefix']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<forCdktn.OutboundRoute['ruleid']>().toEqualTypeOf<number>();
    expectTypeOf<forCdktf.EndpointLease['password']>().toEqualTypeOf<string>();
    expectTypeOf<forCdktf.DsiprouterProviderConfig['timeoutMs']>().toEqualTypeOf<number | undefined>();
  });
});
