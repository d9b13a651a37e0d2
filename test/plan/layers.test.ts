import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The planner is pure: it imports model/ and the pure routing simulation (routing/), and nothing that
// can reach a file, a socket or the client. render/, routing/ and model/ likewise (ARCHITECTURE.md). Read from the source, static and dynamic imports.
const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const ALLOWED: Record<string, { layers: readonly string[]; packages: readonly string[] }> = {
  // picomatch: the name globs of policy.ignore and policy.accept (model/globs.ts), pure string matching.
  model: { layers: ['model'], packages: ['picomatch'] },
  plan: { layers: ['plan', 'model', 'routing'], packages: ['node:crypto'] },
  routing: { layers: ['routing', 'model'], packages: [] },
  // routing/: the one wording of a gateway list (routing/gateway-words.ts), pure like the rest of it.
  render: { layers: ['render', 'model', 'routing'], packages: [] },
};

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from\s+|import\s*\(\s*|^import\s+)['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
}

describe('layers', () => {
  it.each(Object.keys(ALLOWED))('src/%s/ imports only what its layer may', (layer) => {
    const rule = ALLOWED[layer]!;
    const wrong: string[] = [];
    for (const file of filesUnder(join(SRC, layer))) {
      for (const spec of importsOf(file)) {
        const ok = spec.startsWith('.')
          ? rule.layers.includes(relative(SRC, resolve(file, '..', spec)).split(/[\\/]/)[0]!)
          : rule.packages.includes(spec);
        if (!ok) wrong.push(`${relative(SRC, file)} imports ${spec}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
