import { describe, expect, it } from 'vitest';
import type { ActionCounts, Change, Plan } from '../../src/model/plan.js';
import { planSummaryLine } from '../../src/render/summary.js';
import { renderPlanText } from '../../src/render/plan-text.js';
import { duration } from '../../src/render/values.js';
import { EMPTY_PLAN, MIXED_PLAN, NONE_UNCHANGED, bigPlan } from './fixtures.js';
import { summarize } from '../../src/plan/build-plan.js';

const ESC = /\x1b\[/;
const counts = (c: Partial<ActionCounts>): ActionCounts => ({
  create: 0,
  update: 0,
  promote: 0,
  demote: 0,
  replace: 0,
  delete: 0,
  obtain: 0,
  renew: 0,
  revoke: 0,
  ...c,
});

describe('renderPlanText', () => {
  it('renders a mixed plan like terraform plan', async () => {
    await expect(renderPlanText(MIXED_PLAN, { color: false })).toMatchFileSnapshot('./golden/plan-mixed.txt');
  });

  it('renders an empty plan as "No changes." with the unchanged count', async () => {
    const text = renderPlanText(EMPTY_PLAN, { color: false });
    expect(text).toContain('No changes. The platform matches the configuration.');
    expect(text).toContain('12 objects unchanged (inbound_mappings: 5, outbound_routes: 7).');
    expect(text).not.toContain('Plan:');
    await expect(text).toMatchFileSnapshot('./golden/plan-empty.txt');
  });

  it('ends with the summary line', () => {
    const lines = renderPlanText(MIXED_PLAN, { color: false }).trimEnd().split('\n');
    expect(lines.at(-1)).toBe(
      'Plan: 3 to create, 3 to update, 1 to promote, 1 to demote, 3 to delete, 1 to obtain, 2 to renew, 1 to revoke.',
    );
  });

  it('shows lease changes with their marks, seconds with a hint, and the password only as (sensitive)', () => {
    const text = renderPlanText(MIXED_PLAN, { color: false });
    expect(text).toContain(
      '  # endpoint_lease "ci-softphone" will be obtained\n  + endpoint_lease "ci-softphone" {\n      + name:         "ci-softphone"\n',
    );
    expect(text).toContain('      + ttl:          900 (15m)\n      + renew_before: 120 (2m)\n      + lease_id:     (known after apply)\n');
    expect(text).toContain('      + password:     (sensitive)\n    }\n');
    expect(text).toContain(
      '  # endpoint_lease "desk-phone" will be renewed: revoked, then obtained anew\n-/+ endpoint_lease "desk-phone" {\n      ~ ttl:        900 (15m) → 5400 (1h30m)\n',
    );
    expect(text).toContain(
      '      ~ expires_at: "2025-06-01T12:15:00Z" → (known after apply)\n      ~ password:   (sensitive)\n        # (3 unchanged fields hidden)\n',
    );
    expect(text).toContain(
      '  # endpoint_lease "old-softphone" will be revoked\n  - endpoint_lease "old-softphone" {\n        lease_id:     17\n',
    );
    expect(text).toContain('      - password:     (sensitive)\n');
    expect(text.match(/ password: +\(sensitive\)$/gm)).toHaveLength(4);
  });

  it('lists in its legend only the marks and actions the plan uses, -/+ last', () => {
    const text = renderPlanText(MIXED_PLAN, { color: false });
    expect(text).toContain(
      'symbols:\n  + create, obtain\n  ~ update in place, promote (simple → LCR), demote (LCR → simple)\n  - delete, revoke\n-/+ renew (revoke, then obtain anew)\n\n',
    );
    const renews = MIXED_PLAN.changes.filter((c) => c.action === 'renew');
    const only = renderPlanText({ ...EMPTY_PLAN, changes: renews, summary: summarize(renews, NONE_UNCHANGED) }, { color: false });
    expect(only).toContain('symbols:\n-/+ renew (revoke, then obtain anew)\n\n');
    expect(only.trimEnd().split('\n').at(-1)).toBe('Plan: 0 to create, 0 to update, 0 to delete, 2 to renew.');
  });

  it('names the lease state file in its header', () => {
    expect(renderPlanText(MIXED_PLAN, { color: false })).toContain(
      'Managed: inbound_mappings, outbound_routes, endpoint_leases\nState:   /srv/dsip/.dsipform/state.json\n',
    );
    expect(renderPlanText(EMPTY_PLAN, { color: false })).not.toContain('State:');
  });

  it('marks destructive changes and names the default mapping', () => {
    const text = renderPlanText(MIXED_PLAN, { color: false });
    expect(text).toContain('  # outbound_route "Old US" will be deleted\n');
    expect(text).toContain('  # outbound_route "FR" will be demoted: LCR → simple; its LCR record will be deleted\n');
    expect(text).toContain('  # outbound_route "DE mobile" will be promoted: simple → LCR\n');
    expect(text).toContain('  + inbound_mapping "" (default mapping) {');
    expect(text).toContain('~ servers: ["66"] → ["66", "67"]');
    expect(text).toContain('~ from_prefix: null → "1555"');
    expect(text).toContain(
      '│ Warning: Refused without --force\n│\n│ inbound_mappings is protected by policy.protect, and the plan deletes 2 of them.\n│ Would be deleted: "*99#", "#31#1555".\n╵\n',
    );
  });

  it('uses colour only when asked: ANSI codes with color true, none with color false', () => {
    for (const plan of [MIXED_PLAN, EMPTY_PLAN]) {
      expect(renderPlanText(plan, { color: true })).toMatch(ESC);
      expect(renderPlanText(plan, { color: false })).not.toMatch(ESC);
    }
  });

  it('without colour is the coloured text with its escape codes removed', () => {
    const colored = renderPlanText(MIXED_PLAN, { color: true });
    expect(colored.replace(/\x1b\[[0-9;]*m/g, '')).toBe(renderPlanText(MIXED_PLAN, { color: false }));
  });

  it('is deterministic and does not change its input', () => {
    const before = JSON.stringify(MIXED_PLAN);
    expect(renderPlanText(MIXED_PLAN, { color: true })).toBe(renderPlanText(structuredClone(MIXED_PLAN), { color: true }));
    expect(JSON.stringify(MIXED_PLAN)).toBe(before);
  });

  it('escapes control characters in keys, values and free text, so none reaches the terminal', () => {
    const change: Change = {
      action: 'create',
      kind: 'outbound_route',
      key: 'evil\x1b[2J',
      fields: [],
      after: { name: 'evil\x1b[2J', prefix: '1', from_prefix: null, gwgroupid: '2', priority: 0, timerec: '\x9b31m', routeid: '' },
      reason: 'line\nbreak \x07',
    };
    const plan: Plan = { ...EMPTY_PLAN, changes: [change], summary: summarize([change], NONE_UNCHANGED), notes: ['\x1b]0;title\x07'] };
    const text = renderPlanText(plan, { color: false });
    expect(text).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f]/);
    expect(text).toContain('"evil\\u001b[2J"');
    expect(text).toContain('# (line break \\u0007)');
  });

  it('words a safety finding from its numbers when it has no message', () => {
    const plan = bigPlan(100);
    const text = renderPlanText({ ...plan, safety: plan.safety.map((f) => ({ ...f, message: '' })) }, { color: false });
    expect(text).toContain('│ The plan deletes 20 of 50 outbound_routes, more than the limit of 25%.\n');
  });

  it('caps the keys a safety warning lists', () => {
    const text = renderPlanText(bigPlan(100), { color: false });
    expect(text).toContain(
      'Would be deleted: "Legacy 0", "Legacy 1", "Legacy 2", "Legacy 3", "Legacy 4", "Legacy 5", "Legacy 6", "Legacy 7", "Legacy 8", "Legacy 9" and 10 more.',
    );
  });
});

describe('planSummaryLine: create, update, delete always; the others only when non-zero', () => {
  it.each([
    [counts({ create: 1 }), 'Plan: 1 to create, 0 to update, 0 to delete.'],
    [counts({ delete: 3 }), 'Plan: 0 to create, 0 to update, 3 to delete.'],
    [counts({ create: 2, update: 1, demote: 1, delete: 3 }), 'Plan: 2 to create, 1 to update, 1 to demote, 3 to delete.'],
    [counts({ promote: 4 }), 'Plan: 0 to create, 0 to update, 4 to promote, 0 to delete.'],
    [
      counts({ create: 2, update: 1, promote: 1, demote: 1, delete: 3 }),
      'Plan: 2 to create, 1 to update, 1 to promote, 1 to demote, 3 to delete.',
    ],
    [counts({ obtain: 1 }), 'Plan: 0 to create, 0 to update, 0 to delete, 1 to obtain.'],
    [counts({ revoke: 2, renew: 1 }), 'Plan: 0 to create, 0 to update, 0 to delete, 1 to renew, 2 to revoke.'],
    [
      counts({ create: 1, update: 1, promote: 1, demote: 1, delete: 1, obtain: 1, renew: 1, revoke: 1 }),
      'Plan: 1 to create, 1 to update, 1 to promote, 1 to demote, 1 to delete, 1 to obtain, 1 to renew, 1 to revoke.',
    ],
  ])('%j → %s', (total, line) => {
    expect(planSummaryLine(total)).toBe(line);
  });
});

describe('duration: the hint after a number of seconds', () => {
  it.each([
    [0, '0s'],
    [45, '45s'],
    [120, '2m'],
    [900, '15m'],
    [3600, '1h'],
    [3661, '1h1m1s'],
    [5400, '1h30m'],
    [86_400, '24h'],
  ])('%i → %s', (seconds, text) => {
    expect(duration(seconds)).toBe(text);
  });
});
