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

/** A string that is one variable reference and nothing else: `${CARRIER_PASSWORD}`. */
const ONE_VARIABLE = /^\$\{([A-Za-z_][A-Za-z0-9_]*)\}$/;

/** The name of the one variable `text` is, when it is `${NAME}` and nothing else; undefined otherwise. */
export function soleVariable(text: string): string | undefined {
  return ONE_VARIABLE.exec(text)?.[1];
}

/**
 * The variable a write-only value is left to, when the loader must not resolve it: the schema marks
 * the field `writeOnly` (sent to the platform, never read back nor compared: a carrier group's
 * password), the file writes it as `${NAME}` alone, and NAME is not set here (or empty, which no
 * command can send). Only the commands that send the value read it, from their own environment,
 * so `validate`, `plan`, `route` and the rest need no dummy. Undefined when the value is resolved
 * at load as any other (set, or not a write-only field, or more than one variable).
 */
export function deferredVariable(text: string, writeOnly: boolean | undefined, env: NodeJS.ProcessEnv): string | undefined {
  if (writeOnly !== true) return undefined;
  const name = soleVariable(text);
  return name !== undefined && (env[name] ?? '') === '' ? name : undefined;
}
