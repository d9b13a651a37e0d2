import type { DesiredState } from '../model/desired.js';
import { DsipformError } from '../model/errors.js';
import type { RoutingTestOutcome } from '../model/routing-test.js';
import { count, plural } from '../model/words.js';
import { renderTestJunit } from '../render/junit.js';
import { renderTestJson, renderTestText, testSummary } from '../render/routing-tests.js';
import { runRoutingTest } from '../routing/expect.js';
import { ruleSetFromState } from '../routing/rule-set.js';
import { callTime } from '../routing/time.js';
import type { RuleSet } from '../routing/types.js';
import { loadOrFail } from './desired.js';
import { writeLine, type CliIo } from './io.js';
import { checkFormat } from './plan-against.js';
import { withPlatform, type PlatformFlags } from './platform.js';
import { liveRuleSet } from './route.js';

/** `dsipform test` flags. */
export interface TestFlags extends PlatformFlags {
  live?: boolean;
  format: string;
}

/**
 * `dsipform test PATH...`: runs the files' `routing_tests` against the rules of the desired state
 * (no network), or with `--live` against the platform's live mappings and routes. Prints a report
 * (text, json or junit on stdout) and exits 0 when every test passed, 1 when any failed
 * (`ROUTING_TESTS_FAILED`) or on any error (`ROUTING_TESTS_NONE` when the files hold no test).
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
  const desired = await loadOrFail(paths, io, undefined, 'test');
  const tests = desired.routing_tests ?? [];
  if (tests.length === 0) {
    throw new DsipformError(
      'ROUTING_TESTS_NONE',
      `the files hold no routing tests (${count(desired.files.length, 'file')} read)`,
      'Add a routing_tests: list, e.g. - direction: outbound, to: "442071234567", expect: { route: UK } (see examples/routing/).',
    );
  }
  const set = flags.live ? await withPlatform(flags, io, (client) => liveRuleSet(client)) : desiredRules(desired);
  const outcomes = tests.map((test): RoutingTestOutcome => {
    const at = callTime(test.at, test.tz, io.now());
    if ('problem' in at)
      throw new DsipformError(
        'CONFIG_INVALID',
        `${test.origin ? `${test.origin.file}:${test.origin.line}: ` : ''}${at.problem}`,
        "Fix the test's at: or tz:.",
      );
    return runRoutingTest(set, test, at);
  });
  if (format === 'json') io.stdout.write(renderTestJson(outcomes));
  else if (format === 'junit') io.stdout.write(renderTestJunit(outcomes));
  else io.stdout.write(renderTestText(outcomes));
  const failed = outcomes.filter((o) => o.status === 'failed').length;
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

/** The rules of the desired state (the files' mappings and routes; the gateways are not known, so every reference counts as existing, and a group named in the files is one whose id is not known here). */
function desiredRules(desired: DesiredState): RuleSet {
  return ruleSetFromState(desired);
}
