// Shared by the build's generators (generate-validator.mjs, generate-protocol.mjs): their output is
// rewritten only when its text changes, so a build that changes nothing leaves time stamps alone.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Writes `text` to `file` (making its folder) unless the file holds it already; returns whether it wrote. */
export function writeIfChanged(file, text) {
  let old = null;
  try {
    old = readFileSync(file, 'utf8');
  } catch {
    // not generated yet
  }
  if (old === text) return false;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  return true;
}
