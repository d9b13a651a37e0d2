import type { PlatformClient } from '../api/client.js';
import type { GatewayGroup } from '../model/group.js';

/** What resources share: the configured client, the clock, and the record of writes for the reload. */
export interface ProviderContext {
  /** The client; throws a clear error when the provider was not configured. */
  client(): PlatformClient;
  /** Records that the current apply wrote to the platform (it then waits for the proxy reload). */
  wrote(): void;
  now(): number;
  /**
   * Names that dsiprouter_carrier_group plans to give a group that does not hold them yet (a create
   * or a rename), until its apply: a route or mapping referring to one by name resolves at apply.
   * Emptied when the provider is configured (each Terraform command).
   */
  readonly plannedGroupNames: Set<string>;
  /**
   * The group lists read for plans, by type: read once per command (emptied when the provider is
   * configured, and when it writes a carrier group).
   */
  readonly groupLists: Map<GatewayGroup['type'], Promise<readonly GatewayGroup[]>>;
}
