import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as cdktf from 'cdktf';
import * as cdktn from 'cdktn';
import { describe, expect, it } from 'vitest';
import { DsipformPolicy, type DsipformPolicyConfig } from '../../../src/cdktf/dsipform-policy.cjs';
import { readStack } from '../../../src/cdktf/reader/read-stack.js';
import { formatIssue, loadDesiredState } from '../../../src/config/index.js';
import { DEFAULT_POLICY, type Policy } from '../../../src/model/desired.js';

// The stack's policy: what DsipformPolicy writes under the top-level "//" (which Terraform ignores),
// read by `dsipform plan|apply --cdktf` with the rules of the files' policy block.

const ROUTE = { dsiprouter_outbound_route: { us: { name: 'US', prefix: '1', gwgroupid: '2' } } };

/** A stack directory whose cdk.tf.json holds `policy` as DsipformPolicy writes it (files' keys), at `path`. */
function stackWith(policy: unknown, path = 'platform/policy', entry?: unknown): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'dsipform-policy-')), 'stacks', 'platform');
  mkdirSync(dir, { recursive: true });
  const doc = {
    '//': {
      dsipform_policy: entry ?? { path, policy },
      metadata: { backend: 'local', stackName: 'platform', version: '0.21.0', overrides: { stack: ['//'] } },
    },
    provider: { dsiprouter: [{}] },
    resource: ROUTE,
  };
  writeFileSync(join(dir, 'cdk.tf.json'), JSON.stringify(doc, null, 2));
  return dir;
}

/** The 1-based number of the last line of the stack that contains `text`. */
function lineOf(dir: string, text: string): number {
  const lines = readFileSync(join(dir, 'cdk.tf.json'), 'utf8').split('\n');
  return lines.length - [...lines].reverse().findIndex((l) => l.includes(text));
}

describe('a stack without a DsipformPolicy', () => {
  it('has the default policy, as files without a policy block', async () => {
    const dir = stackWith(undefined);
    const doc = JSON.parse(readFileSync(join(dir, 'cdk.tf.json'), 'utf8'));
    delete doc['//'].dsipform_policy;
    writeFileSync(join(dir, 'cdk.tf.json'), JSON.stringify(doc));
    const r = await readStack(dir);
    expect(r.ok && r.desired.policy).toEqual({ ...DEFAULT_POLICY, place: 'stack' });
  });
});

describe('each key of the policy, read into the desired policy', () => {
  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    [
      'ignore, every collection',
      {
        ignore: {
          inbound_mappings: ['1800*'],
          outbound_routes: ['Default Outbound Route'],
          endpoint_leases: ['ci-*'],
          carrier_groups: ['* CarrierGroup'],
        },
      },
      {
        ignore: {
          inbound_mappings: ['1800*'],
          outbound_routes: ['Default Outbound Route'],
          endpoint_leases: ['ci-*'],
          carrier_groups: ['* CarrierGroup'],
        },
      },
    ],
    [
      'ignore of one collection (carrier_groups left out: none)',
      { ignore: { outbound_routes: ['Default*'] } },
      { ignore: { inbound_mappings: [], outbound_routes: ['Default*'], endpoint_leases: [] } },
    ],
    ['protect', { protect: ['inbound_mappings', 'carrier_groups'] }, { protect: ['inbound_mappings', 'carrier_groups'] }],
    ['max_deletes as a count', { max_deletes: 3 }, { max_deletes: { count: 3 } }],
    ['max_deletes as a percentage', { max_deletes: '12.5%' }, { max_deletes: { percent: 12.5 } }],
    ['max_updates as a count', { max_updates: 0 }, { max_updates: { count: 0 } }],
    ['max_updates as a percentage', { max_updates: '100%' }, { max_updates: { percent: 100 } }],
    ['allow_unrouting true', { allow_unrouting: true }, { allow_unrouting: true }],
    ['allow_unrouting false (the default)', { allow_unrouting: false }, {}],
    ['an empty policy', {}, {}],
  ])('%s', async (_case, policy, expected) => {
    const r = await readStack(stackWith(policy));
    expect(r.ok ? [] : r.issues.map(formatIssue)).toEqual([]);
    // As the files' policy block: ignore.carrier_groups only when given.
    const base = { protect: [], ignore: { inbound_mappings: [], outbound_routes: [], endpoint_leases: [] } };
    expect(r.ok && r.desired.policy).toEqual({ ...base, ...expected, place: 'stack' });
  });
});

describe('a policy the files would refuse is an error at the construct path and key', () => {
  it.each<[string, unknown, string, string]>([
    ['an unknown key', { max_delete: 5 }, '"max_delete"', '(maxDelete): "maxDelete" is not a policy key'],
    [
      'a negative max_deletes',
      { max_deletes: -1 },
      '"max_deletes"',
      "(maxDeletes): must be a whole number of 0 or more, or a percentage such as '20%', not -1",
    ],
    ['a fractional max_deletes', { max_deletes: 1.5 }, '"max_deletes"', '(maxDeletes): must be a whole number of 0 or more'],
    [
      'a max_deletes without %',
      { max_deletes: '20' },
      '"max_deletes"',
      '(maxDeletes): must be a whole number of 0 or more, or a percentage such as \'20%\', not "20"',
    ],
    ['a max_deletes over 100%', { max_deletes: '150%' }, '"max_deletes"', '(maxDeletes): must be at most 100%'],
    ['a max_updates over 100%', { max_updates: '100.5%' }, '"max_updates"', '(maxUpdates): must be at most 100%'],
    ['a max_updates that is a boolean', { max_updates: true }, '"max_updates"', '(maxUpdates): must be a whole number of 0 or more'],
    [
      'protect that is not a list',
      { protect: 'inbound_mappings' },
      '"protect"',
      '(protect): must be a list of collections, not "inbound_mappings"',
    ],
    ['protect naming no collection', { protect: ['routes'] }, '"routes"', '(protect[0]): "routes" is not a collection'],
    [
      'protect naming one twice',
      { protect: ['outbound_routes', 'outbound_routes'] },
      '"outbound_routes"',
      '(protect[1]): "outbound_routes" is listed twice',
    ],
    ['allow_unrouting that is text', { allow_unrouting: 'yes' }, '"allow_unrouting"', '(allowUnrouting): must be true or false, not "yes"'],
    ['ignore that is a list', { ignore: ['Default*'] }, '"ignore"', '(ignore): must be an object of glob lists, not ["Default*"]'],
    ['ignore of no collection', { ignore: { routes: ['x'] } }, '"routes"', '(ignore.routes): "routes" is not a collection'],
    [
      'ignore globs that are not a list',
      { ignore: { outbound_routes: 'Default*' } },
      '"outbound_routes"',
      '(ignore.outboundRoutes): must be a list of globs',
    ],
    [
      'an ignore glob that is a number',
      { ignore: { inbound_mappings: [1800] } },
      '1800',
      '(ignore.inboundMappings[0]): must be a glob (text), not 1800',
    ],
    [
      'an ignore glob that is a Terraform reference',
      { ignore: { carrier_groups: ['${var.groups}'] } },
      '${var.groups}',
      '(ignore.carrierGroups[0]): "${var.groups}" is a Terraform reference, which dsipform cannot resolve',
    ],
  ])('%s', async (_case, policy, at, message) => {
    const dir = stackWith(policy);
    const r = await readStack(dir);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues).toHaveLength(1);
    const [issue] = r.issues;
    expect(issue!.message).toContain(`DsipformPolicy platform/policy ${message}`);
    expect(issue!.file).toBe(join(dir, 'cdk.tf.json'));
    expect(issue!.line).toBe(lineOf(dir, at));
    expect(issue!.hint).not.toBe('');
  });

  it('reports every problem of the policy at once', async () => {
    const r = await readStack(stackWith({ max_deletes: -1, protect: ['x'], allow_unrouting: 1 }));
    expect(r.ok ? [] : r.issues.map((i) => i.message.replace(/:.*/, ''))).toEqual([
      'DsipformPolicy platform/policy (maxDeletes)',
      'DsipformPolicy platform/policy (protect[0])',
      'DsipformPolicy platform/policy (allowUnrouting)',
    ]);
  });

  it('a "//" dsipform_policy that DsipformPolicy did not write is an error saying how to declare one', async () => {
    const r = await readStack(stackWith(undefined, '', ['not', 'a', 'policy']));
    expect(r.ok ? [] : r.issues.map((i) => `${i.message}\nhint: ${i.hint}`)).toEqual([
      expect.stringMatching(
        /"dsipform_policy" is not a policy as DsipformPolicy writes it[\s\S]*hint: declare the policy with new DsipformPolicy\(stack, 'policy'/,
      ),
    ]);
  });
});

// The same policy, in a file's policy block and in a stack: accepted alike (and read alike), or
// refused alike. The stack reader holds the files' rules (schema and percentage) without the
// files' loader, so this is what keeps the two the same.
describe('the same rules as the files', () => {
  const cases: [string, Record<string, unknown>][] = [
    [
      'every key',
      {
        ignore: { outbound_routes: ['Default*'], carrier_groups: ['*'] },
        protect: ['endpoint_leases'],
        max_deletes: 2,
        max_updates: '50%',
        allow_unrouting: true,
      },
    ],
    ['zero limits', { max_deletes: 0, max_updates: '0%' }],
    ['100%', { max_deletes: '100%' }],
    ['100.0001%', { max_deletes: '100.0001%' }],
    ['a negative count', { max_updates: -3 }],
    ['a fraction', { max_deletes: 0.5 }],
    ['a percentage without digits', { max_deletes: '%' }],
    ['a percentage with a sign', { max_deletes: '+5%' }],
    ['a duplicate collection', { protect: ['inbound_mappings', 'inbound_mappings'] }],
    ['an unknown collection', { protect: ['leases'] }],
    ['an unknown ignore key', { ignore: { mappings: [] } }],
    ['an empty ignore', { ignore: {} }],
    ['a non-string glob', { ignore: { endpoint_leases: [true] } }],
    ['a string for a boolean', { allow_unrouting: 'true' }],
    ['an unknown key', { accept_all: true }],
    [
      'acknowledged lints',
      { accept: [{ lint: 'ambiguous_lcr', route: 'cust-*' }, { lint: 'no_default_inbound' }, { lint: 'shadowed', did: '1800*' }] },
    ],
    ['an acknowledgement of an unknown lint', { accept: [{ lint: 'dropped' }] }],
    ['an acknowledgement without a lint', { accept: [{ route: 'x' }] }],
    ['an acknowledgement with an unknown key', { accept: [{ lint: 'shadowed', mapping: 'x' }] }],
    ['an acknowledgement glob that is a boolean', { accept: [{ lint: 'shadowed', route: true }] }],
    ['accept that is not a list', { accept: { lint: 'shadowed' } }],
  ];
  it.each(cases)('%s', async (_case, policy) => {
    const dir = mkdtempSync(join(tmpdir(), 'dsipform-policy-files-'));
    const file = join(dir, 'policy.yaml');
    writeFileSync(
      file,
      `version: 1\noutbound_routes:\n  - name: US\n    prefix: "1"\n    gwgroupid: "2"\npolicy: ${JSON.stringify(policy)}\n`,
    );
    const files = await loadDesiredState([file]);
    const stack = await readStack(stackWith(policy));
    expect(stack.ok, JSON.stringify(stack.ok ? stack.desired.policy : stack.issues.map(formatIssue))).toBe(files.ok);
    if (files.ok && stack.ok) expect(placeless(stack.desired.policy)).toEqual(placeless(files.desired.policy));
  });
});

/**
 * A policy without where it was written: the places of its acknowledgements (a file's and a
 * stack's lines differ) and the stack's mark (`place: 'stack'`, so refusals name DsipformPolicy).
 */
function placeless(policy: Policy): Policy {
  const { place: _place, ...rest } = policy;
  return rest.accept ? { ...rest, accept: rest.accept.map(({ origin: _origin, ...entry }) => entry) } : rest;
}

// A key added to the files' policy later must reach stacks too: every property of the schema's
// policy, with a value the schema admits, is read (not refused as unknown) and read as the files read it.
describe("every key of the files' policy schema", () => {
  type Schema = {
    type?: string;
    enum?: unknown[];
    items?: Schema;
    anyOf?: Schema[];
    examples?: unknown[];
    properties?: Record<string, Schema>;
  };
  const schema = JSON.parse(readFileSync(new URL('../../../schemas/dsipform.schema.json', import.meta.url), 'utf8')) as {
    properties: { policy: Schema };
  };
  const example = (s: Schema): unknown => {
    if (s.examples) return s.examples[0];
    if (s.anyOf) return example(s.anyOf[0]!);
    if (s.enum) return s.enum[0];
    if (s.type === 'boolean') return true;
    if (s.type === 'integer') return 1;
    if (s.type === 'string') return 'x*';
    if (s.type === 'array') return [example(s.items!)];
    const [key, inner] = Object.entries(s.properties ?? {})[0]!;
    return { [key]: example(inner) };
  };
  it.each(Object.entries(schema.properties.policy.properties!))('%s', async (key, property) => {
    const policy = { [key]: example(property) };
    const dir = mkdtempSync(join(tmpdir(), 'dsipform-policy-files-'));
    const file = join(dir, 'policy.yaml');
    writeFileSync(file, `version: 1\npolicy: ${JSON.stringify(policy)}\n`);
    const files = await loadDesiredState([file]);
    const stack = await readStack(stackWith(policy));
    expect(stack.ok ? [] : stack.issues.map(formatIssue)).toEqual([]);
    expect(files.ok && stack.ok && placeless(stack.desired.policy)).toEqual(files.ok && placeless(files.desired.policy));
  });
});

describe('DsipformPolicy synthesizes what the reader reads', () => {
  const config: DsipformPolicyConfig = {
    ignore: { outboundRoutes: ['Default Outbound Route'], carrierGroups: ['* CarrierGroup'] },
    protect: ['carrier_groups'],
    maxDeletes: '20%',
    maxUpdates: 40,
    allowUnrouting: true,
  };
  const expected = {
    ignore: { inbound_mappings: [], outbound_routes: ['Default Outbound Route'], endpoint_leases: [], carrier_groups: ['* CarrierGroup'] },
    protect: ['carrier_groups'],
    max_deletes: { percent: 20 },
    max_updates: { count: 40 },
    allow_unrouting: true,
  };

  it.each([
    ['cdktf', cdktf],
    ['cdktn', cdktn],
  ] as const)('with %s: into the top-level "//", which the reader turns into the policy', async (_name, core) => {
    const outdir = mkdtempSync(join(tmpdir(), 'dsipform-policy-synth-'));
    const app = new core.App({ outdir });
    const stack = new core.TerraformStack(app, 'platform');
    new DsipformPolicy(stack, 'policy', config);
    app.synth();
    const dir = join(outdir, 'stacks', 'platform');
    const doc = JSON.parse(readFileSync(join(dir, 'cdk.tf.json'), 'utf8'));
    expect(doc['//'].dsipform_policy.path).toBe('platform/policy');
    expect(doc.resource).toBeUndefined();
    const r = await readStack(dir);
    expect(r.ok && r.desired.policy).toEqual({ ...expected, place: 'stack' });
  });

  it('acknowledged lints (accept) reach the policy, each placed at its entry in the stack', async () => {
    const outdir = mkdtempSync(join(tmpdir(), 'dsipform-policy-synth-'));
    const app = new cdktf.App({ outdir });
    const stack = new cdktf.TerraformStack(app, 'platform');
    new DsipformPolicy(stack, 'policy', { accept: [{ lint: 'ambiguous_lcr', route: 'cust-*' }, { lint: 'no_default_inbound' }] });
    app.synth();
    const dir = join(outdir, 'stacks', 'platform');
    const r = await readStack(dir);
    const file = join(dir, 'cdk.tf.json');
    expect(r.ok && r.desired.policy.accept).toEqual([
      { lint: 'ambiguous_lcr', route: 'cust-*', origin: { file, line: expect.any(Number), col: expect.any(Number) } },
      { lint: 'no_default_inbound', origin: { file, line: expect.any(Number), col: expect.any(Number) } },
    ]);
  });

  it('a mistake made in the construct is reported at its path, in its own words', async () => {
    const outdir = mkdtempSync(join(tmpdir(), 'dsipform-policy-synth-'));
    const app = new cdktf.App({ outdir });
    const stack = new cdktf.TerraformStack(app, 'platform');
    new DsipformPolicy(stack, 'safety', { maxDeletes: '120%' });
    app.synth();
    const r = await readStack(join(outdir, 'stacks', 'platform'));
    expect(r.ok ? [] : r.issues.map(formatIssue).join('\n')).toMatch(
      /cdk\.tf\.json:\d+:\d+: DsipformPolicy platform\/safety \(maxDeletes\): must be at most 100%/,
    );
  });

  it('a second policy in one stack throws, naming both', () => {
    const app = new cdktf.App({ outdir: mkdtempSync(join(tmpdir(), 'dsipform-policy-synth-')) });
    const stack = new cdktf.TerraformStack(app, 'platform');
    new DsipformPolicy(stack, 'policy', {});
    expect(() => new DsipformPolicy(stack, 'again', {})).toThrow(
      'DsipformPolicy platform/again: the stack already has one, platform/policy; a stack holds one policy',
    );
  });
});
