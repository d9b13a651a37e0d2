import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Stand-ins for what a CI runner has and this machine cannot reach: `gh` (GitHub's API) and `curl`
 * (only ever pointed at GitLab's API by the templates). Each records its calls and answers from a
 * table the test writes. dsipform itself is not stood in for: the templates install it.
 */
export interface CiStubs {
  /** The directory to put first on PATH. */
  readonly bin: string;
  /** Sets the answers (first match wins; an unanswered call exits 1 and says so). */
  answer(answers: readonly StubAnswer[]): void;
  /** Every call so far, in order. */
  calls(): StubCall[];
}

/** One canned answer of a stub. */
export interface StubAnswer {
  readonly tool: 'gh' | 'curl';
  /** A regular expression matched against the arguments joined by spaces. */
  readonly match: string;
  readonly stdout?: string;
  /** Answer with this file's bytes (curl writes them to `--output FILE` when given). */
  readonly stdoutFile?: string;
  readonly stderr?: string;
  readonly code?: number;
}

/** One recorded call: its arguments and the files it sent (`--body-file F`, `name@F`). */
export interface StubCall {
  readonly tool: string;
  readonly args: string[];
  readonly sent: Record<string, string>;
}

// Plain JavaScript run by node: the stubs must not depend on the test's TypeScript loader.
const STUB = String.raw`
const fs = require('node:fs');
const [tool, ...args] = process.argv.slice(2);
const dir = process.env.CI_STUB_DIR;
const sent = {};
args.forEach((a, i) => {
  const file = a === '--body-file' ? args[i + 1] : /^[a-z_]+@(.+)$/.exec(a)?.[1];
  if (file && fs.existsSync(file)) sent[a === '--body-file' ? 'body' : a.split('@')[0]] = fs.readFileSync(file, 'utf8');
});
fs.appendFileSync(dir + '/calls.jsonl', JSON.stringify({ tool, args, sent }) + '\n');
const answers = JSON.parse(fs.readFileSync(dir + '/answers.json', 'utf8'));
const found = answers.find((x) => x.tool === tool && new RegExp(x.match).test(args.join(' ')));
if (!found) {
  process.stderr.write(tool + ' stub: no answer for: ' + args.join(' ') + '\n');
  process.exit(1);
}
const body = found.stdoutFile ? fs.readFileSync(found.stdoutFile) : Buffer.from(found.stdout ?? '');
const out = tool === 'curl' ? args[args.indexOf('--output') + 1] : undefined;
if (out && args.includes('--output')) fs.writeFileSync(out, body);
else process.stdout.write(body);
if (found.stderr) process.stderr.write(found.stderr);
process.exit(found.code ?? 0);
`;

/** Writes the stubs into `dir` (a fresh temporary directory). */
export function makeCiStubs(dir: string): CiStubs {
  const bin = join(dir, 'bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(dir, 'stub.cjs'), STUB);
  writeFileSync(join(dir, 'answers.json'), '[]');
  for (const tool of ['gh', 'curl']) {
    const path = join(bin, tool);
    writeFileSync(path, `#!/bin/sh\nCI_STUB_DIR='${dir}' exec '${process.execPath}' '${join(dir, 'stub.cjs')}' ${tool} "$@"\n`);
    chmodSync(path, 0o755);
  }
  const log = join(dir, 'calls.jsonl');
  return {
    bin,
    answer: (answers) => writeFileSync(join(dir, 'answers.json'), JSON.stringify(answers)),
    calls: () =>
      existsSync(log)
        ? readFileSync(log, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line) as StubCall)
        : [],
  };
}
