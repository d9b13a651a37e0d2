import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';

/** The part of a synthesized cdk.tf.json these tests look at. */
export interface StackJson {
  readonly '//': { metadata: { version: string; stackName: string } };
  readonly provider: Record<string, unknown[]>;
  readonly terraform: { required_providers: Record<string, unknown> };
  readonly resource: Record<string, Record<string, Record<string, unknown>>>;
  readonly data?: Record<string, Record<string, Record<string, unknown>>>;
  readonly output?: Record<string, { value: unknown }>;
}

/** Reads `<outdir>/stacks/<name>/cdk.tf.json`, where `app.synth()` writes a stack. */
export function readStack(outdir: string, name: string): StackJson {
  return JSON.parse(readFileSync(join(outdir, 'stacks', name, 'cdk.tf.json'), 'utf8')) as StackJson;
}

/** A resource's or data source's attributes, without CDKTF's `//` metadata. */
export function attributes(block: Record<string, unknown> | undefined): Record<string, unknown> {
  const { '//': _metadata, ...rest } = block ?? {};
  return rest;
}

/**
 * What every demo stack in these tests declares (the same in cdktf.test.ts and the consumer apps):
 * the provider, two mappings, an LCR route, a lease, a data source and an output that refers to a
 * computed attribute.
 */
export function expectDemoStack(stack: StackJson, coreVersion: string): void {
  expect(stack['//'].metadata.version, 'the stack was synthesized by the expected core package').toBe(coreVersion);
  expect(stack.terraform.required_providers).toEqual({
    // Terraform's full form of the source `dsipform/dsiprouter`, from schemas/provider.schema.json.
    dsiprouter: { source: 'registry.terraform.io/dsipform/dsiprouter', version: '0.1.0' },
  });
  expect(stack.provider).toEqual({
    dsiprouter: [{ url: 'https://sip.example.com:5000', timeout_ms: 5000, reload: false }],
  });
  expect(Object.keys(stack.resource).sort()).toEqual([
    'dsiprouter_endpoint_lease',
    'dsiprouter_inbound_mapping',
    'dsiprouter_outbound_route',
  ]);
  expect(attributes(stack.resource.dsiprouter_inbound_mapping?.main)).toEqual({
    did: '15551230001',
    servers: ['66', '67'],
    notes: 'Main office',
  });
  expect(attributes(stack.resource.dsiprouter_inbound_mapping?.catch_all)).toEqual({ did: '', servers: ['#2'] });
  expect(attributes(stack.resource.dsiprouter_outbound_route?.uk)).toEqual({
    name: 'UK from our 1555 numbers',
    prefix: '44',
    from_prefix: '1555',
    gwgroupid: '5',
    priority: 10,
  });
  expect(attributes(stack.resource.dsiprouter_endpoint_lease?.ci)).toEqual({ email: 'ci@example.com', ttl: '1h' });
  expect(Object.keys(stack.data ?? {})).toEqual(['dsiprouter_proxy_stats']);
  expect(attributes(stack.data?.dsiprouter_proxy_stats?.stats)).toEqual({});
  expect(stack.output?.main_ruleid?.value).toBe('${dsiprouter_inbound_mapping.main.ruleid}');
}
