import { decode, encode, ExtData } from '@msgpack/msgpack';
import { describe, expect, it } from 'vitest';
import { CodecError, type CtyType } from '../../../src/terraform/host/cty-type.js';
import { fromDynamicValue, toDynamicValue } from '../../../src/terraform/host/dynamic-value.js';
import { decodeJson } from '../../../src/terraform/host/json-codec.js';
import { decodeMsgpack, encodeMsgpack } from '../../../src/terraform/host/msgpack-codec.js';
import { UNKNOWN, type TfValue } from '../../../src/terraform/types.js';

const MAPPING: CtyType = ['object', { ruleid: 'number', did: 'string', servers: ['list', 'string'], notes: 'string' }];

describe('msgpack codec round trips', () => {
  it.each<[string, CtyType, TfValue]>([
    ['string', 'string', 'did 0044'],
    ['empty string', 'string', ''],
    ['integer', 'number', 42],
    ['negative integer', 'number', -7],
    ['fraction', 'number', 1.5],
    ['large integer', 'number', 2 ** 40],
    ['true', 'bool', true],
    ['false', 'bool', false],
    ['null string', 'string', null],
    ['null list', ['list', 'string'], null],
    ['unknown number', 'number', UNKNOWN],
    ['list of strings', ['list', 'string'], ['a', 'b']],
    ['empty list', ['list', 'string'], []],
    ['list with a null and an unknown', ['list', 'string'], ['a', null, UNKNOWN]],
    ['set of numbers', ['set', 'number'], [1, 2.5]],
    ['map of numbers', ['map', 'number'], { calls: 3, ratio: 0.25 }],
    ['empty map', ['map', 'number'], {}],
    ['object', MAPPING, { ruleid: 7, did: '100', servers: ['s1'], notes: null }],
    ['object with unknowns', MAPPING, { ruleid: UNKNOWN, did: '100', servers: UNKNOWN, notes: '' }],
    [
      'nested list of objects',
      ['list', MAPPING],
      [
        { ruleid: 1, did: '1', servers: ['a', 'b'], notes: 'x' },
        { ruleid: 2, did: '', servers: [], notes: null },
      ],
    ],
    ['tuple', ['tuple', ['string', 'number']], ['a', 1]],
  ])('%s', (_name, type, value) => {
    expect(decodeMsgpack(encodeMsgpack(value, type), type)).toEqual(value);
  });
});

describe('msgpack wire details', () => {
  it('writes unknown as cty does: fixext1, extension type 0, payload 0', () => {
    expect([...encodeMsgpack(UNKNOWN, 'string')]).toEqual([0xd4, 0x00, 0x00]);
  });

  it.each([0, 12])('reads extension type %i as unknown', (type) => {
    const bytes = encode(new ExtData(type, new Uint8Array([0x81, 0xa1, 0x61, 0x01])));
    expect(decodeMsgpack(bytes, ['list', 'string'])).toBe(UNKNOWN);
  });

  it('rejects other extension types', () => {
    expect(() => decodeMsgpack(encode(new ExtData(5, new Uint8Array([0]))), 'string')).toThrow(CodecError);
  });

  it('writes integral numbers as msgpack ints and fractions as floats', () => {
    expect([...encodeMsgpack(5, 'number')]).toEqual([0x05]);
    expect([...encodeMsgpack(300, 'number')]).toEqual([0xcd, 0x01, 0x2c]);
    expect(encodeMsgpack(1.5, 'number')[0]).toBe(0xcb);
  });

  it('reads numbers written as floats, ints or decimal strings', () => {
    expect(decodeMsgpack(Buffer.from('cb4014000000000000', 'hex'), 'number')).toBe(5);
    expect(decodeMsgpack(encode(5), 'number')).toBe(5);
    expect(decodeMsgpack(encode('12.25'), 'number')).toBe(12.25);
  });

  it('writes every attribute of an object, missing ones as null', () => {
    const bytes = encodeMsgpack({ did: '1', servers: ['a'] }, MAPPING);
    expect(decode(bytes)).toEqual({ ruleid: null, did: '1', servers: ['a'], notes: null });
    expect(decodeMsgpack(bytes, MAPPING)).toEqual({ ruleid: null, did: '1', servers: ['a'], notes: null });
  });

  it('reads an object missing attributes as nulls', () => {
    expect(decodeMsgpack(encode({ did: '1' }), MAPPING)).toEqual({ ruleid: null, did: '1', servers: null, notes: null });
  });

  it('reads a dynamic value as its [type, value] pair', () => {
    expect(decodeMsgpack(encode([Buffer.from('["list","string"]'), ['a']]), 'dynamic')).toEqual(['a']);
  });

  it.each<[string, TfValue, CtyType, string]>([
    ['a number for a string', 5, 'string', 'expected string, got number 5'],
    ['a string for a number', '5', 'number', 'expected number, got string "5"'],
    ['an attribute not in the schema', { did: '1', dids: 'x' }, MAPPING, 'attribute "dids" is not in the schema'],
    ['a wrong element, with its path', { did: '1', servers: ['a', 2] }, MAPPING, 'servers[1]: expected string, got number 2'],
  ])('refuses to write %s', (_name, value, type, message) => {
    expect(() => encodeMsgpack(value, type)).toThrow(message);
  });
});

describe('JSON form', () => {
  it.each<[string, CtyType, string, TfValue]>([
    [
      'an object with all attributes',
      MAPPING,
      '{"ruleid":7,"did":"100","servers":["a"],"notes":"n"}',
      { ruleid: 7, did: '100', servers: ['a'], notes: 'n' },
    ],
    ['missing attributes as null', MAPPING, '{"did":"100"}', { ruleid: null, did: '100', servers: null, notes: null }],
    ['a fraction', 'number', '0.5', 0.5],
    ['a numeric string as a number', 'number', '"42"', 42],
    ['a number as a string', 'string', '42', '42'],
    ['a bool string as a bool', 'bool', '"true"', true],
    ['a map', ['map', 'number'], '{"a":1}', { a: 1 }],
    ['a nested list of objects', ['list', MAPPING], '[{"did":"1","servers":[]}]', [{ ruleid: null, did: '1', servers: [], notes: null }]],
    ['null', MAPPING, 'null', null],
  ])('reads %s', (_name, type, json, value) => {
    expect(decodeJson(json, type)).toEqual(value);
  });

  it('rejects attributes not in the schema in strict mode and drops them in upgrade mode', () => {
    const json = '{"did":"1","legacy":true}';
    expect(() => decodeJson(json, MAPPING)).toThrow('unsupported attribute "legacy"');
    expect(decodeJson(json, MAPPING, 'upgrade')).toEqual({ ruleid: null, did: '1', servers: null, notes: null });
  });

  it('says where a value does not fit', () => {
    expect(() => decodeJson('{"servers":[1, {}]}', MAPPING)).toThrow('servers[1]: expected string, got {}');
  });
});

describe('DynamicValue', () => {
  it('prefers msgpack, falls back to JSON, and reads an empty value as null', () => {
    const type: CtyType = ['object', { a: 'number' }];
    expect(fromDynamicValue({ msgpack: encodeMsgpack({ a: 1 }, type), json: Buffer.from('{"a":2}') }, type)).toEqual({ a: 1 });
    expect(fromDynamicValue({ msgpack: Buffer.alloc(0), json: Buffer.from('{"a":2}') }, type)).toEqual({ a: 2 });
    expect(fromDynamicValue({ msgpack: Buffer.alloc(0), json: Buffer.alloc(0) }, type)).toBeNull();
    expect(fromDynamicValue(null, type)).toBeNull();
  });

  it('writes msgpack', () => {
    expect(toDynamicValue(null, 'string')).toEqual({ msgpack: Uint8Array.from([0xc0]) });
  });
});
