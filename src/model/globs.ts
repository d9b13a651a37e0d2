import picomatch from 'picomatch';

/**
 * Name globs for `policy.ignore` and `policy.accept`. Pure; in model/ because both the planner (which
 * live objects to leave alone) and the routing lints of `validate` (which findings are acknowledged)
 * match names, and `validate` must not load the planner.
 */

// Names are not paths: picomatch's `*` stops at `/`, so `/` is swapped for a look-alike on both sides.
const SLASH = '\u2215';

/**
 * A predicate: does a name match any of the globs (`*`, `?`, `[...]`, whole-name match)? The empty
 * glob `""` matches exactly the empty name (the default mapping's DID), nothing else.
 */
export function compileIgnore(globs: readonly string[]): (name: string) => boolean {
  if (globs.length === 0) return () => false;
  const matchers = globs.map(compileGlob);
  return (name) => {
    const n = name.replaceAll('/', SLASH);
    return matchers.some((m) => m(n));
  };
}

function compileGlob(glob: string): (name: string) => boolean {
  // picomatch refuses an empty pattern; "" is the natural way to name the default mapping.
  if (glob === '') return (name) => name === '';
  return picomatch(glob.replaceAll('/', SLASH), { dot: true, nonegate: true, noglobstar: true });
}
