import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import type { Envelope } from '../../src/model/envelope.js';
import { emulatorFixture } from '../helpers/emulator.js';
import { apiErrorOf } from '../helpers/expect-api-error.js';

const schema = JSON.parse(readFileSync(new URL('../../schemas/platform-api.schema.json', import.meta.url), 'utf8'));
const ajv = new Ajv2020({ allErrors: true });
ajv.addSchema(schema);
const ID = schema.$id as string;

function check(def: string, value: unknown): void {
  const validate = ajv.getSchema(`${ID}#/$defs/${def}`)!;
  const valid = validate(value);
  expect(valid, `${def}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(value)}`).toBe(true);
}

function checkEnvelope(env: Envelope, record?: string): void {
  check('envelope', env);
  if (record) for (const r of env.data) check(record, r);
}

describe('every emulator answer matches schemas/platform-api.schema.json', () => {
  it('mappings, routes, leases, stats and errors', async () => {
    const { client } = await emulatorFixture();
    checkEnvelope(await client.raw('GET', '/proxy/stats'), 'proxyStats');
    checkEnvelope(await client.raw('GET', '/kamailio/stats'), 'proxyStats');
    checkEnvelope(await client.raw('POST', '/inboundmapping', { body: { did: '+1#*', servers: ['66', '#2'], notes: 'n' } }), 'createdId');
    checkEnvelope(await client.raw('POST', '/inboundmapping', { body: { did: '', servers: ['1'] } }), 'createdId');
    checkEnvelope(await client.raw('GET', '/inboundmapping'), 'inboundMapping');
    checkEnvelope(await client.raw('GET', '/inboundmapping', { query: { did: '' } }), 'inboundMapping');
    checkEnvelope(await client.raw('PUT', '/inboundmapping', { query: { did: '' }, body: { servers: ['2'] } }), 'inboundMapping');
    checkEnvelope(await client.raw('POST', '/outboundroutes', { body: { name: 'S', prefix: '1', gwgroupid: '2' } }), 'createdId');
    checkEnvelope(
      await client.raw('POST', '/outboundroutes', { body: { name: 'L', prefix: '44', from_prefix: '1555', gwgroupid: '#5', priority: 3 } }),
      'createdId',
    );
    checkEnvelope(await client.raw('GET', '/outboundroutes'), 'outboundRoute');
    checkEnvelope(await client.raw('PUT', '/outboundroutes/4', { body: { prefix: '1', from_prefix: '9' } }), 'outboundRoute');
    checkEnvelope(await client.raw('GET', '/outboundroutes/4'), 'outboundRoute');
    checkEnvelope(await client.raw('GET', '/endpoint/lease', { query: { ttl: '5m', email: 'a@b.c' } }), 'lease');
    checkEnvelope(await client.raw('POST', '/reload/kamailio'));
    checkEnvelope(await client.raw('DELETE', '/outboundroutes/1'));
    checkEnvelope(await client.raw('DELETE', '/inboundmapping', { query: { did: '' } }));
    const err = await apiErrorOf(client.raw('POST', '/outboundroutes', { body: { name: 'x' } }));
    check('envelope', { data: [], error: err.platformError, msg: err.platformMsg, kamreload: true, dsipreload: false });
  });

  it('the schema rejects what the contract forbids (so the check above can fail)', () => {
    const validate = ajv.getSchema(`${ID}#/$defs/outboundRoute`)!;
    const good = {
      ruleid: 1,
      groupid: '8000',
      name: 'D',
      prefix: '',
      from_prefix: null,
      gwgroupid: '#2',
      priority: 0,
      timerec: '',
      routeid: '',
    };
    expect(validate(good)).toBe(true);
    expect(validate({ ...good, groupid: '9000' })).toBe(false);
    expect(validate({ ...good, from_prefix: '' })).toBe(false);
    expect(validate({ ...good, extra: 1 })).toBe(false);
    expect(ajv.getSchema(`${ID}#/$defs/inboundMapping`)!({ ruleid: '2', did: '', servers: ['1', '2', '3'] })).toBe(false);
  });
});
