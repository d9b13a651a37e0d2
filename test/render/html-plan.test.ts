import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Change, Plan, SavedPlan } from '../../src/model/plan.js';
import type { DecidedRule, ImpactEntry, RouteDecision } from '../../src/model/routing.js';
import { escapeHtml } from '../../src/render/html/markup.js';
import { renderPlanHtml } from '../../src/render/html/plan-html.js';
import { MIXED_PLAN, PLAN_CHECKSUM, EMPTY_PLAN } from './fixtures.js';
import { TAGS, tagsOf, textOf } from './html-text.js';

/**
 * `plan --format html`, the renderer alone: what the page says (the same facts as the JSON plan),
 * that no value from the files or the platform can become markup, and that no secret reaches it.
 * test/render/html-browser.test.ts loads a real plan's page in Chromium.
 */

const AT = '2026-12-28T10:00:00 Europe/London';
const route = (key: string, prefix: string): DecidedRule => ({ kind: 'outbound_route', key, group: 8000, prefix, priority: 0 });
const routed = (rule: DecidedRule, gwlist: string, at = AT): RouteDecision => ({
  direction: 'outbound',
  from: '',
  to: '',
  at,
  result: 'routed',
  rule,
  gwlist,
  candidates: [rule],
  steps: [],
});
const none: RouteDecision = { direction: 'outbound', from: '', to: '', at: AT, result: 'no_route', candidates: [], steps: [] };
// A probed call as plans carried it before their impact had classes and windows (still rendered: `at` the instant).
const entry = (to: string, before: RouteDecision, after: RouteDecision): ImpactEntry =>
  ({ direction: 'outbound', to, before, after }) as unknown as ImpactEntry;

describe('renderPlanHtml: the plan as a page', () => {
  const page = renderPlanHtml({ ...MIXED_PLAN, checksum: PLAN_CHECKSUM });
  const text = textOf(page);

  it('is one self-contained document: no script, no request of any kind, scripts forbidden by its policy', () => {
    expect(page.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(page.endsWith('</html>\n')).toBe(true);
    expect(page).not.toMatch(/<script|<link|<img|<iframe|\bsrc=|\bhref=|url\(|@import/i);
    expect(page).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;;`);
    expect(new Set(tagsOf(page)).size).toBeGreaterThan(10);
    expect(tagsOf(page).filter((t) => !TAGS.has(t))).toEqual([]);
  });

  it('carries the facts of the JSON plan: target, managed, checksums, counts, findings, notes', () => {
    expect(text).toContain(`Target ${MIXED_PLAN.target}`);
    expect(text).toContain('Managed inbound_mappings, outbound_routes');
    expect(text).toContain(`Plan checksum ${PLAN_CHECKSUM}`);
    expect(text).toContain(`Live checksum ${MIXED_PLAN.live_checksum}`);
    const t = MIXED_PLAN.summary.total;
    expect(text).toContain(`Plan: ${t.create} to create, ${t.update} to update`);
    expect(text).toContain('Refused without --force');
    for (const note of MIXED_PLAN.notes) expect(text).toContain(note);
  });

  it('shows every change under its kind with its headline, and changed fields before and after in their own cells', () => {
    for (const change of MIXED_PLAN.changes) expect(text).toContain(change.key === '' ? '(default mapping)' : `"${change.key}"`);
    const update = MIXED_PLAN.changes.find((c) => c.kind === 'outbound_route' && c.action === 'update') as Change & {
      before: { prefix: string };
      after: { prefix: string };
    };
    expect(update).toBeDefined();
    expect(page).toMatch(
      /<td class="mark change">~<\/td>\s*<th>\w+<\/th>\s*<td class="mono (?:old|new)">[^<]+<\/td>\s*<td class="mono (?:old|new)">[^<]+<\/td>/,
    );
    expect(text).toContain(`outbound_route "${update.key}" will be updated in place`);
  });

  it('names the groups beside their ids on both sides when the plan carries their names', () => {
    const names = { groups: { '5': { name: 'BW <b>', type: 'carrier' as const }, '6': { name: 'Lumen', type: 'carrier' as const } } };
    const named = renderPlanHtml({ ...MIXED_PLAN, names });
    expect(named).toMatch(
      /<th>gwgroupid<\/th>\s*<td class="mono old">&quot;5&quot; \(carrier group &quot;BW &lt;b&gt;&quot;\)<\/td>\s*<td class="mono new">&quot;6&quot; \(carrier group &quot;Lumen&quot;\)<\/td>/,
    );
  });

  it('says "no changes" for an empty plan, with the counts', () => {
    const empty = textOf(renderPlanHtml(EMPTY_PLAN));
    expect(empty).toContain('No changes. The platform matches the configuration. 12 objects unchanged');
    expect(empty).not.toContain('Changes ');
  });
});

describe('renderPlanHtml: the routing impact as classes × time windows', () => {
  const lost = entry('440', routed(route('UK', '44'), '#4'), none);
  const moved = entry('1800', routed(route('US', '1'), '#2'), routed(route('Toll free', '1800'), '#3'));

  it('probed at one instant: a row per call, before and after in two columns, a call that loses its route marked', () => {
    const page = renderPlanHtml({ ...MIXED_PLAN, routing_impact: [moved, lost] });
    const text = textOf(page);
    expect(text).toContain(`When: at ${AT} Calls Before After`);
    expect(text).toContain('calls to 1800… e.g. 1800 carrier group 2 (route "US") carrier group 3 (route "Toll free")');
    expect(page).toMatch(/<tr class="loses">\s*<td class="calls">calls to 44…/);
    expect(page).toMatch(/<th>Before<\/th>\s*<th>After<\/th>/);
  });

  it('with time windows (an exact impact): a column per window, a cell per class and window, unchanged where none', () => {
    const evening = { ...lost, when: 'Mon–Fri 18:00–24:00 America/New_York', windows: [], prefix: '44', except: ['441'], from_parts: [] };
    const weekend = { ...moved, when: 'Sat–Sun America/New_York', windows: [], prefix: '1800', except: [], from_parts: [] };
    const horizon = {
      start: '2026-11-30T00:00:00',
      end: '2026-12-07T00:00:00',
      tz: 'America/New_York',
      words: 'one week from Mon 2026-11-30',
    };
    const exact = { ...MIXED_PLAN, routing_impact: [evening, weekend], horizon };
    const page = renderPlanHtml(exact);
    const text = textOf(page);
    expect(text).toContain('Routing impact One week from Mon 2026-11-30.');
    expect(page).toMatch(/<th>Calls<\/th>\s*<th>Mon–Fri 18:00–24:00 America\/New_York<\/th>\s*<th>Sat–Sun America\/New_York<\/th>/);
    expect(text).toContain('calls to 44… except 441… e.g. 440 carrier group 4 (route "UK") → no route unchanged');
    expect(text).toContain('calls to 1800… e.g. 1800 unchanged carrier group 2 (route "US") → carrier group 3 (route "Toll free")');
  });

  it('names gateways by gwlist_words when the decision carries them', () => {
    const named = { ...routed(route('UK', '44'), '#4'), gwlist_words: 'carrier group "BW" (#4)' };
    const text = textOf(renderPlanHtml({ ...MIXED_PLAN, routing_impact: [entry('440', named, none)] }));
    expect(text).toContain('carrier group "BW" (#4) (route "UK") no route');
  });

  it('says that no call changes its route when the impact is empty, and nothing when the plan has none', () => {
    expect(textOf(renderPlanHtml({ ...MIXED_PLAN, routing_impact: [] }))).toContain('Routing impact No call changes its route.');
    expect(textOf(renderPlanHtml(MIXED_PLAN))).not.toContain('Routing impact');
  });
});

describe('renderPlanHtml: routing tests the plan ran', () => {
  it('counts them and lists the failures first, with why', () => {
    const decision = routed(route('UK', '44'), '#4');
    const base = { direction: 'outbound' as const, from: '', expect: {}, decision, origin: { file: 'routing.yaml', line: 3, col: 5 } };
    const tests = [
      { ...base, name: 'UK goes to BW', to: '440', status: 'passed', failures: [], took: 'route "UK" to #4' },
      {
        ...base,
        name: 'toll free',
        to: '1800',
        status: 'failed',
        failures: ['expected route "Toll free", but the call took route "US"'],
        took: 'route "US" to #2',
      },
    ];
    const text = textOf(renderPlanHtml({ ...MIXED_PLAN, routing_tests: tests } as Plan));
    expect(text).toContain('Routing tests 1 passed, 1 failed (against the rules after the plan)');
    expect(text.indexOf('toll free')).toBeLessThan(text.indexOf('UK goes to BW'));
    expect(text).toContain(
      'FAIL toll free routing.yaml:3 outbound call to 1800 route "US" to #2 expected route "Toll free", but the call took route "US"',
    );
  });
});

describe('renderPlanHtml: routing invariants the plan decided', () => {
  it('counts them and lists the violations first, with the call and the command that replays it', () => {
    const decision = routed(route('premium', '1900'), '#4');
    const replay = 'dsipform route --direction outbound --to 1900 --at 2026-12-28T00:00:00 --tz Europe/London';
    const invariants = [
      { name: 'US calls routed', status: 'held' as const, origin: { file: 'rules.yaml', line: 9, col: 5 } },
      {
        name: 'premium <never>',
        status: 'violated' as const,
        origin: { file: 'rules.yaml', line: 7, col: 5 },
        message: 'an outbound call is routed: the call to 1900 took route "premium"',
        counterexample: {
          direction: 'outbound' as const,
          to: '1900',
          from: '',
          at: '2026-12-28T00:00:00',
          tz: 'Europe/London',
          when: 'always',
          took: 'route "premium"',
          replay,
          decision,
        },
      },
    ];
    const page = renderPlanHtml({ ...MIXED_PLAN, invariants });
    const text = textOf(page);
    expect(text).toContain('Routing invariants 1 held, 1 violated (against the rules after the plan)');
    expect(text).toContain(`FAIL premium <never> rules.yaml:7 an outbound call is routed: the call to 1900 took route "premium" ${replay}`);
    expect(text.indexOf('premium <never>')).toBeLessThan(text.indexOf('US calls routed'));
    expect(page).toContain('premium &lt;never&gt;');
    expect(textOf(renderPlanHtml(MIXED_PLAN))).not.toContain('Routing invariants');
  });
});

// Characters that make markup, and letters of tag and attribute names: most strings drawn from these are markup-like.
const MARKUPISH = fc.constantFrom(...'<>"\'&=/ bimgsvcrpton'.split(''));

describe('renderPlanHtml: what an attacker writes stays text', () => {
  const SCRIPT = '<script>document.title="pwned"</script>';
  const hostile = (s: string): Plan => {
    const changes = MIXED_PLAN.changes.map((c): Change => {
      if (c.kind !== 'outbound_route' || c.action !== 'create') return c;
      return { ...c, key: s, after: { ...c.after, name: s } };
    });
    return {
      ...MIXED_PLAN,
      target: `https://x/${s}`,
      changes,
      notes: [s],
      routing_impact: [entry(s, routed(route(s, s), `#${s}`, s), none)],
    };
  };

  it('a <script> in a route name, a note, the target and a decision comes out escaped', () => {
    const page = renderPlanHtml(hostile(SCRIPT));
    expect(page).not.toContain('<script');
    expect(page).toContain('&lt;script&gt;document.title=&quot;pwned&quot;&lt;/script&gt;');
    expect(textOf(page)).toContain(SCRIPT);
  });

  it('any text anywhere adds no element and no attribute (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: MARKUPISH, maxLength: 24 }), fc.string({ unit: 'binary', maxLength: 24 })), (s) => {
        const page = renderPlanHtml(hostile(s));
        expect(tagsOf(page).filter((t) => !TAGS.has(t))).toEqual([]);
        expect(page).not.toMatch(/\son[a-z]+=/i);
      }),
      { numRuns: 60 },
    );
  });

  it('escapeHtml: the five characters, controls and bidi overrides', () => {
    expect(escapeHtml(`<a href='x'>"&"</a>`)).toBe('&lt;a href=&#39;x&#39;&gt;&quot;&amp;&quot;&lt;/a&gt;');
    expect(escapeHtml('a\u202eb\u0007')).toBe('a\\u202eb\\u0007');
  });
});

describe('renderPlanHtml: secrets', () => {
  const SECRET = 'hunter2-Pa55w0rd-never-shown';
  // A plan that wrongly carries lease passwords, as test/render/secrets.test.ts builds it.
  const leaky: SavedPlan = {
    ...MIXED_PLAN,
    checksum: PLAN_CHECKSUM,
    changes: MIXED_PLAN.changes.map((c): Change => {
      if (c.kind !== 'endpoint_lease') return c;
      const wrong: Record<string, unknown> = { ...c, fields: [...c.fields, 'password'] };
      if ('before' in c) wrong['before'] = { ...c.before, password: SECRET };
      if ('after' in c) wrong['after'] = { ...c.after, password: SECRET };
      return wrong as unknown as Change;
    }),
  };

  it('never shows a lease password; each lease change shows (sensitive)', () => {
    expect(JSON.stringify(leaky)).toContain(SECRET);
    const page = renderPlanHtml(leaky);
    expect(page).not.toContain(SECRET);
    const leases = leaky.changes.filter((c) => c.kind === 'endpoint_lease').length;
    expect(leases).toBeGreaterThan(0);
    expect(
      page.match(/<th>password<\/th>\s*<td class="mono (?:old|new)">(<\/td>\s*<td class="mono (?:old|new)">)?\(sensitive\)<\/td>/g),
    ).toHaveLength(leases);
  });
});
