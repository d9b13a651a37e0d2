import type { Normalized, RawEntry } from '../../model/normalize.js';
import { isUnknown, type Diagnostic, type TfObject } from '../types.js';
import { attrError } from '../values.js';
import { hclHint } from './hcl-hint.js';

/**
 * The provider's front end of the one normaliser (model/normalize.ts): a resource's configuration
 * as a plain entry. Terraform has already converted every value to the attribute's type; `null`
 * (unset) and unknown values are left out (an unknown list element is `undefined`), so only what
 * is known is judged.
 */
export function plainConfig(config: TfObject, attributes: readonly string[]): RawEntry {
  const out: Record<string, unknown> = {};
  for (const attr of attributes) {
    const value = config[attr];
    if (value === undefined || value === null || isUnknown(value)) continue;
    out[attr] = Array.isArray(value) ? value.map((v) => (isUnknown(v) ? undefined : v)) : value;
  }
  return out;
}

/**
 * The normaliser's issues as diagnostics at the attribute: the message, then the hint with its
 * examples in HCL for the resource's `attributes` (`hclHint`). Missing attributes and wrong types
 * are Terraform's own checks (the provider schema), so they are left out.
 */
export function normalizerDiagnostics(result: Normalized<unknown>, attributes: readonly string[]): Diagnostic[] {
  return result.issues
    .filter((issue) => issue.check !== 'required' && issue.check !== 'type')
    .map((issue) =>
      attrError(issue.field, `Invalid ${String(issue.field[0])}`, `${issue.message}\n\nhint: ${hclHint(issue.hint, attributes)}`),
    );
}
