import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findDuplicateKey, formatJsonPath, locateJsonValue, type JsonPathSegment } from '../../src/model/strict-json.js';

describe('findDuplicateKey', () => {
  it.each<[string, string, ReturnType<typeof findDuplicateKey>]>([
    ['distinct keys', '{"a": 1, "b": {"a": 2}}', null],
    ['a key twice at the top', '{"a": 1,\n "a": 2}', { key: 'a', line: 2, col: 2 }],
    ['a key twice deep inside', '{"x": [{"k": 1, "k": 2}]}', { key: 'k', line: 1, col: 17 }],
    ['the same key decoded', '{"a": 1, "\\u0061": 2}', { key: 'a', line: 1, col: 10 }],
    ['a string value equal to a key', '{"a": "a", "b": ["a"]}', null],
  ])('%s', (_case, text, expected) => {
    expect(findDuplicateKey(text)).toEqual(expected);
  });
});

describe('locateJsonValue', () => {
  const text = '{\n  "a": [1, {"b": "x"}, []],\n  "c": {"d": null, "e": [[], [true]]}\n}';
  it.each<[JsonPathSegment[], { line: number; col: number } | null]>([
    [[], { line: 1, col: 1 }],
    [['a'], { line: 2, col: 8 }],
    [['a', 0], { line: 2, col: 9 }],
    [['a', 1, 'b'], { line: 2, col: 18 }],
    [['a', 2], { line: 2, col: 24 }],
    [['c', 'd'], { line: 3, col: 14 }],
    [['c', 'e', 1, 0], { line: 3, col: 31 }],
    [['c', 'x'], null],
    [['a', 3], null],
  ])('%j', (path, expected) => {
    expect(locateJsonValue(text, path)).toEqual(expected);
  });

  it('finds every value of any JSON document where JSON.stringify put it', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(0, 2), (value, indent) => {
        const doc = JSON.stringify(value, null, indent);
        // Every path of the value, and the text each value starts with when written alone.
        const paths: [JsonPathSegment[], unknown][] = [];
        const walk = (v: unknown, path: JsonPathSegment[]): void => {
          paths.push([path, v]);
          if (Array.isArray(v)) v.forEach((item, i) => walk(item, [...path, i]));
          else if (v !== null && typeof v === 'object') for (const [k, item] of Object.entries(v)) walk(item, [...path, k]);
        };
        walk(JSON.parse(doc), []);
        const lines = doc.split('\n');
        for (const [path, v] of paths) {
          const at = locateJsonValue(doc, path);
          expect(at).not.toBeNull();
          const rest = lines[at!.line - 1]!.slice(at!.col - 1);
          expect(rest.startsWith(JSON.stringify(v)?.[0] ?? '')).toBe(true);
        }
      }),
    );
  });
});

describe('formatJsonPath', () => {
  it.each<[JsonPathSegment[], string]>([
    [[], '(top)'],
    [['changes', 3, 'after', 'servers'], 'changes[3].after.servers'],
    [['summary', 'by_kind', 'odd key'], 'summary.by_kind["odd key"]'],
  ])('%j is %s', (path, text) => {
    expect(formatJsonPath(path)).toBe(text);
  });
});
