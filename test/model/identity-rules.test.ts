import { describe, expect, it } from 'vitest';
import { MAPPING_REPLACE_REASON, mappingUpdateReplaces } from '../../src/model/inbound-mapping.js';
import { keyOf } from '../../src/model/key.js';
import { lcrPattern, lcrPatternOf } from '../../src/model/outbound-route.js';
import { bareGwgroupid } from '../../src/model/rules.js';

describe('model: the one copy of each identity rule', () => {
  it.each([
    ['inbound_mapping', { did: '+4420' }, '+4420'],
    ['inbound_mapping', { did: '' }, ''],
    ['outbound_route', { name: 'UK mobiles' }, 'UK mobiles'],
    ['endpoint_lease', { name: 'desk-phone' }, 'desk-phone'],
  ] as const)('keyOf(%s, %j) is %j', (kind, record, key) => {
    expect(keyOf(kind, record as never)).toBe(key);
  });

  it.each([
    ['#22', '22'],
    ['22', '22'],
    ['##22', '#22'],
    ['', ''],
  ])('bareGwgroupid(%j) is %j', (given, bare) => {
    expect(bareGwgroupid(given)).toBe(bare);
  });

  it.each([
    [{ from_prefix: '+44', prefix: '7' }, '+44-7'],
    [{ from_prefix: null, prefix: '7' }, null],
    [{ from_prefix: '', prefix: '7' }, null],
    [undefined, null],
  ])('lcrPatternOf(%j) is %j', (route, pattern) => {
    expect(lcrPatternOf(route)).toBe(pattern);
  });

  it('spells the LCR pattern as the platform keys it', () => {
    expect(lcrPattern('1', '2')).toBe('1-2');
  });

  it('replaces mapping updates only under the deployed API profile', () => {
    expect(mappingUpdateReplaces('current')).toBe(true);
    expect(mappingUpdateReplaces('spec')).toBe(false);
    expect(MAPPING_REPLACE_REASON).toMatch(/cannot update a mapping in place/);
  });
});
