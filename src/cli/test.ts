import { DsipformError } from '../model/errors.js';
import { count, plural } from '../model/words.js';
import { filesTestRules, liveTestRules, runFileTests } from '../pipeline/file-tests.js';
import { renderTestJunit } from '../render/junit.js';
import { renderTestJson, renderTestText, testSummary } from '../render/routing-tests.js';
import { loadOrFail } from './desired.js';
import { writeLine, type CliIo } from './io.js';
import { checkFormat } from './options.js';
import { withPlatform, type PlatformFlags } from './platform.js';
import { proxyClock, readClockFlags, type ClockFlags } from './proxy-clock.js';
import { replayCommand } from '../model/invariant.js';
import { failOnNameIssues, reportInvariants } from './invariants-run.js';

/** `dsipform test` flags. */
export interface TestFlags extends PlatformFlags, ClockFlags {
  live?: boolean;
  format: string;
}

/**
 * `dsipform test PATH...`: runs the files' `routing_tests` against the rules of the desired state
 * (no network), or with `--live` against the platform's live mappings and routes. Expectations by
 * name are resolved against the files' carrier groups (and names), with `--live` against the
 * platform's groups too: a name that no group has, or several have, is a CONFIG_INVALID problem
 * placed at the name. A test without its own `tz:` is made in the proxy's zone (cli/proxy-clock.ts).
 * Prints a report (text, json or junit on stdout) and exits 0 when every test
 * passed, 1 when any failed (`ROUTING_TESTS_FAILED`) or on any error (`ROUTING_TESTS_NONE` when
 * the files hold no test).
 */
export async function runTest(paths: string[], flags: TestFlags, io: CliIo): Promise<number> {
  const format = checkFormat(flags.format, ['text', 'json', 'junit'] as const);
  if (!flags.live && (flags.url !== undefined || flags.emulator)) {
    throw new DsipformError(
      'CLI_BAD_OPTION',
      `${flags.emulator ? '--emulator' : '--url'} is only used with --live`,
      'Add --live to test the live rules of the platform, or leave the connection options out to test the files.',
    );
  }
  const reading = readClockFlags(flags);
  const desired = await loadOrFail(paths, io, undefined, 'test');
  // A test without its own tz: runs in the proxy's zone: --tz, the target's, the files', else the machine's.
  const clock = proxyClock(reading, desired, io);
  const tests = desired.routing_tests ?? [];
  if (tests.length === 0 && (desired.invariants ?? []).length === 0) {
    throw new DsipformError(
      'ROUTING_TESTS_NONE',
      `the files hold no routing tests (${count(desired.files.length, 'file')} read)`,
      'Add a routing_tests: list, e.g. - direction: outbound, to: "442071234567", expect: { route: UK } (see examples/routing/).',
    );
  }
  const rules = flags.live ? await withPlatform(flags, io, (client) => liveTestRules(client, desired)) : filesTestRules(desired);
  // The pipeline runs the tests and decides the invariants; cli renders what it returns.
  const result = runFileTests(desired, rules, clock, io.now());
  if (!result.ok) failOnNameIssues(result.issues, result.of, io);
  const { outcomes, invariants } = result;
  if (format === 'json') io.stdout.write(renderTestJson(outcomes));
  else if (format === 'junit')
    io.stdout.write(
      renderTestJunit(
        outcomes,
        invariants.map((r) => ({
          name: r.invariant.name,
          ...(r.invariant.origin ? { origin: r.invariant.origin } : {}),
          ...(r.status === 'violated' ? { failure: r.message ?? 'violated' } : {}),
          ...(r.counterexample ? { replay: replayCommand(r.counterexample) } : {}),
        })),
      ),
    );
  else io.stdout.write(renderTestText(outcomes));
  const failed = outcomes.filter((o) => o.status === 'failed').length;
  reportInvariants(invariants, format === 'text' ? io.stdout : io.stderr);
  if (format !== 'text') writeLine(io.stderr, testSummary(outcomes));
  if (failed === 0) return 0;
  throw new DsipformError(
    'ROUTING_TESTS_FAILED',
    `${failed} of ${count(outcomes.length, 'routing test')} ${plural(failed, 'fails', 'fail')}${flags.live ? ' against the live rules' : ''}`,
    format === 'text'
      ? 'Each FAIL above names its FILE:LINE, what it expected and what the proxy would do; fix the rules or the test.'
      : 'Each failed test in the report names its file and line, what it expected and the decision taken.',
  );
}
