import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A verb loads only what it needs (issue 18): its module's chunk and the chunks those import
// statically are what Node reads and compiles before the verb runs; `import()` chunks load later,
// when the code that needs them runs. Read from the bundle the build wrote (dist/bundle/; its
// modules.json, written by scripts/bundle.mjs from esbuild's metafile, names each chunk's modules
// and static imports, with node_modules paths as from the package root even when it is a link).
const BUNDLE = fileURLToPath(new URL('../../dist/bundle/', import.meta.url));

function chunks(): Map<string, string> {
  return new Map(
    readdirSync(BUNDLE)
      .filter((f) => f.endsWith('.js'))
      .map((f) => [f, readFileSync(join(BUNDLE, f), 'utf8')]),
  );
}

interface ChunkModules {
  readonly modules: readonly string[];
  readonly imports: readonly string[];
}

function bundleModules(): Record<string, ChunkModules> {
  return JSON.parse(readFileSync(join(BUNDLE, 'modules.json'), 'utf8')) as Record<string, ChunkModules>;
}

/** The secret scrubber (api/secrets.ts) is small and guards every error the CLI prints: every command loads it. */
const heavy = (pattern: RegExp) => (m: string) => pattern.test(m) && m !== 'dist/api/secrets.js';

/** Every chunk loaded before the chunk holding `module` runs: its own and their static imports, transitively. */
function chunksWith(module: string): string[] {
  const all = bundleModules();
  const start = Object.keys(all).find((file) => all[file]!.modules.includes(module));
  if (start === undefined) throw new Error(`no chunk holds ${module}: run npm run build`);
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...(all[file]?.imports ?? []));
  }
  return [...seen];
}

/** Every module loaded before the chunk holding `module` runs. */
function loadedWith(module: string): string[] {
  const all = bundleModules();
  return chunksWith(module).flatMap((f) => all[f]?.modules ?? []);
}

describe('what a command loads before it runs (dist/bundle)', () => {
  it('validate loads the file checks and the routing lints, not the planner, the client or the provider', () => {
    const loaded = loadedWith('dist/cli/validate.js');
    expect(loaded).toContain('dist/config/check-file.js');
    expect(loaded).toContain('dist/routing/lint.js');
    expect(loaded.filter(heavy(/^(dist\/(plan|api|apply|emulator|terraform|render)\/|node_modules\/undici\/)/))).toEqual([]);
  });

  // Each chunk is a resolve, a read and a compile for Node's loader: the verbs share their modules as
  // a few cores (scripts/bundle-core.mjs), not a chunk per set of verbs that use them (25 and 52
  // chunks before issue 33's cores). A core's modules that other verbs reach too (lease, stats,
  // export, routes...) were cut into a chunk per set of such verbs, a few small modules each (the
  // plan loaded 31 chunks, validate 11); those verbs now import the small ones with their
  // neighbours (19 and 7 measured). A verb runs from the CommonJS bundle with V8's code cache by
  // default; these chunks are its fallback.
  it.each([
    ['dist/cli/validate.js', 9],
    ['dist/cli/plan.js', 24],
  ])('%s loads at most %i chunks before it runs', (module, most) => {
    expect(chunksWith(module).length).toBeLessThanOrEqual(most);
  });

  it("the client loads undici's connection pool, not its index (fetch, WebSocket, cookies, mock agents)", () => {
    const undici = loadedWith('dist/api/transport.js').filter((m) => m.startsWith('node_modules/undici/'));
    expect(undici).toContain('node_modules/undici/lib/dispatcher/agent.js');
    const unused =
      /^node_modules\/undici\/(index\.js|lib\/(mock|cache|interceptor|web\/(websocket|cookies|eventsource|cache)|web\/fetch\/index\.js))/;
    expect(undici.filter((m) => unused.test(m))).toEqual([]);
  });

  it("the Terraform provider loads the pipeline's checks of a rule (and the routing lints) at its first plan, not when it starts", () => {
    const loaded = loadedWith('dist/terraform/provider.js');
    expect(loaded).toContain('dist/terraform/resources/rule-checks.js');
    // The CLI's cores (scripts/bundle-core.mjs) are the CLI bundle's: none is pulled into the provider.
    expect(loaded.filter((m) => m.startsWith('dist/cli/'))).toEqual([]);
    expect(loaded.filter(heavy(/^dist\/(pipeline|routing|plan)\//))).toEqual([]);
  });

  it('the CLI entry alone (--version, --help) loads no verb', () => {
    const loaded = loadedWith('dist/cli/main.js');
    expect(loaded.filter(heavy(/^(dist\/(config|plan|api|apply|routing)\/|node_modules\/undici\/)/))).toEqual([]);
  });
});

describe("the bundle's require banner (scripts/bundle.mjs)", () => {
  const BANNER_START = "import { createRequire as __dsipformCreateRequire } from 'node:module';";

  it('stays on the chunks that call require, and only on them', () => {
    const all = [...chunks()];
    const calling = all.filter(([, text]) => /\brequire\b/.test(text.startsWith(BANNER_START) ? text.slice(text.indexOf('\n')) : text));
    for (const [file, text] of calling) expect(text.startsWith(BANNER_START), file).toBe(true);
    const bannered = all.filter(([, text]) => text.startsWith(BANNER_START));
    expect(bannered.map(([f]) => f).sort()).toEqual(calling.map(([f]) => f).sort());
    // Most chunks are ESM through and through: only the bundled CommonJS dependencies require.
    expect(bannered.length).toBeLessThan(all.length / 4);
  });
});

describe("Node's own modules a run loads", () => {
  it('validate loads no child_process (nor dgram with it): commander requires it only on first use', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { runProcess } = await import('../helpers/process.js');
    const dir = mkdtempSync(join(tmpdir(), 'dsipform-modules-'));
    const file = join(dir, 'five.yaml');
    writeFileSync(file, 'version: 1\ninbound_mappings:\n  - did: "15551234567"\n    servers: ["23"]\noutbound_routes: []\n');
    const record = join(dir, 'record.cjs');
    writeFileSync(
      record,
      `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(join(dir, 'loaded.txt'))}, process.moduleLoadList.join('\\n')));`,
    );
    const cli = fileURLToPath(new URL('../../bin/dsipform.js', import.meta.url));
    const r = await runProcess(process.execPath, ['-r', record, cli, 'validate', file], { env: { PATH: process.env.PATH } });
    expect(r.stdout).toMatch(/^Valid: 1 file/);
    const loaded = readFileSync(join(dir, 'loaded.txt'), 'utf8').split('\n');
    expect(loaded).toContain('NativeModule fs');
    expect(loaded.filter((m) => /^NativeModule (child_process|dgram|internal\/child_process)$/.test(m))).toEqual([]);
  });
});
