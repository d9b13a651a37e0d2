import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

const SCHEMA_URL = new URL('../../schemas/dsipform.schema.json', import.meta.url);
const schema = JSON.parse(readFileSync(SCHEMA_URL, 'utf8')) as Record<string, unknown>;

/** Every `properties` entry in the schema, with its path, for editors' tooltips. */
function properties(node: unknown, path: string, out: [string, Record<string, unknown>][] = []): [string, Record<string, unknown>][] {
  if (node === null || typeof node !== 'object') return out;
  const props = (node as { properties?: Record<string, Record<string, unknown>> }).properties;
  for (const [key, sub] of Object.entries(props ?? {})) out.push([`${path}.${key}`, sub]);
  for (const [key, child] of Object.entries(node)) properties(child, `${path}/${key}`, out);
  return out;
}

/** A lease entry the schema accepts. */
const LEASE = { name: 'ci-softphone', email: 'ops@example.com', ttl: '15m' };

describe('schemas/dsipform.schema.json', () => {
  it('is a strict JSON Schema 2020-12 document with $id and title', () => {
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.$id).toMatch(/dsipform\.schema\.json$/);
    expect(schema.title).toEqual(expect.any(String));
    expect(() => new Ajv2020({ strict: true }).compile(schema)).not.toThrow();
  });

  it.each(properties(schema, '#'))('%s has a description', (_path, sub) => {
    expect(sub.description).toEqual(expect.any(String));
  });

  it('accepts the example file that editors point at it', () => {
    const text = readFileSync(new URL('../fixtures/basic.yaml', import.meta.url), 'utf8');
    expect(text.split('\n')[0]).toBe('# yaml-language-server: $schema=../../schemas/dsipform.schema.json');
    const validate = new Ajv2020({ allErrors: true }).compile(schema);
    expect(validate(parse(text)), JSON.stringify(validate.errors)).toBe(true);
  });

  it.each([
    [{ version: 1, endpoint_lease: [] }, 'additionalProperties'],
    [{ version: 2 }, 'const'],
    [{ version: 1, policy: { max_deletes: '20' } }, 'anyOf'],
    [{ version: 1, policy: { max_deletes: -1 } }, 'anyOf'],
    [{ version: 1, policy: { protect: ['outbound_routes', 'outbound_routes'] } }, 'uniqueItems'],
    [{ version: 1, outbound_routes: [{ name: 'a', prefix: '', gwgroupid: '2', ruleid: 0 }] }, 'minimum'],
    [{ version: 1, policy: { protect: ['endpoint_lease'] } }, 'enum'],
    [{ version: 1, policy: { ignore: { endpoint_leases: 'ci-*' } } }, 'type'],
    [{ version: 1, endpoint_leases: [{ ...LEASE, ttl: 0 }] }, 'anyOf'],
    [{ version: 1, endpoint_leases: [{ ...LEASE, ttl: '15x' }] }, 'anyOf'],
    [{ version: 1, endpoint_leases: [{ ...LEASE, ttl: 3_153_600_001 }] }, 'anyOf'],
    [{ version: 1, endpoint_leases: [{ ...LEASE, renew_before: -1 }] }, 'anyOf'],
    [{ version: 1, endpoint_leases: [{ ...LEASE, name: '' }] }, 'minLength'],
    [{ version: 1, endpoint_leases: [{ name: 'a', email: 'ops@example.com' }] }, 'required'],
    [{ version: 1, endpoint_leases: [{ ...LEASE, password: 'x' }] }, 'additionalProperties'],
  ])('rejects %j (%s)', (data, keyword) => {
    const validate = new Ajv2020({ allErrors: true }).compile(schema);
    expect(validate(data)).toBe(false);
    expect(validate.errors?.map((e) => e.keyword)).toContain(keyword);
  });

  it.each([
    [{ version: 1, endpoint_leases: [] }],
    [
      {
        version: 1,
        endpoint_leases: [
          LEASE,
          { ...LEASE, name: 'b', ttl: 900, renew_before: 0 },
          { ...LEASE, name: 'c', ttl: '900', renew_before: '2m' },
        ],
      },
    ],
    [{ version: 1, endpoint_leases: [{ ...LEASE, ttl: '1h', renew_before: '30s' }] }],
    [{ version: 1, policy: { protect: ['endpoint_leases'], ignore: { endpoint_leases: ['ci-*'] } } }],
  ])('accepts %j', (data) => {
    const validate = new Ajv2020({ allErrors: true }).compile(schema);
    expect(validate(data), JSON.stringify(validate.errors)).toBe(true);
  });

  // "Exactly one of" is written with if/else and dependentSchemas (no error object per valid entry
  // in the check, src/config/schema-issues.ts words it): an entry passes when it gives exactly one
  // of the two keys, whatever their values (null counts as given, as it did under the oneOf).
  it.each([
    ['inbound_mappings', { did: '1' }, 'servers', ['66'], 'group', 'Front desk'],
    ['outbound_routes', { name: 'r', prefix: '1' }, 'gwgroupid', '5', 'carrier_group', 'Carrier A'],
  ])('%s: exactly one of two keys, as a oneOf of their requirements said', (list, base, first, one, second, other) => {
    const validate = new Ajv2020({ allErrors: true }).compile(schema);
    const given = [[], [first], [second], [first, second]];
    for (const keys of given) {
      for (const value of ['good', null]) {
        const entry = { ...base, ...Object.fromEntries(keys.map((k) => [k, value === null ? null : k === first ? one : other])) };
        const fine = keys.length === 1 && value !== null;
        expect(validate({ version: 1, [list]: [entry] }), `${JSON.stringify(entry)}: ${JSON.stringify(validate.errors)}`).toBe(fine);
      }
    }
    expect(validate({ version: 1, [list]: ['not a mapping'] })).toBe(false);
  });
});
