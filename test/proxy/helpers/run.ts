import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Call } from '../../../src/routing/types.js';
import { judge, proxyOutcome, type Outcome, type Verdict } from './compare.js';
import { startProxy } from './kamailio.js';
import { writePlatformDb } from './platform-db.js';
import type { EmulatorSnapshot } from '../../../src/emulator/index.js';
import { writeScenario, type Scenario } from './scenario.js';
import type { SipCall, SipReply } from './sip.js';
import type { SipClient } from './sip.js';
import type { ProxyTools } from './tools.js';

/** The verdicts of every call of a scenario at every instant, and the proxy's log when one disagrees. */
export interface ScenarioRun {
  readonly verdicts: readonly Verdict[];
  readonly log: string;
  /** The platform's state the proxy's database was built from. */
  readonly snapshot: EmulatorSnapshot;
}

/** The outcome of a call routed to the scenario's group `index` (created as `group <index>`). */
export function toGroup(run: ScenarioRun, index: number): string {
  return toGroupNamed(run.snapshot, `group ${index}`);
}

/** The outcome of a call routed to the platform's group named `name`: `gateways 14,15`. */
export function toGroupNamed(snapshot: EmulatorSnapshot, name: string): Outcome {
  const group = snapshot.groups?.groups.find((g) => g.name === name);
  if (!group) throw new Error(`the platform holds no group ${JSON.stringify(name)}`);
  return `gateways ${group.gwlist.join(',')}`;
}

/** One call placed at a wall-clock instant in the proxy's zone (`YYYY-MM-DDTHH:MM:SS`). */
export interface TimedCall {
  readonly call: SipCall;
  readonly local: string;
}

/** The proxy's replies to timed calls, in order, and its log. */
export interface PlacedCalls {
  readonly replies: readonly SipReply[];
  readonly outcomes: readonly Outcome[];
  readonly log: string;
}

/**
 * The harness's one way to ask the real proxy: builds its database from a platform's rows (an
 * emulator's snapshot), starts Kamailio in `tz` with its clock at the first call's instant, places
 * each call at its own instant, and stops the proxy and removes its directory whatever happens.
 */
export async function placeCalls(
  tools: ProxyTools,
  sip: SipClient,
  snapshot: EmulatorSnapshot,
  tz: string,
  calls: readonly TimedCall[],
): Promise<PlacedCalls> {
  const dir = await mkdtemp(join(tmpdir(), 'dsipform-proxy-'));
  try {
    const db = join(dir, 'platform.db');
    await writePlatformDb(tools, db, snapshot);
    const proxy = await startProxy({ tools, dir, db, tz, local: calls[0]?.local ?? '2027-01-04T12:00:30', sip });
    try {
      const replies: SipReply[] = [];
      let clock = '';
      for (const { call, local } of calls) {
        if (local !== clock) await proxy.setClock((clock = local));
        replies.push(await sip.invite(proxy.port, call));
      }
      return { replies, outcomes: replies.map(proxyOutcome), log: await proxy.log() };
    } finally {
      await proxy.stop();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Runs one scenario end to end: writes it to a fresh emulated platform, then at each instant
 * places every call on the real proxy (placeCalls) and judges each answer against dsipform's
 * simulation of the rules read back from the platform.
 */
export async function runScenario(tools: ProxyTools, sip: SipClient, scenario: Scenario): Promise<ScenarioRun> {
  const dir = await mkdtemp(join(tmpdir(), 'dsipform-scenario-'));
  try {
    const written = await writeScenario(scenario, dir);
    const timed = scenario.instants.flatMap((local) => scenario.calls.map((call) => ({ call, local })));
    const placed = await placeCalls(tools, sip, written.snapshot, scenario.tz, timed);
    const verdicts = timed.map(({ call: sipCall, local }, i) => {
      const call: Call = { ...sipCall, at: { local, tz: scenario.tz } };
      return judge(written.ruleSet, call, placed.replies[i] as SipReply);
    });
    const log = verdicts.every((v) => v.agrees) ? '' : placed.log;
    return { verdicts, log, snapshot: written.snapshot };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
