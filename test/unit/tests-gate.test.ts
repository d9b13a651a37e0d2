import { describe, expect, it } from 'vitest';
import type { Plan, SafetyFinding } from '../../src/model/plan.js';
import type { PlanRoutingTest } from '../../src/model/routing-test.js';
import { gate } from '../../src/pipeline/gate.js';
import { testsMarkdownLines, testsTextLines } from '../../src/render/tests-section.js';
import { styleFor } from '../../src/render/style.js';

/** The routing tests' gate and their plan section (issue 26, part 4). Pure. */

const DECISION = {
  direction: 'outbound',
  from: '',
  to: '1555',
  at: '2026-12-28T10:00:00 UTC',
  result: 'routed',
  candidates: [],
  steps: [],
} as const;

function planTest(name: string, status: 'passed' | 'failed', line: number): PlanRoutingTest {
  return {
    name,
    origin: { file: 'tests.yaml', line, col: 5 },
    direction: 'outbound',
    from: '',
    to: '1555',
    expect: { carrier_group: 'BW', gateways: ['bw-a'] },
    status,
    failures: status === 'failed' ? ['expected carrier group "BW" (#5), but the call took route "US" (prefix "1", priority 0) to #6'] : [],
    took: 'route "US" (prefix "1", priority 0) to #6',
    decision: DECISION,
  };
}

const PASSED = planTest('uk | calls', 'passed', 3);
const FAILED = planTest('us <calls>', 'failed', 7);
const UNSAFE: SafetyFinding = {
  collection: 'outbound_routes',
  rule: 'threshold',
  deletes: 9,
  live: 10,
  limit: '25%',
  keys: ['a'],
  message: 'the plan deletes 9 of 10 outbound_routes',
};

type Gated = Pick<Plan, 'safety' | 'routing_tests'>;

describe('the gate', () => {
  it.each<[string, Gated, boolean, string | undefined]>([
    ['no tests, nothing unsafe', { safety: [] }, false, undefined],
    ['every test passes', { safety: [], routing_tests: [PASSED] }, false, undefined],
    ['a test fails', { safety: [], routing_tests: [PASSED, FAILED] }, false, 'PLAN_TESTS_FAILED'],
    ['a test fails, forced', { safety: [], routing_tests: [FAILED] }, true, undefined],
    ['unsafe and a test fails: the safety code, naming the tests too', { safety: [UNSAFE], routing_tests: [FAILED] }, false, 'PLAN_UNSAFE'],
    ['unsafe and a test fails, forced', { safety: [UNSAFE], routing_tests: [FAILED] }, true, undefined],
  ])('%s', (_, plan, force, code) => {
    expect(gate(plan, { force })?.code).toBe(code);
  });

  it('says which tests fail, where, and that --force goes ahead', () => {
    const refused = gate({ safety: [], routing_tests: [PASSED, FAILED] });
    expect(refused?.message).toBe('refused: 1 of 2 routing tests fails against the rules after the plan: "us <calls>" (tests.yaml:7)');
    expect(refused?.hint).toContain('if the plan is meant to break them, apply with --force.');
    expect(gate({ safety: [UNSAFE], routing_tests: [FAILED] })?.message).toBe(
      'refused: the plan deletes 9 of 10 outbound_routes: "a"; and 1 of 1 routing test fails against the rules after the plan: "us <calls>" (tests.yaml:7)',
    );
  });
});

describe('the Routing tests section', () => {
  it('text: each test with what it expects and what the call takes, the failures, the refusal', () => {
    expect(testsTextLines([PASSED, FAILED], styleFor(false))).toEqual([
      'Routing tests (against the rules after the plan): 1 passed, 1 failed',
      '  ok    tests.yaml:3 uk | calls',
      '        expected carrier group "BW", gateways ["bw-a"]: the call takes route "US" (prefix "1", priority 0) to #6',
      '  FAIL  tests.yaml:7 us <calls>',
      '        expected carrier group "BW" (#5), but the call took route "US" (prefix "1", priority 0) to #6',
      '  Refused without --force: 1 of 2 routing tests fails.',
      '',
    ]);
    expect(testsTextLines(undefined, styleFor(false))).toEqual([]);
  });

  it('markdown: a caution when one fails, a table with the failures first, names made inert', () => {
    expect(testsMarkdownLines([PASSED, FAILED])).toEqual([
      '**Routing tests (against the rules after the plan): 1 passed, 1 failed**',
      '',
      '> [!CAUTION]',
      '> **Refused without `--force`: 1 of 2 routing tests fails.**',
      '',
      '| Status | Test | Expected | The proxy would take |',
      '| :-- | :-- | :-- | :-- |',
      '| ❌ failed | tests.yaml:7 us &lt;calls&gt; | carrier group "BW", gateways \\["bw-a"\\] | route "US" (prefix "1", priority 0) to \\#6<br>expected carrier group "BW" (\\#5), but the call took route "US" (prefix "1", priority 0) to \\#6 |',
      '| ✅ passed | tests.yaml:3 uk \\| calls | carrier group "BW", gateways \\["bw-a"\\] | route "US" (prefix "1", priority 0) to \\#6 |',
    ]);
    expect(testsMarkdownLines([PASSED])).not.toContain('> [!CAUTION]');
  });
});
