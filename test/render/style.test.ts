import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanText, quote } from '../../src/render/style.js';

// The definitions: every control character (C0, C1) and bidi override escaped; whitespace controls
// of free text first become one space. The renderers skip the expressions for safe strings.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
const escapeChar = (ch: string): string => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
const quoteByDefinition = (v: string): string => JSON.stringify(v).replace(UNSAFE, escapeChar);
const cleanByDefinition = (t: string): string => t.replace(/[\t\n\r]+/g, ' ').replace(UNSAFE, escapeChar);

// Strings that often hold the characters at the edges of each unsafe range.
const edgy = fc.string({
  unit: fc.oneof(
    fc.constantFrom(
      '\u0000',
      '\t',
      '\n',
      '\r',
      '\u001f',
      ' ',
      '\u007e',
      '\u007f',
      '\u009f',
      '\u00a0',
      '\u2029',
      '\u202a',
      '\u202e',
      '\u202f',
    ),
    fc.constantFrom('\u2065', '\u2066', '\u2069', '\u206a', '\u001b', '"', '\\', 'é', '😀'),
    fc.string({ minLength: 1, maxLength: 1 }),
  ),
});

describe('quote and cleanText', () => {
  it('give exactly what their definitions give, for any text', () => {
    fc.assert(
      fc.property(fc.oneof(edgy, fc.string({ unit: 'binary' })), (text) => {
        expect(quote(text)).toBe(quoteByDefinition(text));
        expect(cleanText(text)).toBe(cleanByDefinition(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('escape a terminal escape and a bidi override, and leave safe text as it is', () => {
    expect(cleanText('a\u001b[31mb\u202ec\n\td')).toBe('a\\u001b[31mb\\u202ec d');
    expect(quote('x\u0085y')).toBe('"x\\u0085y"');
    expect(cleanText('calls to 1555…')).toBe('calls to 1555…');
  });
});
