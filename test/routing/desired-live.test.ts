import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyPlan } from '../../src/apply/apply-plan.js';
import { readLive } from '../../src/apply/read-live.js';
import type { DesiredMapping, DesiredRoute, DesiredState } from '../../src/model/desired.js';
import type { RouteDecision } from '../../src/model/routing.js';
import { buildPlan } from '../../src/plan/build-plan.js';
import { routeCall } from '../../src/routing/match.js';
import { ruleSetFromState } from '../../src/routing/rule-set.js';
import type { Call, RuleSet } from '../../src/routing/types.js';
import { emulatorFixture, TEST_PROFILE } from '../helpers/emulator.js';

const TIMERECS = ['', '20260101T090000|8H|weekly|||MO,TU,WE,TH,FR', '20260101T200000|10H|daily', '20260101T000000|P1D|monthly|||-1FR'];
const TIMES = ['2026-12-28T10:00:00', '2026-12-27T23:30:00', '2026-01-30T12:00:00'];
const FROMS = ['', '15551234567', '4415551234', '16660000'];

const prefix = fc.constantFrom('', '1', '18', '1800', '44', '4420', '33');
const mapping = fc.record({
  did: prefix,
  servers: fc.constantFrom(['66'], ['66', '67'], ['#22'], ['#5']),
});
const route = fc.record({
  name: fc.constantFrom('A', 'B', 'C', 'D', 'E', 'F'),
  prefix,
  from_prefix: fc.constantFrom(null, null, '1555', '15551', '1666'),
  gwgroupid: fc.constantFrom('2', '5', '7'),
  priority: fc.constantFrom(0, 0, 10),
  timerec: fc.constantFrom(...TIMERECS),
});

/** A desired state the files could declare: unique DIDs, names and LCR patterns; LCR routes have a prefix. */
function desiredOf(
  mappings: readonly Omit<DesiredMapping, 'notes'>[],
  routes: readonly (Omit<DesiredRoute, 'routeid'> & { routeid?: string })[],
): DesiredState {
  const dids = new Map(mappings.map((m) => [m.did, { ...m, notes: '' }]));
  const byName = new Map<string, DesiredRoute>();
  const patterns = new Set<string>();
  for (const r of routes) {
    const lcr = r.from_prefix !== null && r.prefix !== '';
    const pattern = lcr ? `${r.from_prefix}-${r.prefix}` : null;
    if (byName.has(r.name) || (pattern !== null && patterns.has(pattern))) continue;
    if (pattern !== null) patterns.add(pattern);
    byName.set(r.name, { ...r, from_prefix: lcr ? r.from_prefix : null, routeid: '' });
  }
  return {
    inbound_mappings: [...dids.values()],
    outbound_routes: [...byName.values()],
    policy: { protect: [], ignore: { inbound_mappings: [], outbound_routes: [], endpoint_leases: [] } },
    files: [],
  };
}

/** What a decision says about the call, without the ids and groups only the platform assigns. */
function outcome(d: RouteDecision): unknown {
  const rule = (r: RouteDecision['candidates'][number]) => `${r.kind}:${r.key}:${r.prefix}:${r.priority}:${r.lcr_pattern ?? ''}`;
  return { result: d.result, rule: d.rule ? rule(d.rule) : null, gwlist: d.gwlist ?? null, candidates: d.candidates.map(rule).sort() };
}

/** Every call worth asking: each prefix with a digit after it, from each From, at each time. */
function probes(set: RuleSet): Call[] {
  const tos = [...new Set([...set.rules.map((r) => `${r.prefix}5`), '999'])];
  return tos.flatMap((to) =>
    TIMES.flatMap((local) => [
      { direction: 'inbound' as const, from: '', to, at: { local, tz: 'UTC' } },
      ...FROMS.map((from) => ({ direction: 'outbound' as const, from, to, at: { local, tz: 'UTC' } })),
    ]),
  );
}

describe('the simulation of the desired state equals the simulation of the live state after an apply', () => {
  it('for random mappings and routes, through the real emulator', async () => {
    const { client } = await emulatorFixture({ empty: true });
    await fc.assert(
      fc.asyncProperty(fc.array(mapping, { maxLength: 5 }), fc.array(route, { maxLength: 6 }), async (mappings, routes) => {
        const desired = desiredOf(mappings, routes);
        const live = await readLive(client, ['inbound_mappings', 'outbound_routes']);
        const made = buildPlan({ desired, live, target: 'emulator', now: 0, profile: TEST_PROFILE });
        if (!made.ok) throw new Error(JSON.stringify(made.issues));
        // Random rules leave calls unrouted; the simulation, not the gate, is under test here.
        const report = await applyPlan(made.plan, client, { force: true });
        expect(report.counts.failed).toBe(0);
        const after = await readLive(client, ['inbound_mappings', 'outbound_routes']);
        const desiredSet = ruleSetFromState({ inbound_mappings: desired.inbound_mappings, outbound_routes: desired.outbound_routes });
        const liveSet = ruleSetFromState({ inbound_mappings: after.inbound_mappings, outbound_routes: after.outbound_routes });
        for (const call of probes(desiredSet)) {
          expect(outcome(routeCall(liveSet, call)), JSON.stringify(call)).toEqual(outcome(routeCall(desiredSet, call)));
        }
      }),
      { numRuns: 15, seed: 1623 },
    );
  }, 60_000);
});
