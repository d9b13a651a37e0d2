import { describe, expect, it } from 'vitest';
import type { DeleteLimit } from '../../src/model/desired.js';
import { buildPlan } from '../../src/plan/build-plan.js';
import { desired, dm, lm } from './builders.js';

function findings(
  liveCount: number,
  keep: number,
  policy: { max_deletes?: DeleteLimit; protect?: ('inbound_mappings' | 'outbound_routes')[] } = {},
) {
  const live = Array.from({ length: liveCount }, (_, i) => lm(i + 2, String(1000 + i)));
  const state = desired({
    inbound_mappings: live.slice(0, keep).map((m) => dm(m.did)),
    policy: { protect: policy.protect ?? [], ...(policy.max_deletes ? { max_deletes: policy.max_deletes } : {}) },
  });
  const r = buildPlan({ desired: state, live: { inbound_mappings: live }, target: 't', now: 0 });
  if (!r.ok) throw new Error('plan failed');
  // The calls these deletes leave unrouted are another finding (test/plan/plan-impact.test.ts).
  return r.plan.safety.flatMap((f) =>
    f.rule === 'unrouting' || f.rule === 'update_threshold' ? [] : [`${f.rule} ${f.deletes}/${f.live} ${f.limit}`],
  );
}

describe('safety', () => {
  it.each<[string, number, number, Parameters<typeof findings>[2], string[]]>([
    ['7 objects: the default does not apply below 8', 7, 0, {}, []],
    ['8 objects, 2 deletes = 25%: allowed', 8, 6, {}, []],
    ['8 objects, 3 deletes > 25%: refused', 8, 5, {}, ['threshold 3/8 25% of a collection of 8 or more']],
    ['max_deletes 10 replaces the default', 40, 25, { max_deletes: { count: 10 } }, ['threshold 15/40 10']],
    ['max_deletes 10 allows 10', 40, 30, { max_deletes: { count: 10 } }, []],
    ['max_deletes 20% of 5: 1 allowed', 5, 4, { max_deletes: { percent: 20 } }, []],
    ['max_deletes 20% of 5: 2 refused', 5, 3, { max_deletes: { percent: 20 } }, ['threshold 2/5 20%']],
    ['protected kind: any delete', 3, 2, { protect: ['inbound_mappings'] }, ['protected 1/3 0 (protected)']],
    ['protected kind with no delete', 3, 3, { protect: ['inbound_mappings'] }, []],
  ])('%s', (_case, live, keep, policy, expected) => {
    expect(findings(live, keep, policy)).toEqual(expected);
  });

  it('names what would be deleted', () => {
    const live = [lm(2, '1'), lm(3, '2')];
    const r = buildPlan({
      desired: desired({ inbound_mappings: [], policy: { protect: ['inbound_mappings'] } }),
      live: { inbound_mappings: live },
      target: 't',
      now: 0,
    });
    expect(r.ok && r.plan.safety[0]).toMatchObject({
      keys: ['1', '2'],
      message: 'inbound_mappings is protected by policy.protect, and the plan deletes 2 of them',
    });
  });
});

/**
 * The safety findings of changing the notes of `changed` of `liveCount` live mappings (and deleting
 * `deleted` more), on a profile: under `current` each change is a replace (delete, then create).
 */
function changeFindings(
  profile: 'spec' | 'current',
  liveCount: number,
  changed: number,
  deleted: number,
  policy: { max_deletes?: DeleteLimit; max_updates?: DeleteLimit; protect?: 'inbound_mappings'[] } = {},
) {
  const live = Array.from({ length: liveCount }, (_, i) => lm(i + 2, String(1000 + i)));
  const kept = live.slice(0, liveCount - deleted).map((m, i) => dm(m.did, [...m.servers], i < changed ? 'moved' : m.notes));
  const state = desired({ inbound_mappings: kept, policy: { protect: policy.protect ?? [], ...policy } });
  const r = buildPlan({ desired: state, live: { inbound_mappings: live }, target: 't', now: 0, profile });
  if (!r.ok) throw new Error('plan failed');
  return r.plan.safety.flatMap((f) => (f.rule === 'unrouting' ? [] : [`${f.rule} ${f.message}`]));
}

describe('safety: replaces are deletes, and max_updates limits changes', () => {
  it.each<[string, Parameters<typeof changeFindings>, string[]]>([
    ['spec: 3 updates of 8 are no delete', ['spec', 8, 3, 0], []],
    [
      'current: 3 replaces of 8 exceed the 25% rule',
      ['current', 8, 3, 0],
      [
        'threshold the plan deletes 3 of 8 inbound_mappings (3 of them replaced: deleted, then created), more than the limit of 25% of a collection of 8 or more',
      ],
    ],
    [
      'current: 1 replace and 1 delete count together against max_deletes 1',
      ['current', 4, 1, 1, { max_deletes: { count: 1 } }],
      ['threshold the plan deletes 2 of 4 inbound_mappings (1 of them replaced: deleted, then created), more than the limit of 1'],
    ],
    [
      'current: a replace of a protected kind',
      ['current', 3, 1, 0, { protect: ['inbound_mappings'] }],
      [
        'protected inbound_mappings is protected by policy.protect, and the plan deletes 1 of them (1 of them replaced: deleted, then created)',
      ],
    ],
    ['spec: an update of a protected kind is no delete', ['spec', 3, 1, 0, { protect: ['inbound_mappings'] }], []],
    [
      'max_updates 2 refuses 3 updates',
      ['spec', 10, 3, 0, { max_updates: { count: 2 } }],
      ['update_threshold the plan updates 3 of 10 inbound_mappings, more than the limit of 2'],
    ],
    ['max_updates 3 allows 3 updates', ['spec', 10, 3, 0, { max_updates: { count: 3 } }], []],
    [
      'max_updates 20% of 10 refuses 3',
      ['spec', 10, 3, 0, { max_updates: { percent: 20 } }],
      ['update_threshold the plan updates 3 of 10 inbound_mappings, more than the limit of 20%'],
    ],
    [
      'max_updates counts replaces as updates too',
      ['current', 10, 3, 0, { max_updates: { count: 2 }, max_deletes: { count: 5 } }],
      ['update_threshold the plan updates 3 of 10 inbound_mappings, more than the limit of 2'],
    ],
    ['no max_updates: no limit on updates', ['spec', 10, 10, 0], []],
  ])('%s', (_case, args, expected) => {
    expect(changeFindings(...args)).toEqual(expected);
  });
});
