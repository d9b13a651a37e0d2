import type { PlatformClient } from '../api/client.js';
import type { GatewayGroup } from '../model/group.js';
import type { InboundMapping } from '../model/inbound-mapping.js';

/** What resources share: the configured client, the clock, and the record of writes for the reload. */
export interface ProviderContext {
  /** The client; throws a clear error when the provider was not configured. */
  client(): PlatformClient;
  /** Records that the current apply wrote to the platform (it then waits for the proxy reload). */
  wrote(): void;
  now(): number;
  /**
   * Whether a reference the proxy would drop is a warning instead of an error at plan (the
   * provider's `allow_dangling`, the CLI's `--allow-dangling`).
   */
  allowDangling(): boolean;
  /**
   * Names that dsiprouter_carrier_group plans to give a group that does not hold them yet (a create
   * or a rename), until its apply: a route or mapping referring to one by name resolves at apply.
   * Emptied when the provider is configured (each Terraform command).
   */
  readonly plannedGroupNames: Set<string>;
  /**
   * How many gateways dsiprouter_carrier_group plans to leave in an existing group (by gwgroupid):
   * the reference check of a rule planned after it judges the group as it will be. Emptied when the
   * provider is configured.
   */
  readonly plannedGroupGateways: Map<number, number>;
  /**
   * The group lists read for plans, by type: read once per command (emptied when the provider is
   * configured, and when it writes a carrier group).
   */
  readonly groupLists: Map<GatewayGroup['type'], Promise<readonly GatewayGroup[]>>;
  /**
   * The inbound mappings by DID, read once per command for the plans (to find a DID
   * another mapping holds); emptied when the provider is configured and when it writes a mapping.
   */
  readonly didHolders: Map<'live', Promise<ReadonlyMap<string, InboundMapping>>>;
  /**
   * The rule ids of the inbound mappings Terraform's state holds, as this process read them
   * (refresh and import read every instance before the plans): a DID one of them holds is not
   * "taken" at plan (a tainted mapping re-created, a DID moving between resources); the apply
   * says so if the platform still refuses it. Emptied when the provider is configured.
   */
  readonly stateRuleids: Set<number>;
}
