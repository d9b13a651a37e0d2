import { DsipformError } from '../model/errors.js';
import { Option, type Command } from 'commander';

// The option sets that several verbs share, apart from the modules that act on them
// (./connection.ts, ./lease-state.ts): src/cli/commands.ts registers every verb at start-up, and
// importing these loads only commander, not the API client, the state store or node:crypto.

/** Adds the connection flags shared by every command that talks to the platform. */
export function addConnectionOptions(cmd: Command): Command {
  return (
    cmd
      .option('--url <url>', 'platform base URL, e.g. https://sip.example.com:5000 (env DSIP_URL)')
      .option('--token-file <file>', 'read the API token from FILE (default: env DSIP_TOKEN)')
      .option('--ca <file>', 'PEM file of the CA to trust for HTTPS (env DSIP_CA)')
      .option('--insecure', 'do not verify the TLS certificate (env DSIP_INSECURE=1)')
      .option('--timeout <ms>', 'per-request timeout in milliseconds', '30000')
      .option('--max-attempts <n>', 'most attempts of one request (1: no retries)', '6')
      .option('--retry-base <ms>', 'first retry backoff in milliseconds (doubles, with jitter)', '200')
      .option('--retry-max-time <ms>', 'most time spent retrying one request, in milliseconds', '60000')
      .addOption(
        new Option(
          '--api-profile <profile>',
          'the platform API: spec, current (the deployed releases), or auto (detect; env DSIP_API_PROFILE)',
        ).choices(['auto', 'spec', 'current']),
      )
      .option('--emulator', 'run against the built-in emulator, started for this run')
      .option('--emulator-data <file>', 'with --emulator: keep its state in FILE between runs')
      // Accepted only to refuse it with a reason: a token in argv is visible to every user through ps.
      .addOption(new Option('--token <token>').hideHelp())
  );
}

/** Adds `--state FILE` and `--lock-timeout SECONDS`. */
export function addStateOptions(cmd: Command): Command {
  return cmd
    .option('--state <file>', 'the lease state file, and with .lock its lock (default: .dsipform/state.json beside the first path)')
    .addOption(new Option('--lock-timeout <seconds>', 'how long to wait for another run holding the state lock').default('30'));
}

/** Adds `--sign-key-file FILE`: `plan` signs the plan it saves with the key, `apply --plan` checks it. */
export function addPlanKeyOption(cmd: Command, what: string): Command {
  return cmd.option('--sign-key-file <file>', `${what} (HMAC-SHA256 with the key in FILE; env DSIPFORM_PLAN_KEY)`);
}

/** Parses `--parallelism N`. */
export function parseParallelism(text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > 256) {
    throw new DsipformError(
      'CLI_BAD_OPTION',
      `--parallelism "${text}" is not a whole number from 1 to 256`,
      'For example --parallelism 8 (the default).',
    );
  }
  return n;
}

/** Checks a `--format` value against the allowed ones. */
export function checkFormat<T extends string>(value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw new DsipformError('CLI_BAD_FORMAT', `--format "${value}" is not known`, `Use one of: ${allowed.join(', ')}.`);
  }
  return value as T;
}
