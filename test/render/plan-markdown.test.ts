import { describe, expect, it } from 'vitest';
import { MARKDOWN_LIMIT, renderPlanMarkdown } from '../../src/render/plan-markdown.js';
import { EMPTY_PLAN, MIXED_PLAN, NONE_UNCHANGED, bigPlan } from './fixtures.js';
import { summarize } from '../../src/plan/build-plan.js';

describe('renderPlanMarkdown', () => {
  it('renders a mixed plan for a pull-request comment', async () => {
    await expect(renderPlanMarkdown(MIXED_PLAN)).toMatchFileSnapshot('./golden/plan-mixed.md');
  });

  it('renders an empty plan without details', async () => {
    const md = renderPlanMarkdown(EMPTY_PLAN);
    expect(md).toContain('**No changes. The platform matches the configuration.**');
    expect(md).not.toContain('<details>');
    await expect(md).toMatchFileSnapshot('./golden/plan-empty.md');
  });

  it("keeps every change of a small plan, each in its kind's diff block", () => {
    const md = renderPlanMarkdown(MIXED_PLAN);
    expect(md).not.toContain('not shown');
    expect(md.match(/^(?:[+~-]|-\/\+) (inbound_mapping|outbound_route|endpoint_lease) /gm)).toHaveLength(MIXED_PLAN.changes.length);
    expect(md).toContain('<details><summary>inbound_mapping: 5 changes</summary>');
    expect(md).toContain('<details><summary>outbound_route: 6 changes</summary>');
    expect(md).toContain('<details><summary>endpoint_lease: 4 changes</summary>');
  });

  it('adds obtain, renew and revoke columns only when leases are in play', () => {
    expect(renderPlanMarkdown(MIXED_PLAN)).toContain(
      '| Kind | Create | Update | Promote | Demote | Delete | Obtain | Renew | Revoke | Unchanged |\n',
    );
    expect(renderPlanMarkdown(MIXED_PLAN)).toContain('| `endpoint_lease` | 0 | 0 | 0 | 0 | 0 | 1 | 2 | 1 | 1 |\n');
    expect(renderPlanMarkdown(EMPTY_PLAN)).toContain('| Kind | Create | Update | Promote | Demote | Delete | Unchanged |\n');
  });

  describe('a plan of 20,000 changes', () => {
    const plan = bigPlan(20_000);
    const md = renderPlanMarkdown(plan);

    it(`stays within ${MARKDOWN_LIMIT} characters`, () => {
      expect(md.length).toBeLessThanOrEqual(MARKDOWN_LIMIT);
      expect(md.length).toBeGreaterThan(MARKDOWN_LIMIT - 2_000); // it uses the room it has
    });

    it('keeps the summary table, the safety warning and the summary line', () => {
      expect(md).toContain('| `inbound_mapping` | 12000 | 0 | 0 | 0 | 0 | 0 |');
      expect(md).toContain('| `outbound_route` | 0 | 4000 | 0 | 0 | 4000 | 10 |');
      expect(md).toContain('> [!WARNING]');
      expect(md).toContain(
        '> - The plan deletes 4000 of 8010 outbound\\_routes, more than the limit of 25%. Would be deleted: `"Legacy 0"`',
      );
      expect(md).toContain('and 3990 more.');
      expect(md).toContain('**Plan: 12000 to create, 4000 to update, 4000 to delete.**');
    });

    it('cuts the details per kind, saying how many changes were left out and where to see them', () => {
      const shown = (kind: string) => md.match(new RegExp(`^[+~-] ${kind} `, 'gm'))?.length ?? 0;
      const mappings = shown('inbound_mapping');
      const routes = shown('outbound_route');
      expect(mappings).toBeGreaterThan(0);
      expect(routes).toBeGreaterThan(0);
      const note = (what: string) => `_Not shown, to keep this comment short: ${what}; \`dsipform plan\` shows all._`;
      expect(md).toContain(note(`${12_000 - mappings} more inbound_mapping changes (${12_000 - mappings} to create)`));
      expect(md).toContain(note(`${8_000 - routes} more outbound_route changes (${4_000 - routes} to update, 4000 to delete)`));
      expect(md).toContain(`<details><summary>inbound_mapping: 12000 changes (first ${mappings} shown)</summary>`);
    });

    it('keeps its markdown balanced', () => {
      expect(md.match(/^```/gm)?.length ?? 0).toBe(4);
      expect(md.split('<details>').length).toBe(md.split('</details>').length);
    });

    it('starts as the golden file', async () => {
      await expect(md.slice(0, 3_000)).toMatchFileSnapshot('./golden/plan-20000-head.md');
    });
  });

  it('keeps a small kind whole when another kind is cut', () => {
    const big = bigPlan(20_000);
    const routes = MIXED_PLAN.changes.filter((c) => c.kind === 'outbound_route');
    const changes = [...big.changes.filter((c) => c.kind === 'inbound_mapping'), ...routes];
    const md = renderPlanMarkdown({ ...big, changes, safety: [], summary: summarize(changes, NONE_UNCHANGED) });
    expect(md.length).toBeLessThanOrEqual(MARKDOWN_LIMIT);
    expect(md).toContain('<details><summary>outbound_route: 6 changes</summary>');
    expect(md).toMatch(/<details><summary>inbound_mapping: 12000 changes \(first \d+ shown\)<\/summary>/);
  });

  it('stays within the limit even when the head alone would not', () => {
    const notes = Array.from({ length: 5_000 }, (_, i) => `Note number ${i} about the order of things.`);
    const md = renderPlanMarkdown({ ...MIXED_PLAN, notes });
    expect(md.length).toBeLessThanOrEqual(MARKDOWN_LIMIT);
    expect(md).toContain('| `inbound_mapping` | 2 | 1 | 0 | 0 | 2 | 0 | 0 | 0 | 3 |');
    expect(md.trimEnd().endsWith('_This plan was cut to stay under 60,000 characters; `dsipform plan` shows all._')).toBe(true);
  });

  it('escapes user text outside code', () => {
    const md = renderPlanMarkdown({ ...EMPTY_PLAN, notes: ['<img src=x onerror=alert(1)> *bold* `code`'] });
    expect(md).toContain('- &lt;img src=x onerror=alert(1)&gt; \\*bold\\* \\`code\\`');
  });

  it('is deterministic', () => {
    expect(renderPlanMarkdown(structuredClone(MIXED_PLAN))).toBe(renderPlanMarkdown(MIXED_PLAN));
    expect(renderPlanMarkdown(MIXED_PLAN)).not.toMatch(/\x1b\[/);
  });
});
