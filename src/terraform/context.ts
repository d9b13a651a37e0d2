import type { PlatformClient } from '../api/client.js';

/** What resources share: the configured client, the clock, and a count of writes for the reload. */
export interface ProviderContext {
  /** The client; throws a clear error when the provider was not configured. */
  client(): PlatformClient;
  /** Records that the platform was written to (one proxy reload at shutdown). */
  wrote(): void;
  now(): number;
}
