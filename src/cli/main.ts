import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { DsipformError, InternalError, type ErrorCode } from '../model/errors.js';
import { flushOutput, guardOutput, isOutputClosed, processIo, redact, writeLine, type CliIo } from './io.js';
import { registerCommands, type VerbLoaded } from './commands.js';

/** The code of a command line that does not parse (commander's own errors). */
const USAGE_CODE: ErrorCode = 'CLI_USAGE';

function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

/** What the process that runs the CLI asks of it, beside the command line. */
export interface MainOptions {
  /**
   * Called once the verb's module (and every module it imports) is loaded, before it runs. The
   * launcher sets V8's flags here, not at its start: after a flag changes, V8 refuses the code
   * cache Node's own modules are built with, and each one loaded from then on is compiled from its
   * source (docs/performance.md, issue 33 §4).
   */
  readonly onVerbLoaded?: VerbLoaded;
}

/**
 * Builds the command tree for `argv` (only the verb it names, when it names one); each command's
 * module is imported only when it runs.
 */
export function buildProgram(io: CliIo, setExit: (code: number) => void, argv: readonly string[] = [], options: MainOptions = {}): Command {
  const program = new Command('dsipform')
    .description('Declarative, reviewable configuration for a dSIPRouter platform.')
    .version(packageVersion(), '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .showHelpAfterError('hint: run with --help for usage')
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
      // Commander's own usage errors (an unknown option or command, an argument not among the
      // choices) get a code too, so every error line reads `error (CODE): …`.
      outputError: (s, write) => write(s.replace(/^error: /, `error (${USAGE_CODE}): `)),
    })
    .exitOverride();
  registerCommands(program, io, setExit, argv, options.onVerbLoaded);
  return program;
}

/**
 * Runs the CLI and resolves to its exit code: 0 success, 1 error, 2 as a command documents
 * (e.g. pending changes with --detailed-exitcode), 130 when interrupted. The one catch site for
 * every command. A closed stdout (EPIPE, `| head -1`) never crashes a command: it runs to its end,
 * and a run that would have succeeded fails with OUTPUT_CLOSED, since part of its output was lost.
 */
export async function main(argv: readonly string[], io: CliIo = processIo(), options: MainOptions = {}): Promise<number> {
  guardOutput(io.stdout);
  guardOutput(io.stderr);
  let exitCode = 0;
  const program = buildProgram(
    io,
    (code) => {
      exitCode = code;
    },
    argv,
    options,
  );
  try {
    await program.parseAsync([...argv]);
    await flushOutput(io.stdout);
    if (exitCode === 0 && isOutputClosed(io.stdout)) {
      throw new DsipformError(
        'OUTPUT_CLOSED',
        'standard output was closed before all the output was written (the reader went away, as with | head)',
        'The command itself ran to its end. To read all of its output, send it to a file or a reader that reads to the end.',
      );
    }
    return exitCode;
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode === 0 ? 0 : 1;
    if (err instanceof DsipformError && !(err instanceof InternalError)) {
      // The code goes on the line: it is what users search for and what docs/errors.md lists.
      writeLine(io.stderr, redact(`error (${err.code}): ${err.message}`, io.secrets));
      if (err.hint) writeLine(io.stderr, redact(`hint: ${err.hint}`, io.secrets));
      return 1;
    }
    const text = err instanceof Error ? (err.stack ?? err.message) : String(err);
    // An InternalError's message already says it is a bug; either way the stack goes with it.
    const head = err instanceof InternalError ? `internal error (${err.code})` : 'internal error (this is a bug, please report it)';
    writeLine(io.stderr, redact(`${head}: ${text}`, io.secrets));
    return 1;
  }
}
