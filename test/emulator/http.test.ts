import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createServer } from 'node:net';
import { Readable } from 'node:stream';
import { Agent, request } from 'undici';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { MAX_BODY_BYTES } from '../../src/model/constants.js';
import { call } from './helpers.js';

describe('emulator HTTP layer', () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, token: 'secret-token' });
  });
  afterAll(async () => {
    await emu.close();
  });

  it('answers 413 to a body of 1 MiB + 1 byte, and still serves a body of exactly 1 MiB', async () => {
    const tooBig = await call(emu, 'POST', '/inboundmapping', { raw: Buffer.alloc(MAX_BODY_BYTES + 1, 0x20) });
    expect(tooBig.status).toBe(413);
    expect(tooBig.headers['connection']).toBe('close');
    // Whitespace around a JSON object is still that object: 1 MiB exactly is accepted.
    const json = JSON.stringify({ did: '4420', servers: ['1'] });
    const fits = await call(emu, 'POST', '/inboundmapping', { raw: json + ' '.repeat(MAX_BODY_BYTES - json.length) });
    expect(fits.status).toBe(200);
    expect(fits.json.msg).toBe('Rule Created');
  });

  it('answers 413 to a chunked body that grows past 1 MiB', async () => {
    async function* chunks(): AsyncGenerator<Buffer> {
      for (let sent = 0; sent <= MAX_BODY_BYTES; sent += 65_536) yield Buffer.alloc(65_536, 0x20);
    }
    const streamed = await request(`${emu.url}/api/v1/inboundmapping`, {
      method: 'POST',
      headers: { authorization: `Bearer ${emu.token}`, accept: 'application/json' },
      body: Readable.from(chunks()),
    });
    await streamed.body.text();
    expect(streamed.statusCode).toBe(413);
  });

  it('answers the HTML login page with 401 to Accept: text/html, even with a good token', async () => {
    const res = await call(emu, 'GET', '/proxy/stats', { headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(res.status).toBe(401);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('<html');
  });

  it.each([
    ['no header', {}],
    ['a wrong token', { authorization: 'Bearer wrong' }],
    ['another scheme', { authorization: 'Basic secret-token' }],
  ])('answers 401 Unauthorized to %s, before anything else', async (_name, headers) => {
    for (const path of ['/proxy/stats', '/no/such/path']) {
      const res = await call(emu, 'GET', path, { headers: { authorization: '', ...headers } });
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ data: [], error: 'http', msg: 'Unauthorized', kamreload: expect.any(Boolean), dsipreload: false });
    }
  });

  it('answers 404 to unknown paths and 405 to known paths with a wrong method', async () => {
    expect((await call(emu, 'GET', '/nothing')).json).toMatchObject({ error: 'http', msg: 'Not Found' });
    expect((await call(emu, 'GET', '/nothing')).status).toBe(404);
    const wrong = await call(emu, 'DELETE', '/proxy/stats');
    expect(wrong.status).toBe(405);
    expect(wrong.json).toMatchObject({ error: 'http', msg: 'Method Not Allowed' });
    expect(wrong.headers['allow']).toBe('GET');
  });

  it.each([
    ['malformed JSON', '{"did": '],
    ['an array', '["did"]'],
    ['a string', '"did"'],
  ])('answers 400 "Malformed JSON body" to %s', async (_name, raw) => {
    const res = await call(emu, 'POST', '/outboundroutes', { raw });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: 'http', msg: 'Malformed JSON body' });
  });

  it('keeps a literal + in a query value and decodes %2B and %23', async () => {
    expect((await call(emu, 'POST', '/inboundmapping', { body: { did: '+44#1', servers: ['1'] } })).status).toBe(200);
    const encoded = await call(emu, 'GET', '/inboundmapping?did=%2B44%231');
    expect(encoded.json.data[0]).toMatchObject({ did: '+44#1' });
    const literal = await call(emu, 'GET', '/inboundmapping?did=+44%231');
    expect(literal.json.data[0]).toMatchObject({ did: '+44#1' });
  });

  it('serves many requests over one keep-alive connection', async () => {
    const agent = new Agent({ connections: 1 });
    let connections = 0;
    agent.on('connect', () => connections++);
    for (let i = 0; i < 5; i++) expect((await call(emu, 'GET', '/proxy/stats', { dispatcher: agent })).status).toBe(200);
    expect(connections).toBe(1);
    await agent.close();
  });

  it('counts served requests in the proxy statistics', async () => {
    const first = (await call(emu, 'GET', '/proxy/stats')).json.data[0];
    await call(emu, 'GET', '/nothing');
    const second = (await call(emu, 'GET', '/proxy/stats')).json.data[0];
    expect(Object.keys(second)).toHaveLength(15);
    expect(second.total).toBe(first.total + 2);
    expect(second['4xx']).toBe(first['4xx'] + 1);
    expect(second['2xx']).toBe(first['2xx'] + 1);
  });
});

describe('startEmulator', () => {
  it('generates a 64-hex-character token when none is given', async () => {
    const emu = await startEmulator({ port: 0 });
    try {
      expect(emu.token).toMatch(/^[0-9a-f]{64}$/);
      expect(emu.tokenGenerated).toBe(true);
      expect((await call(emu, 'GET', '/proxy/stats')).status).toBe(200);
    } finally {
      await emu.close();
    }
    const given = await startEmulator({ port: 0, token: 't' });
    expect(given.tokenGenerated).toBe(false);
    await given.close();
  });

  it('frees the port on close(), even with an idle keep-alive connection open', async () => {
    const emu = await startEmulator({ port: 0 });
    const agent = new Agent({ keepAliveTimeout: 60_000 });
    expect((await call(emu, 'GET', '/proxy/stats', { dispatcher: agent })).status).toBe(200);
    const port = Number(new URL(emu.url).port);
    await emu.close();
    await expect(listenOn(port)).resolves.toBe(port);
    await agent.close();
  });

  it('rejects when the port is taken', async () => {
    const emu = await startEmulator({ port: 0 });
    try {
      const port = Number(new URL(emu.url).port);
      await expect(startEmulator({ port })).rejects.toMatchObject({
        code: 'EMULATOR_PORT_IN_USE',
        message: `cannot listen on 127.0.0.1:${port}: the port is already in use`,
      });
    } finally {
      await emu.close();
    }
  });
});

/** Listens on the port and closes again; resolves with the port, rejects when it is still taken. */
function listenOn(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(port)));
  });
}
