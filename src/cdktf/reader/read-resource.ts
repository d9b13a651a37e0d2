import type { KindModule } from '../../model/kind-spec.js';
import type { StackMapping } from '../../model/kind-inputs.js';
import type { SourceLocation } from '../../model/desired.js';
import { authWithPassword, block, blockEntry, blockList, toNumber, toText, type Issue, type Json } from './read-values.js';

/**
 * One resource of a stack as a declared entry of its kind: its attributes converted as Terraform
 * converts them for their types, its blocks unwrapped into the entry's fields (the kind's
 * `passwordBlock` with its password from a Terraform variable), all as the kind's module says
 * (`stack`), then through the kind's one normaliser (one set of rules for every front end), whose
 * issues are worded after the resource's attributes. Null when the normaliser refused it.
 */
export function readResource(
  mod: KindModule,
  name: string,
  body: Json,
  issue: Issue,
  origin: SourceLocation | undefined,
  env: NodeJS.ProcessEnv,
): unknown {
  const map = mod.stack as StackMapping;
  const raw: Record<string, unknown> = {};
  for (const attr of map.attributes) {
    const value = body[attr];
    if (value === undefined || value === null) continue;
    const nested = map.blocks?.[attr];
    if (!nested) raw[attr] = converted(value, map.types?.[attr]);
    else if (nested.list) raw[nested.field] = blockList(value, nested.attributes, nested.numeric, attr, issue);
    else {
      const one = block(value);
      if (one) {
        const entry = blockEntry(one, nested.attributes, nested.numeric, attr, issue);
        raw[nested.field] = attr === mod.passwordBlock ? authWithPassword(entry, issue, env) : entry;
        // A value that is no block goes to the normaliser as written: it says what is wrong, at the attribute.
      } else raw[nested.field] = value;
    }
  }
  if (map.idField !== undefined) raw[map.idField] = name;
  const result = mod.normalize(raw);
  // A block's field named as the resource names it: the files' `endpoints[1]` is the `endpoint` block 1.
  const renamed = Object.entries(map.blocks ?? {}).filter(([attr, b]) => b.field !== attr);
  for (const i of result.issues) {
    let attr = i.field.join('.');
    let message = i.message;
    for (const [to, b] of renamed) {
      attr = attr.replace(new RegExp(`^${b.field}\\.`), `${to}.`);
      message = message.replace(new RegExp(`^${b.field}\\[`), `${to}[`);
    }
    issue(attr, message, i.hint);
  }
  const value = result.value as Record<string, unknown> | null;
  return value && { ...value, ...(origin ? { origin } : {}) };
}

/** A value as Terraform converts it for the attribute's type: a number, a bool, else text (or a list of text). */
function converted(value: unknown, type: 'number' | 'bool' | undefined): unknown {
  if (type === 'number') return toNumber(value);
  if (type === 'bool') return value === 'true' ? true : value === 'false' ? false : value;
  return Array.isArray(value) ? value.map(toText) : toText(value);
}
