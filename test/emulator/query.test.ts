import { describe, it, expect } from 'vitest';
import { parseQuery } from '../../src/emulator/query.js';

describe('parseQuery', () => {
  it.each<[string, Record<string, string>]>([
    ['', {}],
    ['did=%2B4420%23', { did: '+4420#' }],
    ['did=+4420', { did: '+4420' }], // a literal + is not a space here (unlike URLSearchParams)
    ['did=', { did: '' }],
    ['did', { did: '' }],
    ['ttl=5m&email=a%40b.c', { ttl: '5m', email: 'a@b.c' }],
    ['a=1&&b=2&', { a: '1', b: '2' }],
    ['note=x%3Dy=z', { note: 'x=y=z' }],
  ])('%j', (raw, expected) => {
    const parsed = parseQuery(raw);
    expect(parsed.ok && Object.fromEntries(parsed.args)).toEqual(expected);
  });

  it.each([
    ['did=%ZZ', 'Malformed query string'],
    ['did=%E0%A4%A', 'Malformed query string'],
    ['did=1&did=2', 'Request argument repeated: did'],
  ])('refuses %j', (raw, msg) => {
    expect(parseQuery(raw)).toEqual({ ok: false, msg });
  });
});
