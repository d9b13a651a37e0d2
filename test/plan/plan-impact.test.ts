import { describe, expect, it } from 'vitest';
import type { LiveState } from '../../src/model/live.js';
import type { Plan } from '../../src/model/plan.js';
import { buildDestroyPlan, buildPlan, savePlan } from '../../src/plan/build-plan.js';
import { parseSavedPlan } from '../../src/plan/saved-plan.js';
import { renderPlanJson } from '../../src/render/plan-json.js';
import { groupsAfter } from '../../src/plan/groups-after.js';
import { desired, dm, dr, lm, lr } from './builders.js';

/** Monday 2026-12-28 10:00 UTC, and the Sunday before. */
const MONDAY = Date.UTC(2026, 11, 28, 10);
const SUNDAY = Date.UTC(2026, 11, 27, 10);
const OFFICE = '20260101T090000|8H|weekly|||MO,TU,WE,TH,FR';

function plan(state: ReturnType<typeof desired>, live: LiveState, now = MONDAY, tz = 'Europe/London', at?: string): Plan {
  const r = buildPlan({ desired: state, live, target: 't', now, tz, ...(at !== undefined ? { at } : {}) });
  if (!r.ok) throw new Error(`plan failed: ${JSON.stringify(r.issues)}`);
  return r.plan;
}

const calls = (p: Plan) => (p.routing_impact ?? []).map((e) => `${e.direction} ${e.to}: ${e.before.result} → ${e.after.result}`);

describe('buildPlan: routing impact', () => {
  it('carries the classes of calls whose routing changes, decided from the start of the plan day in the given zone', () => {
    const p = plan(desired({ inbound_mappings: [dm('5'), dm('6', ['#2'])] }), { inbound_mappings: [lm(2, '5')] });
    expect(calls(p)).toEqual(['inbound 6: no_route → routed']);
    expect(p.routing_impact![0]).toMatchObject({ prefix: '6', except: [], from_parts: [], when: 'always' });
    expect(p.routing_impact![0]!.after).toMatchObject({ at: '2026-12-28T00:00:00 Europe/London', gwlist: '#2', rule: { key: '6' } });
    expect(p.horizon).toEqual({
      start: '2026-12-28T00:00:00',
      end: '2026-12-29T00:00:00',
      tz: 'Europe/London',
      words: 'checked at any time (no time recurrence is involved)',
    });
  });

  it('has none when nothing routes differently, and no section at all for a plan of leases alone', () => {
    expect(plan(desired({ inbound_mappings: [dm('5', ['1'], 'a note')] }), { inbound_mappings: [lm(2, '5')] }).routing_impact).toEqual([]);
    const leases = buildPlan({ desired: { ...desired({}), endpoint_leases: [] }, live: { endpoint_leases: [] }, target: 't', now: MONDAY });
    expect(leases.ok && 'routing_impact' in leases.plan).toBe(false);
  });

  it('keeps ignored live rules in the after set: a deleted DID falls back to the ignored default mapping', () => {
    const state = desired({
      inbound_mappings: [],
      policy: { ignore: { inbound_mappings: [''], outbound_routes: [], endpoint_leases: [] } },
    });
    const p = plan(state, { inbound_mappings: [lm(2, '', ['#9']), lm(3, '5')] });
    expect(calls(p)).toEqual(['inbound 5: routed → routed']);
    expect(p.safety).toEqual([]);
  });

  it('refuses (a safety finding) a plan that leaves a routed call with no route, naming the rules that routed it', () => {
    const p = plan(desired({ inbound_mappings: [] }), { inbound_mappings: [lm(2, '5')] });
    expect(p.safety).toEqual([
      {
        collection: 'inbound_mappings',
        rule: 'unrouting',
        calls: [{ direction: 'inbound', prefix: '5', from_parts: [], when: 'always', to: '5', after: 'no_route' }],
        keys: ['5'],
        message: 'the plan leaves 1 class of inbound calls that routes today with no route',
      },
    ]);
  });

  it('refuses a plan that makes routed calls ambiguous', () => {
    const live = { outbound_routes: [lr(2, 'UK', '44')] };
    const p = plan(desired({ outbound_routes: [dr('UK', '44'), dr('UK2', '44', { gwgroupid: '3' })] }), live);
    expect(p.safety.map((f) => f.message)).toEqual([
      'the plan leaves 1 class of outbound calls that routes today with an ambiguous route (the proxy picks a rule by chance)',
    ]);
  });

  it('policy.allow_unrouting: true turns the refusal off, and the plan says so', () => {
    const p = plan(desired({ inbound_mappings: [], policy: { allow_unrouting: true } }), { inbound_mappings: [lm(2, '5')] });
    expect(calls(p)).toEqual(['inbound 5: routed → no_route']);
    expect(p.safety).toEqual([]);
    expect(p.policy.allow_unrouting).toBe(true);
  });

  it('destroy is asked to unroute what it deletes: its impact is shown, not refused', () => {
    const r = buildDestroyPlan({
      desired: desired({ inbound_mappings: [dm('5')] }),
      live: { inbound_mappings: [lm(2, '5')] },
      target: 't',
      now: MONDAY,
    });
    expect(r.ok && calls(r.plan)).toEqual(['inbound 5: routed → no_route']);
    expect(r.ok && r.plan.safety).toEqual([]);
  });

  it('decides over a whole week whenever the plan is made: a time recurrence says when calls change', () => {
    const live = { outbound_routes: [lr(2, 'Default', ''), lr(3, 'UK', '44')] };
    const state = desired({ outbound_routes: [dr('Default', ''), dr('UK', '44', { timerec: OFFICE })] });
    for (const now of [MONDAY, SUNDAY]) {
      const p = plan(state, live, now);
      expect(calls(p)).toEqual(['outbound 44: routed → routed']);
      expect(p.routing_impact![0]!.when).toBe('always except Mon–Fri 09:00–17:00 Europe/London');
    }
    expect(plan(state, live, MONDAY).horizon!.words).toBe('checked over one week from Mon 2026-12-28 00:00 Europe/London');
  });

  it('plan --at pins the impact to one instant', () => {
    const live = { outbound_routes: [lr(2, 'Default', ''), lr(3, 'UK', '44')] };
    const state = desired({ outbound_routes: [dr('Default', ''), dr('UK', '44', { timerec: OFFICE })] });
    expect(calls(plan(state, live, MONDAY, 'Europe/London', '2026-12-28T10:00:00'))).toEqual([]);
    const sunday = plan(state, live, MONDAY, 'Europe/London', '2026-12-27T10:00:00');
    expect(calls(sunday)).toEqual(['outbound 44: routed → routed']);
    expect(sunday.horizon!.words).toBe('checked at 2026-12-27 10:00:00 Europe/London only (--at)');
  });

  it('the checksum covers the impact: it changes with it, and a saved plan whose impact was edited is refused', () => {
    const live = { outbound_routes: [lr(2, 'Default', ''), lr(3, 'UK', '44')] };
    const state = desired({ outbound_routes: [dr('Default', ''), dr('UK', '44', { timerec: OFFICE })] });
    const monday = savePlan(plan(state, live, MONDAY, 'UTC', '2026-12-28T10:00:00'));
    const sunday = savePlan(plan(state, live, MONDAY, 'UTC', '2026-12-27T10:00:00'));
    const rest = (p: typeof monday) => ({ ...p, checksum: '', routing_impact: [], horizon: undefined });
    expect(rest(monday)).toEqual(rest(sunday));
    expect(monday.checksum).not.toBe(sunday.checksum);
    const text = renderPlanJson(sunday);
    expect(parseSavedPlan(text, 'plan.json').routing_impact).toEqual(sunday.routing_impact);
    const edited = text.replace('"gwlist": "#2"', '"gwlist": "#9"');
    expect(edited).not.toBe(text);
    expect(() => parseSavedPlan(edited, 'plan.json')).toThrow(/changed after it was written/);
  });

  it('an invalid zone stops the plan with an issue saying what to set', () => {
    const r = buildPlan({
      desired: desired({ inbound_mappings: [dm('5')] }),
      live: { inbound_mappings: [] },
      target: 't',
      now: MONDAY,
      tz: 'Mars/Olympus',
    });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.issues[0]!.message).toMatch(/time zone "Mars\/Olympus"/);
  });
});

describe('buildPlan: routing impact with carrier groups the plan creates, deletes or updates', () => {
  const endpoint = (name: string) => ({ name, hostname: `${name}.example.com`, strip: 0, prefix: '', weight: 1 });
  const groups = [{ gwgroupid: 5, name: 'Old carrier', type: 'carrier' as const, gwids: ['1'] }];
  const withNewGroup = (parts: Parameters<typeof desired>[0]) => ({
    ...desired(parts),
    carrier_groups: [{ name: 'New carrier', lb_enabled: false, endpoints: [endpoint('a'), endpoint('b')] }],
    policy: { ...desired(parts).policy, ignore: { ...desired(parts).policy.ignore, carrier_groups: ['Old carrier'] } },
  });

  it('a mapping and a route moved by name to a group created by the same plan are not refused: the calls go to that group', () => {
    const state = withNewGroup({
      inbound_mappings: [{ ...dm('5', []), group: 'New carrier' }],
      outbound_routes: [{ ...dr('UK', '44', { gwgroupid: '' }), carrier_group: 'New carrier' }],
    });
    const live = {
      groups,
      carrier_groups: [],
      inbound_mappings: [lm(2, '5', ['#5'])],
      outbound_routes: [lr(3, 'UK', '44', { gwgroupid: '5' })],
    };
    const p = plan(state, live);
    expect(p.safety).toEqual([]);
    expect(calls(p)).toEqual(['inbound 5: routed → routed', 'outbound 44: routed → routed']);
    expect(p.routing_impact!.map((e) => `${e.before.gwlist} → ${e.after.gwlist}`)).toEqual(['#5 → #"New carrier"', '#5 → #"New carrier"']);
  });

  it("names the gateways of carrier groups read in full in the impact's words, on both sides", () => {
    const read = { gwgroupid: 5, name: 'Old carrier', lb_enabled: false, endpoints: [endpoint('a-east')], gwids: [1] };
    const p = plan(desired({ inbound_mappings: [dm('5', ['#5'])] }), {
      groups,
      carrier_groups: [read],
      inbound_mappings: [lm(2, '5', ['1'])],
    });
    expect(calls(p)).toEqual(['inbound 5: routed → routed']);
    expect(p.routing_impact![0]!.before.gwlist_words).toBe('gateway "a-east" a-east.example.com (1)');
    expect(p.routing_impact![0]!.after.gwlist_words).toBe('carrier group "Old carrier" (#5)');
  });

  it('a new mapping to a group created by the same plan routes its calls there', () => {
    const p = plan(withNewGroup({ inbound_mappings: [{ ...dm('6', []), group: 'New carrier' }] }), {
      groups,
      carrier_groups: [],
      inbound_mappings: [],
    });
    expect(calls(p)).toEqual(['inbound 6: no_route → routed']);
    expect(p.routing_impact![0]!.after.gwlist).toBe('#"New carrier"');
  });

  it('groupsAfter: created groups get stand-in ids and gateways past the live ones, deleted ones are gone, updated ones hold their new endpoints', () => {
    const fields = (name: string, names: string[]) => ({ name, lb_enabled: false, endpoints: names.map(endpoint), auth: null });
    const live = { groups: [...groups, { gwgroupid: 7, name: 'Gone', type: 'carrier' as const, gwids: ['4'] }] };
    const after = groupsAfter(live, [
      { action: 'create', kind: 'carrier_group', key: 'New carrier', after: fields('New carrier', ['a', 'b']), fields: [] },
      { action: 'delete', kind: 'carrier_group', key: 'Gone', gwgroupid: 7, before: fields('Gone', ['x']), fields: [] },
      {
        action: 'update',
        kind: 'carrier_group',
        key: 'Old carrier',
        gwgroupid: 5,
        gwids: [1],
        before: fields('Old carrier', ['a']),
        after: fields('Old carrier', ['a', 'c']),
        fields: ['endpoints'],
      },
    ]);
    expect(after.groups?.map((g) => `${g.gwgroupid} ${g.name}: ${g.gwids.join(',')}`)).toEqual([
      '5 Old carrier: 1,7',
      '8 New carrier: 5,6',
    ]);
    expect([...after.standIns]).toEqual([['New carrier', 8]]);
  });
});
