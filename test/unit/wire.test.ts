import { describe, expect, it } from 'vitest';
import { encodeQuery } from '../../src/api/transport.js';
import { readerFor, statsFromWire } from '../../src/api/wire.js';
import { leaseFromWire as leaseRecord } from '../../src/model/kinds/endpoint-lease/wire.js';
import { mappingFromWire as mappingRecord } from '../../src/model/kinds/inbound-mapping/wire.js';
import { routeFromWire as routeRecord } from '../../src/model/kinds/outbound-route/wire.js';
import { parseTtl } from '../../src/model/lease.js';

const req = { method: 'GET', path: '/x' };

// Each kind's record shape is its module's; the client reads an answer with it through `readerFor`.
type Req = typeof req;
const mappingFromWire = (value: unknown, r: Req) => mappingRecord(value, readerFor(r));
const routeFromWire = (value: unknown, r: Req) => routeRecord(value, readerFor(r));
const leaseFromWire = (value: unknown, r: Req, sentTtl: number) => leaseRecord(value, readerFor(r), sentTtl);

describe('wire → model', () => {
  it.each([
    [
      { ruleid: '2', did: '155', servers: ['66'], notes: 'a' },
      { ruleid: 2, did: '155', servers: ['66'], notes: 'a' },
    ],
    [
      { ruleid: 3, did: '', servers: ['#2', '7'], name: 'deployed note' },
      { ruleid: 3, did: '', servers: ['#2', '7'], notes: 'deployed note' },
    ],
    [
      { ruleid: '4', did: '+44#*', servers: ['1'] },
      { ruleid: 4, did: '+44#*', servers: ['1'], notes: '' },
    ],
  ])('inbound %j', (wire, model) => {
    expect(mappingFromWire(wire, req)).toEqual(model);
  });

  it.each([
    [
      { ruleid: 1, groupid: '8000', name: 'D', prefix: '', from_prefix: null, gwgroupid: '#2', priority: 0, timerec: '', routeid: '' },
      { ruleid: 1, groupid: 8000, name: 'D', prefix: '', from_prefix: null, gwgroupid: '2', priority: 0, timerec: '', routeid: '' },
    ],
    [
      { ruleid: '9', groupid: 10001, name: 'L', prefix: '44', from_prefix: '1555', gwgroupid: '5', priority: '3', timerec: null },
      { ruleid: 9, groupid: 10001, name: 'L', prefix: '44', from_prefix: '1555', gwgroupid: '5', priority: 3, timerec: '', routeid: '' },
    ],
    [
      { ruleid: 10, groupid: '8000', name: 'S', prefix: '1', from_prefix: '', gwgroupid: '#7' },
      { ruleid: 10, groupid: 8000, name: 'S', prefix: '1', from_prefix: null, gwgroupid: '7', priority: 0, timerec: '', routeid: '' },
    ],
  ])('route %j', (wire, model) => {
    expect(routeFromWire(wire, req)).toEqual(model);
  });

  it.each([
    [{ ruleid: 'x', did: '', servers: [] }, /ruleid is "x", not an integer/],
    [{ ruleid: 1, did: '', servers: 'no' }, /servers is not a list/],
    ['a string', /not an object/],
  ])('rejects %j with a typed error', (wire, message) => {
    expect(() => mappingFromWire(wire, req)).toThrow(message);
  });

  it.each([
    [{ leaseid: 1, username: 'lease1', password: 'p', domain: 'd', ttl: 300 }, 300, 300],
    [{ leaseid: '2', username: 'lease2', password: 'p', domain: 'd', ttl: '15' }, 15, 15],
    [{ leaseid: 3, username: 'lease3', password: 'p', domain: 'd', ttl: '5m' }, 300, 300],
    [{ leaseid: 4, username: 'lease4', password: 'p', domain: 'd' }, 60, 60],
  ])('lease %j keeps ttl in seconds', (wire, sent, ttl) => {
    expect(leaseFromWire(wire, req, sent).ttl).toBe(ttl);
  });

  it('reads the 15 counters, missing ones as 0', () => {
    const stats = statsFromWire({ current: 1, total: '5', '2xx': 4 }, req);
    expect(Object.keys(stats)).toHaveLength(15);
    expect(stats.total).toBe(5);
    expect(stats.delayed_free).toBe(0);
  });
});

describe('query encoding', () => {
  it.each([
    [{ did: '+4420' }, '?did=%2B4420'],
    [{ did: '#22*' }, '?did=%2322*'],
    [{ did: '' }, '?did='],
    [{ ruleid: 5 }, '?ruleid=5'],
    [{ ttl: '5m', email: 'a+b@x.io' }, '?ttl=5m&email=a%2Bb%40x.io'],
  ])('%j → %s', (query, encoded) => {
    expect(encodeQuery(query)).toBe(encoded);
  });
});

describe('ttl', () => {
  it.each([
    [300, 300],
    ['15', 15],
    ['15s', 15],
    ['5m', 300],
    ['2h', 7200],
    ['-1', null],
    ['5 minutes', null],
    [1.5, null],
    [null, null],
  ])('%j → %j', (value, seconds) => {
    expect(parseTtl(value)).toBe(seconds);
  });
});
