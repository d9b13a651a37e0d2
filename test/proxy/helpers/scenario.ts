import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PlatformClient } from '../../../src/api/client.js';
import { liveRuleSet } from '../../../src/pipeline/live-rules.js';
import { startEmulator, type EmulatorSnapshot } from '../../../src/emulator/index.js';
import type { RuleSet } from '../../../src/routing/types.js';
import type { SipCall } from './sip.js';

/** A server of a mapping: a created group, a created gateway, or an id the platform does not hold. */
export type ServerRef =
  { readonly group: number } | { readonly gateway: number } | { readonly missingGateway: true } | { readonly missingGroup: true };

/** An inbound mapping of a scenario. */
export interface ScenarioMapping {
  readonly did: string;
  readonly servers: readonly ServerRef[];
}

/** An outbound route of a scenario; `from_prefix` non-empty makes it LCR. */
export interface ScenarioRoute {
  readonly prefix: string;
  readonly from_prefix: string;
  /** Index into the scenario's groups, or a group the platform does not hold. */
  readonly group: number | 'missing';
  readonly priority: number;
  readonly timerec: string;
}

/** One generated case: the platform's rules, the proxy's zone, the calls and the instants to place them at. */
export interface Scenario {
  /** Keep the fresh install's groups 1-10 and its Default Outbound Route (prefix "", group 2). */
  readonly freshInstall: boolean;
  readonly tz: string;
  /** Carrier groups to create: the number of gateways of each (0: an empty group). */
  readonly groups: readonly number[];
  readonly mappings: readonly ScenarioMapping[];
  readonly routes: readonly ScenarioRoute[];
  readonly calls: readonly SipCall[];
  /** Wall-clock times in `tz`, `YYYY-MM-DDTHH:MM:SS`. */
  readonly instants: readonly string[];
}

/** A gateway id and a group id no fresh install and no scenario reaches. */
export const MISSING_GATEWAY = '9999';
export const MISSING_GROUP = '9998';

/** A scenario written to a platform: the rows its database holds, and dsipform's rule set read from it. */
export interface WrittenScenario {
  readonly snapshot: EmulatorSnapshot;
  /** What `dsipform route --live` simulates with: read from the platform through the API. */
  readonly ruleSet: RuleSet;
}

/**
 * Writes a scenario through dsipform's own client to a fresh emulated platform (so the rows are
 * what dsipform writes), reads the rule set back the way `dsipform route --live` does, and takes
 * the platform's tables from the emulator's data file. `dir` holds the data file.
 */
export async function writeScenario(scenario: Scenario, dir: string): Promise<WrittenScenario> {
  const dataFile = join(dir, 'platform.json');
  const token = 'proxy-suite-token-0123456789abcdef';
  const emu = await startEmulator({ port: 0, token, dataFile, empty: !scenario.freshInstall });
  const client = new PlatformClient({ url: emu.url, token });
  try {
    const groupIds: number[] = [];
    const gatewayIds: number[] = [];
    for (const [i, size] of scenario.groups.entries()) {
      const endpoints = Array.from({ length: size }, (_, j) => ({
        name: `g${i}-gw${j}`,
        hostname: `10.${i + 1}.${j + 1}.1`,
        strip: 0,
        prefix: '',
        weight: 1,
      }));
      const id = await client.createCarrierGroup({ name: `group ${i}`, lb_enabled: false, endpoints });
      groupIds.push(id);
      const read = await client.getCarrierGroup(id);
      gatewayIds.push(...(read?.gwids ?? []));
    }
    const server = (ref: ServerRef): string => {
      if ('group' in ref) return `#${groupIds[ref.group % groupIds.length] ?? MISSING_GROUP}`;
      if ('gateway' in ref) return String(gatewayIds[ref.gateway % Math.max(1, gatewayIds.length)] ?? MISSING_GATEWAY);
      return 'missingGateway' in ref ? MISSING_GATEWAY : `#${MISSING_GROUP}`;
    };
    for (const [i, m] of scenario.mappings.entries()) {
      await client.createInboundMapping({ did: m.did, servers: m.servers.map(server), notes: `mapping ${i}` });
    }
    for (const [i, r] of scenario.routes.entries()) {
      const gwgroupid = r.group === 'missing' ? MISSING_GROUP : String(groupIds[r.group % Math.max(1, groupIds.length)] ?? MISSING_GROUP);
      await client.createOutboundRoute({
        name: `route ${i}`,
        prefix: r.prefix,
        gwgroupid,
        ...(r.from_prefix ? { from_prefix: r.from_prefix } : {}),
        priority: r.priority,
        timerec: r.timerec,
      });
    }
    const ruleSet = await liveRuleSet(client);
    await client.close();
    await emu.close();
    const snapshot = JSON.parse(await readFile(dataFile, 'utf8')) as EmulatorSnapshot;
    return { snapshot, ruleSet };
  } catch (err) {
    await client.close();
    await emu.close();
    throw err;
  }
}
