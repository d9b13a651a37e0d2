import { describe, expect, it } from 'vitest';
import { planRefusal } from '../../src/plan/refusal.js';
import type { Change, PlanPolicy, SafetyFinding, UnroutedCall } from '../../src/model/plan.js';
import { policyAssignment, policySetting } from '../../src/model/policy-words.js';
import { assessSafety } from '../../src/plan/safety.js';

// A stack's user has no `policy:` block: every message that points at a policy setting names the
// DsipformPolicy construct's property instead, and a file's user keeps `policy.…`.
describe('policy settings named where the policy was written', () => {
  it.each<[Parameters<typeof policySetting>[0], 'files' | 'stack', string]>([
    ['protect', 'files', 'policy.protect'],
    ['protect', 'stack', "DsipformPolicy's protect"],
    ['max_updates', 'stack', "DsipformPolicy's maxUpdates"],
    ['allow_unrouting', 'stack', "DsipformPolicy's allowUnrouting"],
  ])('%s in the %s', (setting, place, words) => {
    expect(policySetting(setting, place)).toBe(words);
  });

  it('an assignment says where to write it', () => {
    expect(policyAssignment('allow_unrouting', 'true')).toBe('policy.allow_unrouting: true in the files');
    expect(policyAssignment('allow_unrouting', 'true', 'stack')).toBe("allowUnrouting: true in the stack's DsipformPolicy");
  });

  const deletes: Change[] = [
    {
      kind: 'inbound_mapping',
      key: '1',
      action: 'delete',
      step: 1,
      before: { ruleid: 2, did: '1', servers: ['5'], notes: '' },
    } as unknown as Change,
  ];

  it.each<[PlanPolicy, RegExp]>([
    [{ protect: ['inbound_mappings'] }, /protected by policy\.protect/],
    [{ protect: ['inbound_mappings'], place: 'stack' }, /protected by DsipformPolicy's protect/],
  ])('the protect finding of %j', (policy, words) => {
    const findings = assessSafety(deletes, { inbound_mappings: 1 }, policy);
    expect(findings[0]?.message).toMatch(words);
    const refusal = planRefusal({ safety: findings, policy });
    expect(refusal?.code).toBe('PLAN_UNSAFE');
    expect(refusal?.hint).toMatch(policy.place === 'stack' ? /DsipformPolicy's ignore/ : /policy\.ignore/);
    expect(refusal?.hint).not.toMatch(policy.place === 'stack' ? /policy\./ : /DsipformPolicy/);
  });

  it('the unrouting refusal tells a stack to set allowUnrouting on DsipformPolicy', () => {
    const call: UnroutedCall = { direction: 'outbound', to: '1', prefix: '1', from_parts: [], when: 'always' } as unknown as UnroutedCall;
    const safety: SafetyFinding[] = [
      {
        rule: 'unrouting',
        direction: 'outbound',
        message: 'the plan leaves 1 class of outbound calls without a route',
        keys: ['R'],
        calls: [call],
      } as unknown as SafetyFinding,
    ];
    expect(planRefusal({ safety })?.hint).toMatch(/policy\.allow_unrouting: true in the files/);
    const stack = planRefusal({ safety, policy: { place: 'stack' } });
    expect(stack?.code).toBe('PLAN_UNROUTING');
    expect(stack?.hint).toMatch(/allowUnrouting: true in the stack's DsipformPolicy/);
    expect(stack?.hint).not.toMatch(/policy\./);
  });
});
