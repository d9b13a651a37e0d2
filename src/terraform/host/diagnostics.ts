import { InternalError } from '../../model/errors.js';
import type { AttributePath, Diagnostic } from '../types.js';
import type { CtyType } from './cty-type.js';
import { SEVERITY_ERROR, SEVERITY_WARNING, type AttributePathMsg, type AttributePathStepMsg, type DiagnosticMsg } from './proto-types.js';

/**
 * Converts a provider diagnostic; with `type` (the block's object type) its attribute path follows
 * the schema: attribute names inside objects, string keys inside maps, indexes inside lists.
 */
export function toDiagnosticMsg(diagnostic: Diagnostic, type?: CtyType): DiagnosticMsg {
  const msg: DiagnosticMsg = {
    severity: diagnostic.severity === 'warning' ? SEVERITY_WARNING : SEVERITY_ERROR,
    summary: diagnostic.summary,
    detail: diagnostic.detail ?? '',
  };
  return diagnostic.attribute && diagnostic.attribute.length > 0
    ? { ...msg, attribute: toAttributePathMsg(diagnostic.attribute, type) }
    : msg;
}

/** Converts many diagnostics (see toDiagnosticMsg). */
export function toDiagnosticMsgs(diagnostics: readonly Diagnostic[] | undefined, type?: CtyType): DiagnosticMsg[] {
  return (diagnostics ?? []).map((d) => toDiagnosticMsg(d, type));
}

/**
 * An attribute path as tfplugin6 steps. Without a type (or past what the type describes), a string
 * at the top level or after a string is an attribute name, a string after an index is a map key,
 * and a number is an index.
 */
export function toAttributePathMsg(path: AttributePath, type?: CtyType): AttributePathMsg {
  const steps: AttributePathStepMsg[] = [];
  let current: CtyType | undefined = type;
  path.forEach((step, i) => {
    if (typeof step === 'number') {
      steps.push({ element_key_int: step });
      current = elementType(current, step);
      return;
    }
    const inObject = current === undefined ? i === 0 || typeof path[i - 1] === 'string' : isObjectType(current);
    steps.push(inObject ? { attribute_name: step } : { element_key_string: step });
    current = elementType(current, step);
  });
  return { steps };
}

function isObjectType(type: CtyType): boolean {
  return Array.isArray(type) && type[0] === 'object';
}

function elementType(type: CtyType | undefined, step: string | number): CtyType | undefined {
  if (type === undefined || typeof type === 'string') return undefined;
  const [kind, arg] = type;
  if (kind === 'object') return typeof step === 'string' ? arg[step] : undefined;
  if (kind === 'tuple') return typeof step === 'number' ? arg[step] : undefined;
  return arg;
}

/** Whether any diagnostic is an error. */
export function hasErrors(diagnostics: readonly Diagnostic[] | undefined): boolean {
  return (diagnostics ?? []).some((d) => d.severity === 'error');
}

/** The diagnostic for a thrown error: the provider never crashes, it reports the bug. */
export function internalErrorDiagnostic(err: unknown): Diagnostic {
  const message = err instanceof InternalError ? err.problem : err instanceof Error ? err.message : String(err);
  return {
    severity: 'error',
    summary: `internal error in the dsiprouter provider (this is a bug, please report it): ${message}`,
    detail: err instanceof Error && err.stack ? err.stack : '',
  };
}
