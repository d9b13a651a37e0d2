// vitest's global setup: the tests import src/, and src/ imports modules that the build generates
// (not committed): the schema validator (scripts/generate-validator.mjs, imported by
// src/config/schema.ts) and the provider's protocol descriptor (scripts/generate-protocol.mjs,
// imported by src/terraform/host/protos.ts), and the CDK Terrain bindings made from the committed
// CDKTF ones (scripts/generate-cdktn.mjs). Generate them from this tree first, so the tests check
// exactly the code `npm run build` compiles for the user.
import { generateCdktn } from '../../scripts/generate-cdktn.mjs';
import { generateProtocol } from '../../scripts/generate-protocol.mjs';
import { generateValidator } from '../../scripts/generate-validator.mjs';

/** The environment variable `npm test` sets on its vitest runs: its build has just generated them all. */
export const GENERATED = 'DSIPFORM_GENERATED';

/** Generates what the tests import, unless the command that started vitest has just done so. */
export default function setup(): void {
  // `npm test` builds first (every generator runs there) and then starts vitest twice; generating
  // again for each run would only repeat that work. `vitest run` alone has no such promise.
  if (process.env[GENERATED] === '1') return;
  generateValidator();
  generateProtocol();
  generateCdktn();
}
