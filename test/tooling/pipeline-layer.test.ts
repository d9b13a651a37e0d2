// The pipeline layer (issue 27): it sits below the front ends and above apply/plan; it decides and
// never renders, asks or keeps state, and nothing below it reaches up into it. The CLI reaches the
// planner, the simulation and the applier only through it (issue 33): from cli/ to plan/, routing/
// and apply/ only types may be imported. The layer rule run through ESLint's Node API on snippets,
// as test/tooling/layers.test.ts does, and over the files of src/cli/ themselves.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: ROOT, overrideConfig: [{ ...tseslint.configs.disableTypeChecked, files: ['**/*.ts'] }] });

async function layerFindings(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'dsipform/layers').map((m) => m.message);
}

describe('the pipeline layer', () => {
  it.each([
    ['src/pipeline/x.ts', "import { renderPlanText } from '../render/plan-text.js';", 'src/pipeline may not import src/render'],
    ['src/pipeline/x.ts', "import { openLeaseState } from '../cli/lease-state.js';", 'src/pipeline may not import src/cli'],
    ['src/pipeline/x.ts', "import { LeaseStore } from '../state/lease-store.js';", 'src/pipeline may not import src/state'],
    ['src/apply/x.ts', "import { gate } from '../pipeline/gate.js';", 'src/apply may not import src/pipeline'],
    ['src/plan/x.ts', "import { planFindings } from '../pipeline/lints.js';", 'src/plan may not import src/pipeline'],
    ['src/cli/x.ts', "import { applyPlan } from '../apply/apply-plan.js';", 'src/cli may import only types from src/apply'],
    ['src/cli/x.ts', "import { savePlan } from '../plan/build-plan.js';", 'src/cli may import only types from src/plan'],
    ['src/cli/sub/x.ts', "import { routeCall } from '../../routing/match.js';", 'src/cli may import only types from src/routing'],
    ['src/cli/x.ts', "import { type RuleSet, ruleSetFromState } from '../routing/rule-set.js';", 'only types from src/routing'],
    ['src/cli/x.ts', "const m = await import('../plan/export.js');", 'src/cli may import only types from src/plan'],
    ['src/cli/x.ts', "export { gate } from '../apply/refusal.js';", 'src/cli may import only types from src/apply'],
  ])('%s: %s fails', async (file, code, words) => {
    const found = await layerFindings(file, code);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(words);
  });

  it.each([
    [
      'src/pipeline/x.ts',
      "import { applyPlan } from '../apply/apply-plan.js';\nimport { rulesAfterPlan } from '../plan/routing-impact.js';",
    ],
    ['src/cli/x.ts', "import { gate } from '../pipeline/gate.js';"],
    ['src/index.ts', "export { planDesired } from './pipeline/run.js';"],
    ['src/cli/x.ts', "import type { LeaseLedger } from '../apply/execute-lease.js';"],
    ['src/cli/x.ts', "import { type RuleSet, type CallTime } from '../routing/types.js';"],
    ['src/cli/x.ts', "export type { Plan } from '../plan/build-plan.js';"],
    ['src/cli/x.ts', "type Opened = import('../plan/saved-plan.js').ReadPlanOptions;"],
  ])('%s: %s passes', async (file, code) => {
    expect(await layerFindings(file, code)).toEqual([]);
  });

  it('no file of src/cli/ imports a value from plan/, routing/ or apply/', async () => {
    const results = await eslint.lintFiles(['src/cli/**/*.ts']);
    expect(results.length).toBeGreaterThan(30);
    const found = results.flatMap((r) =>
      r.messages.filter((m) => m.ruleId === 'dsipform/layers').map((m) => `${r.filePath.slice(ROOT.length)}:${m.line}: ${m.message}`),
    );
    expect(found).toEqual([]);
  });
});
