import { describe, expect, it } from 'vitest';
import { buildPlan, savePlan } from '../../src/plan/build-plan.js';
import { renderPlanJson } from '../../src/render/plan-json.js';
import { renderPlanMarkdown } from '../../src/render/plan-markdown.js';
import { renderPlanText } from '../../src/render/plan-text.js';
import type { Plan } from '../../src/model/plan.js';
import { desired, dm, lm } from '../plan/builders.js';

/**
 * A plan on the `current` profile that changes the notes of 3 of 4 protected mappings with
 * `max_updates: 2`: each change is a replace, so the plan is refused as a delete of a protected
 * kind and as too many updates.
 */
function replacingPlan(): Plan {
  const live = [lm(2, '1'), lm(3, '2'), lm(4, '3'), lm(5, '4')];
  const state = desired({
    inbound_mappings: live.map((m, i) => dm(m.did, [...m.servers], i < 3 ? 'moved' : '')),
    policy: { protect: ['inbound_mappings'], max_updates: { count: 2 }, allow_unrouting: true },
  });
  const r = buildPlan({ desired: state, live: { inbound_mappings: live }, target: 't', now: 0, profile: 'current' });
  if (!r.ok) throw new Error('plan failed');
  return r.plan;
}

describe('safety findings of replaces and updates, in each rendering', () => {
  it('text: the replaces are named, and the updates over max_updates', () => {
    const text = renderPlanText(replacingPlan(), { color: false });
    expect(text).toContain(
      '│ inbound_mappings is protected by policy.protect, and the plan deletes 3 of them (3 of them replaced: deleted, then created).\n│ Would be deleted or replaced: "1", "2", "3".\n',
    );
    expect(text).toContain('│ The plan updates 3 of 4 inbound_mappings, more than the limit of 2.\n│ Would be changed: "1", "2", "3".\n');
  });

  it('markdown: the same sentences in the warning', () => {
    const md = renderPlanMarkdown(replacingPlan());
    expect(md).toContain(
      '> - inbound\\_mappings is protected by policy.protect, and the plan deletes 3 of them (3 of them replaced: deleted, then created). Would be deleted or replaced: `"1"`, `"2"`, `"3"`',
    );
    expect(md).toContain('> - The plan updates 3 of 4 inbound\\_mappings, more than the limit of 2. Would be changed: `"1"`, `"2"`, `"3"`');
  });

  it('JSON: the findings with their numbers, and max_updates in the policy', () => {
    const json = JSON.parse(renderPlanJson(savePlan(replacingPlan()))) as Plan;
    expect(json.policy).toEqual({ max_updates: { count: 2 }, protect: ['inbound_mappings'], allow_unrouting: true });
    expect(json.safety).toEqual([
      {
        collection: 'inbound_mappings',
        rule: 'protected',
        deletes: 3,
        replaces: 3,
        live: 4,
        limit: '0 (protected)',
        keys: ['1', '2', '3'],
        message:
          'inbound_mappings is protected by policy.protect, and the plan deletes 3 of them (3 of them replaced: deleted, then created)',
      },
      {
        collection: 'inbound_mappings',
        rule: 'update_threshold',
        updates: 3,
        live: 4,
        limit: '2',
        keys: ['1', '2', '3'],
        message: 'the plan updates 3 of 4 inbound_mappings, more than the limit of 2',
      },
    ]);
  });
});
