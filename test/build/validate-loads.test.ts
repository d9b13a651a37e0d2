import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runProcess } from '../helpers/process.js';

// What a run of the built CLI (bin/dsipform.js over dist/bundle/) loads, counted in the process
// itself: the files Node's CommonJS loader reads (`require.cache`) and the bundle's ES modules
// (each URL the loader resolves, reported by a resolve hook registered with `--import`; the modules
// in each chunk from dist/bundle/modules.json). Module counts,
// not times: a count holds on a loaded machine, a time does not. Unlike lazy-chunks.test.ts, this
// reads the modules Node loaded, not the bundle's text, so it holds with a linked node_modules too.
// The launcher runs the CLI from one CommonJS file with V8's code cache (bin/dsipform.js); the
// chunks are what it runs with DSIPFORM_CODE_CACHE=off, and what the CLI's modules are cut into.
const CLI = fileURLToPath(new URL('../../bin/dsipform.js', import.meta.url));
const BUNDLE = new URL('../../dist/bundle/', import.meta.url);

interface Loaded {
  readonly stdout: string;
  /** The bundle's chunks the run loaded. */
  readonly chunks: readonly string[];
  /** Every module the run ran: the files `require` read, and the modules bundled in the chunks it loaded (esbuild's `// path` lines). */
  readonly modules: readonly string[];
  /** The files Node's CommonJS loader read from disk (`require.cache`) besides the launcher (CommonJS itself, bin/package.json): none is bundled. */
  readonly required: readonly string[];
}

async function loadedBy(args: (dir: string) => string[], cache = 'off'): Promise<Loaded> {
  const dir = mkdtempSync(join(tmpdir(), 'dsipform-loads-'));
  const out = join(dir, 'loaded.json');
  const record = join(dir, 'record.mjs');
  // The resolve hook runs on the loader's thread: it reports each URL to this thread by a port.
  writeFileSync(
    record,
    [
      "import { register } from 'node:module';",
      "import { MessageChannel } from 'node:worker_threads';",
      "import { writeFileSync } from 'node:fs';",
      "import { createRequire } from 'node:module';",
      'const esm = [];',
      'const { port1, port2 } = new MessageChannel();',
      'port1.on("message", (url) => esm.push(url)); port1.unref();',
      `register(${JSON.stringify(`data:text/javascript,${encodeURIComponent('let port; export function initialize(d) { port = d.port; } export async function resolve(s, c, n) { const r = await n(s, c); port.postMessage(r.url); return r; }')}`)}, { data: { port: port2 }, transferList: [port2] });`,
      "process.on('exit', () => writeFileSync(" +
        JSON.stringify(out) +
        ', JSON.stringify({ esm, cjs: Object.keys(createRequire(import.meta.url).cache) })));',
    ].join('\n'),
  );
  const r = await runProcess(process.execPath, ['--import', record, CLI, ...args(dir)], {
    env: { PATH: process.env.PATH, DSIPFORM_CODE_CACHE: cache === 'off' ? cache : join(dir, cache) },
  });
  const { esm, cjs } = JSON.parse(readFileSync(out, 'utf8')) as { esm: string[]; cjs: string[] };
  const chunks = [...new Set(esm.filter((u) => /\/dist\/bundle\/[^/]+\.js$/.test(u)))];
  const bundle = JSON.parse(readFileSync(new URL('modules.json', BUNDLE), 'utf8')) as Record<string, { modules: string[] }>;
  const bundled = chunks.flatMap((u) => bundle[u.slice(u.lastIndexOf('/') + 1)]?.modules ?? []);
  const required = cjs.filter((f) => f !== CLI);
  return { stdout: r.stdout, chunks, modules: [...required, ...bundled], required };
}

const FIVE_LINES = 'version: 1\ninbound_mappings:\n  - did: "15551234567"\n    servers: ["23"]\noutbound_routes: []\n';

describe('what `dsipform validate` loads (issue 33 §4)', () => {
  it('a file without globs loads no yaml, and no more than 14 of the bundle chunks (28 before the CLI cores)', async () => {
    const { stdout, chunks, modules, required } = await loadedBy((dir) => {
      writeFileSync(join(dir, 'five.yaml'), FIVE_LINES);
      return ['validate', join(dir, 'five.yaml')];
    });
    expect(stdout).toMatch(/^Valid: 1 file/);
    expect(modules.some((m) => m.endsWith('dist/config/check-file.js'))).toBe(true);
    expect(modules.filter((m) => /node_modules[\\/]yaml[\\/]/.test(m))).toEqual([]);
    // Each chunk is a resolve, a read and a compile for Node's loader: the verbs that read files load
    // the modules validate needs as one core (scripts/bundle-core.mjs), not cut per set of verbs.
    expect(chunks.length).toBeLessThanOrEqual(14);
    // The schema validator's helper (ajv's ucs2length) is bundled: no run that reads files starts
    // Node's CommonJS loader to read ajv's files from node_modules.
    expect(modules).toContain('node_modules/ajv/dist/runtime/ucs2length.js');
    expect(required).toEqual([]);
  });

  it('through the code cache, a run loads no chunk and reads no CommonJS file: the CLI is one script', async () => {
    for (const _ of [1, 2]) {
      const { stdout, chunks, required } = await loadedBy((dir) => {
        writeFileSync(join(dir, 'five.yaml'), FIVE_LINES);
        return ['validate', join(dir, 'five.yaml')];
      }, 'cache');
      expect(stdout).toMatch(/^Valid: 1 file/);
      expect(chunks).toEqual([]);
      expect(required).toEqual([]);
    }
  });

  it('picomatch loads when a glob of policy.accept needs it', async () => {
    const { stdout, modules } = await loadedBy((dir) => {
      const file = join(dir, 'glob.yaml');
      writeFileSync(file, `${FIVE_LINES}policy:\n  accept:\n    - {lint: shadowed, route: "cust-*"}\n`);
      return ['validate', file];
    });
    expect(stdout).toMatch(/^Valid: 1 file/);
    expect(modules.some((m) => /node_modules[\\/]picomatch[\\/]/.test(m))).toBe(true);
  });

  it("picomatch is bundled to run on its first call: model/globs.ts imports the stand-in, not picomatch's module", () => {
    const bundle = JSON.parse(readFileSync(new URL('modules.json', BUNDLE), 'utf8')) as Record<string, { modules: string[] }>;
    const withGlobs = Object.values(bundle).filter((c) => c.modules.includes('dist/model/globs.js'));
    expect(withGlobs.length).toBeGreaterThan(0);
    for (const chunk of withGlobs) expect(chunk.modules).toContain('dsipform-lazy-picomatch:dsipform-lazy-picomatch');
  });
});
