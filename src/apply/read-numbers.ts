import type { PlatformClient } from '../api/client.js';
import type { NumberRecord } from '../model/number.js';
import { numbersModuleMissing } from '../model/numbers-module.js';

/**
 * The platform's numbers (one list request), for files that declare `numbers:`. Only a platform
 * with the Numbers module (release 0.79) holds them: on one without it (the `spec` profile, or a
 * deployed platform whose module does not answer) this throws NUMBERS_MODULE_MISSING naming what
 * detection found, before anything is planned or written.
 */
export async function readNumbers(client: PlatformClient): Promise<NumberRecord[]> {
  if (!(await client.numbersModule()))
    throw numbersModuleMissing(
      { profile: await client.profile(), detected: client.profileDetected },
      'the files declare numbers',
      'Remove the numbers: collection for this platform',
    );
  return client.listNumbers();
}
