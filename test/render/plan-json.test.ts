import { describe, expect, it } from 'vitest';
import type { SavedPlan } from '../../src/model/plan.js';
import { renderPlanJson } from '../../src/render/plan-json.js';
import { MIXED_SAVED } from './fixtures.js';

// The same object with every key order reversed, as a plan built in another order would be.
function reversed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversed);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([k, v]) => [k, reversed(v)]),
  );
}

describe('renderPlanJson', () => {
  it('writes the saved plan as pretty JSON', async () => {
    await expect(renderPlanJson(MIXED_SAVED)).toMatchFileSnapshot('./golden/plan-mixed.json');
  });

  it('holds exactly the plan, with 2-space indent and a trailing newline', () => {
    const json = renderPlanJson(MIXED_SAVED);
    expect(JSON.parse(json)).toEqual(MIXED_SAVED);
    expect(json.endsWith('}\n')).toBe(true);
    expect(json.split('\n')[1]).toBe('  "format_version": 1,');
  });

  it('orders keys as the types do, whatever order the plan was built in', () => {
    const json = renderPlanJson(reversed(MIXED_SAVED) as SavedPlan);
    expect(json).toBe(renderPlanJson(MIXED_SAVED));
    expect(Object.keys(JSON.parse(json))).toEqual([
      'format_version',
      'target',
      'managed',
      'live_checksum',
      'policy',
      'summary',
      'changes',
      'safety',
      'notes',
      'expired_leases',
      'state_file',
      'checksum',
    ]);
    const changes = JSON.parse(json).changes as { action: string; key: string }[];
    const keysOf = (key: string) => Object.keys(changes.find((c) => c.key === key) ?? {});
    expect(keysOf('+442071234567')).toEqual(['action', 'kind', 'key', 'ruleid', 'before', 'after', 'fields']);
    expect(keysOf('desk-phone')).toEqual(['action', 'kind', 'key', 'lease_id', 'before', 'after', 'fields']);
    expect(Object.keys(JSON.parse(json).summary.total)).toEqual([
      'create',
      'update',
      'promote',
      'demote',
      'replace',
      'delete',
      'obtain',
      'renew',
      'revoke',
    ]);
  });

  it('keeps keys the types do not know, after the known ones', () => {
    const json = renderPlanJson({ ...MIXED_SAVED, extra: true } as SavedPlan);
    expect(Object.keys(JSON.parse(json)).at(-1)).toBe('extra');
  });
});
