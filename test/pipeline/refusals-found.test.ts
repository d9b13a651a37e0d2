// The gate asked where each refusal is found (issue 33 §1): the pipeline no longer calls the gate
// after its steps; the safety refusal is found when the plan is made, the tests' where they run, the
// invariants' where they are decided, and joined in the gate's order and words. A plan refused for
// all three reasons is refused by the pipeline exactly as `gate` refuses the same plan from its
// records (what `apply --plan` judges). The emulator over real HTTP, real files.
import { describe, expect, it } from 'vitest';
import { gate, loadDesiredState, planDesired, type DesiredState } from '../../src/index.js';
import { scenario } from '../helpers/scenario.js';

const GROUP = ['carrier_groups:', '  - name: BW', '    endpoints:', '      - { name: bw-a, hostname: "203.0.113.5" }'];

/** What the platform holds first: a route the next files no longer declare. */
const BEFORE = ['version: 1', ...GROUP, 'outbound_routes:', '  - { name: UK, prefix: "44", carrier_group: BW }', ''].join('\n');

/** Deletes UK past `max_deletes: 0`, fails a routing test, and violates an invariant. */
const AFTER = [
  'version: 1',
  ...GROUP,
  'outbound_routes:',
  '  - { name: premium, prefix: "1900", carrier_group: BW }',
  'routing_tests:',
  '  - { name: uk routed, direction: outbound, to: "442071234567", at: "2026-03-02T10:00:00", expect: { carrier_group: BW } }',
  'invariants:',
  '  - name: premium numbers are never routed',
  '    never: { direction: outbound, to_prefix: "1900" }',
  'policy:',
  '  max_deletes: 0',
  '',
].join('\n');

async function desiredOf(file: string): Promise<DesiredState> {
  const loaded = await loadDesiredState([file]);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
  return loaded.desired;
}

describe('the refusals found by the steps', () => {
  it('a plan refused for its safety, a failed test and a violated invariant is refused as the gate refuses its records', async () => {
    const s = await scenario({ empty: true });
    const applied = await s.run(['apply', s.file('before.yaml', BEFORE), '--auto-approve']);
    expect(applied.code, applied.stderr).toBe(0);

    const result = await planDesired(s.client, await desiredOf(s.file('after.yaml', AFTER)), { force: true, tz: 'UTC' });
    const refusal = result.refusal;
    expect(refusal?.code).toBe('PLAN_UNSAFE');
    // The first refusal gives the code; the message names the other two after it, in the gate's order.
    const message = refusal?.message ?? '';
    expect(message.indexOf('; and 1 of 1 routing test fails')).toBeGreaterThan(0);
    expect(message.indexOf('premium numbers are never routed')).toBeGreaterThan(message.indexOf('routing test fails'));

    const judged = gate(result.plan);
    expect([refusal?.code, refusal?.message, refusal?.hint]).toEqual([judged?.code, judged?.message, judged?.hint]);
  });
});
