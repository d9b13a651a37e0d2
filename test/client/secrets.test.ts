import { describe, expect, it } from 'vitest';
import { redactText, scrubBody } from '../../src/api/secrets.js';

const TOKEN = 'tok/en+1234"quote';
const secrets = new Set([TOKEN, 'pw-5678', 'abc']);

describe('redactText', () => {
  it.each([
    ['as it is', `Authorization: Bearer ${TOKEN}`, 'Authorization: Bearer (sensitive)'],
    ['JSON-escaped', `{"h":"Bearer ${JSON.stringify(TOKEN).slice(1, -1)}"}`, '{"h":"Bearer (sensitive)"}'],
    ['JSON-escaped with \\/', `Bearer ${JSON.stringify(TOKEN).slice(1, -1).replaceAll('/', '\\/')}`, 'Bearer (sensitive)'],
    ['percent-encoded', `?t=${encodeURIComponent(TOKEN)}`, '?t=(sensitive)'],
    ['every occurrence, every secret', 'pw-5678 and pw-5678', '(sensitive) and (sensitive)'],
    ['secrets shorter than 4 are left alone', 'abc', 'abc'],
    ['text without secrets is unchanged', 'nothing here', 'nothing here'],
  ])('%s', (_case, text, expected) => {
    expect(redactText(text, secrets)).toBe(expected);
  });

  it('sees a secret added after the first use', () => {
    const set = new Set(['first-secret']);
    expect(redactText('later-secret', set)).toBe('later-secret');
    set.add('later-secret');
    expect(redactText('later-secret', set)).toBe('(sensitive)');
  });
});

describe('scrubBody', () => {
  it('keeps JSON valid and replaces secrets inside its string values', () => {
    const body = JSON.stringify({ error: 'http', msg: `headers: authorization: Bearer ${TOKEN}`, data: [{ note: `pw-5678 ${TOKEN}` }] });
    const out = scrubBody(body, secrets);
    expect(JSON.parse(out)).toEqual({
      error: 'http',
      msg: 'headers: authorization: Bearer (sensitive)',
      data: [{ note: '(sensitive) (sensitive)' }],
    });
  });

  it('a secret that is also a JSON word does not break the structure', () => {
    const out = scrubBody('{"data":[],"error":"","msg":"data"}', new Set(['data']));
    expect(JSON.parse(out)).toEqual({ data: [], error: '', msg: '(sensitive)' });
  });

  it('returns a body holding no secret as it came, and scrubs non-JSON text as text', () => {
    const body = '{"data":[],"msg":"ok"}';
    expect(scrubBody(body, secrets)).toBe(body);
    expect(scrubBody(`<html>Bearer ${TOKEN}</html>`, secrets)).toBe('<html>Bearer (sensitive)</html>');
  });
});
