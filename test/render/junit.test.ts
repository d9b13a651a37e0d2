import { describe, expect, it } from 'vitest';
import type { RoutingTestOutcome } from '../../src/model/routing-test.js';
import { renderTestJunit, xmlEscape } from '../../src/render/junit.js';
import { parseXml } from '../helpers/xml.js';

function outcome(name: string, failed: boolean, file = 'a/tests.yaml'): RoutingTestOutcome {
  return {
    test: { name, direction: 'outbound', from: '', to: '44', expect: { route: 'UK' }, origin: { file, line: 3, col: 5 } },
    status: failed ? 'failed' : 'passed',
    failures: failed ? [`expected route "UK", but the call took no route <none> & 'more'`] : [],
    decision: {
      direction: 'outbound',
      from: '',
      to: '44',
      at: '2026-12-28T10:00:00 UTC',
      result: 'no_route',
      candidates: [],
      steps: ['step <1> & ]]>'],
    },
  };
}

describe('JUnit XML', () => {
  it.each([
    ['a < b & "c" \'d\'', 'a &lt; b &amp; &quot;c&quot; &apos;d&apos;'],
    ['bell \u0007 and escape \u001b', 'bell \\u0007 and escape \\u001b'],
    ['a lone surrogate \ud800 here', 'a lone surrogate \\ud800 here'],
    ['a pair 😀 stays', 'a pair 😀 stays'],
    ['line\nbreak\ttab', 'line&#10;break&#9;tab'],
  ])('escapes %j', (text, escaped) => {
    expect(xmlEscape(text)).toBe(escaped);
  });

  it('parses back with every special character in names, messages and steps, counted per file', () => {
    const xml = renderTestJunit([
      outcome('UK <calls> & "friends" \u0001', true),
      outcome('plain', false),
      outcome('other file', true, 'b/more.json'),
    ]);
    const root = parseXml(xml);
    expect(root.attrs).toMatchObject({ tests: '3', failures: '2', errors: '0' });
    expect(root.children.map((s) => [s.attrs.name, s.attrs.tests, s.attrs.failures])).toEqual([
      ['a/tests.yaml', '2', '1'],
      ['b/more.json', '1', '1'],
    ]);
    const [first, second] = root.children[0]!.children;
    expect(first!.attrs).toMatchObject({ name: 'UK <calls> & "friends" \\u0001', classname: 'a.tests', file: 'a/tests.yaml', line: '3' });
    expect(first!.children[0]!.attrs.message).toBe(`a/tests.yaml:3: expected route "UK", but the call took no route <none> & 'more'`);
    expect(first!.children[0]!.text).toContain('  - step <1> & ]]>');
    expect(second!.children).toEqual([]);
    expect(root.children[1]!.children[0]!.attrs.classname).toBe('b.more');
  });
});
