// The shape of the one composition (issue 33): the data goes down. The conductor (runPipeline) and
// its read-and-plan step (planPlatform) call their own layer only before they go down: the clock,
// then planPlatform; never the gate from above at the end: each refusal is found by the step that
// finds its cause (the safety refusal beside the safety findings in plan/, the tests' where they
// run, the invariants' from their records) and joined in model/. Every step after the reads is handed what
// it needs below pipeline/ (the password checks and the lints of the rules after the plan in plan/,
// the lints judged and the routing tests run in routing/, every read of a plan in apply/), and
// returns a value the conductor assembles; none of them calls back up into pipeline/. Read from the
// files' own imports, so a step that moves back into pipeline/ fails here by name.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The modules a file imports a value from (an `import type` is no call, so it is left out). */
function valueImports(file: string): string[] {
  const text = readFileSync(`${ROOT}${file}`, 'utf8');
  return [...text.matchAll(/^import (?!type )[^;]*? from '([^']+)';$/gms)].map((m) => m[1]!).sort();
}

describe('the pipeline hands its steps down', () => {
  it.each([
    ['src/pipeline/pipeline.ts', ['./clock.js', './plan-platform.js']],
    ['src/pipeline/plan-platform.ts', []],
  ])('%s calls into pipeline/ only %j', (file, siblings) => {
    expect(valueImports(file).filter((m) => m.startsWith('./'))).toEqual(siblings);
  });

  it.each([
    ['src/pipeline/plan-platform.ts', ['../apply/read-gateway-labels.js', '../plan/password-checks.js', '../plan/resolve-groups.js']],
    [
      'src/pipeline/pipeline.ts',
      [
        '../model/errors.js',
        '../plan/plan-findings.js',
        '../plan/refusal.js',
        '../plan/test-names.js',
        '../routing/findings.js',
        '../routing/invariant-record.js',
        '../routing/run-tests.js',
      ],
    ],
  ])('%s hands the steps after the reads to the layers below: %j', (file, below) => {
    const imports = valueImports(file);
    for (const module of below) expect(imports, module).toContain(module);
  });

  it('the routing tests find their own refusal where they run', () => {
    expect(valueImports('src/routing/run-tests.ts')).toContain('./tests-refusal.js');
  });

  it.each([
    'src/plan/plan-findings.ts',
    'src/plan/refusal.ts',
    'src/plan/test-names.ts',
    'src/routing/findings.ts',
    'src/routing/run-tests.ts',
    'src/routing/tests-refusal.ts',
  ])('%s returns values and imports nothing from pipeline/', (file) => {
    expect(valueImports(file).filter((m) => m.includes('pipeline/'))).toEqual([]);
  });

  it('the plan verb takes its own steps from the arguments first: the state path, then the files, then the platform', () => {
    const text = readFileSync(`${ROOT}src/cli/plan.ts`, 'utf8');
    const at = (call: string): number => text.indexOf(`${call}(`);
    expect(at('statePath')).toBeGreaterThan(0);
    expect(at('statePath')).toBeLessThan(at('loadOrFail'));
    expect(at('loadOrFail')).toBeLessThan(at('withPlatform'));
  });
});

/** The text of one top-level function of a file, from its signature to its closing brace. */
function body(file: string, name: string): string {
  const text = readFileSync(`${ROOT}${file}`, 'utf8');
  const start = text.search(new RegExp(`^(export )?(async )?function ${name}\\b`, 'm'));
  expect(start, `${file}: function ${name}`).toBeGreaterThanOrEqual(0);
  const end = text.indexOf('\n}\n', start);
  return text.slice(start, end < 0 ? undefined : end + 2);
}

/** The text of the first call of `callee` in `text`, up to its closing parenthesis. */
function callOf(text: string, callee: string): string {
  const start = text.indexOf(`${callee}(`);
  expect(start, `a call of ${callee}`).toBeGreaterThanOrEqual(0);
  let depth = 0;
  for (let i = start + callee.length; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(start, i + 1);
  }
  return text.slice(start);
}

// Each step finishes its part before it hands the rules down (issue 33 §1): a layer does not go
// down, come back up and go down again with the same value where the order of the code can say it
// once. Held in the text of the steps, so a call that slides back into the middle fails by name.
describe('each step finishes its part before it hands down', () => {
  it('planPlatform decides every read before the first request, not inside the read', () => {
    const plan = body('src/pipeline/plan-platform.ts', 'planPlatform');
    const read = callOf(plan, 'readForPlan');
    for (const decision of ['gatewayNamers', 'needsGroups', 'sideEffectReads', 'endpointGroupsToName']) {
      expect(read, decision).not.toContain(`${decision}(`);
    }
    expect(plan.indexOf('platformReads(')).toBeGreaterThan(0);
    expect(plan.indexOf('platformReads(')).toBeLessThan(plan.indexOf('readForPlan('));
  });

  it('planFindings makes the numbers after the plan before the rules go down to be linted', () => {
    const findings = body('src/plan/plan-findings.ts', 'planFindings');
    expect(callOf(findings, 'loadedFindings')).not.toContain('numbersAfterPlan(');
    expect(findings.indexOf('numbersAfterPlan(')).toBeGreaterThan(0);
    expect(findings.indexOf('numbersAfterPlan(')).toBeLessThan(findings.indexOf('loadedFindings('));
  });

  it("the loader judges each rule's prefix, gateway list and time recurrence once", () => {
    const load = body('src/routing/load.ts', 'loadRules');
    for (const judged of ['timerecDropped(', 'firstNonDial(', 'listProblem(rule)']) expect(load, judged).not.toContain(judged);
    const reason = body('src/routing/load.ts', 'dropReason');
    for (const judged of ['timerecDropped(', 'firstNonDial(', 'listProblem(']) expect(reason.split(judged).length - 1, judged).toBe(1);
  });

  it("the run's times are read once, where the reads are decided, and handed down: neither the tests nor the invariants read a clock", () => {
    for (const file of ['src/routing/run-tests.ts', 'src/routing/plan-invariants.ts', 'src/pipeline/pipeline.ts']) {
      expect(
        valueImports(file).filter((m) => m.includes('/time/')),
        file,
      ).toEqual([]);
    }
    const plan = body('src/pipeline/plan-platform.ts', 'planPlatform');
    expect(plan.split('runTimes(').length - 1).toBe(1);
    expect(plan.indexOf('platformReads(')).toBeLessThan(plan.indexOf('runTimes('));
    expect(plan.indexOf('runTimes(')).toBeLessThan(plan.indexOf('readForPlan('));
    expect(plan.split('Date.now()').length - 1).toBe(1);
    expect(plan.indexOf('Date.now()')).toBeLessThan(plan.indexOf('readForPlan('));
  });

  it('the invariants are handed the day they start from, and their names are checked before anything is run', () => {
    expect(valueImports('src/routing/plan-invariants.ts').filter((m) => m.includes('/time/'))).toEqual([]);
    const run = body('src/pipeline/pipeline.ts', 'runPipeline');
    expect(run.indexOf('invariantNameIssues(')).toBeGreaterThan(0);
    expect(run.indexOf('invariantNameIssues(')).toBeLessThan(run.indexOf('runRoutingTests('));
  });

  it("a gateway list's words are the simulation's (the proxy's grammar): routing/ words them from its own folder, model/ holds none", () => {
    for (const file of ['src/routing/words.ts', 'src/routing/types.ts', 'src/routing/rule-set.ts']) {
      const text = readFileSync(`${ROOT}${file}`, 'utf8');
      expect(text, file).not.toContain('model/gateway-words');
    }
    expect(valueImports('src/routing/words.ts')).toContain('./gateway-words.js');
    expect(readdirSync(`${ROOT}src/model`)).not.toContain('gateway-words.ts');
  });

  it("a gateway list's words are made with a lookup built before the wording, never inside its call", () => {
    const text = readFileSync(`${ROOT}src/routing/words.ts`, 'utf8');
    for (const wording of ['gatewayListWords', 'groupRefWords', 'gatewayRefWords']) {
      for (const call of text.split(`${wording}(`).slice(1)) expect(callOf(`${wording}(${call}`, wording)).not.toContain('lookupOf(');
    }
    expect(body('src/routing/words.ts', 'describeGateways').split('lookupOf(').length - 1).toBe(1);
  });
});

// The rules after the plan are made ready once, by the planner (issue 33 §1: "Build the rules after
// the plan once, inside the planner, and hand them on"): in the files' order, judged by the groups
// and loaded (plan/checked-rules.ts). The pipeline hands them on and the lints read them loaded;
// neither builds nor loads them again.
describe('the planner makes the rules after the plan ready for the checks', () => {
  it('buildPlan makes them, loaded once beside the plan', () => {
    expect(readFileSync(`${ROOT}src/plan/build-plan.ts`, 'utf8')).toContain('checkedRules(');
    const checked = body('src/plan/checked-rules.ts', 'checkedRules');
    for (const step of ['inFilesOrderOf(', 'ruleSetFromState(', 'preparedRules(set)']) expect(checked, step).toContain(step);
  });

  it('the pipeline hands them on and builds no rules itself', () => {
    const run = body('src/pipeline/pipeline.ts', 'runPipeline');
    for (const building of ['rulesAfterPlan(', 'inFilesOrderOf(', 'checkedRules(', 'ruleSetFromState(', 'preparedRules(']) {
      expect(run, building).not.toContain(building);
    }
    expect(valueImports('src/pipeline/pipeline.ts')).not.toContain('../plan/routing-impact.js');
    expect(callOf(run, 'planFindings')).toContain('checked');
  });

  it('the lints of a plan read the rules as loaded, and neither build nor load a set', () => {
    expect(callOf(body('src/plan/plan-findings.ts', 'planFindings'), 'loadedFindings')).toContain('rules');
    const lints = [body('src/routing/findings.ts', 'loadedFindings'), body('src/routing/lint.ts', 'lintLoaded')];
    for (const text of lints)
      for (const call of ['ruleSetFromState(', 'preparedRules(', 'loadRules(']) expect(text, call).not.toContain(call);
  });
});

/** The files of src/routing/, each with its code (comment lines left out: a module map may name a call). */
function routingFiles(): { file: string; text: string }[] {
  return readdirSync(`${ROOT}src/routing`)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => ({
      file: `src/routing/${f}`,
      text: readFileSync(`${ROOT}src/routing/${f}`, 'utf8')
        .split('\n')
        .filter((line) => !/^\s*(\*|\/\/|\/\*\*)/.test(line))
        .join('\n'),
    }));
}

// The simulation loads a rule set once (issue 33 §1): the loader's verdicts and each recurrence it
// parsed are one prepared value (routing/prepared.ts) that the lints and the matcher read, so
// neither loads the rules again nor goes back down to model/ for a rule's facts mid-decision.
describe('a rule set is loaded once and read prepared', () => {
  it('only the prepared value calls the loader', () => {
    const loading = routingFiles()
      .filter(({ text }) => text.includes('loadRules('))
      .map(({ file }) => file);
    expect(loading).toEqual(['src/routing/load.ts', 'src/routing/prepared.ts']);
  });

  it.each(['src/routing/lint.ts', 'src/routing/match.ts'])(
    '%s reads the prepared rules and parses or matches no recurrence itself',
    (file) => {
      const text = readFileSync(`${ROOT}${file}`, 'utf8');
      expect(valueImports(file)).toContain('./prepared.js');
      for (const call of ['loadRules(', 'parseTimerec(', 'timerecMatches(']) expect(text, call).not.toContain(call);
    },
  );

  it("the lints read the loaded rules alone; the matcher's tables are built on its first decision", () => {
    expect(readFileSync(`${ROOT}src/routing/lint.ts`, 'utf8')).not.toContain('decisionTables(');
    expect(readFileSync(`${ROOT}src/routing/match.ts`, 'utf8')).toContain('decisionTables(set)');
    // Built once per content of the rules (prepared-share.ts), from the loaded rules.
    expect(callOf(body('src/routing/prepared.ts', 'decisionTables'), 'sharedPrepared')).toBe('sharedPrepared(set, buildTables)');
    expect(callOf(body('src/routing/prepared.ts', 'buildTables'), 'preparedRules')).toBe('preparedRules(set)');
  });

  it('the loader parses each recurrence once, and hands the parsed value on', () => {
    expect(readFileSync(`${ROOT}src/routing/load.ts`, 'utf8').split('parseTimerec(').length - 1).toBe(1);
    const prepared = readFileSync(`${ROOT}src/routing/prepared.ts`, 'utf8');
    expect(prepared).not.toContain('parseTimerec(');
    expect(callOf(body('src/routing/prepared.ts', 'preparedRules'), 'loadRules')).toBe('loadRules(set)');
  });
});
