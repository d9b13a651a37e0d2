// "The rules after the plan" is one function (plan/routing-impact.ts rulesAfterPlan, issue 27): the
// routing impact probes it, the plan's lints read it with the files' origins. Pure: desired and live
// values, a real plan from buildPlan.
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_POLICY, type DesiredState } from '../../src/model/desired.js';
import type { InboundMapping } from '../../src/model/inbound-mapping.js';
import type { LiveState } from '../../src/model/live.js';
import type { OutboundRoute } from '../../src/model/outbound-route.js';
import { buildPlan } from '../../src/plan/build-plan.js';
import { rulesAfterPlan } from '../../src/plan/routing-impact.js';
import { planFindings } from '../../src/plan/plan-findings.js';

const at = (line: number) => ({ file: 'routes.yaml', line, col: 5 });
const route = (name: string, prefix: string, gwgroupid: string, ruleid?: number): OutboundRoute => ({
  name,
  prefix,
  from_prefix: null,
  gwgroupid,
  priority: 0,
  timerec: '',
  routeid: '',
  ruleid: ruleid ?? 0,
  groupid: 8000,
});

const live: LiveState = {
  outbound_routes: [route('Default Outbound Route', '', '2', 1), route('Old', '33', '1', 2), route('UK', '44', '1', 3)],
};
const files: DesiredState = {
  outbound_routes: [
    { ...route('US', '1', '3'), origin: at(3) }, // created
    { ...route('UK', '44', '2'), origin: at(6) }, // updated
  ].map(({ ruleid: _r, groupid: _g, ...r }) => r),
  policy: { ...DEFAULT_POLICY, ignore: { ...DEFAULT_POLICY.ignore, outbound_routes: ['Default*'] } },
  files: ['routes.yaml'],
};

function planOf(desired: DesiredState) {
  const made = buildPlan({ desired, live, target: 't', now: 0 });
  if (!made.ok) throw new Error(JSON.stringify(made.issues));
  return made.plan;
}

describe('rulesAfterPlan', () => {
  const plan = planOf(files);

  it('is the live rules with the changes made: a delete gone, an update in place, a create added, an ignored rule kept', () => {
    const { state } = rulesAfterPlan(live, plan.changes);
    expect(state.outbound_routes?.map((r) => `${r.name} ${r.prefix} #${r.gwgroupid} ${r.ruleid ?? 'new'}`)).toEqual([
      'Default Outbound Route  #2 1',
      'UK 44 #2 3',
      'US 1 #3 new',
    ]);
  });

  it("with the files: the same rules, in the files' order with their origins, then the ignored live ones", () => {
    const without = rulesAfterPlan(live, plan.changes).state.outbound_routes ?? [];
    const withFiles = rulesAfterPlan(live, plan.changes, files).state.outbound_routes ?? [];
    expect(withFiles.map((r) => [r.name, r.origin?.line])).toEqual([
      ['US', 3],
      ['UK', 6],
      ['Default Outbound Route', undefined],
    ]);
    const bare = (rs: typeof without) => rs.map(({ origin: _o, ...r }) => JSON.stringify(r)).sort();
    expect(bare(withFiles)).toEqual(bare(without));
  });

  it('is what the lints of a plan judge: a rule of the files placed at its line, meeting a live rule the files ignore', () => {
    const withCatchAll: DesiredState = {
      ...files,
      outbound_routes: [...files.outbound_routes!, { ...files.outbound_routes![0]!, name: 'Catch all', prefix: '', origin: at(9) }],
    };
    const findings = planFindings(withCatchAll, live, planOf(withCatchAll));
    expect(findings.map((f) => `${f.origin?.line}: ${f.message}`)).toEqual([
      expect.stringMatching(/^9: route "Catch all" and route "Default Outbound Route" \(live\) share no prefix/) as unknown,
    ]);
  });
});

describe('rulesAfterPlan of a plan that changes no rule (issue 33 §4)', () => {
  const mappings: InboundMapping[] = Array.from({ length: 200 }, (_, i) => ({
    ruleid: 100 + i,
    did: `1555${1000 + i}`,
    servers: ['66'],
    notes: '',
  }));
  const routes = Array.from({ length: 100 }, (_, i) => route(`R${i}`, `44${i}`, '1', 1000 + i));
  const big: LiveState = { inbound_mappings: mappings, outbound_routes: routes };
  const same: DesiredState = {
    inbound_mappings: mappings.map(({ ruleid: _r, ...m }, i) => ({ ...m, origin: at(10 + i) })),
    outbound_routes: routes.map(({ ruleid: _r, groupid: _g, ...r }, i) => ({ ...r, origin: at(500 + i) })),
    policy: DEFAULT_POLICY,
    files: ['routes.yaml'],
  };
  const made = buildPlan({ desired: same, live: big, target: 't', now: 0 });
  if (!made.ok) throw new Error(JSON.stringify(made.issues));

  it("is the live rules in the platform's order, in lists of its own, with no map entry made per rule", () => {
    expect(made.plan.changes).toEqual([]);
    const set = vi.spyOn(Map.prototype, 'set');
    try {
      const { state } = rulesAfterPlan(big, made.plan.changes);
      // Before: three maps of the live rules (by ruleid, twice for routes) built and read back, 400 entries.
      expect(set.mock.calls.length).toBeLessThan(10);
      expect(state.inbound_mappings).toEqual(mappings);
      expect(state.inbound_mappings?.every((m, i) => m === mappings[i])).toBe(true);
      expect(state.outbound_routes?.every((r, i) => r === routes[i])).toBe(true);
      expect(state.inbound_mappings).not.toBe(mappings);
      expect(state.outbound_routes).not.toBe(routes);
    } finally {
      set.mockRestore();
    }
  });

  it('with the files: every rule at its line, as before', () => {
    const { state } = rulesAfterPlan(big, made.plan.changes, same);
    expect(state.inbound_mappings?.map((m) => `${m.did} ${m.ruleid} ${m.origin?.line}`).slice(0, 2)).toEqual([
      '15551000 100 10',
      '15551001 101 11',
    ]);
    expect(state.outbound_routes?.map((r) => `${r.name} ${r.ruleid} ${r.origin?.line}`).at(-1)).toBe('R99 1099 599');
  });
});
