import { describe, expect, it, vi } from 'vitest';
import { checkInvariants } from '../../src/routing/invariants.js';
import { routeCall } from '../../src/routing/match.js';
import type { RuleSet } from '../../src/routing/types.js';
import { rules } from './build.js';
import { benchBlock, BOOK, customersAtEveryHour, holidays, START } from './invariant-fixtures.js';

/**
 * The probes of an invariant table without a window (routing/invariant-table.ts: a rule at each
 * set's `to_prefix`, no time recurrence) route every number under their prefixes at every moment,
 * so a class says their decision: they cut the number classes and are not decided. They were
 * decided beside the rules for every caller of every class at every combination of its
 * recurrences met (issue 36 §2, the bench's `yearly` shape: two decisions of the probes per
 * prefix, each a copy of one made for the first). Counted as the decisions the memo is asked of a
 * probe set, not timed.
 */
const asked = vi.hoisted(() => ({ probes: 0, all: 0 }));
vi.mock('../../src/routing/decision-memo.js', async (original) => {
  const real = await original<typeof import('../../src/routing/decision-memo.js')>();
  // A probe set without a window: its rules are the probes (routing/invariant-table.ts), none with a time recurrence.
  const probeSet = (set: RuleSet): boolean =>
    set.rules.length > 0 && set.rules.every((r) => r.key.startsWith('\u0000invariant') && r.timerec === '');
  return {
    ...real,
    sharedDecisions: () => {
      const shared = real.sharedDecisions();
      return {
        ...shared,
        decide: (...args: Parameters<typeof shared.decide>) => {
          asked.all++;
          if (probeSet(args[0])) asked.probes++;
          return shared.decide(...args);
        },
      };
    },
  };
});

describe('the probes of a table without a window cut its classes and are not decided', () => {
  it.each([
    // The yearly shape: 124 decisions of the probes on the base (each class's day and the rest of the year).
    ['K = 60 yearly prefixes', rules([], holidays(60)), 'violated'],
    // Per-customer LCR at every hour: 48 on the base, one per caller decided.
    ['K = 40 per-customer LCR routes', rules([], customersAtEveryHour(40)), 'violated'],
  ])('%s: no decision of the probes; the results are the base', (_name, set, premium) => {
    asked.probes = 0;
    asked.all = 0;
    const results = checkInvariants(set, benchBlock(), START, BOOK);
    expect(asked.all).toBeGreaterThan(0);
    // The office hours' table has a window: its probe is decided (for the callers its screen keeps), and not counted.
    expect(asked.probes).toBe(0);
    const premiumResult = results.find((r) => r.invariant.name === 'premium')!;
    expect(premiumResult.status).toBe(premium);
    const c = premiumResult.counterexample!;
    expect(routeCall(set, { direction: c.direction, from: c.from, to: c.to, at: c.at }).rule?.key).toBe(c.decision.rule?.key);
  });
});
