import type { PlatformClient } from '../api/client.js';
import { DsipformError } from '../model/errors.js';
import type { NumberRecord } from '../model/number.js';

/**
 * The platform's numbers (one list request), for files that declare `numbers:`. Only a platform
 * with the Numbers module (release 0.79) holds them: on one without it (the `spec` profile, or a
 * deployed platform whose module does not answer) this throws NUMBERS_MODULE_MISSING naming what
 * detection found, before anything is planned or written.
 */
export async function readNumbers(client: PlatformClient): Promise<NumberRecord[]> {
  if (!(await client.numbersModule())) {
    const profile = await client.profile();
    const found =
      profile === 'spec'
        ? `API profile spec${client.profileDetected ? ' (detected)' : ' (given)'}, which has no Numbers module`
        : `API profile current${client.profileDetected ? ' (detected)' : ' (given)'}, and GET /api/numbers/v1/number/bulk answered 404: no Numbers module`;
    throw new DsipformError(
      'NUMBERS_MODULE_MISSING',
      `the files declare numbers, but the platform has no Numbers module to hold them (detection found ${found})`,
      'Remove the numbers: collection for this platform, or upgrade the platform to release 0.79 or later, which has the Numbers module.',
    );
  }
  return client.listNumbers();
}
