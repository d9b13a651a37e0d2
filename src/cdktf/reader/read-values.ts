/*
 * The values of a synthesized stack's resources as the files' normalisers take them: converted as
 * Terraform converts them for the attribute's type, nested blocks unwrapped, and a group's
 * registration password read from its Terraform variable. Shared by the readers of every kind.
 */

/** A resource's or block's JSON object. */
export type Json = Record<string, unknown>;

/** Reports a problem at an attribute (dotted path) of the resource being read, or at the resource. */
export type Issue = (attr: string | null, message: string, hint: string) => void;

/**
 * The one reference a stack may hold: a group's password as a Terraform variable
 * (`${var.NAME}`, a `TerraformVariable`). Terraform reads it from `TF_VAR_NAME`; so does dsipform,
 * at apply (the plan carries the variable's name, never a value).
 */
export const PASSWORD_VARIABLE = /^\$\{var\.([A-Za-z_][A-Za-z0-9_-]*)\}$/;
const PASSWORD_HINT =
  "declare the password as a sensitive TerraformVariable (authPassword: new TerraformVariable(this, 'carrier_password', { sensitive: true }).stringValue, synthesized as ${var.carrier_password}) and set TF_VAR_carrier_password in the environment of apply";

/** A number or bool written for a string attribute is its text, as Terraform converts it. */
export function toText(value: unknown): unknown {
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
}

/** A numeric string written for a number attribute is the number, as Terraform converts it. */
export function toNumber(value: unknown): unknown {
  return typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value;
}

/** A block written as an object, or as Terraform's JSON list of one. */
export function block(value: unknown): Json | undefined {
  const one: unknown = Array.isArray(value) && value.length === 1 ? (value[0] as unknown) : value;
  return one && typeof one === 'object' && !Array.isArray(one) ? (one as Json) : undefined;
}

/** The attributes of a nested block, converted like the resource's; others are issues. */
export function blockEntry(
  body: Json,
  attrs: readonly string[],
  numbers: readonly string[],
  at: string,
  issue: Issue,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (key === '//') continue;
    if (!attrs.includes(key))
      issue(
        `${at}.${key}`,
        `"${key}" is not an attribute of the ${at.replace(/\.\d+$/, '')} block`,
        `Its attributes are: ${attrs.join(', ')}.`,
      );
    else if (value !== undefined && value !== null) out[key] = numbers.includes(key) ? toNumber(value) : toText(value);
  }
  return out;
}

/** A list of blocks (`endpoint`), each through {@link blockEntry}; a single block counts as a list of one. */
export function blockList(value: unknown, attrs: readonly string[], numbers: readonly string[], at: string, issue: Issue): unknown[] {
  const list: unknown[] = Array.isArray(value) ? (value as unknown[]) : [value];
  return list.map((e, i): unknown =>
    e && typeof e === 'object' && !Array.isArray(e) ? blockEntry(e as Json, attrs, numbers, `${at}.${i}`, issue) : e,
  );
}

/**
 * A group's `auth` block entry with its password from the stack's Terraform variable: the
 * write-only password is read like auth_password (by its attribute); a literal is an issue (a
 * synthesized stack is a file in the repository); `password_env` names `TF_VAR_NAME`, and the
 * value is taken from `env` where set (else left to the commands that send it).
 */
export function authWithPassword(entry: Record<string, unknown>, issue: Issue, env: NodeJS.ProcessEnv): Record<string, unknown> {
  const { auth_password_wo: writeOnly, auth_password_wo_version: _version, ...out } = entry;
  const attribute = writeOnly === undefined ? 'auth.auth_password' : 'auth.auth_password_wo';
  if (writeOnly !== undefined && out.auth_password !== undefined)
    issue(
      attribute,
      'give auth_password_wo or auth_password, not both',
      'Keep auth_password_wo: Terraform keeps it out of plan and state.',
    );
  else if (writeOnly !== undefined) out.auth_password = writeOnly;
  const password = out.auth_password;
  if (typeof password !== 'string' || password === '') return out;
  const variable = PASSWORD_VARIABLE.exec(password)?.[1];
  if (variable === undefined) {
    issue(attribute, 'the password must come from a Terraform variable, not be written in the stack', PASSWORD_HINT);
    return out;
  }
  const name = `TF_VAR_${variable}`;
  out.password_env = name;
  const value = env[name];
  if (value === undefined || value === '') delete out.auth_password;
  else out.auth_password = value;
  return out;
}
