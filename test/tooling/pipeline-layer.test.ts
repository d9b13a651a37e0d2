// The pipeline layer (issue 27): it sits below the front ends and above apply/plan; it decides and
// never renders, asks or keeps state, and nothing below it reaches up into it. The layer rule run
// through ESLint's Node API on snippets, as test/tooling/layers.test.ts does.
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
  ])('%s: %s passes', async (file, code) => {
    expect(await layerFindings(file, code)).toEqual([]);
  });
});
