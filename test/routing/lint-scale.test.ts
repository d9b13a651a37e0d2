import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lintRules } from '../../src/routing/lint.js';
import { routeCall } from '../../src/routing/match.js';
import { rules, outbound, type TestRoute } from './build.js';
import { runMain } from '../helpers/in-process.js';

/*
 * Lints and LCR matching at the sizes an ordinary setup reaches, and at those an attacker can write
 * in a pull request. No timings here (bench/lint-scale.mjs has them): each case is one whose old
 * answer grew with the square of the input, asserted on what that growth produced (a stack
 * overflow from spreading the findings, one warning per pair) or on the answer itself.
 */

const NONE = { inbound: false, outbound: false };

/** `n` LCR routes on one prefix, one per customer caller ID (`from_prefix`), each its own LCR group. */
function perCustomer(n: number, from: (i: number) => string, prefix = '1'): TestRoute[] {
  return Array.from({ length: n }, (_, i) => ({ name: `cust-${i}`, prefix, from_prefix: from(i), gwgroupid: '5', groupid: 10_000 + i }));
}

const CALLER_ID = (i: number): string => `1555${String(1_000_000 + i).slice(1)}`;

describe('ambiguous_lcr at scale', () => {
  it('lints 500 per-customer LCR routes on one prefix without a stack overflow, and finds no tie (no E.164 From holds two caller IDs)', () => {
    const found = lintRules(rules([], perCustomer(500, CALLER_ID)), NONE);
    expect(found.filter((f) => f.code === 'ambiguous_lcr')).toEqual([]);
  });

  it('reports ties once per prefix, not once per pair: 400 short caller prefixes that all meet give one warning naming all 400', () => {
    const found = lintRules(
      rules(
        [],
        perCustomer(400, (i) => String(200 + i)),
      ),
      NONE,
    ).filter((f) => f.code === 'ambiguous_lcr');
    expect(found).toHaveLength(1);
    expect(found[0]?.keys).toHaveLength(400);
    expect(found[0]?.message).toMatch(/^400 LCR routes on prefix "1" /);
  });

  it('lints 5,000 LCR routes on one prefix into at most one warning', () => {
    const found = lintRules(
      rules(
        [],
        perCustomer(5000, (i) => String(10_000 + i)),
      ),
      NONE,
    );
    expect(found.filter((f) => f.code === 'ambiguous_lcr').length).toBeLessThanOrEqual(1);
  });

  it.each([
    ['two 60,000-digit caller prefixes (no E.164 From holds either)', '1'.repeat(60_000), '1'.repeat(59_999) + '2'],
    [
      'two 60,000-character caller prefixes with a * inside',
      `${'1'.repeat(30_000)}*${'1'.repeat(29_999)}`,
      `${'1'.repeat(29_999)}*${'1'.repeat(30_000)}`,
    ],
  ])('%s: no tie', (_name, a, b) => {
    const set = rules(
      [],
      [
        { name: 'A', prefix: '44', from_prefix: a, gwgroupid: '5', groupid: 10_001 },
        { name: 'B', prefix: '44', from_prefix: b, gwgroupid: '6', groupid: 10_002 },
      ],
    );
    expect(lintRules(set, NONE).filter((f) => f.code === 'ambiguous_lcr')).toEqual([]);
  });
});

describe('ambiguous_rules at scale', () => {
  it('2,000 simple routes on one prefix and priority are one warning naming each, not 1,999,000', () => {
    const routes = Array.from({ length: 2000 }, (_, i): TestRoute => ({ name: `r-${i}`, prefix: '44', gwgroupid: String(1 + (i % 9)) }));
    const found = lintRules(rules([], routes), NONE).filter((f) => f.code === 'ambiguous_rules');
    expect(found).toHaveLength(1);
    expect(found[0]?.keys).toHaveLength(2000);
  });
});

describe('validate with 500 LCR routes on one prefix', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dsipform-lint-scale-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('passes, with no warning about the per-customer routes', async () => {
    const routes = perCustomer(500, CALLER_ID)
      .map((r) => `  - {name: ${r.name}, prefix: "${r.prefix}", from_prefix: "${r.from_prefix}", gwgroupid: "5"}`)
      .join('\n');
    const file = join(dir, 'routes.yaml');
    writeFileSync(file, `version: 1\noutbound_routes:\n  - {name: Default, prefix: "", gwgroupid: "5"}\n${routes}\n`);
    const run = await runMain(['validate', '--strict', file]);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^Valid: 1 file, 501 outbound routes\./);
    expect(run.code).toBe(0);
  });
});

describe('LCR matching of long numbers', () => {
  // Each of these made the old matcher's regular expression backtrack over the whole number at
  // every position; the answer must stay the proxy's.
  const set = rules(
    [],
    [
      { name: 'L', prefix: '44', from_prefix: '1', gwgroupid: '5', groupid: 10_001 },
      { name: 'D', prefix: '', gwgroupid: '6' },
    ],
  );
  it.each([
    ['a From of 120,000 digits then a letter', `${'1'.repeat(120_000)}a`, '4420', 'D'],
    ['a From of 120,000 digits', '1'.repeat(120_000), '4420', 'L'],
    ['a From of 120,000 digits, to a To holding "-" (every LCR pattern is tried)', '1'.repeat(120_000), '5-1', 'D'],
    ['a To holding "-" after 120,000 digits', '1', `44${'1'.repeat(120_000)}-1`, 'L'],
    ['a From of "1-" repeated 60,000 times', '1-'.repeat(60_000), '4420', 'D'],
  ])('%s', (_name, from, to, route) => {
    const decision = routeCall(set, outbound(to, from), { explain: false });
    expect(decision.result === 'routed' ? decision.rule?.key : decision.result).toBe(route);
  });
});
