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
/** An impact entry of the class `prefix` (the representative number's own prefix unless given), always. */
const entry = (
  to: string,
  before: RouteDecision,
  after: RouteDecision,
  from?: string,
  cls: Partial<Pick<ImpactEntry, 'prefix' | 'except' | 'from_parts' | 'when'>> = {},
): ImpactEntry => ({
  direction: before.direction,
  prefix: cls.prefix ?? to,
  except: cls.except ?? [],
  from_parts: cls.from_parts ?? (from ? [from] : []),
  ...(from ? { from } : {}),
  to,
  when: cls.when ?? 'always',
  windows: [],
  before,
  after,
});

describe('describeImpact: one class of calls in words', () => {
  it.each<[string, ImpactEntry, string]>([
    [
      'same rule, other carrier, LCR From part',
      entry('44', routed(route('UK', '44', '1555-44'), '#5'), routed(route('UK', '44', '1555-44'), '#7'), '1555'),
      'calls to 44… from …1555: carrier group 5 → carrier group 7 (route "UK")',
    ],
    [
      'no route to a route',
      entry('1800', none, routed(route('Toll free', '1800'), '#3')),
      'calls to 1800…: no route → carrier group 3 (route "Toll free")',
    ],
    [
      'ambiguous after',
      entry('33', routed(route('France', '33'), '#8'), {
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
      'the class of numbers no prefix matches is every other number, with its representative; control characters are escaped',
      entry('0', routed(route('Default\u001b[31m', ''), '#1'), routed(route('Default\u001b[31m', ''), '#2'), undefined, {
        prefix: '',
        except: ['1', '44'],
      }),
      'calls to every other number except 1…, 44… (e.g. 0): carrier group 1 → carrier group 2 (route "Default\\u001b[31m")',
    ],
    [
      'two From parts of one length: the representative From holds both',
      entry('44', none, routed(route('Catch-all', ''), '#2'), '15552666', { from_parts: ['1555', '2666'] }),
      'calls to 44… from …1555 and …2666 (e.g. 44 from 15552666): no route → carrier group 2 (route "Catch-all")',
    ],
    [
      'a time window, and more left-out prefixes than are listed',
      entry('1', routed(route('AH', '1'), '#2'), routed(route('AH', '1'), '#9'), undefined, {
        except: Array.from({ length: 10 }, (_, i) => `1${i}`),
        when: 'Mon–Fri 18:00–24:00 America/New_York',
      }),
      'calls to 1… except 10…, 11…, 12…, 13…, 14…, 15…, 16…, 17… and 2 more, Mon–Fri 18:00–24:00 America/New_York: carrier group 2 → carrier group 9 (route "AH")',
    ],
    [
      'a decision with its gateway list in words prints them',
      entry('44', { ...routed(route('UK', '44'), '#5'), gwlist_words: 'carrier group "BW" (#5)' }, routed(route('UK', '44'), '#7')),
      'calls to 44…: carrier group "BW" (#5) → carrier group 7 (route "UK")',
    ],
  ])('%s', (_case, e, words) => {
    expect(describeImpact(e)).toBe(words);
  });

  it('an entry of a plan saved before the classes is named by its probe, as then', () => {
    const {
      prefix: _p,
      except: _e,
      from_parts: _f,
      when: _w,
      windows: _x,
      ...old
    } = entry('440', routed(route('UK', '44', '1555-44'), '#5'), none, '15550');
    expect(describeImpact(old as ImpactEntry)).toBe('calls to 44… from …1555: carrier group 5 (route "UK") → no route');
  });
});

describe('plans show their routing impact', () => {
  const base = MIXED_PLAN;
  const lost = entry('44', routed(route('UK', '44'), '#4'), none);
  const HORIZON = {
    start: '2026-12-28T00:00:00',
    end: '2027-01-04T00:00:00',
    tz: 'Europe/London',
    words: 'checked over one week from Mon 2026-12-28 00:00 Europe/London',
  };
  const plan = (impact: ImpactEntry[], horizon = HORIZON): Plan => ({ ...base, routing_impact: impact, horizon });

  it('text: a section after the changes with the time examined, one line per class; "No call changes its route" when none does', () => {
    const text = renderPlanText(plan([lost]), { color: false });
    expect(text).toContain(`\nRouting impact (${HORIZON.words}):\n  calls to 44…: carrier group 4 (route "UK") → no route\n\n`);
    expect(text.indexOf('Routing impact')).toBeGreaterThan(text.lastIndexOf('# '));
    expect(renderPlanText(plan([]), { color: false })).toContain(`\nRouting impact (${HORIZON.words}):\n  No call changes its route.\n\n`);
    // A plan that changes no rule has no horizon and no section.
    expect(renderPlanText({ ...base, routing_impact: [] }, { color: false })).toBe(renderPlanText(base, { color: false }));
  });

  it('text: a plan saved before the horizon names its probe time', () => {
    const { horizon: _h, ...old } = plan([lost]);
    expect(renderPlanText(old, { color: false })).toContain(`\nRouting impact (calls at ${AT}):\n`);
  });

  it('markdown: a list in the comment, a warning sign on classes that lose their route, at most 50', () => {
    const md = renderPlanMarkdown(plan(Array.from({ length: 60 }, () => lost)));
    expect(md).toContain(`**Routing impact (${HORIZON.words}):**\n\n- ⚠️ calls to 44…: carrier group 4 (route "UK") → no route\n`);
    expect(md.match(/^- ⚠️ calls to/gm)).toHaveLength(50);
    expect(md).toContain('- _and 10 more; `dsipform plan` shows all_');
    expect(renderPlanMarkdown(plan([]))).toContain(`**Routing impact (${HORIZON.words}):** No call changes its route.`);
  });

  it('text in parts: any part size joins to the same text, every part a run of whole lines', () => {
    const big = {
      ...bigPlan(300),
      routing_impact: Array.from({ length: 40 }, (_, i) => entry(`44${i}`, routed(route('UK', '44'), '#4'), none)),
      horizon: HORIZON,
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
