/**
 * The opening every suite of test/proxy shares: whether it runs (without Kamailio, one line saying
 * what to install; under CI=true a failure), one SIP client per suite, scenarios with the suite's
 * defaults, the calls and routes the hand-written cases write, and the check of the proxy's answers.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { describeDisagreements } from './report.js';
import { runScenario, type ScenarioRun } from './run.js';
import type { Scenario, ScenarioRoute } from './scenario.js';
import { SipClient, type SipCall } from './sip.js';
import { proxySuitePlan, type ProxyTools } from './tools.js';

/** Whether this file's proxy suite runs; the one line saying why not is printed once, here. */
export function proxyPlan(): ReturnType<typeof proxySuitePlan> {
  const plan = proxySuitePlan();
  if (!plan.run) console.warn(plan.reason);
  return plan;
}

/** A scenario's defaults when a suite gives none: an empty platform in UTC, Monday noon. */
const NO_RULES: Omit<Scenario, 'calls'> = {
  freshInstall: false,
  tz: 'UTC',
  groups: [],
  mappings: [],
  routes: [],
  instants: ['2027-01-04T12:00:30'],
};

/** A running suite: the tools found, its SIP client, and scenarios run with its defaults. */
export interface ProxySuite {
  readonly tools: ProxyTools;
  /** The suite's SIP client (open from its beforeAll to its afterAll). */
  readonly sip: () => SipClient;
  /** Runs a scenario, the suite's defaults filling what it leaves out. */
  readonly run: (s: Partial<Scenario> & { calls: readonly SipCall[] }) => Promise<ScenarioRun>;
}

/**
 * Call inside `describe.skipIf(!plan.run)`: opens the SIP client before the suite's tests and
 * closes it after them.
 */
export function proxySuite(
  plan: { run: true; tools: ProxyTools } | { run: false },
  defaults: Omit<Scenario, 'calls'> = NO_RULES,
): ProxySuite {
  const tools = (plan.run ? plan.tools : undefined) as ProxyTools;
  let sip: SipClient | undefined;
  beforeAll(async () => {
    sip = await SipClient.open();
  });
  afterAll(async () => {
    await sip?.close();
  });
  const client = (): SipClient => {
    if (!sip) throw new Error('the proxy suite has no SIP client outside its tests');
    return sip;
  };
  return { tools, sip: client, run: (s) => runScenario(tools, client(), { ...defaults, ...s }) };
}

/** An outbound call (from a PBX); `ruri` when the request user is not the To-user. */
export function outboundCall(to: string, from = '1', ruri?: string): SipCall {
  return { direction: 'outbound', from, to, ...(ruri === undefined ? {} : { ruri }) };
}

/** An inbound call (from a carrier); `ruri` when the request user is not the To-user. */
export function inboundCall(to: string, ruri?: string, from = '1'): SipCall {
  return { direction: 'inbound', from, to, ...(ruri === undefined ? {} : { ruri }) };
}

/** A scenario's route to its group `group`: simple, priority 0, always, unless `extra` says otherwise. */
export function scenarioRoute(prefix: string, group: number, extra: Partial<ScenarioRoute> = {}): ScenarioRoute {
  return { prefix, from_prefix: '', group, priority: 0, timerec: '', ...extra };
}

/** The proxy's outcomes are `expected`, and dsipform agrees with each. */
export function expectProxy(result: ScenarioRun, expected: readonly string[]): void {
  expect(result.verdicts.map((v) => v.proxy)).toEqual(expected);
  const bad = result.verdicts.filter((v) => !v.agrees);
  expect(bad.length === 0 ? '' : describeDisagreements(bad, result.log)).toBe('');
}
