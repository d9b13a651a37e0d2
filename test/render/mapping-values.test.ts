import { describe, expect, it } from 'vitest';
import { formatField, formatValue } from '../../src/render/values.js';

describe('a field whose value is a mapping', () => {
  it("is shown in YAML's flow form, not as a quoted JSON text that reads as a string", () => {
    expect(formatField('endpoint_group', 'notifications', {})).toBe('{}');
    expect(formatField('endpoint_group', 'notifications', { over_max_call_limit: 'noc@acme.example', endpoint_failure: undefined })).toBe(
      '{over_max_call_limit: "noc@acme.example"}',
    );
    expect(formatField('endpoint_group', 'cdr', { email: 'billing@acme.example', send_interval: '0 0 * * *' })).toBe(
      '{email: "billing@acme.example", send_interval: "0 0 * * *"}',
    );
  });

  it('quotes a key that is not a plain word, and nests lists and mappings', () => {
    expect(formatValue({ 'a b': [1, { c: null }] })).toBe('{"a b": [1, {c: null}]}');
  });
});
