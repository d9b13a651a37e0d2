/**
 * A survey by hand: many seeds of the generated scenarios, every disagreement collected rather
 * than the first shrunk (to find each class of them at once). Runs only when asked:
 *
 *   DSIPFORM_PROXY_SURVEY=1-30 DSIPFORM_PROXY_RUNS=80 npx vitest run test/proxy/survey.test.ts
 *
 * prints, per seed, the scenarios and calls compared and the disagreements, and writes them all as
 * JSON to DSIPFORM_PROXY_SURVEY_OUT (default: `survey.json` in a fresh temporary folder, named at the end).
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scenarioArbitrary } from './helpers/arbitraries.js';
import { describeVerdict } from './helpers/report.js';
import { runScenario } from './helpers/run.js';
import { proxySuite } from './helpers/suite.js';
import { proxySuitePlan } from './helpers/tools.js';

const SURVEY = process.env.DSIPFORM_PROXY_SURVEY ?? '';
const plan = SURVEY === '' ? { run: false as const } : proxySuitePlan();

/** `1-30` or `4,9,12` as seeds. */
function seedsOf(text: string): number[] {
  const range = /^(\d+)-(\d+)$/.exec(text);
  if (range) return Array.from({ length: Number(range[2]) - Number(range[1]) + 1 }, (_, i) => Number(range[1]) + i);
  return text.split(',').map(Number);
}

describe.skipIf(!plan.run)('survey of the generated scenarios against the real proxy', () => {
  const suite = proxySuite(plan);

  it(`runs seeds ${SURVEY}`, async () => {
    const runs = Number(process.env.DSIPFORM_PROXY_RUNS ?? 80);
    const found: unknown[] = [];
    let calls = 0;
    let scenarios = 0;
    const out = process.env.DSIPFORM_PROXY_SURVEY_OUT ?? join(await mkdtemp(join(tmpdir(), 'dsipform-proxy-survey-')), 'survey.json');
    for (const seed of seedsOf(SURVEY)) {
      let bad = 0;
      for (const [index, scenario] of fc.sample(scenarioArbitrary, { seed, numRuns: runs }).entries()) {
        const result = await runScenario(suite.tools, suite.sip(), scenario);
        scenarios++;
        calls += result.verdicts.length;
        const wrong = result.verdicts.filter((v) => !v.agrees);
        bad += wrong.length;
        if (wrong.length > 0)
          found.push({ seed, index, scenario, disagreements: wrong.map((v) => ({ line: describeVerdict(v), steps: v.decision.steps })) });
      }
      console.log(`seed ${seed}: ${runs} scenarios, ${bad} disagreement(s)`);
      // Written after every seed, so a long survey can be read while it runs.
      await writeFile(out, JSON.stringify(found, null, 2));
    }
    console.log(`${scenarios} scenarios, ${calls} calls compared, ${found.length} scenario(s) with disagreements (written to ${out})`);
    expect(calls).toBeGreaterThan(0);
  }, 3_600_000);
});
