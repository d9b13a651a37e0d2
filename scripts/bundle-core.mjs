// The CLI's core chunk (issue 33 §4): every verb that reads configuration files shares the modules
// `validate` needs (the file checks, the model, the routing lints), and esbuild's code splitting
// would otherwise cut them into a chunk per set of verbs that use them: `validate` loaded some 25
// chunks, each one a resolve, an asynchronous read and a compile for Node's module loader, about
// half of what the process does. Here each such verb first imports one module, the core, that
// imports what `validate` imports, in `validate`'s order: those modules are then reached by the
// same entry points, so esbuild puts them in a few chunks (one per set of the package's other
// entries, such as the provider, that reach some of them), and every verb loads them together.
//
// Sound because the core is closed under imports (it is `validate`'s static imports and theirs):
// a module of it imports no verb's own module, so evaluating the core first, in the order
// `validate` evaluates it, is an order every verb's imports allow.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * The cores, in the order a verb imports them: a core is the static imports of its verb (`of`), and
 * the verbs that import it are those with `when` among their static imports (every one, without
 * `when`). Entry: what the CLI's entry loads, before any verb. Files: every verb that
 * reads configuration files shares what `validate` loads. Platform: the verbs that plan against the
 * platform (plan, apply, drift, watch) share what `plan` loads (the client, the planner, the
 * renderers), which `route` or `test` without `--live` must not load.
 */
const CORES = [
  // Every module an import() loads runs after the CLI's entry, whose modules are loaded by then:
  // importing them first costs nothing, and keeps them in one chunk instead of one per set of verbs.
  { of: 'cli/main.js', when: null },
  { of: 'cli/validate.js', when: 'config/index.js' },
  { of: 'cli/plan.js', when: 'pipeline/pipeline.js' },
];
/** The CLI's entry point. */
const MAIN = 'cli/main.js';

/** A compiled module's relative imports (tsc's output): static (`import`/`export ... from`, `import '...'`) and `import('...')`. */
function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  const at = (m) => resolve(dirname(file), m);
  return {
    static: [...text.matchAll(/^(?:import|export)\s[^;]*?\bfrom\s*'(\.{1,2}\/[^']+)'|^import\s*'(\.{1,2}\/[^']+)'/gms)].map((m) =>
      at(m[1] ?? m[2]),
    ),
    dynamic: [...text.matchAll(/\bimport\('(\.{1,2}\/[^']+)'\)/g)].map((m) => at(m[1])),
  };
}

/**
 * The cores of the CLI built in `dist`: for each of {@link CORES}, the modules it imports (absolute
 * paths, in its verb's order), and the modules that import it first: the verbs it is for, and every
 * module loaded with `import()` only after one of those (the routing tests' runner, a stack's
 * reader, the renderers), which would otherwise cut the core again at no saving (the core is loaded
 * by then). A module also loaded without the core (the emulator, for `dsipform emulator`) is left out.
 */
export function cliCores(dist) {
  const known = new Map();
  const of = (file) => known.get(file) ?? known.set(file, importsOf(file)).get(file);
  const closures = new Map();
  const closure = (entry) => {
    if (closures.has(entry)) return closures.get(entry);
    const seen = new Set();
    const walk = (file) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const dep of of(file).static) walk(dep);
    };
    walk(entry);
    closures.set(entry, seen);
    return seen;
  };
  // Every entry of the CLI: the main module and each module an import() of its code loads.
  const main = join(dist, MAIN);
  const entries = [main];
  for (let i = 0; i < entries.length; i++)
    for (const file of closure(entries[i])) for (const dep of of(file).dynamic) if (!entries.includes(dep)) entries.push(dep);
  const importers = (entry) => entries.filter((e) => [...closure(e)].some((file) => of(file).dynamic.includes(entry)));
  return CORES.map(({ of: verb, when }) => {
    const marker = when === null ? null : join(dist, when);
    const first = new Set(
      entries.filter((e) => e !== main && (marker === null || (closure(e).has(marker) && importers(e).includes(main)))),
    );
    // Loaded only from code that itself runs after the core: it is there already.
    for (let grown = true; grown;) {
      grown = false;
      for (const e of entries)
        if (e !== main && !first.has(e) && importers(e).every((i) => first.has(i))) {
          first.add(e);
          grown = true;
        }
    }
    return { core: of(join(dist, verb)).static, importers: [...first] };
  });
}

/** The core module's text: an import of each of `core`, in order. */
export function coreModuleText(core) {
  return core.map((path) => `import ${JSON.stringify(path)};`).join('\n');
}
