// Runs shell commands side by side and waits for all of them: `npm test` type-checks and lints at
// once, since tsc and eslint each keep one core busy and a CI machine has two. Each command's output
// is held until it ends and then printed whole under its name, so two tools' messages never interleave.
// Exits 1 when any command failed (after every one has ended), else 0.
//
//   node scripts/run-parallel.mjs "tsc -p tsconfig.json --noEmit" "npm run lint"
import { spawn } from 'node:child_process';
import { delimiter } from 'node:path';
import { fileURLToPath } from 'node:url';

// The package's own tools first on PATH, as under `npm run`, so the script also works when run by hand.
const BIN = fileURLToPath(new URL('../node_modules/.bin', import.meta.url));
const env = { ...process.env, PATH: `${BIN}${delimiter}${process.env.PATH ?? ''}` };

/**
 * Runs `command` in a shell; resolves to its exit code (1 when it was killed) and its stdout and
 * stderr together, in the order they came.
 */
function run(command) {
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (error) => chunks.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => resolve({ code: code ?? 1, output: Buffer.concat(chunks).toString('utf8') }));
  });
}

const commands = process.argv.slice(2);
if (commands.length === 0) {
  process.stderr.write('usage: node scripts/run-parallel.mjs "COMMAND" ["COMMAND" ...]\n');
  process.exit(1);
}
let failed = 0;
await Promise.all(
  commands.map(async (command) => {
    const started = Date.now();
    const { code, output } = await run(command);
    const took = ((Date.now() - started) / 1000).toFixed(1);
    if (code !== 0) failed += 1;
    process.stdout.write(`\n> ${command} (${code === 0 ? 'ok' : `failed, exit ${code}`}, ${took} s)\n${output}`);
  }),
);
process.exitCode = failed > 0 ? 1 : 0;
