import { afterEach, describe, expect, it } from 'vitest';
import { PlatformClient } from '../../src/api/client.js';
import { startTinyServer, type TinyServer } from '../helpers/tiny-server.js';

/**
 * The deployed platform differs from the specification (docs/platform-contract.md §5): ruleid as a
 * string, the note under `name`, and an inbound create that answers without a ruleid. A small real
 * server answering like that shows the client copes.
 */
let server: TinyServer | undefined;
let client: PlatformClient | undefined;
afterEach(async () => {
  await client?.close();
  await server?.close();
});

const envelope = (data: unknown[], msg: string) => JSON.stringify({ data, error: '', msg, kamreload: true, dsipreload: false });

describe('client tolerance of the deployed platform', () => {
  it('learns the ruleid of a create that answers without one, by reading back the DID', async () => {
    server = await startTinyServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      if (req.method === 'POST') res.end(envelope([], 'Rule Created'));
      else res.end(envelope([{ ruleid: '17', did: '+4420', servers: ['#3'], name: 'deployed' }], 'Rule Found'));
    });
    client = new PlatformClient({ url: server.url, token: 't', profile: 'spec' });
    expect(await client.createInboundMapping({ did: '+4420', servers: ['#3'], notes: 'deployed' })).toBe(17);
    expect(server.seen.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/v1/inboundmapping',
      'GET /api/v1/inboundmapping?did=%2B4420',
    ]);
  });

  it('fails clearly when a create answers without a ruleid and the read-back finds nothing', async () => {
    server = await startTinyServer((req, res) => {
      if (req.method === 'POST') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(envelope([], 'Rule Created'));
      } else {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(envelope([], 'No Matching DID Found'));
      }
    });
    client = new PlatformClient({ url: server.url, token: 't', profile: 'spec' });
    await expect(client.createInboundMapping({ did: '5', servers: ['1'] })).rejects.toMatchObject({
      code: 'API_UNEXPECTED_RESPONSE',
      message: expect.stringContaining('cannot read it back'),
    });
  });

  it('reads ruleid strings and the note under name in a list', async () => {
    server = await startTinyServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(envelope([{ ruleid: '2', did: '', servers: ['66', '#2'], name: 'default' }], 'Rules Found'));
    });
    client = new PlatformClient({ url: server.url, token: 't', profile: 'spec' });
    expect(await client.listInboundMappings()).toEqual([{ ruleid: 2, did: '', servers: ['66', '#2'], notes: 'default' }]);
  });

  it('always sends prefix beside a non-empty from_prefix, reading it when the caller did not give it', async () => {
    const bodies: unknown[] = [];
    server = await startTinyServer((req, res) => {
      let text = '';
      req.on('data', (d: Buffer) => (text += d.toString()));
      req.on('end', () => {
        if (text) bodies.push(JSON.parse(text));
        res.writeHead(200, { 'content-type': 'application/json' });
        const route = {
          ruleid: 4,
          groupid: '8000',
          name: 'R',
          prefix: '44',
          from_prefix: null,
          gwgroupid: '#5',
          priority: 0,
          timerec: '',
          routeid: '',
        };
        res.end(envelope(req.method === 'GET' ? [route] : [], 'ok'));
      });
    });
    client = new PlatformClient({ url: server.url, token: 't', profile: 'spec' });
    await client.updateOutboundRoute(4, { from_prefix: '1555' });
    await client.updateOutboundRoute(4, { from_prefix: '' });
    expect(bodies).toEqual([{ from_prefix: '1555', prefix: '44' }, { from_prefix: '' }]);
  });
});
