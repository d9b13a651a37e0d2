import { describe, expect, it } from 'vitest';
import type { Change, Plan, SavedPlan } from '../../src/model/plan.js';
import { renderPlanJson } from '../../src/render/plan-json.js';
import { renderPlanMarkdown } from '../../src/render/plan-markdown.js';
import { renderPlanText } from '../../src/render/plan-text.js';
import { MIXED_PLAN, PLAN_CHECKSUM } from './fixtures.js';

const SECRET = 'hunter2-Pa55w0rd-never-shown';

// A plan that wrongly carries passwords: in every lease's before and after, and named in `fields`,
// as a bug in the reconciler could put them there. The renderers must still print none of them.
function leaky(plan: Plan): SavedPlan {
  const withPassword = (fields: unknown) => ({ ...(fields as object), password: SECRET });
  const changes = plan.changes.map((c): Change => {
    if (c.kind !== 'endpoint_lease') return c;
    const wrong: Record<string, unknown> = { ...c, fields: [...c.fields, 'password'] };
    if ('before' in c) wrong['before'] = withPassword(c.before);
    if ('after' in c) wrong['after'] = withPassword(c.after);
    return wrong as unknown as Change;
  });
  return { ...plan, changes, checksum: PLAN_CHECKSUM };
}

describe('lease passwords', () => {
  const plan = leaky(MIXED_PLAN);

  it('the leaky fixture does carry the secret (so the tests below can fail)', () => {
    expect(JSON.stringify(plan)).toContain(SECRET);
    expect(plan.changes.filter((c) => c.kind === 'endpoint_lease')).toHaveLength(4);
  });

  it.each([
    ['text', () => renderPlanText(plan, { color: false })],
    ['text in colour', () => renderPlanText(plan, { color: true })],
    ['markdown', () => renderPlanMarkdown(plan)],
    ['json', () => renderPlanJson(plan)],
  ])('never appear in the %s rendering', (_, render) => {
    const out = render();
    expect(out).not.toContain(SECRET);
    expect(out).toContain('endpoint_lease');
  });

  it('show as (sensitive), once per lease change, in text and markdown', () => {
    expect(renderPlanText(plan, { color: false }).match(/^ {6}[+~-] password: +\(sensitive\)$/gm)).toHaveLength(4);
    expect(renderPlanMarkdown(plan).match(/^[+~-] {5}password: +\(sensitive\)$/gm)).toHaveLength(4);
  });

  it('are dropped from the JSON: a lease holds only its known fields', () => {
    const changes = JSON.parse(renderPlanJson(plan)).changes as { kind: string; before?: object; after?: object }[];
    for (const c of changes.filter((x) => x.kind === 'endpoint_lease')) {
      for (const fields of [c.before, c.after]) if (fields !== undefined) expect(Object.keys(fields)).not.toContain('password');
    }
  });

  it('leave the rendering of a clean plan as it was', () => {
    const clean: SavedPlan = { ...MIXED_PLAN, checksum: PLAN_CHECKSUM };
    expect(renderPlanText(plan, { color: false })).toBe(renderPlanText(clean, { color: false }));
    expect(renderPlanMarkdown(plan)).toBe(renderPlanMarkdown(clean));
  });
});
