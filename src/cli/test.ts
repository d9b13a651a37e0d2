import type { PlatformClient } from '../api/client.js';
import { formatIssue } from '../config/index.js';
import type { DesiredState } from '../model/desired.js';
import { DsipformError } from '../model/errors.js';
import type { RoutingTest, RoutingTestOutcome } from '../model/routing-test.js';
import { count, plural } from '../model/words.js';
import { readGatewayLabels } from '../pipeline/gateway-labels.js';
import { namedIssues, testTime } from '../pipeline/routing-tests.js';
import { renderTestJunit } from '../render/junit.js';
import { renderTestJson, renderTestText, testSummary } from '../render/routing-tests.js';
import { runRoutingTest } from '../routing/expect.js';
import { nameBook, type NameBook } from '../routing/expect-names.js';
import { ruleSetFromState } from '../routing/rule-set.js';
import type { RuleSet } from '../routing/types.js';
import { loadOrFail } from './desired.js';
import { writeLine, type CliIo } from './io.js';
import { checkFormat } from './options.js';
import { withPlatform, type PlatformFlags } from './platform.js';
import { proxyClock, readClockFlags, type ClockFlags } from './proxy-clock.js';
import { liveRuleSet } from './route.js';
import { decideInvariants, replayCommand, reportInvariants } from './invariants-run.js';

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
  const { set, book } = flags.live
    ? await withPlatform(flags, io, (client) => liveRules(client, desired, tests))
    : { set: desiredRules(desired), book: desiredBook(desired) };
  failOnNameIssues(tests, book, io);
  const outcomes = tests.map((test): RoutingTestOutcome => runRoutingTest(set, test, testTime(test, io.now(), clock.tz), book));
  const zone = clock.tz;
  const invariants = decideInvariants(desired, set, book, typeof zone === 'function' ? zone() : zone, io);
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

/** The rules of the desired state (the files' mappings and routes; the gateways are not known, so every reference counts as existing, and a group named in the files is one whose id is not known here). */
export function desiredRules(desired: DesiredState): RuleSet {
  return ruleSetFromState(desired);
}

/** What the files alone know of groups: their carrier groups (with endpoints) and the names their rules refer to. */
export function desiredBook(desired: DesiredState): NameBook {
  return nameBook({
    declared: desired.carrier_groups ?? [],
    referenced: [
      ...(desired.inbound_mappings ?? []).flatMap((m) => (m.group !== undefined ? [m.group] : [])),
      ...(desired.outbound_routes ?? []).flatMap((r) => (r.carrier_group !== undefined ? [r.carrier_group] : [])),
    ],
  });
}

/**
 * The live rules and what the platform knows of groups (the files' carrier groups not on it
 * included); the gateways' names and addresses are read (a request per group, four at once) only
 * when a test expects a gateway by name or address.
 */
async function liveRules(
  client: PlatformClient,
  desired: DesiredState,
  tests: readonly RoutingTest[],
): Promise<{ set: RuleSet; book: NameBook }> {
  const set = await liveRuleSet(client);
  const labels = await readGatewayLabels(client, tests, [...(set.inventory?.lists.keys() ?? [])].map(Number));
  return { set, book: nameBook({ inventory: set.inventory, declared: desired.carrier_groups ?? [], labels }) };
}

/** Prints each expectation by a name no group (or gateway) has, or several have, and fails as a configuration problem. */
function failOnNameIssues(tests: readonly RoutingTest[], book: NameBook, io: CliIo): void {
  const issues = namedIssues(tests, book);
  if (issues.length === 0) return;
  for (const i of issues)
    writeLine(io.stderr, i.origin ? formatIssue({ ...i.origin, message: i.message, hint: i.hint }) : `${i.message}\n  hint: ${i.hint}`);
  throw new DsipformError(
    'CONFIG_INVALID',
    `${count(issues.length, 'problem')} in the routing tests; no test was run`,
    'Fix the lines above (each names FILE:LINE:COL), then run again.',
  );
}
