import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED } from '../setup/generate.js';

/**
 * What the package scripts run, followed through `npm run` as npm would: `npm test` runs each code
 * generator once (the build's), not again in the typecheck and in each vitest run's global setup;
 * `npm run typecheck` and `vitest run` alone still generate what they need on a fresh clone.
 */

const scripts = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> })
  .scripts;
// The generators vitest's global setup runs: the scripts test/setup/generate.ts imports.
const setupSource = readFileSync(new URL('../setup/generate.ts', import.meta.url), 'utf8');
const SETUP_GENERATORS = [...setupSource.matchAll(/^import .* from '\.\.\/\.\.\/scripts\/generate-([\w-]+)\.mjs';$/gm)]
  .map((m) => m[1]!)
  .sort();

/** One step of a script, expanded: a generator run (by name), a type-check, a vitest run, or another command. */
type Step = { generate: string } | { tsc: string } | { vitest: string } | { other: string };

/** The steps `npm run NAME` takes, in order, with the environment its commands set on the way. */
function stepsOf(name: string, env: Record<string, string> = {}): Step[] {
  const script = scripts[name];
  expect(script, `package.json has a script "${name}"`).toBeDefined();
  return script!.split('&&').flatMap((part) => {
    const words = part.trim().split(/\s+/);
    const vars = { ...env };
    while (/^\w+=/.test(words[0]!)) {
      const [key, value] = words.shift()!.split('=');
      vars[key!] = value!;
    }
    const command = words.join(' ');
    const parallel = /^node scripts\/run-parallel\.mjs (.*)$/.exec(command);
    if (parallel) return [...parallel[1]!.matchAll(/"([^"]*)"/g)].flatMap((m) => stepsOfCommand(m[1]!, vars));
    return stepsOfCommand(command, vars);
  });
}

/** The steps of one command of a script (no `&&` in it). */
function stepsOfCommand(command: string, vars: Record<string, string>): Step[] {
  const run = /^npm (?:run (\S+)|(test))$/.exec(command);
  if (run) return stepsOf(run[1] ?? run[2]!, vars);
  const generator = /^node scripts\/generate-([\w-]+)\.mjs$/.exec(command);
  if (generator) return [{ generate: generator[1]! }];
  if (command.startsWith('tsc ')) return [{ tsc: command }];
  if (command.startsWith('vitest run')) {
    const setup = vars[GENERATED] === '1' ? [] : SETUP_GENERATORS.map((g) => ({ generate: g }));
    return [...setup, { vitest: command }];
  }
  return [{ other: command }];
}

const generated = (steps: Step[]): string[] => steps.flatMap((s) => ('generate' in s ? [s.generate] : []));
const before = (steps: Step[], kind: 'tsc' | 'vitest'): string[] =>
  generated(
    steps.slice(
      0,
      steps.findIndex((s) => kind in s),
    ),
  );

describe('the test command', () => {
  it('reads the global setup and the generate script it follows', () => {
    expect(SETUP_GENERATORS).toEqual(['cdktn', 'protocol', 'validator']);
    expect(generated(stepsOf('generate')).sort()).toEqual(['cdktn', 'layer-docs', 'protocol', 'registry-docs', 'validator']);
  });

  it('npm test runs each generator once, before the first type-check, and runs vitest twice', () => {
    const steps = stepsOf('test');
    const all = generated(steps);
    expect(all.sort()).toEqual([...new Set(all)].sort());
    expect(before(steps, 'tsc').sort()).toEqual(generated(stepsOf('generate')).sort());
    expect(steps.filter((s) => 'vitest' in s)).toHaveLength(2);
    // and still type-checks and lints (side by side: scripts/run-parallel.mjs)
    expect(steps.flatMap((s) => ('tsc' in s ? [s.tsc] : []))).toContain('tsc -p tsconfig.json --noEmit');
    const others = steps.flatMap((s) => ('other' in s ? [s.other.split(' ')[0]] : []));
    expect(others).toEqual(expect.arrayContaining(['eslint', 'prettier']));
  });

  it('npm run typecheck alone, and vitest run alone, generate what they need first', () => {
    expect(before(stepsOf('typecheck'), 'tsc').sort()).toEqual(generated(stepsOf('generate')).sort());
    expect(before(stepsOf('test:current'), 'vitest').sort()).toEqual(SETUP_GENERATORS);
    expect(before(stepsOf('test:proxy'), 'vitest').sort()).toEqual(SETUP_GENERATORS);
  });
});
