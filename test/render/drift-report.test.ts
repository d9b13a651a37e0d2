import { describe, expect, it } from 'vitest';
import type { Change, ChangeAction, Plan } from '../../src/model/plan.js';
import type { ImpactEntry } from '../../src/model/routing.js';
import { driftOf } from '../../src/render/drift-report.js';
import { renderDriftJson } from '../../src/render/drift-json.js';
import { MARKDOWN_DRIFT_ROWS, renderDriftMarkdown } from '../../src/render/drift-markdown.js';
import { renderDriftText } from '../../src/render/drift-text.js';
import { EMPTY_PLAN, MIXED_PLAN, bigPlan } from './fixtures.js';

// Issue 28, part 2: a drift report is the plan's changes read as causes, with each changed field's
// platform and file values; pure, so checked as tables.

const SECRET = 'hunter2-Pa55w0rd-never-shown';
const ep = { name: 'e1', hostname: 'a.example.com:5060', strip: 0, prefix: '', weight: 1 };
const group = { name: 'BW', lb_enabled: false, endpoints: [ep], auth: null };

const HORIZON = {
  start: '2026-11-30T00:00:00Z',
  end: '2026-12-07T00:00:00Z',
  tz: 'UTC',
  words: 'checked over one week from Mon 2026-11-30 00:00 UTC',
};
const UK = { kind: 'outbound_route', key: 'UK', prefix: '44', ruleid: 2 } as const;
const IMPACT: ImpactEntry = {
  direction: 'outbound',
  prefix: '44',
  except: [],
  from_parts: [],
  to: '44',
  when: 'always',
  windows: [],
  before: {
    direction: 'outbound',
    to: '44',
    at: '2026-11-30T00:00:00Z',
    result: 'routed',
    rule: UK,
    gwlist: '#7',
    candidates: [],
    steps: [],
  },
  after: {
    direction: 'outbound',
    to: '44',
    at: '2026-11-30T00:00:00Z',
    result: 'routed',
    rule: UK,
    gwlist: '#5',
    candidates: [],
    steps: [],
  },
} as unknown as ImpactEntry;

function planOf(changes: Change[]): Plan {
  return { ...EMPTY_PLAN, changes };
}

describe('driftOf', () => {
  it.each<[ChangeAction, string]>([
    ['create', 'missing'],
    ['obtain', 'missing'],
    ['update', 'changed'],
    ['promote', 'changed'],
    ['demote', 'changed'],
    ['renew', 'changed'],
    ['delete', 'extra'],
    ['revoke', 'extra'],
  ])("a plan's %s is an object the platform holds %s", (action, cause) => {
    const change = MIXED_PLAN.changes.find((c) => c.action === action)!;
    const object = driftOf(planOf([change])).objects[0]!;
    expect(object).toMatchObject({ kind: change.kind, key: change.key, action, drift: cause });
  });

  it.each<[string, Change, { name: string; live: unknown; file: unknown; live_shown: boolean }[]]>([
    [
      'a route edited on the platform: the fields that differ, whatever the plan listed',
      {
        action: 'update',
        kind: 'outbound_route',
        key: 'R',
        ruleid: 9,
        before: { name: 'R', prefix: '1', from_prefix: null, gwgroupid: '7', priority: 0, timerec: '', routeid: '' },
        after: { name: 'R', prefix: '1', from_prefix: null, gwgroupid: '5', priority: 3, timerec: '', routeid: '' },
        fields: ['gwgroupid'],
      },
      [
        { name: 'gwgroupid', live: '7', file: '5', live_shown: true },
        { name: 'priority', live: 0, file: 3, live_shown: true },
      ],
    ],
    [
      'a carrier group whose auth the platform does not show: said so, not guessed',
      {
        action: 'update',
        kind: 'carrier_group',
        key: 'BW',
        gwgroupid: 11,
        gwids: [56],
        before: { ...group, unreadable: ['auth'] },
        after: { ...group, auth: { type: 'userpwd', auth_username: 'u', auth_domain: 'd', auth_proxy: '' } as never },
        fields: ['auth'],
      },
      [{ name: 'auth', live: null, file: { type: 'userpwd', auth_username: 'u', auth_domain: 'd', auth_proxy: '' }, live_shown: false }],
    ],
  ])('%s', (_case, change, fields) => {
    const report = driftOf(planOf([change]));
    expect(report.objects[0]!.fields).toEqual(fields);
    expect(report.summary).toEqual({ changed: 1, missing: 0, extra: 0, unchanged: EMPTY_PLAN.summary.unchanged });
    expect(JSON.stringify(report)).not.toContain('unreadable');
  });

  it('counts each cause, carries the routing impact, and says "no drift" without changes', () => {
    const report = driftOf(MIXED_PLAN);
    expect(report.drift).toBe(true);
    expect(report.summary.changed + report.summary.missing + report.summary.extra).toBe(MIXED_PLAN.changes.length);
    expect(report.routing_impact).toEqual([]);
    const impact = [{ ...IMPACT, prefix: '44' }];
    expect(driftOf({ ...MIXED_PLAN, routing_impact: impact, horizon: HORIZON })).toMatchObject({
      routing_impact: impact,
      horizon: HORIZON,
    });
    expect(renderDriftText(driftOf({ ...MIXED_PLAN, routing_impact: impact, horizon: HORIZON }))).toContain(
      `Routing impact (${HORIZON.words}):\n  calls to 44…: carrier group 7 → carrier group 5 (route "UK")\n`,
    );
    const none = driftOf(EMPTY_PLAN);
    expect(none.drift).toBe(false);
    expect(renderDriftText(none)).toContain('No drift: the platform matches the files (12 objects checked).');
    expect(renderDriftMarkdown(none)).toMatch(/^## dsipform drift: none$/m);
  });
});

describe('drift renderings', () => {
  // A plan that wrongly carries lease passwords, as a bug in the planner could put them there.
  const leaky = planOf(
    MIXED_PLAN.changes.map((c): Change => {
      if (c.kind !== 'endpoint_lease') return c;
      const wrong: Record<string, unknown> = { ...c, fields: [...c.fields, 'password'] };
      if ('before' in c) wrong['before'] = { ...c.before, password: SECRET };
      if ('after' in c) wrong['after'] = { ...c.after, password: SECRET };
      return wrong as unknown as Change;
    }),
  );

  it.each([
    ['text', () => renderDriftText(driftOf(leaky))],
    ['text in colour', () => renderDriftText(driftOf(leaky), { color: true })],
    ['markdown', () => renderDriftMarkdown(driftOf(leaky))],
    ['json', () => renderDriftJson(driftOf(leaky))],
  ])('never show a password that reached a plan: %s', (_, render) => {
    expect(JSON.stringify(leaky)).toContain(SECRET);
    const out = render();
    expect(out).not.toContain(SECRET);
    expect(out).toContain('desk-phone');
  });

  it('markdown lists at most its rows, counts the rest, and stays under 60,000 characters', () => {
    const plan = bigPlan(2000);
    const md = renderDriftMarkdown(driftOf(plan));
    expect(md.length).toBeLessThanOrEqual(60_000);
    expect(md.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| Object') && !l.startsWith('| :--'))).toHaveLength(
      MARKDOWN_DRIFT_ROWS,
    );
    expect(md).toContain(`_and ${plan.changes.length - MARKDOWN_DRIFT_ROWS} more; \`dsipform drift\` shows all_`);
  });

  it('markdown escapes what users wrote: a pipe or a tag in a key cannot break the table', () => {
    const change: Change = {
      action: 'delete',
      kind: 'outbound_route',
      key: 'a|b <script>',
      ruleid: 3,
      before: { name: 'a|b <script>', prefix: '1', from_prefix: null, gwgroupid: '2', priority: 0, timerec: '', routeid: '' },
      fields: [],
    };
    const row = renderDriftMarkdown(driftOf(planOf([change])))
      .split('\n')
      .find((l) => l.startsWith('| outbound'))!;
    expect(row).toContain('a\\|b &lt;script&gt;');
    expect(row.split(/(?<!\\)\|/)).toHaveLength(6);
  });

  it('JSON has one key order whatever order the plan was built in', () => {
    const report = driftOf(MIXED_PLAN);
    const reversed = Object.fromEntries(Object.entries(report).reverse()) as typeof report;
    expect(renderDriftJson(reversed)).toBe(renderDriftJson(report));
    expect(Object.keys(JSON.parse(renderDriftJson({ ...report, api_profile: 'spec' })) as object).slice(0, 7)).toEqual([
      'format_version',
      'target',
      'api_profile',
      'managed',
      'drift',
      'summary',
      'objects',
    ]);
  });
});
