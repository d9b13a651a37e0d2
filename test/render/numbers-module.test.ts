/**
 * Issue 35, point 1: a plan says whether the detected deployed platform has the Numbers module,
 * in each of its forms (text, markdown, HTML, JSON), and a saved plan that says so reads back.
 */
import { describe, expect, it } from 'vitest';
import type { Plan } from '../../src/model/plan.js';
import { checksumOf } from '../../src/plan/checksum.js';
import { parseSavedPlan } from '../../src/plan/saved-plan.js';
import { renderPlanHtml } from '../../src/render/html/plan-html.js';
import { renderPlanJson } from '../../src/render/plan-json.js';
import { renderPlanMarkdown } from '../../src/render/plan-markdown.js';
import { renderPlanText } from '../../src/render/plan-text.js';
import { EMPTY_PLAN, LIVE_CHECKSUM } from './fixtures.js';

const current = (numbers_module?: boolean): Plan => ({
  ...EMPTY_PLAN,
  live_checksum: `sha256:${LIVE_CHECKSUM}`,
  api_profile: 'current',
  ...(numbers_module === undefined ? {} : { numbers_module }),
});

describe('the Numbers module in a plan', () => {
  it.each([
    [true, 'current (the deployed platform releases, with the Numbers module)', '(with the Numbers module)', 'yes'],
    [false, 'current (the deployed platform releases, without the Numbers module)', '(without the Numbers module)', 'no'],
  ])('numbers_module %s', (found, words, markdown, cell) => {
    const plan = current(found);
    expect(renderPlanText(plan, { color: false })).toContain(`API:     ${words}\n`);
    expect(renderPlanMarkdown(plan)).toContain(`API: \`current\` ${markdown}`);
    expect(renderPlanHtml(plan)).toMatch(new RegExp(`<dt>Numbers module</dt>\\s*<dd>${cell}</dd>`));
    const json = renderPlanJson({ ...plan, checksum: checksumOf(plan) });
    expect(Object.keys(JSON.parse(json) as object).slice(0, 4)).toEqual(['format_version', 'target', 'api_profile', 'numbers_module']);
    expect(parseSavedPlan(json, 'plan.json').numbers_module).toBe(found);
  });

  it('says nothing of it when the profile was given', () => {
    const plan = current();
    expect(renderPlanText(plan, { color: false })).toContain('API:     current (the deployed platform releases)\n');
    expect(renderPlanMarkdown(plan)).not.toContain('Numbers module');
    expect(JSON.parse(renderPlanJson({ ...plan, checksum: checksumOf(plan) }))).not.toHaveProperty('numbers_module');
  });
});
