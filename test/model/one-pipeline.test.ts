import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { readStack } from '../../src/cdktf/reader/read-stack.js';
import { loadDesiredState } from '../../src/config/index.js';
import type { ConfigIssue, DesiredState } from '../../src/model/desired.js';
import { createProvider } from '../../src/terraform/provider.js';
import { hclHint } from '../../src/terraform/resources/hcl-hint.js';
import { providerOnEmulator } from '../terraform/configured-provider.js';
import type { TfObject } from '../../src/terraform/types.js';

/**
 * The same objects declared in a YAML file, in a synthesized CDKTF stack (cdk.tf.json) and as
 * provider configuration go through the one normaliser (src/model/normalize.ts): the same desired
 * state, and the same issues (message and hint; only the place differs by front end).
 */

type Kind = 'mapping' | 'route' | 'lease';
interface Declared {
  readonly kind: Kind;
  /** The lease name in YAML, the logical id in the stack. */
  readonly name: string;
  readonly fields: Readonly<Record<string, unknown>>;
}

const COLLECTION = { mapping: 'inbound_mappings', route: 'outbound_routes', lease: 'endpoint_leases' } as const;
const TYPE = { mapping: 'dsiprouter_inbound_mapping', route: 'dsiprouter_outbound_route', lease: 'dsiprouter_endpoint_lease' } as const;
const ATTRIBUTES = {
  mapping: ['did', 'servers', 'notes'],
  route: ['name', 'prefix', 'gwgroupid', 'from_prefix', 'priority', 'timerec', 'routeid'],
  lease: ['email', 'ttl'],
} as const;

/** What every front end must agree on: the message (without the front end's place) and the hint. */
interface Said {
  readonly message: string;
  readonly hint: string;
}

const tmp = (): string => mkdtempSync(join(tmpdir(), 'dsipform-one-pipeline-'));

async function viaYaml(objects: readonly Declared[]): Promise<{ desired?: DesiredState; issues: Said[]; raw: ConfigIssue[] }> {
  const doc: Record<string, unknown> = { version: 1 };
  for (const o of objects) {
    const list = (doc[COLLECTION[o.kind]] ??= []) as unknown[];
    list.push(o.kind === 'lease' ? { name: o.name, ...o.fields } : o.fields);
  }
  const file = join(tmp(), 'platform.yaml');
  writeFileSync(file, stringify(doc));
  const r = await loadDesiredState([file], { env: {} });
  if (r.ok) return { desired: r.desired, issues: [], raw: [] };
  return {
    issues: r.issues.map((i) => ({
      message: i.message.replace(/^(inbound_mappings|outbound_routes|endpoint_leases)\[\d+\]\./, ''),
      hint: i.hint,
    })),
    raw: r.issues,
  };
}

async function viaStack(objects: readonly Declared[]): Promise<{ desired?: DesiredState; issues: Said[]; raw: ConfigIssue[] }> {
  const resource: Record<string, Record<string, unknown>> = {};
  for (const o of objects) (resource[TYPE[o.kind]] ??= {})[o.name] = { '//': { metadata: { path: `platform/${o.name}` } }, ...o.fields };
  const dir = join(tmp(), 'stacks', 'platform');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'cdk.tf.json'), JSON.stringify({ provider: { dsiprouter: [{}] }, resource }, null, 2));
  const r = await readStack(dir);
  if (r.ok) return { desired: r.desired, issues: [], raw: [] };
  return {
    issues: r.issues.map((i) => ({ message: i.message.replace(/^dsiprouter_\w+\.[\s\S]*? \(attribute [^)]*\): /, ''), hint: i.hint })),
    raw: r.issues,
  };
}

const provider = await createProvider({});
// Every plan reads the platform (its check, the references): plans go to a fresh emulator.
const planner = await providerOnEmulator();

function providerConfig(o: Declared): TfObject {
  return Object.fromEntries(ATTRIBUTES[o.kind].map((a) => [a, (o.fields[a] ?? null) as TfObject[string]]));
}

function viaProvider(objects: readonly Declared[]): { issues: Said[]; attributes: unknown[] } {
  const issues: Said[] = [];
  const attributes: unknown[] = [];
  for (const o of objects) {
    for (const d of provider.resources[TYPE[o.kind]]!.validate(providerConfig(o))) {
      const [message = '', hint = ''] = (d.detail ?? '').split('\n\nhint: ');
      issues.push({ message, hint });
      attributes.push(d.attribute);
    }
  }
  return { issues, attributes };
}

/** The desired state without origins (the place differs by front end), each collection in key order. */
function content(desired: DesiredState | undefined): unknown {
  const strip = (list: readonly object[] | undefined, key: string) =>
    list
      ?.map((entry) => Object.fromEntries(Object.entries(entry).filter(([k]) => k !== 'origin')))
      .sort((a, b) => String(a[key]).localeCompare(String(b[key])));
  return {
    inbound_mappings: strip(desired?.inbound_mappings, 'did'),
    outbound_routes: strip(desired?.outbound_routes, 'name'),
    endpoint_leases: strip(desired?.endpoint_leases, 'name'),
  };
}

describe('one pipeline for desired state', () => {
  const good: Declared[] = [
    { kind: 'mapping', name: 'main', fields: { did: '15551230001', servers: ['14', '15'] } },
    { kind: 'mapping', name: 'fallback', fields: { did: '', servers: ['7'], notes: 'catch-all' } },
    { kind: 'route', name: 'uk', fields: { name: 'UK', prefix: '44', from_prefix: '1555', gwgroupid: '#5', priority: 10 } },
    { kind: 'route', name: 'us', fields: { name: 'US', prefix: '1', gwgroupid: '2', from_prefix: '' } },
    { kind: 'lease', name: 'brief', fields: { email: 'ops@example.com', ttl: '1' } },
    { kind: 'lease', name: 'softphone', fields: { email: 'ops@example.com', ttl: '15m' } },
    { kind: 'lease', name: 'pinned', fields: { email: 'ops@example.com', ttl: '1h', renew_before: '5m' } },
  ];

  it('gives the same desired state from YAML and from a CDKTF stack, defaults filled by the one normaliser', async () => {
    // renew_before is not an attribute of the resource: the stack declares leases without it.
    const stackable = good.map((o) => (o.name === 'pinned' ? { ...o, fields: { email: 'ops@example.com', ttl: '1h' } } : o));
    const yaml = await viaYaml(stackable);
    const stack = await viaStack(stackable);
    expect(yaml.raw).toEqual([]);
    expect(stack.raw).toEqual([]);
    expect(content(stack.desired)).toEqual(content(yaml.desired));
    expect(content(yaml.desired)).toEqual({
      inbound_mappings: [
        { did: '', servers: ['7'], notes: 'catch-all' },
        { did: '15551230001', servers: ['14', '15'], notes: '' },
      ],
      outbound_routes: [
        { name: 'UK', prefix: '44', from_prefix: '1555', gwgroupid: '5', priority: 10, timerec: '', routeid: '' },
        { name: 'US', prefix: '1', from_prefix: null, gwgroupid: '2', priority: 0, timerec: '', routeid: '' },
      ],
      endpoint_leases: [
        { name: 'brief', email: 'ops@example.com', ttl: 1, renew_before: 0 },
        { name: 'pinned', email: 'ops@example.com', ttl: 3600, renew_before: 360 },
        { name: 'softphone', email: 'ops@example.com', ttl: 900, renew_before: 90 },
      ],
    });
    expect((await viaYaml(good)).desired?.endpoint_leases?.find((l) => l.name === 'pinned')?.renew_before).toBe(300);
  });

  it('accepts the same objects as provider configuration, and plans the same defaults', async () => {
    expect(viaProvider(good).issues).toEqual([]);
    const yaml = content((await viaYaml(good)).desired) as { inbound_mappings: unknown[]; outbound_routes: Record<string, unknown>[] };
    const planned = async (o: Declared) =>
      (await planner.resources[TYPE[o.kind]]!.plan({ prior: null, proposed: providerConfig(o), config: providerConfig(o) })).planned!;
    const mappings = await Promise.all(good.filter((o) => o.kind === 'mapping').map(planned));
    expect(
      mappings.map(({ did, servers, notes }) => ({ did, servers, notes })).sort((a, b) => String(a.did).localeCompare(String(b.did))),
    ).toEqual(yaml.inbound_mappings);
    const routes = await Promise.all(good.filter((o) => o.kind === 'route').map(planned));
    expect(routes.map(({ name, priority, timerec, routeid }) => ({ name, priority, timerec, routeid }))).toEqual(
      yaml.outbound_routes.map(({ name, priority, timerec, routeid }) => ({ name, priority, timerec, routeid })),
    );
  });

  const mapping = (fields: Record<string, unknown>): Declared => ({
    kind: 'mapping',
    name: 'm',
    fields: { did: '1555', servers: ['66'], ...fields },
  });
  const route = (fields: Record<string, unknown>): Declared => ({
    kind: 'route',
    name: 'r',
    fields: { name: 'R', prefix: '44', gwgroupid: '5', ...fields },
  });
  const lease = (fields: Record<string, unknown>, name = 'l'): Declared => ({
    kind: 'lease',
    name,
    fields: { email: 'ops@example.com', ttl: '15m', ...fields },
  });

  it.each<[string, Declared, string, RegExp, boolean]>([
    ['a bad DID', mapping({ did: '12ab' }), 'did', /^did: DID "12ab" may contain only the characters 0-9 \+ # \*$/, true],
    ['three servers', mapping({ servers: ['1', '2', '3'] }), 'servers', /^servers must hold at most 2 entries, not 3$/, true],
    ['a server that is no id', mapping({ servers: ['66', 'gw'] }), 'servers.1', /^servers\[1\]: server "gw" must be a gateway id/, true],
    ['a comma in notes', mapping({ notes: 'a, b' }), 'notes', /^notes may not contain ","$/, true],
    ['gwgroupid "0"', route({ gwgroupid: '0' }), 'gwgroupid', /^gwgroupid must name a carrier group \(not empty or "0"\)$/, true],
    [
      'a gwgroupid of letters',
      route({ gwgroupid: '#abc' }),
      'gwgroupid',
      /^gwgroupid "#abc" must be a carrier-group id made of digits$/,
      true,
    ],
    [
      'an LCR route with an empty prefix',
      route({ prefix: '', from_prefix: '1555' }),
      'prefix',
      /^prefix must not be empty on an LCR route \(from_prefix "1555"\)$/,
      true,
    ],
    [
      'a huge priority',
      route({ priority: 2147483648 }),
      'priority',
      /^priority 2147483648 is outside the platform's range \(-2147483648 to 2147483647\)$/,
      true,
    ],
    ['a huge ttl', lease({ ttl: '2500000000h' }), 'ttl', /^ttl must be at most 3153600000 seconds \(100 years\), not "2500000000h"$/, true],
    ['a zero ttl', lease({ ttl: '0' }), 'ttl', /^ttl must be more than 0 seconds, not "0"$/, true],
    [
      'a ttl in words',
      lease({ ttl: 'soon' }),
      'ttl',
      /^ttl must be seconds \(900\) or "<n>s", "<n>m" or "<n>h" \("15m"\), not "soon"$/,
      true,
    ],
    ["a ttl with spaces (the files' form)", lease({ ttl: ' 15 m' }), 'ttl', /^ttl must be seconds/, true],
    ['a bad email', lease({ email: 'ops' }), 'email', /^email: address "ops" has no "@"$/, true],
    ['an empty email', lease({ email: '' }), 'email', /^email must not be empty$/, true],
    // The provider's lease has no name: its key is the resource address, which Terraform checks.
    ['a bad lease name', lease({}, 'ci\u0007phone'), 'name', /^name "ci\\u0007phone" must not contain control characters$/, false],
  ])('%s: the same issue from YAML, CDKTF and the provider', async (_case, object, field, expected, inProvider) => {
    const yaml = await viaYaml([object]);
    const stack = await viaStack([object]);
    expect(yaml.issues).toHaveLength(1);
    expect(yaml.issues[0]!.message).toMatch(expected);
    expect(yaml.issues[0]!.hint).not.toBe('');
    expect(stack.issues).toEqual(yaml.issues);
    // The place differs: FILE:LINE:COL of the field in the file, the attribute in the stack and in Terraform.
    expect(yaml.raw[0]!.line).toBeGreaterThan(1);
    expect(stack.raw[0]!.message).toContain(`(attribute ${field})`);
    if (!inProvider) return;
    const tf = viaProvider([object]);
    // The same issue; its hint's examples written as HCL for the resource's own attributes.
    const attributes = Object.keys(providerConfig(object));
    expect(tf.issues).toEqual(yaml.issues.map((i) => ({ ...i, hint: hclHint(i.hint, attributes) })));
    expect(tf.attributes).toEqual([field.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s))]);
  });
});
