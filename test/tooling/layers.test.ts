// The layer rule (eslint/layers.js, configured in eslint.config.js) run through ESLint's Node API on
// snippets placed in the layers: an import against the layers fails the lint with a message naming
// both layers, an import down the layers passes. Type-aware rules are switched off here: only the
// import rules are under test, and building the TypeScript program would cost seconds per case.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: [{ ...tseslint.configs.disableTypeChecked, files: ['**/*.ts'] }],
});

/** The messages of the import rules for `code` placed at `filePath`. */
async function importFindings(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  const messages = result?.messages ?? [];
  const fatal = messages.filter((m) => m.fatal);
  expect(fatal, 'the snippet parses').toEqual([]);
  return messages.filter((m) => m.ruleId === 'dsipform/layers' || m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('the layer rule', () => {
  it.each([
    [
      'src/model/x.ts',
      "import { request } from '../api/client.js';",
      "src/model may not import src/api ('../api/client.js'): model imports only nothing else in src",
    ],
    ['src/plan/x.ts', "import { readLive } from '../apply/read-live.js';", 'src/plan may not import src/apply'],
    ['src/plan/deep/x.ts', "import type { Client } from '../../api/client.js';", 'src/plan may not import src/api'],
    ['src/render/x.ts', "export { diff } from '../plan/diff.js';", 'src/render may not import src/plan'],
    ['src/render/x.ts', "const m = await import('../apply/execute.js');", 'src/render may not import src/apply'],
    ['src/emulator/handlers/x.ts', "import { diff } from '../../plan/diff.js';", 'src/emulator may not import src/plan'],
    ['src/api/x.ts', "import { startEmulator } from '../emulator/index.js';", 'src/api may not import src/emulator'],
    [
      'src/terraform/resources/x.ts',
      "import { loadDesiredState } from '../../config/index.js';",
      'src/terraform may not import src/config',
    ],
    [
      'src/config/x.ts',
      "import { InboundMapping } from '../cdktf/bindings/cdktf/index.js';",
      'src/config may not import src/cdktf/bindings',
    ],
    ['src/cdktf/reader/x.ts', "import { renderPlan } from '../../render/index.js';", 'src/cdktf/reader may not import src/render'],
    ['src/apply/x.ts', "import { runPlan } from '../cli/plan.js';", 'src/apply may not import src/cli'],
    ['src/render/x.ts', "import type { Plan } from '../reconcile/types.js';", 'src/reconcile is not a known layer'],
    ['src/cli/x.ts', "import { thing } from '../newlayer/thing.js';", 'src/newlayer is not a known layer'],
    ['src/cli/x.ts', "import { App } from 'cdktf';", 'Only the generated bindings (src/cdktf/bindings) import the CDKTF runtime'],
    ['src/model/x.ts', "import { readFileSync } from 'node:fs';", 'model/ and plan/ are pure'],
    ['src/plan/x.ts', "import { request } from 'undici';", 'model/ and plan/ are pure'],
  ])('%s: %s fails', async (filePath, code, words) => {
    const found = await importFindings(filePath, `${code}\nexport {};\n`);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(words);
  });

  it.each([
    ['src/model/x.ts', "import { keyOf } from './desired.js';"],
    ['src/model/sub/x.ts', "import { keyOf } from '../desired.js';"],
    ['src/plan/x.ts', "import type { Plan } from '../model/plan.js';"],
    ['src/apply/x.ts', "import { diff } from '../plan/diff.js';\nimport type { Client } from '../api/client.js';"],
    ['src/emulator/handlers/x.ts', "import { selfSigned } from '../../tls/self-signed.js';\nimport { reply } from '../envelope.js';"],
    ['src/terraform/host/x.ts', "import { selfSigned } from '../../tls/self-signed.js';\nimport { ApiClient } from '../../api/client.js';"],
    ['src/cli/x.ts', "import { runPipeline } from '../pipeline/pipeline.js';\nimport { readStack } from '../cdktf/reader/read-stack.js';"],
    ['src/index.ts', "export { loadDesiredState } from './config/index.js';\nexport { startEmulator } from './emulator/index.js';"],
    ['src/render/x.ts', "import type { Plan } from '../model/plan.js';"],
    ['src/cdktf/bindings/cdktf/x.ts', "import { App } from 'cdktf';"],
    [
      'src/emulator/x.ts',
      "import { createServer } from 'node:http';\nimport schema from '../../schemas/platform-api.schema.json' with { type: 'json' };",
    ],
  ])('%s: %s passes', async (filePath, code) => {
    expect(await importFindings(filePath, `${code}\nexport {};\n`)).toEqual([]);
  });
});
