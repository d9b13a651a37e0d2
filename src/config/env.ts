/** The outcome of replacing `${NAME}` references in one string. */
export interface Substitution {
  readonly text: string;
  /** True when at least one variable was replaced. */
  readonly changed: boolean;
  /** Names referenced but not set, in order of appearance. */
  readonly unset: readonly string[];
  /** True when a `${` does not start a well-formed `${NAME}`. */
  readonly malformed: boolean;
}

const REFERENCE = /\$\$\{|\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$\{/g;

/**
 * Replaces each `${NAME}` with the variable's value; `$${` stands for a literal `${`. An unset
 * variable is left as written and listed in `unset`; callers must never echo the values.
 */
export function substitute(text: string, env: NodeJS.ProcessEnv): Substitution {
  if (!text.includes('${')) return { text, changed: false, unset: [], malformed: false };
  const unset: string[] = [];
  let changed = false;
  let malformed = false;
  const out = text.replace(REFERENCE, (match: string, name: string | undefined) => {
    if (match === '$${') return '${';
    if (name === undefined) {
      malformed = true;
      return match;
    }
    const value = env[name];
    if (value === undefined) {
      unset.push(name);
      return match;
    }
    changed = true;
    return value;
  });
  return { text: out, changed, unset, malformed };
}
