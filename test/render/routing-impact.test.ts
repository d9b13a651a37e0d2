import { describe, expect, it } from 'vitest';
import type { Plan } from '../../src/model/plan.js';
import type { DecidedRule, ImpactEntry, RouteDecision } from '../../src/model/routing.js';
import { renderPlanMarkdown } from '../../src/render/plan-markdown.js';
import { planTextParts, renderPlanText } from '../../src/render/plan-text.js';
import { describeImpact } from '../../src/render/routing-impact.js';
import { MIXED_PLAN, bigPlan } from './fixtures.js';

const AT = '2026-12-28T10:00:00 Europe/London';
const route = (key: string, prefix: string, lcr?: string): DecidedRule => ({
  kind: 'outbound_route',
  key,
  group: lcr ? 10000 : 8000,
  prefix,
  priority: 0,
  ...(lcr ? { lcr_pattern: lcr } : {}),
});
const mapping = (key: string): DecidedRule => ({ kind: 'inbound_mapping', key, group: 9000, prefix: key, priority: 0 });
const routed = (rule: DecidedRule, gwlist: string): RouteDecision => ({
  direction: rule.kind === 'inbound_mapping' ? 'inbound' : 'outbound',
  from: '',
  to: '',
  at: AT,
  result: 'routed',
  rule,
  gwlist,
  candidates: [rule],
  steps: [],
});
const none: RouteDecision = { direction: 'outbound', from: '', to: '', at: AT, result: 'no_route', candidates: [], steps: [] };
const entry = (to: string, before: RouteDecision, after: RouteDecision, from?: string): ImpactEntry => ({
  direction: before.direction,
  ...(from ? { from } : {}),
  to,
  before,
  after,
});

describe('describeImpact: one probed call in words', () => {
  it.each<[string, ImpactEntry, string]>([
    [
      'same rule, other carrier, LCR From-prefix',
      entry('440', routed(route('UK', '44', '1555-44'), '#5'), routed(route('UK', '44', '1555-44'), '#7'), '15550'),
      'calls to 44… from …1555: carrier group 5 → carrier group 7 (route "UK")',
    ],
    [
      'no route to a route',
      entry('18000', none, routed(route('Toll free', '1800'), '#3')),
      'calls to 1800…: no route → carrier group 3 (route "Toll free")',
    ],
    [
      'ambiguous after',
      entry('330', routed(route('France', '33'), '#8'), {
        ...none,
        result: 'ambiguous',
        candidates: [route('France', '33'), route('France B', '33')],
      }),
      'calls to 33…: carrier group 8 (route "France") → ambiguous (route "France" or route "France B")',
    ],
    [
      'inbound: gateways and the default mapping',
      entry('15551230001', routed(mapping('15551230001'), '66,67'), routed(mapping(''), '#9')),
      'calls to 15551230001…: gateways 66, 67 (mapping "15551230001") → carrier group 9 (default mapping)',
    ],
    [
      'inbound: one gateway',
      entry('15551230001', routed(mapping('15551230001'), '61'), routed(mapping(''), '#9')),
      'calls to 15551230001…: gateway 61 (mapping "15551230001") → carrier group 9 (default mapping)',
    ],
    [
      'a number only a catch-all matches is every other number; control characters are escaped',
      entry('0', routed(route('Default\u001b[31m', ''), '#1'), routed(route('Default\u001b[31m', ''), '#2')),
      'calls to every other number: carrier group 1 → carrier group 2 (route "Default\\u001b[31m")',
    ],
    [
      'every other number, from an LCR From-prefix',
      entry('0', none, routed(route('Catch-all', ''), '#2'), '15550'),
      'calls to every other number from 15550: no route → carrier group 2 (route "Catch-all")',
    ],
  ])('%s', (_case, e, words) => {
    expect(describeImpact(e)).toBe(words);
  });
});

describe('plans show their routing impact', () => {
  const base = MIXED_PLAN;
  const lost = entry('440', routed(route('UK', '44'), '#4'), none);
  const plan = (impact: ImpactEntry[]): Plan => ({ ...base, routing_impact: impact });

  it('text: a section after the changes, one line per call; none when no call changes', () => {
    const text = renderPlanText(plan([lost]), { color: false });
    expect(text).toContain(`\nRouting impact (calls at ${AT}):\n  calls to 44…: carrier group 4 (route "UK") → no route\n\n`);
    expect(text.indexOf('Routing impact')).toBeGreaterThan(text.lastIndexOf('# '));
    expect(renderPlanText(plan([]), { color: false })).toBe(renderPlanText(base, { color: false }));
  });

  it('markdown: a list in the comment, a warning sign on calls that lose their route, at most 50', () => {
    const md = renderPlanMarkdown(plan(Array.from({ length: 60 }, () => lost)));
    expect(md).toContain(`**Routing impact (calls at ${AT}):**\n\n- ⚠️ calls to 44…: carrier group 4 (route "UK") → no route\n`);
    expect(md.match(/^- ⚠️ calls to/gm)).toHaveLength(50);
    expect(md).toContain('- _and 10 more; `dsipform plan` shows all_');
  });

  it('text in parts: any part size joins to the same text, every part a run of whole lines', () => {
    const big = {
      ...bigPlan(300),
      routing_impact: Array.from({ length: 40 }, (_, i) => entry(`44${i}`, routed(route('UK', '44'), '#4'), none)),
    };
    for (const p of [MIXED_PLAN, plan([lost]), big, { ...big, safety: MIXED_PLAN.safety }]) {
      const whole = [...planTextParts(p, { color: true }, Number.POSITIVE_INFINITY)];
      expect(whole).toHaveLength(1);
      for (const size of [1, 2, 7, 100, 2000]) {
        const parts = [...planTextParts(p, { color: true }, size)];
        expect(parts.join('')).toBe(whole[0]);
        for (const part of parts) expect(part.endsWith('\n')).toBe(true);
        if (size === 1) expect(parts.length).toBeGreaterThan(p.changes.length);
      }
      expect(renderPlanText(p, { color: true })).toBe(whole[0]);
    }
  });
});
