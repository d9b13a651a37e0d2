import { describe, expect, it } from 'vitest';
import type { DecidedRule, RouteDecision } from '../../src/model/routing.js';
import { renderRoutesJson } from '../../src/render/routes-json.js';
import { renderRoutesMarkdown } from '../../src/render/routes-markdown.js';
import type { RoutesClass, RoutesReport, RoutesSpan } from '../../src/render/routes-report.js';
import { renderRoutesText } from '../../src/render/routes-text.js';
import { callsWords, horizonSentence } from '../../src/render/routes-words.js';

const AT = '2026-11-30T00:00:00 Europe/London';
const HORIZON = {
  start: '2026-11-30T00:00:00',
  end: '2026-12-07T00:00:00',
  tz: 'Europe/London',
  words: 'checked over one week from Mon 2026-11-30 00:00 Europe/London',
};
const route = (key: string, prefix: string): DecidedRule => ({ kind: 'outbound_route', key, group: 8000, prefix, priority: 0 });
const routed = (rule: DecidedRule, gwlist: string, words?: string): RouteDecision => ({
  direction: 'outbound',
  from: '',
  to: '',
  at: AT,
  result: 'routed',
  rule,
  gwlist,
  candidates: [rule],
  steps: [],
  ...(words ? { gwlist_words: words } : {}),
});
const none: RouteDecision = { direction: 'outbound', from: '', to: '', at: AT, result: 'no_route', candidates: [], steps: [] };
const cls = (prefix: string, except: string[] = [], from_parts: string[] = []): RoutesClass => ({
  direction: 'outbound',
  prefix,
  except,
  to: `${prefix}0`,
  from: from_parts.length > 0 ? from_parts.join('') : '',
  from_parts,
});
const span = (c: RoutesClass, when: string, ...decisions: RouteDecision[]): RoutesSpan => ({
  class: c,
  when,
  windows:
    when === 'always' ? [{ start: HORIZON.start, end: HORIZON.end }] : [{ start: '2026-11-30T18:00:00', end: '2026-12-01T00:00:00' }],
  decisions,
});

const TABLE: RoutesReport = {
  mode: 'table',
  sides: [{ name: 'files', source: 'routes.yaml' }],
  direction: 'outbound',
  horizon: HORIZON,
  spans: [
    span(cls('1', ['1800']), 'always', routed(route('US', '1'), '#3')),
    span(cls('1800'), 'always', routed(route('Toll free', '1800'), '#4', 'carrier group "TF" (#4)')),
    span(cls('', ['1', '1800']), 'always', none),
  ],
};

const DIFF: RoutesReport = {
  mode: 'diff',
  sides: [
    { name: 'live', source: 'https://sip.example.com:5000' },
    { name: 'files', source: 'routes.yaml' },
  ],
  horizon: HORIZON,
  spans: [
    span(
      cls('44', [], ['1555']),
      'Mon–Fri 18:00–24:00 Europe/London',
      routed(route('After hours', '44'), '#5'),
      routed(route('Announce', '44'), '#9'),
    ),
  ],
};

describe('routes words', () => {
  it.each([
    [{ prefix: '44', except: [], from_parts: [] }, '44…'],
    [{ prefix: '1', except: ['1800', '1888'], from_parts: [] }, '1… except 1800…, 1888…'],
    [{ prefix: '', except: [], from_parts: [] }, 'every other number'],
    [{ prefix: '44', except: [], from_parts: ['1555', '15551'] }, '44… from …1555 and …15551'],
  ])('names the calls of %j as %s (the impact\'s words, without "calls to")', (c, words) => {
    expect(callsWords(c)).toBe(words);
  });

  it.each([
    ['checked over one week from Mon 2026-11-30 00:00 Europe/London', 'Checked over one week from Mon 2026-11-30 00:00 Europe/London.'],
    ['checked at any time: no time recurrence is involved', 'Checked at any time: no time recurrence is involved.'],
  ])('makes the horizon a sentence: %s', (words, sentence) => {
    expect(horizonSentence(words)).toBe(sentence);
  });
});

describe('renderRoutesText', () => {
  it('lays out the table of one side in columns: calls, when, route', () => {
    expect(renderRoutesText(TABLE)).toBe(
      [
        'Routing table of files (routes.yaml)',
        'Checked over one week from Mon 2026-11-30 00:00 Europe/London.',
        '',
        'Outbound calls (3 classes of calls):',
        '  calls to                             when    route',
        '  1… except 1800…                      always  → carrier group 3 (route "US")',
        '  1800…                                always  → carrier group "TF" (#4) (route "Toll free")',
        '  every other number except 1…, 1800…  always  → no route',
        '',
      ].join('\n'),
    );
  });

  it('names a class over several stretches of time once, on its first line', () => {
    const uk = cls('44');
    const text = renderRoutesText({
      ...TABLE,
      spans: [
        span(uk, 'Mon–Fri 18:00–24:00 Europe/London', routed(route('Evening', '44'), '#6')),
        span(uk, 'Mon–Fri 00:00–18:00 Europe/London', routed(route('UK', '44'), '#5')),
      ],
    });
    // Two rows, one class: the count is of classes.
    expect(text).toContain('Outbound calls (1 class of calls):\n');
    expect(text).toContain(
      [
        '  44…       Mon–Fri 18:00–24:00 Europe/London  → carrier group 6 (route "Evening")',
        '            Mon–Fri 00:00–18:00 Europe/London  → carrier group 5 (route "UK")',
      ].join('\n'),
    );
  });

  it('shows each changed class with before and after, and the count', () => {
    expect(renderRoutesText(DIFF)).toBe(
      [
        'Routing difference: live (https://sip.example.com:5000) → files (routes.yaml)',
        'Checked over one week from Mon 2026-11-30 00:00 Europe/London.',
        '',
        'Outbound calls whose route changes (1 class of calls):',
        '  ~ 44… from …1555, Mon–Fri 18:00–24:00 Europe/London',
        '      before: carrier group 5 (route "After hours")',
        '      after:  carrier group 9 (route "Announce")',
        '',
        '1 class of calls changes its route.',
        '',
      ].join('\n'),
    );
  });

  it('says "No call changes its route." for a difference without spans', () => {
    expect(renderRoutesText({ ...DIFF, spans: [] })).toContain('\nNo call changes its route.\n');
  });
});

describe('renderRoutesMarkdown', () => {
  it('writes a table per direction with the sides in the heading, text escaped', () => {
    const md = renderRoutesMarkdown(DIFF);
    expect(md).toContain('### Routing difference: **live** (`https://sip.example.com:5000`) → **files** (`routes.yaml`)');
    expect(md).toContain('| Calls to | When | Before | After |');
    expect(md).toContain(
      '| 44… from …1555 | Mon–Fri 18:00–24:00 Europe/London | carrier group 5 (route "After hours") | carrier group 9 (route "Announce") |',
    );
    expect(md).toMatch(/\*\*1 class of calls changes its route\.\*\*\n$/);
  });

  it('escapes a pipe in a route name so the table keeps its columns', () => {
    const md = renderRoutesMarkdown({ ...TABLE, spans: [span(cls('44'), 'always', routed(route('A|B', '44'), '#5'))] });
    expect(md).toContain('| 44… | always | carrier group 5 (route "A\\|B") |');
  });

  it('stays under the size of a comment, keeping the closing line and saying what was cut', () => {
    const many = Array.from({ length: 3000 }, (_, i) => span(cls(`44${i}`), 'always', routed(route(`R${i}`, `44${i}`), '#5'), none));
    const md = renderRoutesMarkdown({ ...DIFF, spans: many });
    expect(md.length).toBeLessThanOrEqual(60_000);
    expect(md).toMatch(/_Not shown, to keep this comment short: \d+ more rows; `dsipform routes --diff` shows all\._/);
    expect(md).toMatch(/\*\*3000 classes of calls change their route\.\*\*\n$/);
  });
});

describe('renderRoutesJson', () => {
  it('writes the documented keys in order, decisions side by side', () => {
    const doc = JSON.parse(renderRoutesJson(DIFF)) as Record<string, unknown> & { spans: Record<string, unknown>[] };
    expect(Object.keys(doc)).toEqual(['format_version', 'mode', 'sides', 'horizon', 'spans']);
    expect(doc).toMatchObject({ format_version: 1, mode: 'diff', sides: [{ name: 'live' }, { name: 'files' }], horizon: HORIZON });
    expect(Object.keys(doc.spans[0]!)).toEqual(['class', 'when', 'windows', 'decisions']);
    expect(doc.spans[0]).toMatchObject({
      class: { direction: 'outbound', prefix: '44', except: [], from_parts: ['1555'] },
      when: 'Mon–Fri 18:00–24:00 Europe/London',
      decisions: [{ rule: { key: 'After hours' } }, { rule: { key: 'Announce' } }],
    });
  });

  it('names the direction when the report was narrowed to one', () => {
    expect(JSON.parse(renderRoutesJson(TABLE))).toMatchObject({ mode: 'table', direction: 'outbound' });
  });
});
