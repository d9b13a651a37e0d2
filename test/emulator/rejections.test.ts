import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { Dispatcher } from 'undici';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { call } from './helpers.js';

/**
 * Requests a well-behaved client never sends, so the client-level conformance suite cannot reach
 * them: each must be refused with the documented status, error and sentence, and change nothing.
 * State: default route 1, mapping 2 (did 4420), LCR route 3 (1-44), simple route 4 (prefix 33).
 */
describe('emulator refusals', () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, token: 't' });
    await call(emu, 'POST', '/inboundmapping', { body: { did: '4420', servers: ['1'] } });
    await call(emu, 'POST', '/outboundroutes', { body: { name: 'lcr', prefix: '44', from_prefix: '1', gwgroupid: '5' } });
    await call(emu, 'POST', '/outboundroutes', { body: { name: 'simple', prefix: '33', gwgroupid: '5' } });
    await call(emu, 'POST', '/reload/kamailio');
  });
  afterAll(async () => {
    await emu.close();
  });

  it.each<[Dispatcher.HttpMethod, string, unknown, number, string, string]>([
    // inbound mappings
    ['GET', '/inboundmapping?ruleid=2&did=4420', undefined, 400, 'http', 'Only one of ruleid or did may be given'],
    ['GET', '/inboundmapping?ruleid=x', undefined, 400, 'http', 'ruleid must be an integer'],
    ['GET', '/inboundmapping?name=x', undefined, 400, 'http', 'Request argument not recognized'],
    ['GET', '/inboundmapping?ruleid=1', undefined, 404, '', 'No Matching Rule Found'], // a route, not a mapping
    ['GET', '/inboundmapping?did=', undefined, 404, '', 'No Matching DID Found'],
    ['POST', '/inboundmapping', { servers: ['1'] }, 400, 'http', 'DID is required'],
    ['POST', '/inboundmapping', { did: '1' }, 400, 'http', 'servers are required'],
    ['POST', '/inboundmapping', { did: '1', servers: ['1'], name: 'x' }, 400, 'http', 'Request data argument not recognized'],
    ['POST', '/inboundmapping', { did: '4420', servers: ['1'] }, 400, 'http', "Duplicate DID's are not allowed"],
    ['POST', '/inboundmapping', { did: '1a', servers: ['1'] }, 400, 'http', 'DID "1a" may contain only the characters 0-9 + # *'],
    [
      'POST',
      '/inboundmapping',
      { did: '1', servers: [] },
      400,
      'http',
      'servers must hold 1 or 2 entries (primary, then secondary), not 0',
    ],
    [
      'POST',
      '/inboundmapping',
      { did: '1', servers: ['1', '2', '3'] },
      400,
      'http',
      'servers must hold 1 or 2 entries (primary, then secondary), not 3',
    ],
    ['POST', '/inboundmapping', { did: '1', servers: ['1'], notes: 'a,b' }, 400, 'http', 'notes may not contain ","'],
    ['POST', '/inboundmapping?did=1', { did: '1', servers: ['1'] }, 400, 'http', 'Request argument not recognized'],
    ['PUT', '/inboundmapping', { notes: 'x' }, 400, 'http', 'ruleid or did is required'],
    ['PUT', '/inboundmapping?did=4420', {}, 400, 'http', 'No data to update'],
    ['PUT', '/inboundmapping?did=4420', undefined, 400, 'http', 'No data to update'],
    ['PUT', '/inboundmapping?did=999', { notes: 'x' }, 404, '', 'No Matching DID Found'],
    ['PUT', '/inboundmapping?ruleid=999', { notes: 'x' }, 404, '', 'No Matching Rule Found'],
    ['DELETE', '/inboundmapping', undefined, 400, 'http', 'ruleid or did is required'],
    ['DELETE', '/inboundmapping?ruleid=3', undefined, 404, '', 'No Matching Rule Found'], // a route
    // outbound routes
    ['GET', '/outboundroutes/2', undefined, 404, '', 'No Matching Rule Found'], // a mapping
    ['GET', '/outboundroutes?ruleid=2', undefined, 404, '', 'No Matching Rule Found'],
    ['GET', '/outboundroutes/x', undefined, 400, 'http', 'ruleid must be an integer'],
    ['GET', '/outboundroutes?prefix=1', undefined, 400, 'http', 'Request argument not recognized'],
    ['PUT', '/outboundroutes/2', { name: 'x' }, 404, '', 'No Matching Rule Found'],
    ['DELETE', '/outboundroutes/2', undefined, 404, '', 'No Matching Rule Found'],
    ['PUT', '/outboundroutes', { name: 'x' }, 400, 'http', 'ruleid is required'],
    ['DELETE', '/outboundroutes', undefined, 400, 'http', 'ruleid is required'],
    ['POST', '/outboundroutes', { prefix: '1', gwgroupid: '5' }, 400, 'http', 'name is required'],
    ['POST', '/outboundroutes', { name: 'x', gwgroupid: '5' }, 400, 'http', 'prefix is required'],
    ['POST', '/outboundroutes', { name: 'x', prefix: '1' }, 400, 'http', 'gwgroupid is required'],
    [
      'POST',
      '/outboundroutes',
      { name: 'x', prefix: '1', gwgroupid: '0' },
      400,
      'http',
      'gwgroupid must name a carrier group (not empty or "0")',
    ],
    [
      'POST',
      '/outboundroutes',
      { name: 'x', prefix: '1', gwgroupid: '5', groupid: '8000' },
      400,
      'http',
      'Request data argument not recognized',
    ],
    ['POST', '/outboundroutes', { name: 'x', prefix: '1', gwgroupid: '5', ruleid: 9 }, 400, 'http', 'Request data argument not recognized'],
    ['POST', '/outboundroutes', { name: 'a,b', prefix: '1', gwgroupid: '5' }, 400, 'http', 'name may not contain ","'],
    ['POST', '/outboundroutes', { name: 'x', prefix: '1', gwgroupid: '5', priority: 1.5 }, 400, 'http', 'priority must be an integer'],
    ['POST', '/outboundroutes', { name: 'x', prefix: '1', gwgroupid: '5', timerec: 3 }, 400, 'http', 'timerec must be a string'],
    [
      'POST',
      '/outboundroutes',
      { name: 'x', prefix: '', gwgroupid: '5', from_prefix: '7' },
      400,
      'http',
      'prefix may not be empty on an LCR route',
    ],
    ['POST', '/outboundroutes', { name: 'x', prefix: '44', gwgroupid: '5', from_prefix: '1' }, 400, 'http', 'Duplicate LCR pattern'],
    ['PUT', '/outboundroutes/4', { prefix: '44', from_prefix: '1' }, 400, 'http', 'Duplicate LCR pattern'], // promote onto a taken pattern
    ['PUT', '/outboundroutes/3', { prefix: '' }, 400, 'http', 'prefix may not be empty on an LCR route'],
    ['PUT', '/outboundroutes/3', { from_prefix: 'x' }, 400, 'http', 'from_prefix "x" may contain only the characters 0-9 + # *'],
    ['PUT', '/outboundroutes/3', {}, 400, 'http', 'No data to update'],
    ['POST', '/outboundroutes/3', { name: 'x' }, 405, 'http', 'Method Not Allowed'],
    // leases
    ['GET', '/endpoint/lease?ttl=60', undefined, 400, 'http', 'email is required'],
    ['GET', '/endpoint/lease?ttl=60&email=', undefined, 400, 'http', 'email is required'],
    ['GET', '/endpoint/lease?email=a%40b', undefined, 400, 'http', 'ttl must be a number of seconds or <n>m'],
    ['GET', '/endpoint/lease?ttl=soon&email=a%40b', undefined, 400, 'http', 'ttl must be a number of seconds or <n>m'],
    ['GET', '/endpoint/lease?ttl=0&email=a%40b', undefined, 400, 'http', 'ttl must be greater than 0'],
    ['GET', '/endpoint/lease?ttl=60&email=a%40b&x=1', undefined, 400, 'http', 'Request argument not recognized'],
    ['PUT', '/endpoint/lease/999/revoke', undefined, 404, '', 'No Matching Lease Found'],
    ['PUT', '/endpoint/lease/abc/revoke', undefined, 400, 'http', 'leaseid must be an integer'],
  ])('%s %s %j → %i %j %s', async (method, path, body, status, error, msg) => {
    const before = await state();
    const res = await call(emu, method, path, body === undefined ? {} : { body });
    expect({ status: res.status, ...res.json }).toEqual({ status, data: [], error, msg, kamreload: false, dsipreload: false });
    expect(await state()).toEqual(before);
  });

  async function state(): Promise<unknown> {
    return [(await call(emu, 'GET', '/inboundmapping')).json.data, (await call(emu, 'GET', '/outboundroutes')).json.data];
  }
});
