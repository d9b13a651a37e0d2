import { describe, expect, it } from 'vitest';
import type { CarrierGroup } from '../../src/model/carrier-group.js';
import type { GatewayGroup } from '../../src/model/group.js';
import type { LiveState } from '../../src/model/live.js';
import type { Plan } from '../../src/model/plan.js';
import { buildPlan } from '../../src/plan/build-plan.js';
import { planShapeProblem } from '../../src/plan/plan-shape.js';
import { renderPlanJson } from '../../src/render/plan-json.js';
import { renderPlanMarkdown } from '../../src/render/plan-markdown.js';
import { renderPlanText } from '../../src/render/plan-text.js';
import { desired, dm, dr, lm, lr } from '../plan/builders.js';

/**
 * A plan's diffs name the groups and gateways beside their ids, on both sides (issue 26, part 3):
 * a route moved from carrier group 15 to 16, a mapping moved between gateways.
 */
const GROUPS: GatewayGroup[] = [
  { gwgroupid: 15, name: 'Carrier A', type: 'carrier', gwids: ['64'] },
  { gwgroupid: 16, name: 'Carrier B', type: 'carrier', gwids: ['65'] },
  { gwgroupid: 20, name: 'PBXs', type: 'endpoint', gwids: ['66', '67'] },
];
/** The carrier groups read in full: their gateways' names and addresses. */
const CARRIERS: CarrierGroup[] = [
  {
    gwgroupid: 15,
    name: 'Carrier A',
    lb_enabled: false,
    gwids: [64],
    endpoints: [{ name: 'a-east', hostname: '198.51.100.1:5060', strip: 0, prefix: '', weight: 1 }],
  },
  {
    gwgroupid: 16,
    name: 'Carrier B',
    lb_enabled: false,
    gwids: [65],
    endpoints: [{ name: 'b-west', hostname: '198.51.100.2', strip: 0, prefix: '', weight: 1 }],
  },
];

function planOf(live: LiveState, routingImpact = true): Plan {
  const d = desired({
    inbound_mappings: [dm('1555', ['65']), dm('1666', ['#20'])],
    outbound_routes: [dr('US', '1', { gwgroupid: '16' }), dr('UK', '44', { gwgroupid: '20' })],
  });
  const r = buildPlan({ desired: d, live, target: 't', now: 0, routingImpact });
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('; '));
  return r.plan;
}

const LIVE: LiveState = {
  inbound_mappings: [lm(1, '1555', ['64']), lm(2, '1666', ['#15'])],
  outbound_routes: [lr(3, 'US', '1', { gwgroupid: '15' }), lr(4, 'UK', '44', { gwgroupid: '15' })],
  groups: GROUPS,
  carrier_groups: CARRIERS,
};

describe('plan diffs name groups and gateways on both sides', () => {
  it('text: a route moved between carrier groups, a mapping between gateways and groups', () => {
    const text = renderPlanText(planOf(LIVE), { color: false });
    expect(text).toMatch(/~ gwgroupid: +"15" \(carrier group "Carrier A"\) → "16" \(carrier group "Carrier B"\)\n/);
    expect(text).toMatch(/~ gwgroupid: +"15" \(carrier group "Carrier A"\) → "20" \(endpoint group "PBXs"\)\n/);
    expect(text).toMatch(
      /~ servers: +\["64"\] \(gateway "a-east" 198\.51\.100\.1:5060\) → \["65"\] \(gateway "b-west" 198\.51\.100\.2\)\n/,
    );
    expect(text).toMatch(/~ servers: +\["#15"\] \(carrier group "Carrier A"\) → \["#20"\] \(endpoint group "PBXs"\)\n/);
  });

  it('markdown: the same words in the diff blocks', () => {
    const md = renderPlanMarkdown(planOf(LIVE));
    expect(md).toContain('"15" (carrier group "Carrier A") → "16" (carrier group "Carrier B")');
  });

  it('JSON: the ids stay as they were, the names are added once, and a saved plan with them is accepted', () => {
    // The impact's part of the schema is not this test's: the plan is made without it.
    const plan = planOf(LIVE, false);
    const json = JSON.parse(renderPlanJson({ ...plan, checksum: `sha256:${'0'.repeat(64)}` })) as Plan & { checksum: string };
    expect(json.changes.find((c) => c.key === 'US')).toMatchObject({ before: { gwgroupid: '15' }, after: { gwgroupid: '16' } });
    expect(json.names).toEqual({
      groups: {
        15: { name: 'Carrier A', type: 'carrier' },
        16: { name: 'Carrier B', type: 'carrier' },
        20: { name: 'PBXs', type: 'endpoint' },
      },
      gateways: { 64: { name: 'a-east', address: '198.51.100.1:5060' }, 65: { name: 'b-west', address: '198.51.100.2' } },
    });
    expect(Object.keys(json).indexOf('names')).toBe(Object.keys(json).indexOf('changes') + 1);
    expect(planShapeProblem(json)).toBeNull();
  });

  it('only the groups and gateways the changes name are carried', () => {
    const plan = planOf({ ...LIVE, groups: [...GROUPS, { gwgroupid: 99, name: 'Unused', type: 'carrier', gwids: [] }] });
    expect(Object.keys(plan.names?.groups ?? {})).toEqual(['15', '16', '20']);
  });

  it('without the groups read, a plan has no names and its diffs are as before', () => {
    const plan = planOf({ inbound_mappings: LIVE.inbound_mappings, outbound_routes: LIVE.outbound_routes });
    expect(plan.names).toBeUndefined();
    expect(renderPlanText(plan, { color: false })).toMatch(/~ gwgroupid: +"15" → "16"\n/);
  });
});
