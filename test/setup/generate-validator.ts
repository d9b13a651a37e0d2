// vitest's global setup: the tests import src/, and src/config/schema.ts imports the validator that
// the build generates (scripts/generate-validator.mjs, not committed); generate it from this tree's
// schema first, so the tests check exactly the code `npm run build` compiles for the user.
import { generateValidator } from '../../scripts/generate-validator.mjs';

export default function setup(): void {
  generateValidator();
}
