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
import { readFileSync, statSync } from 'node:fs';
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
 *
 * And `sharers`: the entries outside a core's importers that import some of its modules first
 * (entry → modules, in evaluation order), so that the core's modules fall in a few chunks, not one
 * per set of entries that reach them (see `sharedParts`).
 */
export function cliCores(dist) {
  const known = new Map();
  const of = (file) => known.get(file) ?? known.set(file, importsOf(file)).get(file);
  // What each entry imports first (a core or a shared part): the closures below follow these too.
  const injected = new Map();
  const closure = (entry) => {
    const seen = new Set();
    const walk = (file) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const dep of injected.get(file) ?? []) walk(dep);
      for (const dep of of(file).static) walk(dep);
    };
    walk(entry);
    return seen;
  };
  // Every entry of the CLI: the main module and each module an import() of its code loads.
  const main = join(dist, MAIN);
  const entries = [main];
  for (let i = 0; i < entries.length; i++)
    for (const file of closure(entries[i])) for (const dep of of(file).dynamic) if (!entries.includes(dep)) entries.push(dep);
  const importers = (entry) => entries.filter((e) => [...closure(e)].some((file) => of(file).dynamic.includes(entry)));
  const cores = CORES.map(({ of: verb, when }) => {
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
  for (const c of cores) for (const e of c.importers) injected.set(e, [...(injected.get(e) ?? []), ...c.core]);
  return sharedParts(cores, entries, main, { closure, injected, imports: (file) => of(file).static });
}

/** A cluster of modules smaller than this (bytes of tsc's output) is merged into another (below). */
const SMALL = 16 * 1024;
/** ... unless the entries of either would load more than this many bytes they do not load now. */
const MOST_ADDED = 32 * 1024;

/**
 * Adds to each core the modules its sharers import first (`sharers`: entry → modules, in evaluation
 * order; see {@link cliCores}). esbuild puts the modules reached by the same set of entries in one
 * chunk: a core's own modules that entries outside its importers reach too fall into one cluster per
 * set of such entries. Each cluster smaller than {@link SMALL} is merged into the cluster that costs
 * the fewest bytes loaded by entries that did not load them (every entry of either then imports
 * both), as long as that is at most {@link MOST_ADDED}; until no small cluster can be merged.
 */
function sharedParts(cores, entries, main, { closure, injected, imports }) {
  const size = (file) => statSync(file).size;
  const before = new Set();
  const parts = cores.map((c) => {
    const part = evaluationOrder(c.core, imports).filter((file) => !before.has(file));
    for (const file of part) before.add(file);
    return part;
  });
  // The last core first: what its sharers import may reach modules of the cores before it, not after.
  const done = cores
    .map((c, i) => ({ c, part: parts[i] }))
    .reverse()
    .map(({ c, part }) => {
      const outside = entries.filter((e) => e !== main && !c.importers.includes(e));
      const sharers = new Map();
      const skipped = new Set();
      for (;;) {
        const clusters = clustersOf(part, outside, closure);
        const bytes = (cluster) => cluster.files.reduce((sum, file) => sum + size(file), 0);
        const small = clusters
          .filter((k) => k.by.length > 0 && !skipped.has(k.key) && bytes(k) < SMALL)
          .sort((a, b) => bytes(a) - bytes(b));
        if (small.length === 0) break;
        const [from] = small;
        // What the entries of either cluster would load that they do not load now (with what it imports).
        const cost = (to) => {
          let added = 0;
          for (const e of new Set([...from.by, ...to.by])) {
            const now = closure(e);
            const was = injected.get(e);
            injected.set(e, [...(was ?? []), ...from.files, ...to.files]);
            for (const file of closure(e)) if (!now.has(file)) added += size(file);
            if (was === undefined) injected.delete(e);
            else injected.set(e, was);
          }
          return added;
        };
        const costs = new Map(clusters.filter((k) => k !== from).map((k) => [k, cost(k)]));
        const best = [...costs.keys()].sort((a, b) => costs.get(a) - costs.get(b))[0];
        if (best === undefined || costs.get(best) > MOST_ADDED) {
          skipped.add(from.key);
          continue;
        }
        const files = new Set([...from.files, ...best.files]);
        const merged = part.filter((file) => files.has(file));
        for (const e of new Set([...from.by, ...best.by])) {
          const imported = new Set([...(sharers.get(e) ?? []), ...merged]);
          // In evaluation order: a module after those it imports.
          const inOrder = part.filter((file) => imported.has(file));
          sharers.set(e, inOrder);
          injected.set(e, [...new Set([...(injected.get(e) ?? []), ...merged])]);
        }
      }
      return { ...c, sharers };
    });
  return done.reverse();
}

/** `part`'s modules grouped by the entries of `outside` that reach them (`by`; empty: the core's own). */
function clustersOf(part, outside, closure) {
  const reached = outside.map((e) => [e, closure(e)]);
  const clusters = new Map();
  for (const file of part) {
    const by = reached.filter(([, seen]) => seen.has(file)).map(([e]) => e);
    const key = by.join('\n');
    const cluster = clusters.get(key) ?? clusters.set(key, { key, by, files: [] }).get(key);
    cluster.files.push(file);
  }
  return [...clusters.values()];
}

/** The modules `roots` load, each after the modules it imports (the order Node evaluates them in). */
function evaluationOrder(roots, imports) {
  const order = new Set();
  const visiting = new Set();
  const visit = (file) => {
    if (order.has(file) || visiting.has(file)) return;
    visiting.add(file);
    for (const dep of imports(file)) visit(dep);
    order.add(file);
  };
  for (const root of roots) visit(root);
  return [...order];
}

/** The core module's text: an import of each of `core`, in order. */
export function coreModuleText(core) {
  return core.map((path) => `import ${JSON.stringify(path)};`).join('\n');
}
