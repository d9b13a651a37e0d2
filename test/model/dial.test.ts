import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIAL_CHARACTERS, DIALLED, dialHint, firstNonDial, isDialString } from '../../src/model/dial.js';
import { invariantProblems } from '../../src/model/invariant.js';
import { didProblem, prefixProblem } from '../../src/model/rules.js';
import { loadRules } from '../../src/routing/load.js';
import { routeCall } from '../../src/routing/match.js';
import { outbound, rules } from '../routing/build.js';

/**
 * The proxy's dial characters are one predicate with one wording (issue 33 §2): the files' DIDs and
 * prefixes (also the emulator's answer), an invariant's prefixes, the loader's dropped rule and the
 * simulation's prefix walk judge a value alike and say so in the same words.
 */
describe('the dial characters, one predicate and one wording', () => {
  const SAMPLES: [string, boolean][] = [
    ['', true],
    ['1555', true],
    ['+44#*9', true],
    ['44a', false],
    ['155-123', false],
    ['１２', false],
    ['12 3', false],
    ['a\u0000b', false],
  ];

  it.each(SAMPLES)('%j: every place agrees (dials: %s) and words it the same', (value, dials) => {
    expect(isDialString(value)).toBe(dials);
    const shown = JSON.stringify(value);
    const words = (what: string) => `${what} ${shown} may contain only the characters ${DIAL_CHARACTERS}`;
    expect(didProblem(value)).toBe(dials ? null : words('DID'));
    expect(prefixProblem(value, 'from_prefix')).toBe(dials ? null : words('from_prefix'));
    const invariant = invariantProblems({ never: { direction: 'outbound', to_prefix: value } });
    expect(invariant.map((p) => p.message)).toEqual(dials ? [] : [words('never.to_prefix')]);
    const { dropped } = loadRules(rules([], [{ name: 'r', prefix: value, gwgroupid: '5' }]));
    expect(dropped.map((d) => d.reason)).toEqual(dials ? [] : [`${words('prefix')}: the proxy drops the rule`]);
  });

  it('the predicate is one table: exactly 0-9 + # * are dialled, and firstNonDial and the prefix walk read it', () => {
    const dialled = [...Array(0x10000).keys()].filter((c) => DIALLED[c] === 1).map((c) => String.fromCharCode(c));
    expect(dialled.sort().join('')).toBe('#*+0123456789');
    for (let c = 0; c < 0x10000; c++) expect(firstNonDial(`12${String.fromCharCode(c)}`)).toBe(DIALLED[c] === 1 ? -1 : 2);
    const match = readFileSync(join(__dirname, '../../src/routing/match.ts'), 'utf8');
    expect(match).toMatch(/import \{[^}]*\bDIALLED\b[^}]*\} from '\.\.\/model\/dial\.js'/);
    expect(match).not.toContain('firstNonDial');
  });

  it('the hints say the same characters, and the prefix walk names them too', () => {
    expect(invariantProblems({ always: { direction: 'inbound', from_prefix: '1x' } })[0]?.hint).toBe(
      dialHint('prefix', 'from_prefix', '1900'),
    );
    expect(dialHint('DID', 'did', '+15551230001')).toBe('use only 0-9 + # * in a DID, and quote it: did: "+15551230001"');
    const steps = routeCall(rules([], [{ name: 'UK', prefix: '44', gwgroupid: '5' }]), outbound('44a1')).steps.join('\n');
    expect(steps).toContain(`"44a1" holds "a" (outside ${DIAL_CHARACTERS}) at position 3`);
  });

  it('no other file of src/ spells the character class or its words', () => {
    const root = join(__dirname, '../../src');
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? (e.name === 'generated' || e.name === 'bindings' ? [] : files(join(dir, e.name))) : [join(dir, e.name)],
      );
    // Any order of the three signs beside 0-9, in a class or in words.
    const spelled = /\[0-9[*#+]{3}\]|\[[*#+]{1,3}0-9[*#+]{0,2}\]|0-9 [*#+] [*#+] [*#+]/;
    const found = files(root)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('model/dial.ts'))
      .filter((f) => spelled.test(readFileSync(f, 'utf8')))
      .map((f) => relative(root, f));
    expect(found).toEqual([]);
  });
});
