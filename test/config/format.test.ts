import { describe, expect, it } from 'vitest';
import { formatIssue } from '../../src/config/index.js';
import { substitute } from '../../src/config/env.js';
import { fieldPath, suggestKey } from '../../src/config/messages.js';

describe('formatIssue', () => {
  it.each([
    [{ file: 'conf/a.yaml', line: 3, col: 5, message: 'm', hint: 'h' }, 'conf/a.yaml:3:5: m\n  hint: h'],
    [{ file: '../x.yml', line: 1, col: 1, message: 'no hint here', hint: '' }, '../x.yml:1:1: no hint here'],
    [{ file: '/abs/b.json', line: 10, col: 2, message: 'm', hint: 'h' }, '/abs/b.json:10:2: m\n  hint: h'],
    [
      { file: '', line: 1, col: 1, message: 'no desired-state file given', hint: 'pass one' },
      'no desired-state file given\n  hint: pass one',
    ],
  ])('%j', (issue, text) => {
    expect(formatIssue(issue)).toBe(text);
  });
});

describe('substitute', () => {
  const env = { A: 'x', B: '', LONG_NAME_2: 'y' };
  it.each([
    ['plain', 'plain', false, [], false],
    ['${A}', 'x', true, [], false],
    ['a${A}b${LONG_NAME_2}c', 'axbyc', true, [], false],
    ['${B}', '', true, [], false],
    ['$${A}', '${A}', false, [], false],
    ['$$${A}', '$${A}', false, [], false],
    ['cost $5', 'cost $5', false, [], false],
    ['${NOPE} and ${A}', '${NOPE} and x', true, ['NOPE'], false],
    ['${a b}', '${a b}', false, [], true],
    ['${A', '${A', false, [], true],
    ['${}', '${}', false, [], true],
  ])('%s → %s', (text, out, changed, unset, malformed) => {
    expect(substitute(text, env)).toEqual({ text: out, changed, unset, malformed });
  });
});

describe('messages', () => {
  it.each([
    [[], 'the file'],
    [['version'], 'version'],
    [['outbound_routes', 2, 'priority'], 'outbound_routes[2].priority'],
    [['inbound_mappings', 0, 'servers', 1], 'inbound_mappings[0].servers[1]'],
  ])('fieldPath(%j) = %s', (path, text) => {
    expect(fieldPath(path)).toBe(text);
  });

  it.each([
    ['sever', 'servers'],
    ['Servers', 'servers'],
    ['dids', 'did'],
    ['gwgroup', 'gwgroupid'],
    ['note', 'notes'],
    ['colour', undefined],
    ['x', undefined],
  ])('suggestKey(%s) = %s', (key, suggestion) => {
    expect(suggestKey(key, ['did', 'servers', 'notes', 'gwgroupid'])).toBe(suggestion);
  });
});
