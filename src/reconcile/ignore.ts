import picomatch from 'picomatch';

// Names are not paths: picomatch's `*` stops at `/`, so `/` is swapped for a look-alike on both sides.
const SLASH = '\u2215';

/** A predicate: does a name match any of the globs (`*`, `?`, `[...]`, whole-name match)? */
export function compileIgnore(globs: readonly string[]): (name: string) => boolean {
  if (globs.length === 0) return () => false;
  const matchers = globs.map((g) => picomatch(g.replaceAll('/', SLASH), { dot: true, nonegate: true, noglobstar: true }));
  return (name) => {
    const n = name.replaceAll('/', SLASH);
    return matchers.some((m) => m(n));
  };
}
