import { describe, expect, it } from 'vitest';
import type { DecidedRule, RouteDecision } from '../../src/model/routing.js';
import { renderRoutesHtml, type RoutesPageSpan } from '../../src/render/html/routes-html.js';
import { textOf } from './html-text.js';

/** `routes --format html`, the renderer alone: the routing table and the difference of two states as pages. */

const AT = '2026-11-30T00:00:00 America/New_York';
const HORIZON = { start: '2026-11-30T00:00:00', end: '2026-12-07T00:00:00', tz: 'America/New_York', words: 'one week from Mon 2026-11-30' };
const route = (key: string, prefix: string): DecidedRule => ({ kind: 'outbound_route', key, group: 8000, prefix, priority: 0 });
const routed = (rule: DecidedRule, gwlist: string): RouteDecision => ({
  direction: 'outbound',
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
const span = (prefix: string, except: string[], when: string, decisions: RouteDecision[], from_parts: string[] = []): RoutesPageSpan => ({
  class: { direction: 'outbound', prefix, except, to: `${prefix}000`, from: from_parts.length > 0 ? `${from_parts[0]}0` : '', from_parts },
  when,
  decisions,
});

describe('renderRoutesHtml', () => {
  const us = routed(route('US', '1'), '#3');
  const evening = routed(route('US after hours', '1'), '#10');
  const uk = routed(route('UK', '44'), '#5');

  it('the routing table: classes × time windows, a class decided alike always spanning the windows', () => {
    const page = renderRoutesHtml(
      {
        horizon: HORIZON,
        spans: [
          span('1', ['1800'], 'Mon–Fri 18:00–24:00 America/New_York', [evening]),
          span('1', ['1800'], 'other times', [us]),
          span('44', [], 'always', [uk], ['1555']),
          span('', ['1', '44'], 'always', [none]),
        ],
      },
      'dsipform routes',
    );
    const text = textOf(page);
    expect(text).toContain('Time one week from Mon 2026-11-30');
    expect(text).toContain('Routing table');
    expect(page).toMatch(/<th>Calls<\/th>\s*<th>Mon–Fri 18:00–24:00 America\/New_York<\/th>\s*<th>other times<\/th>/);
    expect(text).toContain('calls to 1… except 1800… e.g. 1000 carrier group 10 (route "US after hours") carrier group 3 (route "US")');
    expect(page).toMatch(/<td colspan="2"\s*>\s*carrier group 5 \(route &quot;UK&quot;\) \(always\)\s*<\/td>/);
    expect(text).toContain('calls to 44… from …1555 e.g. 44000 from 15550');
    expect(text).toContain('calls to every other number except 1…, 44… e.g. 000 no route (always)');
  });

  it('a difference: the sides by name, before → after, a class that loses its route marked', () => {
    const page = renderRoutesHtml(
      {
        horizon: HORIZON,
        sides: [
          { name: 'live', source: 'https://dsip.example.com' },
          { name: 'files', source: 'config/' },
        ],
        spans: [span('1', ['1800'], 'Mon–Fri 18:00–24:00 America/New_York', [us, evening]), span('44', [], 'always', [uk, none])],
      },
      'dsipform routes --diff',
    );
    const text = textOf(page);
    expect(text).toContain('live https://dsip.example.com files config/');
    expect(text).toContain('Calls whose route differs');
    // One stretch besides `always`: a row per class and stretch, a column per side.
    expect(page).toMatch(/<th>Calls<\/th>\s*<th>When<\/th>\s*<th>live<\/th>\s*<th>files<\/th>/);
    expect(text).toContain('Mon–Fri 18:00–24:00 America/New_York carrier group 3 (route "US") carrier group 10 (route "US after hours")');
    expect(page).toMatch(/<tr class="loses">\s*<td class="calls">calls to 44…/);
  });

  it('says so when no call changes its route, and keeps every value text', () => {
    const empty = renderRoutesHtml({ horizon: HORIZON, spans: [], mode: 'diff' }, 'dsipform routes --diff');
    expect(textOf(empty)).toContain('No call changes its route.');
    const hostile = renderRoutesHtml(
      { horizon: { ...HORIZON, words: '<b>x</b>' }, spans: [span('<script>', [], 'always', [routed(route('<img src=x>', ''), '#1')])] },
      '<title>',
    );
    expect(hostile).not.toMatch(/<script|<img|<b>/);
    expect(hostile).toContain('&lt;script&gt;');
  });
});
