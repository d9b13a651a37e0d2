import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmulatorStore } from '../../src/emulator/store/store.js';
import { MAX_BODY_BYTES } from '../../src/model/constants.js';
import { rawRequest, serveStore, type StoreServer } from './raw.js';

/**
 * A 10 MB request body is refused with 413 once about 1 MiB has been read, the connection is closed
 * (after the rest was read and discarded: see src/emulator/linger.ts), and nothing changes. Memory
 * is measured in bench/emulator-large-body.mjs, not here.
 */
const TEN_MB = 10 * 1024 * 1024;
const SLACK = 256 * 1024; // socket read-ahead and headers beyond the 1 MiB limit

function head(framing: string): string {
  return `POST /api/v1/inboundmapping HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer t\r\nAccept: application/json\r\nContent-Type: application/json\r\n${framing}\r\n\r\n`;
}

/** 10 MB of a JSON-looking body in 64 KiB chunks, framed as chunked transfer encoding. */
function chunked(): Buffer[] {
  const chunk = Buffer.alloc(65_536, 0x20);
  const parts: Buffer[] = [];
  for (let sent = 0; sent < TEN_MB; sent += chunk.length) parts.push(Buffer.from('10000\r\n'), chunk, Buffer.from('\r\n'));
  parts.push(Buffer.from('0\r\n\r\n'));
  return parts;
}

describe('a 10 MB request body', () => {
  let server: StoreServer;
  beforeAll(async () => {
    server = await serveStore(new EmulatorStore({ now: () => 1_750_000_000_000 }), 't');
  });
  afterAll(async () => {
    await server.close();
  });

  it.each([
    ['with Content-Length', () => [head(`Content-Length: ${TEN_MB}`), Buffer.alloc(TEN_MB, 0x20)]],
    ['chunked', () => [head('Transfer-Encoding: chunked'), ...chunked()]],
  ])('sent %s is answered 413 after at most ~1 MiB is read; the connection closes and nothing changes', async (_name, parts) => {
    const before = JSON.stringify(server.store.snapshot());
    // rawRequest resolves on the connection's close, so resolving at all proves the server closed it.
    const answer = await rawRequest(server.port, parts(), { timeoutMs: 10_000 });
    expect(answer.status).toBe(413);
    expect(answer.text).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer.text).toContain('"msg":"Request body too large"');
    expect(server.readAtLastAnswer()).toBeLessThanOrEqual(MAX_BODY_BYTES + SLACK);
    expect(JSON.stringify(server.store.snapshot())).toBe(before);
    expect(server.store.revision).toBe(0);
  });

  it('leaves the emulator serving', async () => {
    const answer = await rawRequest(server.port, [head('Content-Length: 34'), '{"did":"4420","servers":["1"]}    ']);
    expect(answer.status).toBe(200);
    expect(server.store.mappings.list().map((m) => m.did)).toEqual(['4420']);
  });
});
