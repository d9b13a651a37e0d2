import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Call } from '../../../src/routing/types.js';
import { judge, type Verdict } from './compare.js';
import { startProxy } from './kamailio.js';
import { writePlatformDb } from './platform-db.js';
import type { EmulatorSnapshot } from '../../../src/emulator/index.js';
import { writeScenario, type Scenario } from './scenario.js';
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
  const group = run.snapshot.groups?.groups.find((g) => g.name === `group ${index}`);
  if (!group) throw new Error(`the scenario created no group ${index}`);
  return `gateways ${group.gwlist.join(',')}`;
}

/**
 * Runs one scenario end to end: writes it to a fresh emulated platform, builds the proxy's
 * database from the platform's rows, starts Kamailio in the scenario's zone, and at each instant
 * sends every call and judges the answer against dsipform's simulation. Everything it started is
 * stopped and its temporary directory removed, whatever happens.
 */
export async function runScenario(tools: ProxyTools, sip: SipClient, scenario: Scenario): Promise<ScenarioRun> {
  const dir = await mkdtemp(join(tmpdir(), 'dsipform-proxy-'));
  try {
    const written = await writeScenario(scenario, dir);
    const db = join(dir, 'platform.db');
    await writePlatformDb(tools, db, written.snapshot);
    const first = scenario.instants[0] ?? '2027-01-04T12:00:30';
    const proxy = await startProxy({ tools, dir, db, tz: scenario.tz, local: first, sip });
    try {
      const verdicts: Verdict[] = [];
      for (const local of scenario.instants) {
        await proxy.setClock(local);
        for (const sipCall of scenario.calls) {
          const reply = await sip.invite(proxy.port, sipCall);
          const call: Call = { ...sipCall, at: { local, tz: scenario.tz } };
          verdicts.push(judge(written.ruleSet, call, reply));
        }
      }
      const log = verdicts.every((v) => v.agrees) ? '' : await proxy.log();
      return { verdicts, log, snapshot: written.snapshot };
    } finally {
      await proxy.stop();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
