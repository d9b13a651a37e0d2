import { describe, expect, it } from 'vitest';
import * as der from '../../src/tls/der.js';

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

describe('the DER encoder', () => {
  it.each([
    [0, '00'],
    [127, '7f'],
    [128, '8180'],
    [255, '81ff'],
    [256, '820100'],
    [65_536, '83010000'],
  ])('encodes the length %i as %s (short form below 128, else long form)', (n, want) => {
    expect(hex(der.length(n))).toBe(want);
  });

  it.each([
    ['00', '020100'],
    ['0000', '020100'],
    ['7f', '02017f'],
    ['80', '02020080'], // high bit set: a 00 keeps it positive
    ['000080', '02020080'], // leading zeros dropped, then one put back
    ['01ff', '020201ff'],
  ])('encodes the unsigned integer %s as %s', (magnitude, want) => {
    expect(hex(der.unsignedInteger(Buffer.from(magnitude, 'hex')))).toBe(want);
  });

  it.each([
    [0, '020100'],
    [2, '020102'],
    [300, '0202012c'],
  ])('encodes the small integer %i as %s', (n, want) => {
    expect(hex(der.smallInteger(n))).toBe(want);
  });

  it.each([
    ['2.5.4.3', '0603550403'],
    ['1.2.840.10045.4.3.2', '06082a8648ce3d040302'], // ecdsa-with-SHA256, as RFC 5758 lists its DER
    ['1.3.6.1.5.5.7.3.1', '06082b06010505070301'],
    ['2.5.29.17', '0603551d11'],
  ])('encodes the OID %s as %s', (dotted, want) => {
    expect(hex(der.oid(dotted))).toBe(want);
  });

  it('refuses text that is no OID', () => {
    expect(() => der.oid('1')).toThrow('not an OID: 1');
    expect(() => der.oid('1.x.3')).toThrow('not an OID');
  });

  it.each([
    ['2026-11-23T20:00:05.999Z', '170d3236313132333230303030355a'], // UTCTime, milliseconds dropped
    ['1950-01-01T00:00:00Z', '170d3530303130313030303030305a'],
    ['2049-12-31T23:59:59Z', '170d3439313233313233353935395a'],
    ['2050-01-01T00:00:00Z', '180f32303530303130313030303030305a'], // GeneralizedTime from 2050 on
    ['1949-12-31T23:59:59Z', '180f31393439313233313233353935395a'],
  ])('encodes the time %s as %s', (iso, want) => {
    expect(hex(der.time(new Date(iso)))).toBe(want);
  });

  it.each([
    ['127.0.0.1', '7f000001'],
    ['::1', '00000000000000000000000000000001'],
    ['::', '00000000000000000000000000000000'],
    ['fe80::1%eth0', 'fe800000000000000000000000000001'],
    ['2001:db8::8a2e:370:7334', '20010db80000000000008a2e03707334'],
    ['2001:db8:0:0:1:0:0:1', '20010db8000000000001000000000001'],
    ['::ffff:192.0.2.1', '00000000000000000000ffffc0000201'],
  ])('gives the octets of the address %s', (address, want) => {
    expect(hex(der.ipOctets(address))).toBe(want);
  });

  it('encodes the other elements with their universal tags', () => {
    expect(hex(der.boolean(true))).toBe('0101ff');
    expect(hex(der.boolean(false))).toBe('010100');
    expect(hex(der.bitString(Uint8Array.of(0x80), 7))).toBe('03020780');
    expect(hex(der.octetString(Uint8Array.of(1, 2)))).toBe('04020102');
    expect(hex(der.utf8String('é'))).toBe('0c02c3a9');
    expect(hex(der.sequence())).toBe('3000');
    expect(hex(der.set(der.boolean(true)))).toBe('31030101ff');
    expect(hex(der.contextTag(0, der.smallInteger(2), true))).toBe('a003020102');
    expect(hex(der.contextTag(2, Buffer.from('a'), false))).toBe('820161');
    expect(hex(der.sequence(Buffer.alloc(200)).subarray(0, 3))).toBe('3081c8'); // a long content
  });
});
