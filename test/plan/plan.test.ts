import { describe, expect, it } from 'vitest';
import { liveChecksum } from '../../src/plan/live-checksum.js';
import { buildPlan, savePlan } from '../../src/plan/build-plan.js';
import { parseSavedPlan, staleness } from '../../src/plan/saved-plan.js';
import { desired, dm, dr, lm, lr } from './builders.js';

const live = { inbound_mappings: [lm(3, '1', ['66']), lm(2, '2')], outbound_routes: [lr(1, 'Default Outbound Route', '')] };
const state = desired({
  inbound_mappings: [dm('1', ['67']), dm('5')],
  outbound_routes: [dr('Default Outbound Route', ''), dr('US', '1', { priority: 10 })],
});

function plan() {
  const r = buildPlan({ desired: state, live, target: 'https://sip.example.com:5000', now: 0 });
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.plan;
}

describe('buildPlan', () => {
  it('summarizes per action and per kind, counting unchanged objects', () => {
    const p = plan();
    expect(p.summary.total).toEqual({ create: 2, update: 1, promote: 0, demote: 0, replace: 0, delete: 1, obtain: 0, renew: 0, revoke: 0 });
    expect(p.summary.by_kind.inbound_mapping).toEqual({
      create: 1,
      update: 1,
      promote: 0,
      demote: 0,
      replace: 0,
      delete: 1,
      obtain: 0,
      renew: 0,
      revoke: 0,
      unchanged: 0,
    });
    expect(p.summary.by_kind.outbound_route).toMatchObject({ create: 1, unchanged: 1 });
    expect(p.managed).toEqual(['inbound_mappings', 'outbound_routes']);
    expect(p.target).toBe('https://sip.example.com:5000');
  });

  it('is frozen plain data', () => {
    const p = plan();
    expect(Object.isFrozen(p) && Object.isFrozen(p.changes[0])).toBe(true);
    expect(JSON.parse(JSON.stringify(p))).toEqual(p);
  });

  it('has the same live checksum whatever order the platform lists records in', () => {
    const reordered = { inbound_mappings: [...live.inbound_mappings].reverse(), outbound_routes: live.outbound_routes };
    expect(liveChecksum(reordered, ['inbound_mappings', 'outbound_routes'])).toBe(plan().live_checksum);
    expect(
      liveChecksum({ ...live, inbound_mappings: [lm(3, '1', ['66'], 'x'), lm(2, '2')] }, ['inbound_mappings', 'outbound_routes']),
    ).not.toBe(plan().live_checksum);
  });
});

describe('saved plans', () => {
  it('round-trips through JSON with a checksum of its content', () => {
    const saved = savePlan(plan());
    expect(saved.checksum).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(savePlan(plan()).checksum).toBe(saved.checksum); // no timestamps inside
    expect(parseSavedPlan(JSON.stringify(saved), 'p.json')).toEqual(saved);
  });

  it.each([
    ['an edited change', (t: string) => t.replace('"67"', '"68"'), 'PLAN_FILE_MODIFIED'],
    ['a truncated file', (t: string) => t.slice(0, t.length / 2), 'PLAN_FILE_INVALID'],
    ['another JSON document', () => '{"hello": 1}', 'PLAN_FILE_INVALID'],
  ])('refuses %s', (_case, mangle, code) => {
    const text = mangle(JSON.stringify(savePlan(plan()), null, 2));
    expect(() => parseSavedPlan(text, 'p.json')).toThrow(expect.objectContaining({ code }));
  });

  it('is stale when the live state or the target differ', () => {
    const p = plan();
    expect(staleness(p, { target: p.target, liveChecksum: p.live_checksum })).toBeNull();
    expect(staleness(p, { target: p.target, liveChecksum: 'sha256:00' })?.code).toBe('PLAN_STALE');
    expect(staleness(p, { target: 'https://other:5000', liveChecksum: p.live_checksum })?.code).toBe('PLAN_TARGET_MISMATCH');
  });
});
