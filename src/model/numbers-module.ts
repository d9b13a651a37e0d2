import { DsipformError } from './errors.js';

/** What profile detection found on a platform without the Numbers module, for the words of the error. */
export interface NumbersDetection {
  readonly profile: 'spec' | 'current';
  /** Whether the profile was detected (else given). */
  readonly detected: boolean;
}

/**
 * NUMBERS_MODULE_MISSING: numbers declared (`declared`: "the files declare numbers", or a
 * Terraform resource) for a platform whose detection found no Numbers module (release 0.79), in
 * one wording for every front end; `remedy` says what to remove there.
 */
export function numbersModuleMissing(found: NumbersDetection, declared: string, remedy: string): DsipformError {
  const how = found.detected ? ' (detected)' : ' (given)';
  const what =
    found.profile === 'spec'
      ? `API profile spec${how}, which has no Numbers module`
      : `API profile current${how}, and GET /api/numbers/v1/number/bulk answered 404: no Numbers module`;
  return new DsipformError(
    'NUMBERS_MODULE_MISSING',
    `${declared}, but the platform has no Numbers module to hold them (detection found ${what})`,
    `${remedy}, or upgrade the platform to release 0.79 or later, which has the Numbers module.`,
  );
}
